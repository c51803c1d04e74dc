"""Is the dealer's scarto legal? (rules.md A3 rows "never in the scarto" to "illegal scarto", C4-C8)

What the dealer may lay aside can depend on the rest of his hand (the Bagatto only when he keeps
no other trump; Piedicavallo's trumps only as a last resort). That is known from his kept cards
when the play is entered, or from what he declares, or, for the Fool, from the pile it is in;
otherwise the verdict says it cannot tell.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import KING
from .cards import Card
from .layout import Layout
from .problem import Problem
from .problem import problem
from .problem import translatable
from .ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class DealerDeclaration:
    """What the dealer says about the cards he kept, to settle a conditional scarto."""

    keeps_trump: bool | None = None
    keeps_fool: bool | None = None
    had_other_choice: bool | None = None
    trumps_announced: int | None = None


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
            problem(
                "scarto-size",
                "the scarto must have %(size)s cards, not %(given)s",
                size=ruleset.scarto_size,
                given=len(scarto),
            )
        )
    for card in sorted(set(scarto)):
        illegal, unknown = _card_verdict(card, scarto, ruleset, hand)
        if illegal:
            problems.append(illegal)
        elif unknown:
            notes.append(unknown)
    if ruleset.announce_scarto_trumps:
        _check_announcement(scarto, trumps_announced, problems, notes)
    legal = False if problems else (None if notes else True)
    return ScartoVerdict(legal, tuple(problems), tuple(notes))


def judge_scarto(
    ruleset: Ruleset,
    layout: Layout,
    declaration: DealerDeclaration | None,
    kept: Collection[Card] | None,
) -> ScartoVerdict | None:
    """The verdict on a deal's scarto, where it is known, with all that is known of the hand."""
    if not layout.scarto_known:
        return None
    said = declaration or DealerDeclaration()
    keeps_fool = said.keeps_fool
    if keeps_fool is None and kept is None:
        keeps_fool = _dealer_kept_fool(ruleset, layout)
    return check_scarto(
        layout.scarto,
        ruleset,
        kept=kept,
        keeps_trump=said.keeps_trump,
        keeps_fool=keeps_fool,
        had_other_choice=said.had_other_choice,
        trumps_announced=said.trumps_announced,
    )


def _dealer_kept_fool(ruleset: Ruleset, layout: Layout) -> bool | None:
    """Whether the dealer kept the Fool, as the piles show it: the Fool is entered with the
    player who played it, so in the dealer's pile he kept it, in another's he did not. In a team
    ruleset a team's pile does not tell which partner played it."""
    holder = layout.fool_holder
    if holder is None or ruleset.teams:
        return None
    return holder == layout.scarto_holder


def _check_announcement(
    scarto: Sequence[Card],
    trumps_announced: int | None,
    problems: list[Problem],
    notes: list[Problem],
) -> None:
    """Where the dealer announces the trumps he lays aside: did he, and truly?"""
    trumps = sum(1 for card in scarto if card.is_trump)
    if trumps and trumps_announced is None:
        # rules.md 1.5, the Piedicavallo page: "If they do discard trumps, they have to tell
        # everyone how many they got rid of." Not asked is not "none announced" (that is 0,
        # checked below): until the keeper asks, the scarto is not known to be legal.
        notes.append(
            problem(
                "scarto-unverified",
                "the dealer must announce how many trumps he laid aside: "
                "ask him how many he announced",
            )
        )
    if trumps_announced not in (None, trumps):
        problems.append(
            problem(
                "scarto-announcement",
                "the dealer announced %(announced)s trumps laid aside, "
                "but the scarto holds %(held)s",
                announced=trumps_announced,
                held=trumps,
            )
        )


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


# Each verdict is (why the card is illegal, what is unknown about it): a problem coded
# scarto-illegal or a note coded scarto-unverified; both None when the card may go.
_Verdict = tuple[Problem | None, Problem | None]
_FREE: _Verdict = (None, None)


def _illegal(template: str, card: Card) -> _Verdict:
    return problem("scarto-illegal", template, card=card.label), None


def _unknown(template: str, card: Card) -> _Verdict:
    return None, problem("scarto-unverified", template, card=card.label)


def _card_verdict(card: Card, scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand) -> _Verdict:
    if card.is_fool:
        return _fool_verdict(card, scarto, ruleset, hand)
    if not card.is_trump:
        # rules.md A3: no 5-point card in any preset; among suit cards that is the Kings.
        if card.rank == KING:
            return _illegal(translatable("Kings may not be laid aside (%(card)s)"), card)
        return _FREE
    if card.rank == 1:
        return _bagatto_verdict(card, scarto, ruleset, hand)
    if ruleset.is_five_point(card):  # the Angel or the World: the Bagatto is rank 1
        if card.rank == 20:
            template = translatable("the Angel (T20) (5 points) may not be laid aside (%(card)s)")
        else:
            template = translatable("the World (T21) (5 points) may not be laid aside (%(card)s)")
        return _illegal(template, card)
    return _ordinary_trump_verdict(card, ruleset, hand)


def _fool_verdict(card: Card, scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand) -> _Verdict:
    # rules.md C4: never in every preset; some tables allow it "only if no other trump".
    # Piedicavallo's Fool is worth 5, and no 5-point card may go (rules.md A3).
    if ruleset.scarto_fool == "never" or ruleset.fool_value == 5:
        return _illegal(translatable("the Fool may not be laid aside (%(card)s)"), card)
    if any(other.is_trump for other in scarto) or hand.keeps_trump:
        return _illegal(translatable("the Fool only when the dealer has no trump (%(card)s)"), card)
    if hand.keeps_trump is None:
        return _unknown(
            translatable(
                "the Fool may go only when the dealer keeps no trump (%(card)s): ask the dealer"
            ),
            card,
        )
    return _FREE


def _bagatto_verdict(card: Card, scarto: Sequence[Card], ruleset: Ruleset, hand: _Hand) -> _Verdict:
    # rules.md C5: never (Piedicavallo, 5 points); or only with no other trump (and no Fool).
    if ruleset.scarto_bagatto == "never":
        return _illegal(
            translatable("the Bagatto (5 points) may not be laid aside (%(card)s)"), card
        )
    with_fool = ruleset.scarto_bagatto == "if-no-other-trump-or-fool"
    others = [other for other in scarto if other.is_trump and other.rank != 1]
    known = [hand.keeps_trump] + ([hand.keeps_fool] if with_fool else [])
    if others or (with_fool and any(other.is_fool for other in scarto)) or any(known):
        if with_fool:
            return _illegal(
                translatable(
                    "the Bagatto only when the dealer keeps no other trump and no Fool (%(card)s)"
                ),
                card,
            )
        return _illegal(
            translatable("the Bagatto only when the dealer keeps no other trump (%(card)s)"), card
        )
    if None not in known:
        return _FREE
    if with_fool:
        return _unknown(
            translatable(
                "the Bagatto may go only when the dealer keeps no other trump and no Fool "
                "(%(card)s): ask the dealer"
            ),
            card,
        )
    return _unknown(
        translatable(
            "the Bagatto may go only when the dealer keeps no other trump (%(card)s): "
            "ask the dealer"
        ),
        card,
    )


def _ordinary_trump_verdict(card: Card, ruleset: Ruleset, hand: _Hand) -> _Verdict:
    # rules.md C7: free (WP, SV), forbidden (IT), or Piedicavallo's last resort.
    if ruleset.scarto_trumps == "free":
        return _FREE
    if ruleset.scarto_trumps == "forbidden":
        return _illegal(translatable("trumps may not be laid aside (%(card)s)"), card)
    if hand.keeps_trump is False or hand.had_other_choice is False:
        return _FREE
    if hand.keeps_trump and hand.had_other_choice:
        return _illegal(
            translatable(
                "trumps only with no other choice, or when the dealer keeps no trump (%(card)s)"
            ),
            card,
        )
    return _unknown(
        translatable(
            "trumps may go only with no other choice, or when the dealer keeps no trump "
            "(%(card)s): ask the dealer"
        ),
        card,
    )
