"""Errors of the rules core: syntax (notation) apart from rules (rulesets, deals)."""


class ScorekeeperError(ValueError):
    """Base of every error the rules core raises."""


class InvalidNotationError(ScorekeeperError):
    """A card code or a deal record that cannot be read."""


class InvalidRulesetError(ScorekeeperError):
    """An unknown ruleset id, an unknown option, or a value the option does not take."""


class IllegalDealError(ScorekeeperError):
    """Input that cannot be scored at all (wrong number of players, seats out of range...)."""
