"""Form pieces the features share: choices, card-field validators, error placement, the
delete button. Each feature's own forms sit next to its views (sessions/forms.py,
deals/forms.py, access/login.py...).

WTForms give the shape of the input only; legality and points belong to the rules core. Each
form turns its data into the same dict the JSON API takes (services/deals/inputs.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFProtect
from wtforms import BooleanField
from wtforms import Field
from wtforms import IntegerField
from wtforms import SelectChoice
from wtforms import SubmitField
from wtforms import validators
from wtforms.widgets import HiddenInput

from ..rules import PRESETS
from ..rules.cards import full_deck
from ..rules.names import card_name
from ..services import InputError
from ..translate import error_text

SCARTO = "scarto"
NUMBER = [validators.Optional(), validators.NumberRange(min=0, max=10_000)]
"""The validators of a count or points field: empty, or a whole number from 0 to 10,000."""
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2012": "-", "\ufe63": "-", "\uff0d": "-"})

csrf = CSRFProtect()
"""The form token every form carries (Flask-WTF); the JSON API is exempt (api/__init__.py)."""


class SignedIntegerField(IntegerField):
    """A whole number as a keeper types it: -5, +4, or −5 with a typographic minus (as the
    protocol and phones' keyboards write it), spaces around it ignored."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if valuelist and isinstance(valuelist[0], str):
            valuelist = [valuelist[0].translate(_MINUS).strip(), *valuelist[1:]]
        super().process_formdata(valuelist)


def between(low: int, high: int, message: Any) -> list[Any]:
    """The validators of a number field: empty, or a whole number from low to high (``message``
    says so in the keeper's words, with the field's name)."""
    return [validators.Optional(), validators.NumberRange(min=low, max=high, message=message)]


PACK = len(full_deck())
"""The largest pack: no field of cards holds more, whatever the ruleset."""


def within_pack(most: int = PACK) -> Callable[[FlaskForm, Field], None]:
    """A validator for a field of card codes: no more codes than the pack holds.

    The codes are counted, not read, so that a text of thousands is refused at once (400, with
    the field's error) instead of being read, audited and shown back card by card.
    """

    def check(form: FlaskForm, field: Field) -> None:
        given = len(codes(field.data))
        if given > most:
            raise validators.ValidationError(
                _l("%(n)s cards, more than the %(deck)s-card pack", n=given, deck=most)
            )

    return check


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices as WTForms 3.3 wants them: (value, label) pairs become SelectChoice."""
    return [SelectChoice(value, label) for value, label in pairs]


def ruleset_choices() -> list[SelectChoice]:
    """The presets, by id, named in the reader's language (their names come from the rules)."""
    return options((r.id, _l(r.name)) for r in PRESETS.values())


class ConfirmForm(FlaskForm):
    """A POST-only button (delete) with its CSRF token; for a deal, the deal and version shown,
    so that a deal changed or replaced meanwhile is not the one deleted."""

    confirm = BooleanField(_l("Yes, delete this deal"), [validators.DataRequired()])
    deal_id = IntegerField(widget=HiddenInput(), validators=[validators.Optional()])
    version = IntegerField(widget=HiddenInput(), validators=[validators.Optional()])
    submit = SubmitField(_l("Delete"))


def error_field(form: FlaskForm, name: str | None) -> Field | None:
    """The form field an input error points at: ``piles[1]`` is pile_1, ``counters[KS]`` card_KS."""
    if not name:
        return None
    match = re.fullmatch(r"(\w+)(?:\[(\w+)\])?(?:\..*)?", name)
    key, index = (match.group(1), match.group(2)) if match else (name, None)
    prefix = {"piles": "pile", "counters": "card", "points": "points", "tricks": "tricks"}.get(key)
    candidates = [f"{prefix}_{index or 0}"] if prefix else [key]
    if key == "play":  # the tricks of a play are one text area
        candidates = ["tricks"]
    return next((form[c] for c in candidates if c in form), None)


def place_error(form: FlaskForm, error: Exception, default: Field | None = None) -> None:
    """Show a refusal on its form: at the field it names (else ``default``, else above the
    form), in the reader's language (``field_text``)."""
    field = error_field(form, getattr(error, "field", None)) or default
    errors = field.errors if field is not None else form.form_errors
    errors.append(field_text(error, field))  # type: ignore[union-attr]


def field_text(error: Exception, field: Field | None = None) -> str:
    """An error's sentence for a page: where it names its field (``%(field)s``, the API's
    ``piles[1]``), the field is named by its label, as the keeper knows it."""
    if isinstance(error, InputError) and field is not None and error.template:
        values = dict(error.params) | {"field": str(field.label.text)}
        try:
            return gettext(error.template) % values
        except (KeyError, TypeError, ValueError):  # a broken translation: the message stands
            pass
    return error_text(error)


def codes(text: str | None) -> list[str]:
    return (text or "").replace(",", " ").split()


def seat_or_none(value: str | None) -> int | None:
    return int(value) if value not in (None, "", "None") else None


def short_names(names: Sequence[str], most: int = 6) -> list[str]:
    """Names short enough for a chip on a phone (``most`` characters fill a fifth of a 320 px
    screen), each told apart from the others at a glance.

    A name is whole up to ``most`` letters; else the shortest beginning of at least 4 letters
    that no other name shares, with a full stop ("Mass."). Names that start alike for longer
    (Giovanni, Giovanna) keep their first 3 letters and the shortest ending, of at least 2, that
    tells them apart ("Gio…ni", "Gio…na"): a reader knows a name by its start and its end, and
    two beginnings cut off where the names still agree ("Giovann") say nothing.
    """
    folded = [name.casefold() for name in names]
    out = []
    for seat, name in enumerate(names):
        others = folded[:seat] + folded[seat + 1 :]
        out.append(_short_name(name, others, most))
    return out


def _short_name(name: str, others: Sequence[str], most: int) -> str:
    """The name's chip label among the others (casefolded names): see short_names."""
    if len(name) <= most:
        return name
    for size in range(4, most):  # the letters and a full stop, at most ``most``
        start = name[:size].casefold()
        if not any(other.startswith(start) for other in others):
            return name[:size] + "."
    head = name[:3].casefold()
    alike = [other for other in others if other.startswith(head)]
    for size in range(2, len(name) - 4):  # shorter than the name with its "…"
        end = name[-size:].casefold()
        if not any(other.endswith(end) for other in alike):
            return f"{name[:3]}…{name[-size:]}"
    return name


def chip_labels(session: Any) -> dict[str, str]:
    """Each quick-count place's chip label, by its value: a player's short name, a team's two
    short names, and the scarto."""
    short = short_names(session.players)
    if session.ruleset.teams:
        labels = {str(t): f"{short[t]} & {short[t + 2]}" for t in range(2)}
    else:
        labels = {str(seat): name for seat, name in enumerate(short)}
    # The chip's own short word (a chip is a fifth of a phone's width): "undanl." in Swedish.
    return labels | {SCARTO: pgettext("chip", "scarto")}


def chip_legend(session: Any) -> list[str]:
    """The names the chips shorten, as "Mass. = Massimiliano"."""
    short = short_names(session.players)
    return [f"{s} = {name}" for s, name in zip(short, session.players, strict=True) if s != name]


def deck_rows(ruleset: Any, language: str = "en") -> list[dict[str, Any]]:
    """The pack for a picker, a suit a row in deck order (the Fool with the trumps), each row
    split into lines of equal length, at most 7 cards: 14 as 7 + 7, 10 as 5 + 5, 22 as 6s.
    Each card with its full name, for a screen reader."""
    rows: dict[str, list[Any]] = {}
    for card in ruleset.cards:
        rows.setdefault(card.suit.name.lower(), []).append((card, card_name(card, language)))
    return [
        {"suit": suit, "cards": cards, "columns": -(-len(cards) // -(-len(cards) // 7))}
        for suit, cards in rows.items()
    ]
