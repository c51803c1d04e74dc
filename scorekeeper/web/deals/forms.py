"""The deal entry forms: totals, quick count, full piles, trick by trick.

Each is built per session (the number of players and the counters depend on the ruleset) and
turns its data into the same dict the JSON API takes (services/dealinput.py). Every form also
asks who really dealt, when not the seat the rotation gives, and those that need it who won
the last trick and, in Tarocchi a 3, whether the Matto was played too early.

Beside them: the scarto checked before play, and a deal record to import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField
from wtforms import Field
from wtforms import HiddenField
from wtforms import IntegerField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import TextAreaField
from wtforms import validators

from ...rules import Ruleset
from ...services import InputError
from ...services import Session
from ..forms import NUMBER
from ..forms import SCARTO
from ..forms import codes
from ..forms import options
from ..forms import seat_or_none
from ..forms import within_pack


class DealForm(FlaskForm):
    """Common buttons: check shows the breakdown, save records the deal."""

    version = HiddenField()
    deal_id = HiddenField()
    """The version of the deal being corrected, so that a change made meanwhile is not lost."""
    request_key = HiddenField()
    """Made when the form is shown: sent twice, the deal is recorded once (deals/views.py)."""

    dealer = SelectField(_l("Dealer"), choices=[], default="", validate_choice=False)
    """Empty: the rotation's dealer (deals/views.py names him); else the seat that really dealt."""

    check = SubmitField(_l("Check"))
    save = SubmitField(_l("Save deal"))


def totals_form(session: Session) -> type[DealForm]:
    class TotalsForm(DealForm):
        pass

    for side, name in enumerate(session.side_names):
        setattr(TotalsForm, f"points_{side}", IntegerField(name, NUMBER))
    return TotalsForm


def totals_body(form: DealForm, session: Session) -> dict[str, Any]:
    from ...rules.game import complete_points

    values = [form[f"points_{side}"].data for side in range(len(session.side_names))]
    if values.count(None) == 1:  # the last one filled in from the deck total
        values = complete_points(values, session.ruleset)
    return with_dealer({"points": values}, form)


def seat_choices(session: Session, empty: str = "") -> list[tuple[str, str]]:
    choices = [(str(seat), name) for seat, name in enumerate(session.players)]
    return ([("", empty)] if empty else []) + choices


def quick_form(session: Session) -> type[DealForm]:
    """Tap each counter to the player who won it, or to the scarto."""
    ruleset = session.ruleset

    class QuickCountForm(DealForm):
        fool_trick_winner = SelectField(
            _l("Won the Fool's trick"), choices=options(seat_choices(session, "—")), default=""
        )
        scarto = StringField(_l("Scarto (card codes, optional)"), [_pack(session)])
        last_trick_winner = SelectField(
            _l("Won the last trick"), choices=options(seat_choices(session, "—")), default=""
        )
        fool_too_early = _fool_too_early_field()

    places = [*seat_choices(session), (SCARTO, _l("scarto"))]
    for card in counters_of(ruleset):
        # No choice check: a counter left out reaches the audit, which names it as missing.
        field = SelectField(card.label, choices=options(places), validate_choice=False)
        setattr(QuickCountForm, f"card_{card.code}", field)
    for seat, name in enumerate(session.players):
        setattr(QuickCountForm, f"tricks_{seat}", IntegerField(name, NUMBER))
    return QuickCountForm


def quick_body(form: DealForm, session: Session) -> dict[str, Any]:
    counters: dict[str, int | str] = {}
    for card in counters_of(session.ruleset):
        place = form[f"card_{card.code}"].data
        if place in (None, "", "None"):
            continue  # left out: the audit names it as missing
        if place != SCARTO and not (place.isdigit() and place.isascii()):
            raise InputError(_l("choose a player or the scarto"), f"counters[{card.code}]")
        counters[card.code] = SCARTO if place == SCARTO else int(place)
    body: dict[str, Any] = {
        "counters": counters,
        "tricks": [form[f"tricks_{seat}"].data or 0 for seat in range(len(session.players))],
        "fool_trick_winner": seat_or_none(form.fool_trick_winner.data),
    }
    if form.scarto.data and form.scarto.data.strip():
        body["scarto"] = form.scarto.data.replace(",", " ").split()
    return _with_answers(body, form)


def piles_form(session: Session) -> type[DealForm]:
    """Every card to a player or to the scarto, typed or picked."""

    class PilesForm(DealForm):
        scarto = TextAreaField(_l("Scarto"), [_pack(session)])
        last_trick_winner = SelectField(
            _l("Won the last trick"), choices=options(seat_choices(session, "—")), default=""
        )
        fool_too_early = _fool_too_early_field()

    for seat, name in enumerate(session.players):
        setattr(PilesForm, f"pile_{seat}", TextAreaField(name, [_pack(session)]))
    return PilesForm


def piles_body(form: DealForm, session: Session) -> dict[str, Any]:
    piles = [codes(form[f"pile_{seat}"].data) for seat in range(len(session.players))]
    return _with_answers({"piles": piles, "scarto": codes(form.scarto.data)}, form)


def play_form(session: Session) -> type[DealForm]:
    """Every trick in order of play, one a line, after the scarto; may be saved part-way."""

    class PlayForm(DealForm):
        scarto = StringField(_l("Scarto"), [_pack(session)])
        # A whole play holds the pack at most, the scarto aside: so does the text of its tricks.
        tricks = TextAreaField(_l("Tricks, one a line, cards in order of play"), [_pack(session)])
        draft = SubmitField(_l("Save part-way"))

    return PlayForm


def play_body(form: DealForm, session: Session) -> dict[str, Any]:
    lines = (form.tricks.data or "").splitlines()
    body = {"scarto": codes(form.scarto.data), "play": [codes(ln) for ln in lines if ln.strip()]}
    return with_dealer(body, form)


def _pack(session: Session) -> Callable[[FlaskForm, Field], None]:
    """The check that a field of cards holds no more than the session's pack (forms.py)."""
    return within_pack(session.ruleset.deck_size)


def counters_of(ruleset: Ruleset) -> list[Any]:
    return [card for card in ruleset.cards if ruleset.is_counter(card)]


def _fool_too_early_field() -> BooleanField:
    # rules.md A3, C13 (Tarocchi a 3): a Matto played before its player had taken a trick goes
    # to the winner of the last trick. The form shows it only where the ruleset has that rule.
    return BooleanField(_l("The Matto was played before its player had taken a trick"))


def with_dealer(body: dict[str, Any], form: DealForm) -> dict[str, Any]:
    """The seat that really dealt, when the keeper chose one."""
    dealer = seat_or_none(form.dealer.data)
    return body | ({"dealer": dealer} if dealer is not None else {})


def _with_answers(body: dict[str, Any], form: DealForm) -> dict[str, Any]:
    """What the quick count and full piles may add: the last trick's winner, the dealer, and
    whether the Matto was played too early (asked only under a ruleset with that rule)."""
    winner = seat_or_none(form.last_trick_winner.data)
    body |= {"last_trick_winner": winner} if winner is not None else {}
    if form.fool_too_early.data:
        body["fool_too_early"] = True
    return with_dealer(body, form)


def prefill(data: dict[str, Any], kind: str, ruleset: Ruleset) -> dict[str, Any]:
    """A stored input as form data, to correct it."""
    out: dict[str, Any] = {}
    if kind == "totals":
        out |= {f"points_{i}": value for i, value in enumerate(data["points"])}
        if ruleset.teams and len(data["points"]) == ruleset.players:  # given per seat: sum teams
            points = data["points"]
            out = {"points_0": points[0] + points[2], "points_1": points[1] + points[3]}
    elif kind == "quick":
        out |= {f"card_{code}": str(place) for code, place in data["counters"].items()}
        out |= {f"tricks_{i}": value for i, value in enumerate(data["tricks"])}
        out["fool_trick_winner"] = _text(data.get("fool_trick_winner"))
        out["scarto"] = " ".join(data.get("scarto", []))
    elif kind == "play":
        out["tricks"] = "\n".join(" ".join(trick) for trick in data["play"])
        out["scarto"] = " ".join(data["scarto"])
    else:
        out |= {f"pile_{i}": " ".join(pile) for i, pile in enumerate(data["piles"])}
        out["scarto"] = " ".join(data["scarto"])
    out["last_trick_winner"] = _text(data.get("last_trick_winner"))
    out["dealer"] = _text(data.get("dealer"))
    out["fool_too_early"] = bool(data.get("fool_too_early"))
    return out


def _text(value: object) -> str:
    return "" if value is None else str(value)


YES_NO = [("", "?"), ("yes", _l("yes")), ("no", _l("no"))]


class ScartoForm(FlaskForm):
    """The scarto alone, checked before play, with what the dealer says about his hand."""

    scarto = StringField(_l("Scarto"), [validators.InputRequired(), within_pack()])
    kept = TextAreaField(_l("Cards the dealer keeps (optional)"), [within_pack()])
    keeps_trump = SelectField(
        _l("Does the dealer keep a trump?"), choices=options(YES_NO), default=""
    )
    keeps_fool = SelectField(
        _l("Does the dealer keep the Fool?"), choices=options(YES_NO), default=""
    )
    trumps_announced = IntegerField(
        _l("Trumps the dealer announced as laid aside (empty: not asked)"), NUMBER
    )
    check = SubmitField(_l("Check the scarto"))


def scarto_body(form: ScartoForm) -> dict[str, Any]:
    declaration: dict[str, Any] = {
        "keeps_trump": _yes_no(form.keeps_trump.data),
        "keeps_fool": _yes_no(form.keeps_fool.data),
        "trumps_announced": form.trumps_announced.data,
    }
    return {
        "scarto": codes(form.scarto.data),
        "kept": codes(form.kept.data) or None,
        "declaration": {k: v for k, v in declaration.items() if v is not None},
    }


def _yes_no(value: str | None) -> bool | None:
    return {"yes": True, "no": False}.get(value or "")


class ImportForm(FlaskForm):
    """A deal record to import: pasted, or a .txt file."""

    record = TextAreaField(_l("Deal record"))
    upload = FileField(_l("or a file"))
    submit = SubmitField(_l("Import the deal"))
