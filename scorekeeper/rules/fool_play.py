"""How the Fool was played, where the ruleset sends it elsewhere for that (rules.md C12-C14).

Tarocchi a 3's page (rules.md 1.4) sends the Matto from its player to the winner of the last
trick in three cases: its player won no trick; he played it before he had won one ("Il Matto
può essere giocato solo se chi lo gioca ha effettuato almeno una presa, altrimenti verrà
assegnato a chi fa l'ultima presa"); he kept it to the last trick and had to lead it ("se lo si
conserva fino all'ultima mano e si deve uscire, andrà al giocatore che si aggiudicherà l'ultima
mano"). A Matto led earlier, by choice, breaks "Il Matto non può essere la carta di uscita"; the
page names no penalty for it, and it is read as the same case (the reference card says so).

A play shows how the Fool went (``play.fool_play``). The quick count and full piles hold only
where the cards ended, the Fool with the player who played it, so the keeper says: ``FoolPlay``.
Whatever the form, ``fool_reason`` decides the same way, so that one deal gives one result.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalDealError
from .problem import Problem
from .problem import problem
from .problem import translatable
from .ruleset import Ruleset

FOOL_LED = ("no", "last-trick", "earlier")
"""The answers to "was the Fool led?": no; at the last trick, its player's last card, which he
had to lead; at an earlier trick."""

NO_TRICK = "no-trick"
"""Its player (or team) won no trick (rules.md C14)."""
TOO_EARLY = "too-early"
"""Played before its player had won a trick, while he held other cards (rules.md C13)."""
LED_LAST = "led-last"
"""Kept to the last trick, where its player had to lead it (rules.md 1.4, E6)."""
LED = "led"
"""Led at an earlier trick, though the ruleset forbids leading it (rules.md C12)."""
OPPONENTS = "opponents"
"""Its team won no trick, and the Fool goes to the other team (Piedicavallo, rules.md 1.5)."""


@dataclass(frozen=True, slots=True)
class FoolPlay:
    """What is known of how the Fool was played; None where nobody said."""

    too_early: bool | None = None
    """Played before its player had won a trick, while he still held other cards: so never
    true of a Fool that was its player's last card."""
    led: str | None = None
    """One of ``FOOL_LED``."""


NOT_SAID = FoolPlay()
"""Nothing said of how the Fool was played."""


def check_fool_play(ruleset: Ruleset, fool: FoolPlay) -> None:
    """Refuse an answer the ruleset has no use for, or that is not one of the answers."""
    if fool.too_early and not ruleset.fool_needs_prior_trick:
        raise IllegalDealError(
            translatable(
                "fool_too_early is not part of the ruleset %(ruleset_name)s: there the Fool may be "
                "played before its player has taken a trick (fool_needs_prior_trick is off)"
            ),
            ruleset_name=ruleset.name,
        )
    if fool.led is not None and fool.led not in FOOL_LED:
        raise IllegalDealError(
            translatable("fool_led must be one of %(answers)s, not %(given)s"),
            answers=", ".join(FOOL_LED),
            given=repr(fool.led),
        )


def led_fool_moves(ruleset: Ruleset) -> bool:
    """Whether a led Fool goes to the winner of the last trick: where it may not be led and its
    player's Fool goes there when he wins no trick (Tarocchi a 3, rules.md 1.4)."""
    return not ruleset.fool_may_lead and ruleset.fool_if_owner_no_trick == "last-trick-winner"


def fool_reason(ruleset: Ruleset, won_nothing: bool, fool: FoolPlay) -> str | None:
    """Why the Fool leaves its player's pile, or None where it stays with him.

    ``won_nothing``: its player's side won no trick. A Fool whose player won nothing is said to
    go for that, whatever else is true of it; one led, for being led.
    """
    rule = ruleset.fool_if_owner_no_trick
    if won_nothing and rule != "stays":
        return OPPONENTS if rule == "opponents" and ruleset.teams else NO_TRICK
    if led_fool_moves(ruleset) and fool.led == "last-trick":
        return LED_LAST
    if led_fool_moves(ruleset) and fool.led == "earlier":
        return LED  # said before "too early": leading it is what the judge of a play flags
    if fool.too_early and ruleset.fool_needs_prior_trick:
        return TOO_EARLY
    return None


def fool_trick_was_last(won_nothing: bool, fool: FoolPlay) -> bool:
    """Whether the Fool's trick is certainly the last: led there, or its player won no trick
    and it was not played while he held other cards (so it was his last card)."""
    if fool.led == "last-trick":
        return True
    return won_nothing and fool.too_early is False and fool.led != "earlier"


def led_last_winner(
    fool: FoolPlay, fool_trick_winner: int | None, last_trick_winner: int | None
) -> tuple[int | None, Problem | None]:
    """The winner of the Fool's trick, where it was led at the last trick: the last trick's
    winner answers it too (rules.md 1.4). With a problem if the two answers differ."""
    if fool.led != "last-trick":
        return fool_trick_winner, None
    winner = last_trick_winner if fool_trick_winner is None else fool_trick_winner
    if last_trick_winner in (None, winner):
        return winner, None
    return winner, problem(
        "fool-trick-winner",
        "the Fool was led at the last trick, so whoever won its trick won the last trick",
    )


def fool_play_problems(
    ruleset: Ruleset, won_nothing: bool, fool: FoolPlay, name: str
) -> list[Problem]:
    """What the keeper's answers show, as the judge of a play says it (judge.py), and the
    question still to answer: was the Fool led, where that sends it elsewhere?"""
    if fool.led == "last-trick" and won_nothing:
        return [
            problem(
                "fool-led-impossible",
                "%(name)s won no trick, so he did not lead the last trick with the Fool",
                name=name,
            )
        ]
    if fool.led == "earlier" and not ruleset.fool_may_lead:
        return [problem("fool-lead", "%(name)s led the Fool, which may not be led", name=name)]
    if fool.too_early and ruleset.fool_needs_prior_trick:
        return [
            problem("fool-too-early", "%(name)s played the Fool before winning a trick", name=name)
        ]
    if led_fool_moves(ruleset) and fool.led is None and not won_nothing and not fool.too_early:
        return [
            problem(
                "fool-led-needed",
                "a led Fool goes to the winner of the last trick: say whether %(name)s led it "
                "(kept to the last trick and led there, or led earlier)",
                name=name,
            )
        ]
    return []


def fool_to_last_trick_winner(why: str, name: str, winner: str) -> Problem:
    """The note for a Fool that goes to the winner of the last trick, saying why."""
    templates = {
        TOO_EARLY: translatable(
            "%(name)s played the Fool before winning a trick, so it goes to %(winner)s, "
            "who won the last trick"
        ),
        LED_LAST: translatable(
            "%(name)s kept the Fool to the last trick and had to lead it, so it goes to "
            "%(winner)s, who won the last trick"
        ),
        LED: translatable(
            "%(name)s led the Fool, which may not be led, so it goes to %(winner)s, "
            "who won the last trick"
        ),
        NO_TRICK: translatable(
            "%(name)s won no trick, so the Fool goes to %(winner)s, who won the last trick"
        ),
    }
    return problem("fool-to-last-trick-winner", templates[why], name=name, winner=winner)


def last_trick_winner_needed(why: str, name: str) -> Problem:
    """The blocking problem for a Fool that waits for the winner of the last trick."""
    templates = {
        TOO_EARLY: translatable(
            "%(name)s played the Fool before winning a trick, so it goes to whoever won "
            "the last trick: say who won it"
        ),
        LED_LAST: translatable(
            "%(name)s kept the Fool to the last trick and had to lead it, so it goes to "
            "whoever won the last trick: say who won it"
        ),
        LED: translatable(
            "%(name)s led the Fool, which may not be led, so it goes to whoever won the last "
            "trick: say who won it"
        ),
        NO_TRICK: translatable(
            "%(name)s won no trick, so the Fool goes to whoever won the last trick: say who won it"
        ),
    }
    return problem("last-trick-winner-needed", templates[why], name=name)
