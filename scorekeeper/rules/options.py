"""The rule options as data: each option's allowed values and meaning (rules.md A3, Part B §2).

Every point on which the sources disagree is an option, never a constant in code. The table stands
apart from the presets and from ``Ruleset`` so that the forms and the API can read it alone; its
order is the order they list the options in. An option's first value gives the type a
house-rule override is read as (``ruleset.find_ruleset``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .problem import translatable


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option: the values it takes, what it means at the table, and each value said
    as a sentence for a page or sheet (the values themselves are ids: the API's and records')."""

    name: str
    values: tuple[object, ...]
    description: str
    labels: tuple[str, ...] = ()

    def label(self, value: object) -> str:
        """The value as a page says it (English; translate.py gives the reader's language)."""
        if isinstance(value, bool):
            return _YES if value else _NO
        if value in self.values and self.labels:
            return self.labels[self.values.index(value)]
        return option_text(value)


_YES, _NO = translatable("Yes"), translatable("No")
_ANGEL, _WORLD = translatable("The Angel (20)"), translatable("The World (21)")
_NEVER = translatable("Never")


_OPTIONS = (
    Option(
        "top_trump",
        (20, 21),
        translatable("The trump above all others: the Angel (20) or the World (21)"),
        (_ANGEL, _WORLD),
    ),
    Option(
        "five_point_trump",
        (20, 21),
        translatable("The high trump worth 5 points beside the Bagatto (T1)"),
        (_ANGEL, _WORLD),
    ),
    Option(
        "fool_value",
        (4, 5),
        translatable("Points of the Fool"),
        (translatable("4 points"), translatable("5 points")),
    ),
    Option(
        "scarto_bagatto",
        ("never", "if-no-other-trump-or-fool", "if-no-other-trump"),
        translatable("When the Bagatto (T1) may be laid aside"),
        (
            _NEVER,
            translatable("Only if the dealer keeps no other trump and no Fool"),
            translatable("Only if the dealer keeps no other trump"),
        ),
    ),
    Option(
        "scarto_trumps",
        ("free", "forbidden", "last-resort"),
        translatable(
            "Ordinary trumps in the scarto: free; forbidden; or only with no other choice "
            "or when it leaves the dealer with no trump"
        ),
        (
            translatable("Allowed"),
            translatable("Forbidden"),
            translatable("Only with no other choice, or when it leaves the dealer with no trump"),
        ),
    ),
    Option(
        "scarto_fool",
        ("never", "if-no-other-trump"),
        translatable("When the Fool may be laid aside"),
        (_NEVER, translatable("Only if the dealer keeps no other trump")),
    ),
    Option(
        "announce_scarto_trumps",
        (False, True),
        translatable("The dealer announces his trumps laid aside"),
    ),
    Option(
        "illegal_scarto",
        ("flag", "to-last-trick-winner"),
        translatable(
            "An illegal scarto is only marked, or its cards go to the winner of the last trick"
        ),
        (translatable("Only marked"), translatable("Its cards go to the winner of the last trick")),
    ),
    Option(
        "scarto_needs_team_trick",
        (False, True),
        translatable("The scarto and the Fool go to the other team if a team wins no trick"),
    ),
    Option(
        "fool_may_lead",
        (True, False),
        translatable("The Fool may be led (the next card sets the suit)"),
    ),
    Option(
        "fool_needs_prior_trick",
        (False, True),
        translatable("The Fool may be played only after its owner has won a trick"),
    ),
    Option(
        "fool_if_owner_no_trick",
        ("stays", "last-trick-winner", "opponents"),
        translatable("Where the Fool goes when its owner wins no trick"),
        (
            translatable("It stays with its owner"),
            translatable("To the winner of the last trick"),
            translatable("To the other team"),
        ),
    ),
    Option(
        "must_trump",
        (True, False),
        translatable("A player void in the suit led must trump if able"),
    ),
    Option(
        "counting",
        ("threes", "raw"),
        translatable("Count in threes (sum - 2 a group) or raw values"),
        (translatable("In threes"), translatable("Raw values")),
    ),
    Option(
        "fool_counting",
        ("apart", "in-group"),
        translatable("The Fool apart with a phantom blank (78), or in a group (77)"),
        (
            translatable("Apart, with a phantom blank (78 a deal)"),
            translatable("In a group (77 a deal)"),
        ),
    ),
    Option(
        "recording",
        ("difference", "raw"),
        translatable("Record points - average (26), or raw points"),
        (translatable("Points minus the average (26)"), translatable("Raw points")),
    ),
    Option(
        "game_length",
        ("each-deals-once", "3-deals", "6-deals", "9-deals", "first-to-100"),
        translatable("When a game is complete"),
        (
            translatable("Each player deals once"),
            translatable("3 deals"),
            translatable("6 deals"),
            translatable("9 deals"),
            translatable("First to 100 points"),
        ),
    ),
    Option(
        "tie_extra_deal",
        (False, True),
        translatable("A game tied for first place gets an extra deal"),
    ),
    Option(
        "settlement",
        ("lowest-pays-winners", "lowest-pays-each", "highest-wins"),
        translatable("Who pays whom at the end of a game"),
        (
            translatable("The lowest total pays the winners"),
            translatable("The lowest total pays each other player"),
            translatable("The highest total wins"),
        ),
    ),
)
OPTIONS: dict[str, Option] = {option.name: option for option in _OPTIONS}


def option_text(value: object) -> str:
    """An option's value as a deal record and the forms write it: ``true``, ``21``, ``never``."""
    return str(value).lower() if isinstance(value, bool) else str(value)
