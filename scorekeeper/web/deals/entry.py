"""What the entry pages read beyond the API's shape, as a keeper at the table writes it.

(Totals typed as points or as scores: totals.py.)

- Tricks with the one left empty filled in from the deal's trick count (``fill_in``).
- The Fool's trick asked only where its winner changes the deal (``settle_fool_trick``).
- Card codes read with a sentence that names the pile and says how cards are written.

Each refusal is an ``InputError`` naming the form's field (``points[1]``, ``reading``...), so
that the page shows it there (web/forms.py ``error_field``).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _

from ...rules import InvalidNotationError
from ...rules import Ruleset
from ...rules import parse_card
from ...rules.fool_play import led_fool_moves
from ...rules.names import parse_typed
from ...rules.quick import fool_trick_seats
from ...services.deals.record import preview_deal
from ...services.errors import InputError
from ...services.sessions.loaded import Session

CARD_EXAMPLES = "KS, 10B, CC, T21, F"


def fill_in(typed: Sequence[int | None], total: int, field: str) -> list[int]:
    """Numbers with the one left empty worked out from their total (several empty: 0 each)."""
    missing = [i for i, value in enumerate(typed) if value is None]
    known = sum(value for value in typed if value is not None)
    if len(missing) != 1:
        return [value or 0 for value in typed]
    if known > total:
        raise InputError(
            _("These add up to %(n)s, more than the %(total)s of a deal.", n=known, total=total),
            f"{field}[{missing[0]}]",
        )
    return [total - known if value is None else value for value in typed]


def fool_trick_may_matter(ruleset: Ruleset) -> bool:
    """Whether who won the Fool's trick can change a quick count's points.

    rules.md A4: the winner of the Fool's trick has one card fewer, which counting in threes
    makes up with a phantom blank (3k - 1 cards are k groups, as 3k are): whoever won it, the
    points are the same. Raw counting counts that card (Piedicavallo, 1.5); and where the Fool
    of a player who won no trick goes to the winner of the last trick (Tarocchi a 3, C13-C14),
    it was his last card, so its trick's winner is the one who gets it.
    """
    return (
        ruleset.counting == "raw"
        or ruleset.fool_needs_prior_trick
        or ruleset.fool_if_owner_no_trick == "last-trick-winner"
    )


def last_trick_may_matter(ruleset: Ruleset) -> bool:
    """Whether a penalty of the ruleset may go to the winner of the last trick (C8, C13, C14)."""
    return (
        ruleset.illegal_scarto == "to-last-trick-winner"
        or ruleset.fool_needs_prior_trick
        or ruleset.fool_if_owner_no_trick == "last-trick-winner"
    )


def counters_of(ruleset: Ruleset) -> list[Any]:
    """The cards a quick count places: those worth more than a blank (rules.md A4)."""
    return [card for card in ruleset.cards if ruleset.is_counter(card)]


def questions(ruleset: Ruleset) -> dict[str, str | bool]:
    """The questions of the quick count and full piles the ruleset may need, for the page:
    ``fool_trick`` ("raw", "last-trick" or ""), whose answer may change the points (the script
    shows it when it does), ``last_trick``, ``fool_too_early`` (C13) and ``fool_led`` (where
    the Fool may not be led, C12: rules/fool_play.py); and ``fool_moves``, where the rules may
    send the Fool away from the player who played it (the page says to enter it with him)."""
    rule = ""
    if fool_trick_may_matter(ruleset):
        rule = "raw" if ruleset.counting == "raw" else "last-trick"
    return {
        "fool_trick": rule,
        "last_trick": last_trick_may_matter(ruleset),
        "fool_too_early": ruleset.fool_needs_prior_trick,
        "fool_led": not ruleset.fool_may_lead,
        "fool_moves": ruleset.fool_if_owner_no_trick != "stays"
        or ruleset.fool_needs_prior_trick
        or led_fool_moves(ruleset),
    }


def settle_fool_trick(session: Session, body: dict[str, Any], number: int) -> dict[str, Any]:
    """A quick count without the Fool's trick's winner, asked at its field where it matters.

    The rules core takes the count without it where whoever won it gives the same deal
    (rules/quick.py ``settle_fool_trick``), and the body stays without it: no winner is
    recorded that nobody gave. Where the answer changes the deal, InputError asks at the
    field, saying why; where no seat can have won it, the audit says what is wrong.
    """
    owner = body["counters"].get("F")
    played = isinstance(owner, int) and 0 <= owner < len(body["tricks"])
    if body.get("fool_trick_winner") is not None or not played:
        return body  # given; or the Fool laid aside, or placed where the audit refuses it
    _deal, result = preview_deal(session, body, number)
    if not any(found.code == "fool-trick-winner" for found in result.problems):
        return body
    counters = {parse_card(code): place for code, place in body["counters"].items()}
    if not fool_trick_seats(session.ruleset, counters, body["tricks"]):
        return body  # no one can have won it: the audit says what is wrong
    raise InputError(_why_fool_trick(session, body, owner), "fool_trick_winner")


def _why_fool_trick(session: Session, body: dict[str, Any], owner: int) -> str:
    ruleset = session.ruleset
    name = session.side_names[ruleset.side_of(owner)]
    if ruleset.counting == "raw" and ruleset.teams:
        return _(
            "Which team won the Fool's trick? Every card counts here: its other cards count "
            "for the team that won it."
        )
    if ruleset.counting == "raw":
        return _(
            "Who won the Fool's trick? Every card counts here: its other cards count for "
            "whoever won it."
        )
    if body.get("fool_led") == "last-trick":
        return _(
            "Who won the Matto's trick? %(name)s led it at the last trick, so it goes to "
            "whoever won that trick.",
            name=name,
        )
    if body["tricks"][owner] == 0 and body.get("fool_too_early") is False:
        return _(
            "Who won the Matto's trick? %(name)s won no trick and it was the last card, so "
            "it goes to whoever won that trick, the last one.",
            name=name,
        )
    return _("Who won the Fool's trick? Here it changes the points.")


def deal_number(session: Session, deal_id: str | None) -> int:
    """The number of the deal a form enters: the one with that id, being corrected, or the next."""
    ids = [str(deal.id) for deal in session.deals]
    return ids.index(deal_id) + 1 if deal_id in ids else len(ids) + 1


def read_codes(text: str | None, where: str, field: str) -> list[str]:
    """Cards typed into a field, as their codes: the codes themselves, or with the page
    language's court letters (rules/names.py: an Italian's RS is the Re di Spade, KS);
    InputError at the field for one that is no card, naming the pile and how cards are written.
    """
    language = str(get_locale() or "en")
    codes = []
    for code in (text or "").replace(",", " ").split():
        try:
            codes.append(parse_typed(code, language).code)
        except InvalidNotationError:
            shown = code if len(code) <= 12 else code[:11] + "…"
            raise InputError(
                _(
                    "%(where)s: '%(code)s' is not a card. Cards are written like %(examples)s.",
                    where=where,
                    code=shown,
                    examples=CARD_EXAMPLES,
                ),
                field,
            ) from None
    return codes


def read_tricks(text: str | None, ruleset: Ruleset) -> list[list[str]]:
    """The tricks of a play typed one a line, each read as ``read_codes`` reads a field; no
    more lines than a deal has tricks (the API's sentence would name its "play")."""
    lines = list(filter(str.strip, (text or "").splitlines()))  # no Python call per line
    most = ruleset.tricks_per_deal
    if len(lines) > most:
        said = _(
            "A deal has %(n)s tricks, not %(given)s: one trick a line.", n=most, given=len(lines)
        )
        raise InputError(said, "play")
    return [
        read_codes(line, _("Trick %(n)s", n=n + 1), f"play[{n}]") for n, line in enumerate(lines)
    ]


def rest_to_empty_pile(piles: list[list[str]], scarto: list[str], ruleset: Ruleset) -> None:
    """Full piles as a keeper enters them: with the scarto and every pile but one given, the
    one left empty holds the rest of the pack, as the last total is worked out from the others.
    The piles are within the pack's size (the form's validators) before this reads them."""
    empty = [side for side, pile in enumerate(piles) if not pile]
    if len(empty) != 1 or not scarto:
        return
    placed = {parse_card(code) for code in (*scarto, *(c for pile in piles for c in pile))}
    piles[empty[0]] = [card.code for card in ruleset.cards if card not in placed]


def form_data(data: dict[str, Any], kind: str, ruleset: Ruleset) -> dict[str, Any]:
    """A stored input as its form's data, to correct it; a team's seats summed into the team's
    (the forms ask per team, as partners pool their won cards)."""
    side = ruleset.side_of
    out: dict[str, Any] = {}
    if kind == "totals":
        out |= {f"points_{i}": value for i, value in enumerate(data["points"])}
        if ruleset.teams and len(data["points"]) == ruleset.players:  # given per seat: sum teams
            points = data["points"]
            out = {"points_0": points[0] + points[2], "points_1": points[1] + points[3]}
    elif kind == "quick":
        out |= {
            f"card_{code}": _text(_side(place, side)) for code, place in data["counters"].items()
        }
        out |= {f"tricks_{i}": won for i, won in enumerate(_per_side(data["tricks"], ruleset))}
        out["fool_trick_winner"] = _text(_side(data.get("fool_trick_winner"), side))
        out["scarto"] = " ".join(data.get("scarto", []))
    elif kind == "play":
        out["tricks"] = "\n".join(" ".join(trick) for trick in data["play"])
        out["scarto"] = " ".join(data["scarto"])
    else:
        piles = [" ".join(pile) for pile in data["piles"]]
        if ruleset.teams:
            piles = [" ".join(pile for pile in piles[t::2] if pile) for t in range(2)]
        out |= {f"pile_{i}": pile for i, pile in enumerate(piles)}
        out["scarto"] = " ".join(data["scarto"])
    out["last_trick_winner"] = _text(data.get("last_trick_winner"))
    out["dealer"] = _text(data.get("dealer"))
    out["fool_too_early"] = bool(data.get("fool_too_early"))
    out["fool_led"] = data.get("fool_led", "")
    return out


def _side(place: object, side: Callable[[int], int]) -> object:
    """A seat as the form's choice: the seat, or its team's (its team's seat t)."""
    return side(place) if isinstance(place, int) else place


def _per_side(values: list[int], ruleset: Ruleset) -> list[int]:
    if not ruleset.teams:
        return values
    return [sum(values[t::2]) for t in range(2)]


def _text(value: object) -> str:
    return "" if value is None else str(value)
