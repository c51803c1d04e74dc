"""The deal entry forms: totals, quick count, full piles, trick by trick.

Each is built per session (players, teams and counters depend on the ruleset) and turns its
data into the dict the JSON API takes (services/deals/inputs.py), read as a keeper writes it
(services/deals/totals.py, entry.py). In a team ruleset the quick count and full piles ask per team,
as partners pool their won cards: team t's is given as seat t's (team 0 is seats 0 and 2).
Every form asks who really dealt; the quick count and full piles, where the ruleset needs it,
who won the last trick, whether the Matto was played too early and whether it was led.

Beside them: a deal record to import (the scarto checked before play: scarto_form.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField
from wtforms import Field
from wtforms import HiddenField
from wtforms import IntegerField
from wtforms import RadioField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import TextAreaField

from ...rules.fool_play import FOOL_LED
from ...rules.names import card_name
from ...services import InputError
from ...services import Session
from ...services.deals import totals
from ...translate import card_label
from ..forms import SCARTO
from ..forms import SignedIntegerField
from ..forms import between
from ..forms import chip_labels
from ..forms import chip_legend
from ..forms import deck_rows
from ..forms import options
from ..forms import seat_or_none
from ..forms import within_pack
from . import entry


class DealForm(FlaskForm):
    """Save records the deal, check shows the breakdown; save comes first (Enter saves)."""

    version = HiddenField()
    deal_id = HiddenField()
    """The version of the deal being corrected, so that a change made meanwhile is not lost."""
    after = HiddenField()
    """A new deal's form: the id of the session's last deal when it was shown, 0 for none; a
    deal saved meanwhile is said on the protocol (deals/once.py)."""
    request_key = HiddenField()
    """Made when the form is shown: sent twice, the deal is recorded once (deals/once.py)."""

    dealer = SelectField(_l("Dealer"), choices=[], default="", validate_choice=False)
    """Empty: the rotation's dealer (deals/views.py names him); else the seat that really dealt."""

    save = SubmitField(_l("Save deal"))
    check = SubmitField(_l("Check"))

    def focus(self, *names: str) -> str:
        """The field to put the cursor in: the first with an error, else the first of names."""
        errors = [name for name in (*names, *(f.name for f in self)) if self._errs(name)]
        return errors[0] if errors else names[0]

    def _errs(self, name: str) -> bool:
        return name in self and bool(self[name].errors)


def totals_form(session: Session) -> type[DealForm]:
    """Each side's points, or its score as the protocol writes it; one may be left empty."""
    low, high = totals.totals_range(session.ruleset)

    class TotalsForm(DealForm):
        reading = RadioField(
            _l("These numbers are"),
            choices=options([(totals.POINTS, _l("points")), (totals.SCORES, _l("scores"))]),
            validate_choice=False,
        )
        live = totals.live_texts(session.ruleset)  # for static/totals.js
        understood: totals.Reading | None = None
        notice: list[str] = []  # what totals_body read the numbers as, for the page to say

    for side, name in enumerate(session.side_names):
        say = _l("%(name)s: a number from %(low)s to %(high)s", name=name, low=low, high=high)
        setattr(TotalsForm, f"points_{side}", SignedIntegerField(name, between(low, high, say)))
    return TotalsForm


def totals_body(form: Any, session: Session) -> dict[str, Any]:
    typed = [form[f"points_{side}"].data for side in range(session.ruleset.sides)]
    chosen = form.reading.data or ""
    form.understood = totals.read_totals(session.ruleset, typed, session.side_names, chosen)
    form.notice = totals.notice(form.understood, session.side_names)
    return with_dealer({"points": list(form.understood.points)}, form)


def seat_choices(session: Session, empty: str = "") -> list[tuple[str, str]]:
    return ([("", empty)] if empty else []) + list(map(_pair, enumerate(session.players)))


def side_choices(session: Session, empty: str = "") -> list[tuple[str, str]]:
    """A choice per side, valued by its seat (team t by seat t)."""
    return ([("", empty)] if empty else []) + list(map(_pair, enumerate(session.side_names)))


def _pair(item: tuple[int, str]) -> tuple[str, str]:
    return str(item[0]), item[1]


def quick_form(session: Session) -> type[DealForm]:
    """Tap each counter to the player (or team) who won it, or to the scarto."""
    ruleset = session.ruleset

    class QuickCountForm(DealForm):
        fool_trick_winner = SelectField(
            _l("Which team won the Fool's trick") if ruleset.teams else _l("Won the Fool's trick"),
            choices=options(side_choices(session, "—")),
            default="",
        )
        scarto = StringField(_l("Scarto (card codes, optional)"), [_pack(session)])
        last_trick_winner = SelectField(
            _l("Won the last trick"), choices=options(seat_choices(session, "—")), default=""
        )
        fool_too_early = _fool_too_early_field()
        fool_led = _fool_led_field()
        chips = chip_labels(session)  # each place's label on a chip, by the choice's value
        legend = chip_legend(session)  # the names the chips shorten
        card_names: dict[str, str] = {}
        asks = entry.questions(ruleset)  # which of the questions the ruleset may need

    places = [*side_choices(session), (SCARTO, _l("scarto"))]
    language = str(get_locale() or "en")
    for card in entry.counters_of(ruleset):
        # No choice check: a counter left out reaches the audit, which names it as missing.
        field = SelectField(card_label(card), choices=options(places), validate_choice=False)
        setattr(QuickCountForm, f"card_{card.code}", field)
        QuickCountForm.card_names[card.code] = card_name(card, language)
    most = ruleset.tricks_per_deal
    for side, name in enumerate(session.side_names):
        say = _l("%(name)s: tricks are 0 to %(n)s", name=name, n=most)
        setattr(QuickCountForm, f"tricks_{side}", IntegerField(name, between(0, most, say)))
    return QuickCountForm


def quick_body(form: Any, session: Session) -> dict[str, Any]:
    ruleset = session.ruleset
    counters: dict[str, int | str] = {}
    for card in entry.counters_of(ruleset):
        place = form[f"card_{card.code}"].data
        if place in (None, "", "None"):
            continue  # left out: the audit names it as missing
        if place != SCARTO and not (place.isdigit() and place.isascii()):
            raise InputError(_("Choose a player or the scarto."), f"counters[{card.code}]")
        counters[card.code] = SCARTO if place == SCARTO else int(place)
    typed = [form[f"tricks_{side}"].data for side in range(ruleset.sides)]
    tricks = entry.fill_in(typed, ruleset.tricks_per_deal, "tricks")
    tricks += [0] * (ruleset.players - len(tricks))  # a team's tricks are its seat t's
    body: dict[str, Any] = {
        "counters": counters,
        "tricks": tricks,
        "fool_trick_winner": seat_or_none(form.fool_trick_winner.data),
    }
    if form.scarto.data and form.scarto.data.strip():
        body["scarto"] = entry.read_codes(form.scarto.data, _("The scarto"), "scarto")
    body = _with_answers(body, form)
    return entry.settle_fool_trick(session, body, entry.deal_number(session, form.deal_id.data))


def piles_form(session: Session) -> type[DealForm]:
    """Every card to a player (or team) or to the scarto, typed or picked."""

    class PilesForm(DealForm):
        scarto = TextAreaField(_l("Scarto"), [_pack(session)])
        last_trick_winner = SelectField(
            _l("Won the last trick"), choices=options(seat_choices(session, "—")), default=""
        )
        fool_too_early = _fool_too_early_field()
        fool_led = _fool_led_field()
        rows = deck_rows(session.ruleset, str(get_locale() or "en"))
        asks = entry.questions(session.ruleset)
        chips = chip_labels(session)

    for side, name in enumerate(session.side_names):
        setattr(PilesForm, f"pile_{side}", TextAreaField(name, [_pack(session)]))
    return PilesForm


def piles_body(form: Any, session: Session) -> dict[str, Any]:
    ruleset = session.ruleset
    piles = [
        entry.read_codes(
            form[f"pile_{side}"].data, _("%(name)s's pile", name=name), f"piles[{side}]"
        )
        for side, name in enumerate(session.side_names)
    ]
    scarto = entry.read_codes(form.scarto.data, _("The scarto"), "scarto")
    entry.rest_to_empty_pile(piles, scarto, ruleset)
    piles += [[] for _ in range(ruleset.players - len(piles))]  # a team's pile is seat t's
    return _with_answers({"piles": piles, "scarto": scarto}, form)


def play_form(session: Session) -> type[DealForm]:
    """The scarto, then every trick in order of play, one a line; may be saved part-way."""

    class PlayForm(DealForm):
        scarto = StringField(_l("Scarto"), [_pack(session)])
        # A whole play holds the pack at most, the scarto aside: so does the text of its tricks.
        tricks = TextAreaField(_l("Tricks, one a line, cards in order of play"), [_pack(session)])
        draft = SubmitField(_l("Save part-way"))
        rows = deck_rows(session.ruleset, str(get_locale() or "en"))

    return PlayForm


def play_body(form: Any, session: Session) -> dict[str, Any]:
    play = entry.read_tricks(form.tricks.data, session.ruleset)
    scarto = entry.read_codes(form.scarto.data, _("The scarto"), "scarto")
    return with_dealer({"scarto": scarto, "play": play}, form)


def _pack(session: Session) -> Callable[[FlaskForm, Field], None]:
    return within_pack(session.ruleset.deck_size)  # no more cards than the pack (forms.py)


def _fool_too_early_field() -> BooleanField:
    # rules.md A3, C13 (Tarocchi a 3): a Matto played before its player had taken a trick goes
    # to the winner of the last trick. The form shows it only where the ruleset has that rule.
    # Its last card is not "too early": so that a player who won no trick answers it truly.
    return BooleanField(
        _l("The Matto was played before its player had won a trick, and not as the last card")
    )


FOOL_LED_CHOICES = [
    ("no", _l("not led")),
    ("last-trick", _l("at the last trick, its player's last card")),
    ("earlier", _l("at an earlier trick")),
]


def _fool_led_field() -> RadioField:
    # rules.md 1.4 (Tarocchi a 3): a Matto kept to the last trick and led there goes to the
    # winner of the last trick; one led earlier is flagged and goes there too (fool_play.py).
    # The page shows it where the Matto may not be led, "not led" ticked for a new deal.
    return RadioField(
        _l("Was the Matto led?"),
        choices=options(FOOL_LED_CHOICES),
        default="no",
        validate_choice=False,
    )


def with_dealer(body: dict[str, Any], form: Any) -> dict[str, Any]:
    """The seat that really dealt, when the keeper chose one."""
    dealer = seat_or_none(form.dealer.data)
    return body | ({"dealer": dealer} if dealer is not None else {})


def _with_answers(body: dict[str, Any], form: Any) -> dict[str, Any]:
    """The answers the quick count and full piles may add: last trick, dealer, the Matto's play
    (too early, led), each where the page asks it. An unticked "too early" is not sent: it says
    nothing of a Matto whose player won no trick, so the page then asks who won the last trick."""
    winner = seat_or_none(form.last_trick_winner.data)
    body |= {"last_trick_winner": winner} if winner is not None else {}
    if form.fool_too_early.data:  # sent where the page does not ask it, the rules refuse it
        body["fool_too_early"] = True
    if form.asks["fool_led"] and form.fool_led.data in FOOL_LED:
        body["fool_led"] = form.fool_led.data
    return with_dealer(body, form)


prefill = entry.form_data
"""A stored input as form data, to correct it."""


class ImportForm(FlaskForm):
    """A deal record to import: pasted, or a .txt file."""

    record = TextAreaField(_l("Deal record"))
    upload = FileField(_l("or a file"))
    submit = SubmitField(_l("Import the deal"))
