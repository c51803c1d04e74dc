"""Writing a deal record (docs/deal-record.md), which notation.py reads back to the same record.

Leaders are not stored: the writer derives who leads and who wins each trick (rules.md C9) for
a comment on its line, which the reader ignores.
"""

from __future__ import annotations

from .cards import Card
from .cards import format_cards
from .errors import IllegalDealError
from .notation import HEADER
from .notation import DealRecord
from .notation import players_problem
from .notation import seat_name
from .notation import show
from .notation import trick_problem
from .options import option_text
from .play import first_leader
from .play import trick_winner
from .ruleset import Ruleset
from .ruleset import find_ruleset


def format_record(record: DealRecord) -> str:
    """Write a record as text that parse_record reads back to the same record."""
    _check_writable(record)
    players, ruleset = record.players, record.ruleset
    lines = [HEADER, f"ruleset: {ruleset.id}"]
    if ruleset.overrides:
        pairs = (f"{name}={option_text(value)}" for name, value in ruleset.overrides)
        lines.append("options: " + " ".join(pairs))
    lines.append("players: " + " | ".join(players))
    lines.append(f"dealer: {seat_name(players, record.dealer)}")
    lines.append(f"scarto: {format_cards(record.scarto)}")
    lines.extend(_trick_lines(record))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _check_writable(record: DealRecord) -> None:
    """Refuse a record that could not be read back the same (ValueError)."""
    ruleset = record.ruleset
    try:
        reread = find_ruleset(ruleset.id, dict(ruleset.overrides))
    except ValueError as error:
        raise ValueError(f"the ruleset cannot be written: {error}") from None
    if reread != ruleset:
        raise ValueError(f"the ruleset is not preset {ruleset.id!r} with its house rules")
    if len(record.players) != ruleset.players:
        raise players_problem(len(record.players), ruleset)
    for name in record.players:
        _check_name(name)
    if not 0 <= record.dealer < ruleset.players:
        raise ValueError(f"there is no seat {record.dealer + 1} at a table of {ruleset.players}")
    for number, cards in enumerate(record.tricks, start=1):
        if problem := trick_problem(number, len(cards), ruleset, last=number == len(record.tricks)):
            raise problem


def _check_name(name: str) -> None:
    for wrong, why in (
        ("|" in name, "contains '|', which separates names"),
        (bool(name) and name.splitlines() != [name], "contains a line break"),
        (name != name.strip(), "begins or ends with a space"),
    ):
        if wrong:
            raise ValueError(f"the player name {show(name)} {why}")


def _trick_lines(record: DealRecord) -> list[str]:
    bodies = [f"{n}: {format_cards(cards)}" for n, cards in enumerate(record.tricks, 1)]
    width = max((len(body) for body in bodies), default=0)
    notes = _trick_notes(record)
    return [
        f"{body.ljust(width)}  # {note}" if note else body
        for body, note in zip(bodies, notes, strict=True)
    ]


def _trick_notes(record: DealRecord) -> list[str]:
    """Who leads and who wins each trick, derived as rules.md C9 says, for the comments."""
    notes, players = [], record.players
    leader: int | None = first_leader(record.dealer, record.ruleset)
    for cards in record.tricks:
        winner = None if leader is None else _winner(leader, cards, record.ruleset)
        leads = "" if leader is None else f"{seat_name(players, leader)} leads"
        notes.append(leads if winner is None else f"{leads}, {seat_name(players, winner)} wins")
        leader = winner
    return notes


def _winner(leader: int, cards: tuple[Card, ...], ruleset: Ruleset) -> int | None:
    """Seat that won a finished trick; None for an unfinished one or one with no winner."""
    try:
        finished = len(cards) == ruleset.players
        return (leader + trick_winner(cards, ruleset)) % ruleset.players if finished else None
    except IllegalDealError:
        return None  # only Fools: the replay reports it
