"""Deal records: a whole deal as plain text, one line per trick (docs/deal-record.md), read and
written back to the same record. One idea, kept whole past the size check's 300 lines.

Cards are written as codes (rules.md A2). Leaders are not stored: the player after the dealer
leads the first trick and each winner leads the next (rules.md C9); the writer derives them for a
comment, which the reader ignores. Only the record's shape is checked; the replay judges the play.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card
from .cards import format_cards
from .cards import parse_card
from .errors import IllegalDealError
from .errors import InvalidNotationError
from .errors import ScorekeeperError
from .options import option_text
from .play import first_leader
from .play import trick_winner
from .problem import translatable
from .ruleset import PRESETS
from .ruleset import Ruleset
from .ruleset import find_ruleset

HEADER = "# scorekeeper deal record v1"
_KEYS = ("ruleset", "options", "players", "dealer", "scarto")
_REQUIRED = ("ruleset", "players", "dealer", "scarto")
_SEAT = re.compile(r"seat\s*([0-9]{1,6})", re.IGNORECASE)
_SHOWN = 40
"""Longest piece of input quoted in an error message."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as recorded: whole, or partial when saved part-way through the play."""

    ruleset: Ruleset
    players: tuple[str, ...]
    """Names in order of play; they may repeat or be empty."""
    dealer: int
    """Seat that dealt, 0-based in order of play."""
    scarto: tuple[Card, ...]
    """The cards the dealer laid aside."""
    tricks: tuple[tuple[Card, ...], ...]
    """Each trick's cards in order of play; the last one may be unfinished."""


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    value: str


def parse_record(text: str) -> DealRecord:
    """Read a record; raise InvalidNotationError naming the line and the problem."""
    headers, trick_lines = _split_lines(text)
    ruleset = _read_ruleset(headers["ruleset"], headers.get("options"))
    players = _read_players(headers["players"], ruleset)
    dealer = _read_dealer(headers["dealer"], players)
    scarto = _read_cards(headers["scarto"], ruleset.deck_size)
    return DealRecord(ruleset, players, dealer, scarto, _read_tricks(trick_lines, ruleset))


def seat_name(players: tuple[str, ...], seat: int) -> str:
    """A seat by its player's name, or as "seat N" (1-based) when the name would not do."""
    name = players[seat]
    if name and players.count(name) == 1 and not _SEAT.fullmatch(name):
        return name
    return f"seat {seat + 1}"


def _split_lines(text: str) -> tuple[dict[str, _Line], list[_Line]]:
    """Sort the lines into header lines by key and trick lines in order, checking the layout."""
    headers: dict[str, _Line] = {}
    tricks: list[_Line] = []
    lines = text.removeprefix("\ufeff").splitlines()  # a byte-order mark from an editor
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, colon, value = stripped.partition(":")
        key = key.strip().lower()
        line = _Line(number, value)
        if not colon:
            raise _error(line, _NO_COLON, text=show(stripped))
        if key.isascii() and key.isdigit():
            _check_trick_number(line, key, len(tricks) + 1)
            tricks.append(line)
            if len(tricks) > _MOST_TRICKS:  # one too many for any ruleset: the rest unread
                break
        else:
            _check_header(line, key, headers, tricks)
            headers[key] = line
    _check_complete(headers, tricks, len(lines))
    return headers, tricks


def _check_trick_number(line: _Line, key: str, expected: int) -> None:
    if key.lstrip("0") == str(expected):
        return
    if expected == 1:
        raise _error(line, _FROM_ONE, number=key[:_SHOWN])
    raise _error(line, _OUT_OF_ORDER, number=key[:_SHOWN], before=expected - 1)


def _check_header(line: _Line, key: str, headers: Mapping[str, _Line], tricks: list[_Line]) -> None:
    if key not in _KEYS:
        known = ", ".join(_KEYS)
        raise _error(line, _UNKNOWN_KEY, key=show(key), known=known)
    if key in headers:
        raise _error(line, _KEY_TWICE, key=repr(key), first=headers[key].number)
    if tricks:
        raise _error(line, _AFTER_TRICKS, key=repr(key))


def _check_complete(headers: Mapping[str, _Line], tricks: list[_Line], count: int) -> None:
    missing = [key for key in _REQUIRED if key not in headers]
    if not missing:
        return
    if not headers and not tricks:
        raise InvalidNotationError(
            translatable("the record is empty: no ruleset, players or tricks")
        )
    problem = InvalidNotationError(translatable("missing %(key)s"), key=repr(missing[0]))
    if tricks:
        raise InvalidNotationError(_AT_LINE, line=tricks[0].number, problem=problem)
    raise InvalidNotationError(
        translatable("after line %(line)s: %(problem)s"), line=count, problem=problem
    )


def _read_ruleset(line: _Line, options: _Line | None) -> Ruleset:
    ruleset_id = _uncomment(line.value).strip().lower()
    try:
        preset = find_ruleset(ruleset_id)
    except ValueError as error:
        raise _error(line, translatable("ruleset: %(problem)s"), problem=_as_param(error)) from None
    if options is None:
        return preset
    overrides = _read_options(options)
    try:
        return find_ruleset(ruleset_id, overrides)
    except ValueError as error:  # InvalidRulesetError, or a number too odd to read
        raise _error(options, _OPTIONS, problem=_as_param(error)) from None


def _read_options(line: _Line) -> dict[str, object]:
    """House rules as name=value pairs, in the order given (rules.md A3)."""
    overrides: dict[str, object] = {}
    for token in _uncomment(line.value).replace(",", " ").split():
        name, equals, value = token.partition("=")
        if not (name and equals and value):
            problem = InvalidNotationError(_NAME_VALUE, text=show(token))
            raise _error(line, _OPTIONS, problem=problem)
        name = name.lower()
        if name in overrides:
            problem = InvalidNotationError(_OPTION_TWICE, name=show(name))
            raise _error(line, _OPTIONS, problem=problem)
        overrides[name] = value.lower()
    return overrides


def _read_players(line: _Line, ruleset: Ruleset) -> tuple[str, ...]:
    names = line.value.split("|")
    if len(names) != ruleset.players:  # counted before any name is read
        raise _error(line, _PLAYERS, problem=players_problem(len(names), ruleset))
    return tuple(name.strip() for name in names)


def players_problem(count: int, ruleset: Ruleset) -> InvalidNotationError:
    """The error for a record of ``count`` players where the ruleset has another number."""
    template = translatable("%(n)s players, but ruleset %(ruleset_id)s is played by %(players)s")
    return InvalidNotationError(
        template, n=count, ruleset_id=repr(ruleset.id), players=ruleset.players
    )


def _read_dealer(line: _Line, players: tuple[str, ...]) -> int:
    """The dealer by name, or as "seat N" (1-based), which always means the seat."""
    text = line.value.strip()
    seat = _SEAT.fullmatch(text)
    if seat:
        number = int(seat.group(1))
        if not 1 <= number <= len(players):
            raise _error(line, _NO_SEAT, seat=number, players=len(players))
        return number - 1
    for same in (str, str.casefold):
        seats = [index for index, name in enumerate(players) if same(name) == same(text)]
        if len(seats) == 1:
            return seats[0]
        if seats:
            raise _error(line, _DEALER_TWICE, name=show(text))
    raise _error(line, translatable("the dealer %(name)s is not a player"), name=show(text))


def _read_tricks(lines: list[_Line], ruleset: Ruleset) -> tuple[tuple[Card, ...], ...]:
    tricks = []
    for index, line in enumerate(lines):
        cards = _read_cards(line, ruleset.deck_size)
        problem = trick_problem(index + 1, len(cards), ruleset, last=index == len(lines) - 1)
        if problem:
            raise InvalidNotationError(_AT_LINE, line=line.number, problem=problem)
        tricks.append(cards)
    return tuple(tricks)


def trick_problem(
    number: int, size: int, ruleset: Ruleset, *, last: bool
) -> InvalidNotationError | None:
    """What is wrong with the shape of a trick: only the last one may be unfinished."""
    full, most = ruleset.players, ruleset.tricks_per_deal
    if number > most:
        return InvalidNotationError(_ONE_TOO_MANY, number=number, most=most)
    if size == 0:
        return InvalidNotationError(translatable("trick %(number)s has no cards"), number=number)
    if size > full:
        return InvalidNotationError(_TOO_BIG, number=number, size=size, full=full)
    if size < full and not last:
        return InvalidNotationError(_UNFINISHED, number=number, size=size, full=full)
    return None


def _read_cards(line: _Line, most: int) -> tuple[Card, ...]:
    tokens = _uncomment(line.value).replace(",", " ").split()
    if len(tokens) > most:  # counted before any is read: no line holds more than the pack
        raise _error(line, _MORE_THAN_PACK, n=len(tokens), deck=most)
    cards = []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except ValueError:  # InvalidNotationError, or a digit int() cannot read
            raise _error(line, translatable("unknown card %(token)s"), token=show(token)) from None
    return tuple(cards)


def _uncomment(value: str) -> str:
    """The value without its comment: everything from '#' on (not used for names)."""
    return value.partition("#")[0]


def show(text: str) -> str:
    return repr(text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "...")


def _error(
    line: _Line, template: str, **params: str | int | ScorekeeperError
) -> InvalidNotationError:
    """The error at a line: "line 3: " and the problem, each a sentence for the translators."""
    problem = InvalidNotationError(template, **params)
    return InvalidNotationError(_AT_LINE, line=line.number, problem=problem)


def _as_param(error: ValueError) -> str | ScorekeeperError:
    return error if isinstance(error, ScorekeeperError) else str(error)


# The sentences, marked for the translators; each problem follows "line N: ".
_AT_LINE = translatable("line %(line)s: %(problem)s")
_NO_COLON = translatable("expected 'key: value' or 'N: cards', not %(text)s")
_FROM_ONE = translatable("trick %(number)s comes first; tricks are numbered from 1")
_OUT_OF_ORDER = translatable("trick %(number)s comes after trick %(before)s")
_UNKNOWN_KEY = translatable("unknown key %(key)s (known: %(known)s, or a trick number)")
_KEY_TWICE = translatable("%(key)s given twice (first on line %(first)s)")
_AFTER_TRICKS = translatable("%(key)s comes after the tricks; the header lines come first")
_OPTIONS = translatable("options: %(problem)s")
_NAME_VALUE = translatable("expected name=value, not %(text)s")
_OPTION_TWICE = translatable("%(name)s given twice")
_PLAYERS = translatable("players: %(problem)s")
_NO_SEAT = translatable("there is no seat %(seat)s at a table of %(players)s")
_DEALER_TWICE = translatable("the dealer %(name)s is more than one player: write 'seat N'")
_ONE_TOO_MANY = translatable("trick %(number)s is one too many: a deal has %(most)s tricks")
_TOO_BIG = translatable("trick %(number)s has %(size)s cards; a trick has %(full)s")
_UNFINISHED = translatable(
    "trick %(number)s has only %(size)s of %(full)s cards; only the last may be unfinished"
)
_MOST_TRICKS = max(preset.tricks_per_deal for preset in PRESETS.values())
"""A record's trick lines are read no further than one past this: the rest cannot matter."""
_MORE_THAN_PACK = translatable("%(n)s cards, more than the %(deck)s-card pack")


# Writing a record: the writer derives who leads and who wins each trick (rules.md C9) for a
# comment on its line, which the reader ignores.


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
