"""Read a deal's input, as the JSON API takes it, into a call of the rules core's audit.

One shape for every entry point: the forms build the same dict the API receives, and the dict,
with cards in canonical codes, is what the database keeps. Exactly one input form:
``points`` (totals), ``counters`` + ``tricks`` + ``fool_trick_winner`` (quick count; the
winner of the Fool's trick may be left out where it cannot change the points), or
``piles`` + ``scarto`` (full piles), or ``play`` + ``scarto`` (every trick in order of play).
Optional: ``scarto`` (quick count), ``last_trick_winner``,
``declaration`` (what the dealer says about the cards he kept), ``dealer`` (the seat that
really dealt, when not the one the rotation gives), ``fool_too_early`` and ``fool_led``
(quick count and full piles: was the Fool played before its player had won a trick, while he
held other cards; was it led? rules/fool_play.py). ``fool_too_early`` is kept as given, true or
false: false is an answer, and a Fool of a player who won no trick was then his last card.

Every list of cards is measured against the pack before a card of it is read: the pages' forms
reach here with only their own checks, and a text field holds thousands of codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from ...rules import Card
from ...rules import IllegalDealError
from ...rules import InvalidNotationError
from ...rules import Ruleset
from ...rules import parse_card
from ...rules.audit import DealerDeclaration
from ...rules.audit import DealResult
from ...rules.audit import audit_piles
from ...rules.audit import audit_quick_count
from ...rules.audit import audit_totals
from ...rules.fool_play import FOOL_LED
from ...rules.problem import error_problem
from ...rules.problem import translatable
from ...rules.replay import audit_play
from ...translate import error_text
from ..errors import InputError
from ..errors import field_error
from ..errors import rules_error

FORMS = ("totals", "quick", "piles", "play")
_DECLARATION_FIELDS = ("keeps_trump", "keeps_fool", "had_other_choice", "trumps_announced")


@dataclass(frozen=True)
class DealInput:
    """A deal's input in one of the forms, checked for shape, cards in canonical codes."""

    form: str
    data: dict[str, Any]


def parse_deal_input(body: object, ruleset: Ruleset) -> DealInput:
    """Check the shape of a deal's input; raise InputError naming the field at fault."""
    if not isinstance(body, Mapping):
        raise InputError(_("the deal must be a JSON object"))
    given = [key for key in ("points", "counters", "piles", "play") if body.get(key) is not None]
    if len(given) != 1:
        raise InputError(
            _("give exactly one input form: points, counters (quick count), piles or play")
        )
    data: dict[str, Any] = {}
    if given == ["points"]:
        form = "totals"
        data["points"] = _ints(body["points"], "points", lengths=(ruleset.players, ruleset.sides))
    elif given == ["counters"]:
        form = "quick"
        data["counters"] = _counters(body["counters"], ruleset)
        data["tricks"] = _ints(body.get("tricks"), "tricks", lengths=(ruleset.players,))
        winner = body.get("fool_trick_winner")  # null where not given (rules/quick.py)
        data["fool_trick_winner"] = (
            None if winner is None else _seat(winner, ruleset, "fool_trick_winner")
        )
        if body.get("scarto") is not None:
            data["scarto"] = _codes(body["scarto"], "scarto", ruleset)
    elif given == ["piles"]:
        form = "piles"
        data["piles"] = _piles(body["piles"], ruleset)
        data["scarto"] = _codes(body.get("scarto"), "scarto", ruleset)
    else:
        form = "play"
        data["play"] = _play(body["play"], ruleset)
        data["scarto"] = _codes(body.get("scarto"), "scarto", ruleset)
    if body.get("last_trick_winner") is not None:
        data["last_trick_winner"] = _seat(body["last_trick_winner"], ruleset, "last_trick_winner")
    if body.get("declaration") is not None:
        data["declaration"] = parse_declaration(body["declaration"])
    if body.get("dealer") is not None:
        data["dealer"] = _seat(body["dealer"], ruleset, "dealer")
    if body.get("fool_too_early") is not None:
        data |= _fool_too_early(body["fool_too_early"], form)
    if body.get("fool_led") is not None:
        data |= _fool_led(body["fool_led"], form)
    return DealInput(form, data)


def _fool_too_early(value: object, form: str) -> dict[str, bool]:
    """The answer to "was the Matto played before its player had won a trick, while he still
    held other cards?": kept, true or false, with a quick count or full piles."""
    if not isinstance(value, bool):
        raise InputError(_("fool_too_early must be true or false"), "fool_too_early")
    if form not in ("quick", "piles"):
        if value:
            raise InputError(
                _("fool_too_early goes with a quick count or full piles: a play shows it itself"),
                "fool_too_early",
            )
        return {}
    return {"fool_too_early": value}


def _fool_led(value: object, form: str) -> dict[str, str]:
    """The answer to "was the Matto led?", with a quick count or full piles."""
    if value not in FOOL_LED:
        raise InputError(
            _("fool_led must be one of %(answers)s", answers=", ".join(FOOL_LED)), "fool_led"
        )
    if form not in ("quick", "piles"):
        raise InputError(
            _("fool_led goes with a quick count or full piles: a play shows it itself"),
            "fool_led",
        )
    return {"fool_led": str(value)}


def audit_deal(ruleset: Ruleset, dealer: int, deal: DealInput, names: Sequence[str]) -> DealResult:
    """Run the rules core's audit for the deal's input form."""
    data = deal.data
    if deal.form == "totals":
        return audit_totals(ruleset, data["points"])
    options: dict[str, Any] = {
        "last_trick_winner": data.get("last_trick_winner"),
        "declaration": DealerDeclaration(**data.get("declaration", {})),
        "names": names,
    }
    for answer in ("fool_too_early", "fool_led"):
        if data.get(answer) is not None:
            options[answer] = data[answer]
    try:
        if deal.form == "quick":
            counters = {parse_card(code): place for code, place in data["counters"].items()}
            scarto = _cards(data["scarto"]) if "scarto" in data else None
            return audit_quick_count(
                ruleset,
                dealer,
                counters,
                data["tricks"],
                data.get("fool_trick_winner"),
                scarto,
                **options,
            )
        if deal.form == "play":
            tricks = [_cards(trick) for trick in data["play"]]
            del options["last_trick_winner"]  # the play shows who won the last trick
            return audit_play(ruleset, dealer, _cards(data["scarto"]), tricks, **options)[1]
        piles = [_cards(pile) for pile in data["piles"]]
        return audit_piles(ruleset, dealer, piles, _cards(data["scarto"]), **options)
    except IllegalDealError as error:
        raise rules_error(error) from None


def _cards(codes: Sequence[str]) -> list[Card]:
    return [parse_card(code) for code in codes]


def _codes(value: object, field: str, ruleset: Ruleset) -> list[str]:
    """Canonical codes of a list of card codes, no more of them than the pack holds."""
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise field_error(translatable("%(field)s must be a list of card codes"), field)
    _within_pack(len(value), field, ruleset)
    try:
        return [parse_card(code).code for code in value]
    except InvalidNotationError as error:
        problems = (error_problem("unknown-card", error),)
        raise field_error(AT_FIELD, field, problems, error=error_text(error)) from None


def _within_pack(count: int, field: str, ruleset: Ruleset) -> None:
    """Refuse more cards than the pack holds, before a card is read."""
    if count > ruleset.deck_size:
        more = translatable("%(field)s: %(n)s cards, more than the %(deck)s-card pack")
        raise field_error(more, field, n=count, deck=ruleset.deck_size)


def _play(value: object, ruleset: Ruleset) -> list[list[str]]:
    """The tricks in order, each a list of its cards in order of play (the last may be short)."""
    if not isinstance(value, list) or len(value) > ruleset.tricks_per_deal:
        raise InputError(
            _(
                "play must be a list of at most %(n)s tricks, each a list of card codes",
                n=ruleset.tricks_per_deal,
            ),
            "play",
        )
    tricks = []
    for index, trick in enumerate(value):
        try:
            tricks.append(_codes(trick, f"play[{index}]", ruleset))
        except InputError as error:  # name the trick as the table counts: from 1
            message = _("trick %(n)s: %(error)s", n=index + 1, error=str(error).split(": ", 1)[-1])
            raise InputError(message, error.field, error.problems) from None
    return tricks


def _piles(value: object, ruleset: Ruleset) -> list[list[str]]:
    if not isinstance(value, list) or len(value) != ruleset.players:
        raise InputError(
            _(
                "piles must be a list of %(n)s lists of card codes, one per seat",
                n=ruleset.players,
            ),
            "piles",
        )
    return [_codes(pile, f"piles[{seat}]", ruleset) for seat, pile in enumerate(value)]


def _counters(value: object, ruleset: Ruleset) -> dict[str, int | str]:
    if not isinstance(value, Mapping):
        raise InputError(_('counters must be an object: card code -> seat or "scarto"'), "counters")
    _within_pack(len(value), "counters", ruleset)
    counters: dict[str, int | str] = {}
    for code, place in value.items():
        (card,) = _codes([code], "counters", ruleset)
        if place != "scarto":
            place = _seat(place, ruleset, f"counters[{code}]")
        if card in counters:
            raise InputError(_("counters: %(code)s is given twice", code=code), "counters")
        counters[card] = place
    return counters


def _ints(value: object, field: str, lengths: tuple[int, ...]) -> list[int]:
    if not isinstance(value, list) or not all(_is_int(item) for item in value):
        raise field_error(translatable("%(field)s must be a list of whole numbers"), field)
    if len(value) not in lengths:
        wanted = sorted(set(lengths))
        if len(wanted) == 1:
            template = translatable("%(field)s must have %(n)s numbers, not %(given)s")
        else:
            template = translatable("%(field)s must have %(n)s or %(m)s numbers, not %(given)s")
        raise field_error(template, field, n=wanted[0], m=wanted[-1], given=len(value))
    if any(abs(item) > 10_000 for item in value):
        raise field_error(translatable("%(field)s: a number is far too large"), field)
    return list(value)


def _seat(value: object, ruleset: Ruleset, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < ruleset.players:
        raise field_error(SEAT_RANGE, field, last=ruleset.players - 1)
    return value


AT_FIELD = translatable("%(field)s: %(error)s")
"""A sentence about a field's value, after the field's name."""
SEAT_RANGE = translatable("%(field)s must be a seat from 0 to %(last)s")


def parse_declaration(value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping) or set(value) - set(_DECLARATION_FIELDS):
        raise InputError(
            _("declaration takes only %(fields)s", fields=", ".join(_DECLARATION_FIELDS)),
            "declaration",
        )
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key == "trumps_announced":
            if item is not None and not (_is_int(item) and 0 <= item <= 21):
                raise InputError(_("declaration.trumps_announced must be 0 to 21"), "declaration")
        elif item is not None and not isinstance(item, bool):
            raise InputError(_("declaration.%(key)s must be true or false", key=key), "declaration")
        out[key] = item
    return out


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
