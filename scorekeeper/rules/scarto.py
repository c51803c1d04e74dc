"""Is the dealer's scarto legal? (rules.md A3 rows "never in the scarto" to "illegal scarto", C4-C8)

What the dealer may lay aside can depend on the rest of his hand (the Bagatto only when he keeps
no other trump; Piedicavallo's trumps only as a last resort). That is known from his kept cards
when the play is entered, or from what he declares; otherwise the verdict says it cannot tell.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import KING
from .cards import Card
from .problem import Problem
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class ScartoVerdict:
    """Legal (True), illegal (False) or undecided (None) until the dealer says more."""

    legal: bool | None
    problems: tuple[Problem, ...]
    """Why it is illegal: each problem has the code ``scarto-size`` or ``scarto-illegal``."""
    notes: tuple[Problem, ...]
    """What would settle an undecided verdict (code ``scarto-unverified``)."""


@dataclass(frozen=True, slots=True)
class _Hand:
    """What is known of the dealer's kept cards: True/False, or None for unknown."""

    keeps_trump: bool | None
    keeps_fool: bool | None
    had_other_choice: bool | None


def check_scarto(
    scarto: Sequence[Card],
    ruleset: Ruleset,
    *,
    kept: Collection[Card] | None = None,
    keeps_trump: bool | None = None,
    keeps_fool: bool | None = None,
    had_other_choice: bool | None = None,
    trumps_announced: int | None = None,
) -> ScartoVerdict:
    """Check a scarto, with the dealer's kept cards or what he declares about them."""
    hand = _known_hand(ruleset, kept, keeps_trump, keeps_fool, had_other_choice)
    problems: list[Problem] = []
    notes: list[Problem] = []
    if len(scarto) != ruleset.scarto_size:
        problems.append(
            Problem(
                "scarto-size",
                f"the scarto must have {ruleset.scarto_size} cards, not {len(scarto)}",
            )
        )
    for card in sorted(set(scarto)):
        reason, unknown = _card_verdict(card, scarto, ruleset, hand)
        if reason:
            problems.append(Problem("scarto-illegal", f"{reason} ({card.label})"))
        elif unknown:
            notes.append(Problem("scarto-unverified", f"{unknown} ({card.label}): ask the dealer"))
    trumps = sum(1 for card in scarto if card.is_trump)
    if ruleset.announce_scarto_trumps and trumps_announced not in (None, trumps):
        problems.append(
            Problem(
                "scarto-announcement",
                f"the dealer announced {trumps_announced} "
                f"trumps laid aside, but the scarto holds {trumps}",
            )
        )
    legal = False if problems else (None if notes else True)
    return ScartoVerdict(legal, tuple(problems), tuple(notes))


def _known_hand(
    ruleset: Ruleset,
    kept: Collection[Card] | None,
    keeps_trump: bool | None,
    keeps_fool: bool | None,
    had_other_choice: bool | None,
) -> _Hand:
    if kept is None:
        return _Hand(keeps_trump, keeps_fool, had_other_choice)
    return _Hand(
        keeps_trump=any(card.is_trump for card in kept),
        keeps_fool=any(card.is_fool for card in kept),
        had_other_choice=any(_may_go_without_condition(card, ruleset) for card in kept),
    )


def _may_go_without_condition(card: Card, ruleset: Ruleset) -> bool:
    """A plain suit card that may always be laid aside: any but the Kings (5 points)."""
    return not card.is_trump and not card.is_fool and card.rank != KING


def _card_verdict(
    card: Card, scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand
) -> tuple[str, str]:
    """Return (why it is illegal, what is unknown); both empty when the card may go."""
    if card.is_fool:
        return _fool_verdict(scarto, ruleset, hand)
    if not card.is_trump:
        # rules.md A3: no 5-point card in any preset; among suit cards that is the Kings.
        return ("Kings may not be laid aside", "") if card.rank == KING else ("", "")
    if card.rank == 1:
        return _bagatto_verdict(scarto, ruleset, hand)
    if ruleset.is_five_point(card):
        return f"the {_trump_name(card)} (5 points) may not be laid aside", ""
    return _ordinary_trump_verdict(ruleset, hand)


def _fool_verdict(scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand) -> tuple[str, str]:
    # rules.md C4: never in every preset; some tables allow it "only if no other trump".
    # Piedicavallo's Fool is worth 5, and no 5-point card may go (rules.md A3).
    if ruleset.scarto_fool == "never" or ruleset.fool_value == 5:
        return "the Fool may not be laid aside", ""
    if any(card.is_trump for card in scarto) or hand.keeps_trump:
        return "the Fool only when the dealer has no trump", ""
    if hand.keeps_trump is None:
        return "", "the Fool may go only when the dealer keeps no trump"
    return "", ""


def _bagatto_verdict(scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand) -> tuple[str, str]:
    # rules.md C5: never (Piedicavallo, 5 points); or only with no other trump (and no Fool).
    if ruleset.scarto_bagatto == "never":
        return "the Bagatto (5 points) may not be laid aside", ""
    with_fool = ruleset.scarto_bagatto == "if-no-other-trump-or-fool"
    condition = "no other trump and no Fool" if with_fool else "no other trump"
    rule = f"the Bagatto only when the dealer keeps {condition}"
    others = [card for card in scarto if card.is_trump and card.rank != 1]
    if others or (with_fool and any(card.is_fool for card in scarto)):
        return rule, ""
    known = [hand.keeps_trump] + ([hand.keeps_fool] if with_fool else [])
    if any(known):
        return rule, ""
    if None in known:
        return "", rule.replace("the Bagatto only", "the Bagatto may go only")
    return "", ""


def _ordinary_trump_verdict(ruleset: Ruleset, hand: _Hand) -> tuple[str, str]:
    # rules.md C7: free (WP, SV), forbidden (IT), or Piedicavallo's last resort.
    if ruleset.scarto_trumps == "free":
        return "", ""
    if ruleset.scarto_trumps == "forbidden":
        return "trumps may not be laid aside", ""
    rule = "trumps only with no other choice, or when the dealer keeps no trump"
    if hand.keeps_trump is False or hand.had_other_choice is False:
        return "", ""
    if hand.keeps_trump and hand.had_other_choice:
        return rule, ""
    return "", rule.replace("trumps only", "trumps may go only")


def _trump_name(card: Card) -> str:
    return {20: "Angel (T20)", 21: "World (T21)"}.get(card.rank, card.code)
