"""The players page's small forms: add a player, rename one, archive or bring one back, merge two
spellings of one person, link a seat typed for nobody. Their choices of players are set by the
views (forms never read the database)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField
from wtforms import HiddenField
from wtforms import SelectField
from wtforms import StringField
from wtforms import SubmitField
from wtforms import validators

from ...services.players.persons import MAX_NICKNAME
from ...services.text import MAX_NAME
from ..forms import options

NAME = [
    validators.DataRequired(_l("A player needs a name.")),
    validators.Length(max=MAX_NAME, message=_l("At most %(max)d characters.")),
]
CHOSEN = [validators.DataRequired(_l("Choose a player."))]
"""A select of players starts on "Choose a player" (0): nothing is merged or linked by a slip."""
STRIP = [lambda text: text.strip() if isinstance(text, str) else text]
"""A name of spaces only is no name."""
NICKNAME = [validators.Length(max=MAX_NICKNAME, message=_l("At most %(max)d characters."))]


LOOK_ALIKE_LABEL = _l("It is another person: keep the name as written")


class PlayerForm(FlaskForm):
    """A new player. A name that looks like a player's ("Аnna" beside Anna) is asked about:
    the page offers the check box only then (``look_alike``)."""

    name = StringField(_l("Name"), NAME, filters=STRIP)
    nickname = StringField(_l("Nickname (optional)"), NICKNAME)
    confirm_look_alikes = BooleanField(LOOK_ALIKE_LABEL)
    look_alike = False
    add = SubmitField(_l("Add the player"))


class RenameForm(FlaskForm):
    """A player's name and nickname; the sessions keep the names as they were written."""

    name = StringField(_l("Name"), NAME, filters=STRIP)
    nickname = StringField(_l("Nickname"), NICKNAME)
    confirm_look_alikes = BooleanField(LOOK_ALIKE_LABEL)
    look_alike = False
    save = SubmitField(_l("Save"))


class ArchiveForm(FlaskForm):
    """Archive a player (no longer offered when a session starts) or bring one back."""

    archive = SubmitField(_l("Archive"))
    restore = SubmitField(_l("Bring back"))


class MergeForm(FlaskForm):
    """Two spellings of one person: the first's sessions go to the second."""

    player_id = SelectField(_l("This player"), CHOSEN, coerce=int)
    into_id = SelectField(_l("is the same person as"), CHOSEN, coerce=int)
    confirm = HiddenField()
    merge = SubmitField(_l("Merge…"))
    yes = SubmitField(_l("Yes, merge them"))


class LinkForm(FlaskForm):
    """A seat whose name was linked to nobody, linked to a player by hand."""

    session_id = HiddenField()
    seat = HiddenField()
    player_id = SelectField(_l("Player"), CHOSEN, coerce=int)
    link = SubmitField(_l("Link"))


class UndoForm(FlaskForm):
    """Undo a merge: a button with its CSRF token."""

    undo = SubmitField(_l("Undo"))


def player_choices(rows: Iterable[dict[str, Any]]) -> list[Any]:
    """The players as a select's choices, by id, after "Choose a player"; archived ones marked."""
    chosen: list[tuple[str, Any]] = [("0", _l("Choose a player"))]
    for row in rows:
        label = row["name"] + (f" ({row['nickname']})" if row.get("nickname") else "")
        if row.get("archived"):
            label += " · " + str(_l("archived"))
        chosen.append((str(row["id"]), label))
    return options(chosen)


def number_of(value: str | None) -> int:
    """A row id from a hidden field; 0 (no row) for anything else."""
    text = (value or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else 0
