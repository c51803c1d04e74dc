"""The count checker: a disputed pile's breakdown, or a table's count checked group by group."""

from __future__ import annotations

from flask import Blueprint
from flask import render_template
from flask_babel import gettext as _

from ..rules import Card
from ..rules import InvalidNotationError
from ..rules import Ruleset
from ..rules import check_count
from ..rules import count_pile
from ..rules import find_ruleset
from ..rules import parse_cards
from ..rules.cards import full_deck
from . import forms

bp = Blueprint("count", __name__)


@bp.context_processor
def deck() -> dict[str, object]:
    """The picker offers the 78 cards; a card outside a ruleset's pack is named by the count."""
    return {"deck": full_deck()}


@bp.route("/count", methods=["GET", "POST"])
def checker() -> tuple[str, int] | str:
    """Type or pick a pile's cards, or the groups with their claimed values."""
    form = forms.CountForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("count.html", form=form), status
    ruleset = find_ruleset(form.ruleset.data)
    try:
        if form.groups.data and form.groups.data.strip():
            groups, claimed = _read_groups(form.groups.data)
            return render_template(
                "count.html", form=form, check=check_count(groups, claimed, ruleset)
            )
        cards = parse_cards(form.cards.data or "")
        _check_pile(cards, ruleset)
        return render_template("count.html", form=form, pile=count_pile(cards, ruleset))
    except (InvalidNotationError, ValueError) as error:
        target = form.groups if form.groups.data and form.groups.data.strip() else form.cards
        target.errors.append(str(error))  # type: ignore[attr-defined]
        return render_template("count.html", form=form), 400


def _check_pile(cards: list[Card], ruleset: Ruleset) -> None:
    """A pile holds each card of the ruleset's pack at most once."""
    outside = [card.label for card in cards if card not in ruleset.cards]
    if outside:
        raise ValueError(
            _("not in the %(n)s-card pack: %(cards)s", n=ruleset.deck_size, cards=" ".join(outside))
        )
    twice = sorted({card.label for card in cards if cards.count(card) > 1})
    if twice:
        raise ValueError(_("given twice: %(cards)s", cards=" ".join(twice)))


def _read_groups(text: str) -> tuple[list[list], list[int]]:  # type: ignore[type-arg]
    """Lines like ``KS 7S 3S = 5``: a group's cards and the value claimed for it."""
    groups, claimed = [], []
    for number, line in enumerate((ln for ln in text.splitlines() if ln.strip()), start=1):
        cards, sep, value = line.partition("=")
        digits = value.strip().lstrip("-")
        if not sep or not (digits.isascii() and digits.isdigit()):
            raise ValueError(
                _("line %(n)s: write the group's cards, then = and its value", n=number)
            )
        groups.append(parse_cards(cards))
        claimed.append(int(value))
    return groups, claimed
