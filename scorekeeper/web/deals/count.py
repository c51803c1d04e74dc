"""The count checker: a disputed pile's breakdown, or a table's count checked group by group.

No more cards, or groups, than the ruleset's pack holds: the text is counted before a card of it
is read, so that a paste of thousands of codes is refused at once.
"""

from __future__ import annotations

from flask import render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms import SubmitField
from wtforms import TextAreaField

from ...rules import Card
from ...rules import InvalidNotationError
from ...rules import Ruleset
from ...rules import check_count
from ...rules import count_pile
from ...rules import find_ruleset
from ...rules.cards import full_deck
from ...rules.cards import repeated
from ...rules.names import parse_typed
from ...translate import card_label
from ...translate import error_text
from ..forms import codes as card_codes
from ..forms import ruleset_choices
from ..forms import within_pack
from . import bp


class CountForm(FlaskForm):
    """A disputed pile: its cards, or the groups as counted at the table."""

    ruleset = SelectField(_l("Ruleset"), choices=ruleset_choices())
    cards = TextAreaField(_l("Cards of the pile"), [within_pack()])
    groups = TextAreaField(_l("Groups as counted: one group a line, then = and the value claimed"))
    show = SubmitField(_l("Count"))


@bp.context_processor
def deck() -> dict[str, object]:
    """The picker offers the 78 cards; a card outside a ruleset's pack is named by the count."""
    return {"deck": full_deck()}


@bp.route("/count", methods=["GET", "POST"])
def checker() -> tuple[str, int] | str:
    """Type or pick a pile's cards, or the groups with their claimed values."""
    form = CountForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("count.html", form=form), status
    ruleset = find_ruleset(form.ruleset.data)
    try:
        if form.groups.data and form.groups.data.strip():
            groups, claimed = _read_groups(form.groups.data, ruleset)
            return render_template(
                "count.html", form=form, check=check_count(groups, claimed, ruleset)
            )
        codes = card_codes(form.cards.data)
        _within_pack(len(codes), ruleset)
        cards = _typed(codes)
        _check_pile(cards, ruleset)
        return render_template("count.html", form=form, pile=count_pile(cards, ruleset))
    except (InvalidNotationError, ValueError) as error:
        target = form.groups if form.groups.data and form.groups.data.strip() else form.cards
        target.errors.append(error_text(error))  # type: ignore[attr-defined]
        return render_template("count.html", form=form), 400


def _typed(codes: list[str]) -> list[Card]:
    """Cards as typed: codes, or the page language's court letters (rules/names.py)."""
    language = str(get_locale() or "en")
    return [parse_typed(code, language) for code in codes]


def _check_pile(cards: list[Card], ruleset: Ruleset) -> None:
    """A pile holds each card of the ruleset's pack at most once."""
    pack = set(ruleset.cards)
    outside = [card_label(card) for card in cards if card not in pack]
    if outside:
        raise ValueError(
            _("not in the %(n)s-card pack: %(cards)s", n=ruleset.deck_size, cards=" ".join(outside))
        )
    twice = [card_label(card) for card in sorted(repeated(cards))]
    if twice:
        raise ValueError(_("given twice: %(cards)s", cards=" ".join(twice)))


def _within_pack(count: int, ruleset: Ruleset) -> None:
    if count > ruleset.deck_size:
        raise ValueError(
            _("%(n)s cards, more than the %(deck)s-card pack", n=count, deck=ruleset.deck_size)
        )


def _read_groups(text: str, ruleset: Ruleset) -> tuple[list[list[Card]], list[int]]:
    """Lines like ``KS 7S 3S = 5``: a group's cards and the value claimed for it."""
    kept = list(filter(str.strip, text.splitlines()))  # counted before any line is read
    if len(kept) > ruleset.deck_size:
        raise ValueError(
            _(
                "%(n)s groups, more than the %(deck)s cards of the pack",
                n=len(kept),
                deck=ruleset.deck_size,
            )
        )
    lines = [line.partition("=") for line in kept]
    codes = [card_codes(cards) for cards, _sep, _value in lines]
    _within_pack(sum(map(len, codes)), ruleset)
    groups, claimed = [], []
    for number, ((_cards, sep, value), group) in enumerate(zip(lines, codes, strict=True), start=1):
        digits = value.strip().lstrip("-")
        if not sep or not (digits.isascii() and digits.isdigit()):
            raise ValueError(
                _("line %(n)s: write the group's cards, then = and its value", n=number)
            )
        groups.append(_typed(group))
        claimed.append(int(value))
    return groups, claimed
