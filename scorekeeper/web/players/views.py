"""The players page: the club's list, and the keeper's changes to it (add, rename, archive or
bring back, merge two spellings of one person and undo it, link a seat typed for nobody).

Each change is a small form posted to its own address; a refusal shows the page again with the
error beside the field, in the page's language, with the status the service's error has (400,
404, 409). In club mode only the keeper changes anything (access/auth.py); the club read link
shows the list alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ... import services
from ...services.players import persons as players
from ...services.players.names import LookAlikeError
from ..access.auth import is_keeper
from ..db import get_db
from ..errors import status_of
from ..forms import field_text
from . import bp
from . import forms

Page = tuple[str, int] | str


@bp.get("")
def index() -> Page:
    """The players, by name, archived ones apart; for the keeper, the forms to change them."""
    return _page()


@bp.post("")
def create() -> Response | Page:
    """Add a player."""
    form = forms.PlayerForm()
    if form.validate_on_submit():
        body = _name_body(form)
        status = _refused(form, partial(players.create_player, get_db(), body), "name")
        return _back() if status is None else _page(status, added=form)
    return _page(400, added=form)


@bp.post("/<int:player_id>/rename")
def rename(player_id: int) -> Response | Page:
    """A new name or nickname; the sessions keep the names as they were written."""
    players.get_player(get_db(), player_id)  # 404 for no player
    form = forms.RenameForm(prefix=f"p{player_id}")
    if form.validate_on_submit():
        body = _name_body(form)
        call = partial(players.update_player, get_db(), player_id, body)
        status = _refused(form, call, "name")
        if status is None:
            return _back(f"player-{player_id}")
        return _page(status, renamed=(player_id, form))
    return _page(400, renamed=(player_id, form))


@bp.post("/<int:player_id>/archive")
def archive(player_id: int) -> Response:
    """Archive a player (not offered when a session starts), or bring one back."""
    form = forms.ArchiveForm()
    if not form.validate_on_submit():
        abort(400)
    players.update_player(get_db(), player_id, {"archived": bool(form.archive.data)})
    return _back(f"player-{player_id}")


@bp.post("/merge")
def merge() -> Response | Page:
    """Two spellings of one person: the keeper sees what will happen, confirms, it is done."""
    form = forms.MergeForm()
    form.player_id.choices = form.into_id.choices = _choices()
    if not form.validate_on_submit():
        return _page(400, merging=form)
    if form.player_id.data == form.into_id.data:
        form.into_id.errors.append(_("Choose two different players."))
        return _page(400, merging=form)
    if not form.yes.data:
        return _confirm_merge(form)
    call = partial(players.merge_players, get_db(), form.player_id.data, form.into_id.data)
    status = _refused(form, call, "into_id")
    return _back("merges") if status is None else _page(status, merging=form)


def _confirm_merge(form: forms.MergeForm) -> str:
    merged = players.get_player(get_db(), form.player_id.data)
    kept = players.get_player(get_db(), form.into_id.data)
    sessions = next((p["sessions"] for p in _listing() if p["id"] == merged["id"]), 0)
    return render_template(
        "players/merge.html", form=form, merged=merged, kept=kept, sessions=sessions
    )


@bp.post("/merges/<int:merge_id>/undo")
def undo(merge_id: int) -> Response:
    """Undo a merge: the seats it moved go back; it stays in the history, marked undone."""
    if not forms.UndoForm().validate_on_submit():
        abort(400)
    players.undo_merge(get_db(), merge_id)
    return _back("merges")


@bp.post("/seats/link")
def link() -> Response | Page:
    """Link a seat whose name was linked to nobody to a player."""
    form = forms.LinkForm()
    form.player_id.choices = _choices()
    where = (forms.number_of(form.session_id.data), forms.number_of(form.seat.data))
    if form.validate_on_submit():
        call = partial(players.link_seat, get_db(), *where, form.player_id.data)
        status = _refused(form, call, "player_id")
        return _back("unlinked") if status is None else _page(status, linking=(where, form))
    return _page(400, linking=(where, form))


def _name_body(form: forms.PlayerForm | forms.RenameForm) -> dict[str, Any]:
    return {
        "name": form.name.data,
        "nickname": form.nickname.data,
        "confirm_look_alikes": bool(form.confirm_look_alikes.data),
    }


def _refused(form: FlaskForm, call: Callable[[], object], field: str = "") -> int | None:
    """Call the service: None when done; on a refusal, its status, with its sentence on the
    form at the field it names (else ``field``, else above the form)."""
    try:
        call()
    except services.ServiceError as error:
        names = (getattr(error, "field", None), field)
        target = next((form[name] for name in names if name and name in form), None)
        errors = target.errors if target is not None else form.form_errors
        errors.append(field_text(error, target))  # type: ignore[union-attr]
        form.look_alike = isinstance(error, LookAlikeError)  # asked about (forms.py)
        return status_of(error)
    return None


def _back(anchor: str | None = None) -> Response:
    return redirect(url_for("players.index", _anchor=anchor), 303)


def _listing() -> list[dict[str, Any]]:
    return players.list_players(get_db())


def _choices() -> list[Any]:
    return forms.player_choices(_listing())


def _page(status: int = 200, **failed: Any) -> Page:
    """The page, with the form that failed (its errors shown) in place of a fresh one. Whoever
    may not change the players (the club read link) sees the list alone. The list is a page of
    the players matching ``?q=`` (``?page=``, persons.PAGE_SIZE a page)."""
    search = request.args.get("q", "")[: players.MAX_SEARCH]
    number = int(request.args["page"]) if request.args.get("page", "").isdigit() else 1
    everyone, total = players.players_page(get_db(), search, number)
    active = [p for p in everyone if not p["archived"]]
    archived = [p for p in everyone if p["archived"]]
    listed = {
        "active": active,
        "archived": archived,
        "search": search,
        "total": total,
        "page_number": min(max(number, 1), max(1, -(-total // players.PAGE_SIZE))),
        "pages": max(1, -(-total // players.PAGE_SIZE)),
    }
    if not is_keeper():
        return render_template("players/index.html", **listed)
    seats, unlinked_count = players.unlinked_seats(get_db())
    # The selects offer the players listed (search to find others): a club's thousands would
    # make each select of the page thousands of options.
    choices = forms.player_choices(everyone)
    merge_form = failed.get("merging") or forms.MergeForm(formdata=None)
    merge_form.player_id.choices = merge_form.into_id.choices = choices
    page = render_template(
        "players/index.html",
        **listed,
        add_form=failed.get("added") or forms.PlayerForm(formdata=None),
        renamed=failed.get("renamed"),
        rename_forms=_rename_forms(everyone, failed.get("renamed")),
        archive_form=forms.ArchiveForm(formdata=None),
        merge_form=merge_form,
        merges=players.merge_history(get_db()),
        undo_form=forms.UndoForm(formdata=None),
        seats=seats,
        unlinked_count=unlinked_count,
        linking=failed.get("linking"),
        choices=choices,
        link_form=forms.LinkForm(formdata=None),
    )
    return page if status == 200 else (page, status)


def _rename_forms(everyone: list[dict[str, Any]], failed: Any) -> dict[int, FlaskForm]:
    """A form per player, each field named for its player (p12-name), so that the page has one
    of each id; the one refused with its errors."""
    made = {
        p["id"]: forms.RenameForm(formdata=None, prefix=f"p{p['id']}", data=p) for p in everyone
    }
    if failed is not None:
        made[failed[0]] = failed[1]
    return made
