"""Club evenings (issue "Club evenings"): events of many tables, their drawn rounds, each
table an ordinary session, and one ranking."""

from .changes import add_adjustment
from .changes import remove_adjustment
from .changes import show_standings
from .changes import update_entrants
from .rounds import close
from .rounds import draw_next_round
from .rounds import end_table
from .rounds import publish
from .rounds import redraw
from .rounds import swap
from .setup import create_event
from .setup import event_by_read_token
from .setup import list_events
from .view import EventView
from .view import event_view

__all__ = [
    "EventView",
    "add_adjustment",
    "close",
    "create_event",
    "draw_next_round",
    "end_table",
    "event_by_read_token",
    "event_view",
    "list_events",
    "publish",
    "redraw",
    "remove_adjustment",
    "show_standings",
    "swap",
    "update_entrants",
]
