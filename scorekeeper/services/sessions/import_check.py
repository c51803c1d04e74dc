"""An imported deal checked as the app would have recorded it (flask import, importing.py).

Its input read as the API reads it and audited again; its scarto check, its history entries;
and the session's scarto checked before play (its play saved part-way: importing.py). Each
check either gives the row as it is to be stored or raises an ``ExchangeError`` saying where
and what: its English template, with the path in the file as it is, is said in the reader's
language by the CLI.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import asdict
from dataclasses import dataclass
from itertools import product
from typing import Any

from ...rules import Card
from ...rules import InvalidNotationError
from ...rules import Problem
from ...rules import Ruleset
from ...rules import ScartoVerdict
from ...rules import ScorekeeperError
from ...rules import check_scarto
from ...rules import parse_card
from ...rules.problem import translatable
from ...storage.checks import AT_PLACE
from ...storage.checks import Check
from ...storage.checks import ExchangeError
from ...storage.checks import Param
from ...storage.checks import Phrase
from ...storage.checks import one_of
from ...storage.checks import problems
from ...storage.checks import refusal
from ...storage.checks import seat
from ...storage.checks import show
from ...storage.checks import side_numbers
from ..deals.inputs import FORMS
from ..deals.inputs import DealInput
from ..deals.inputs import audit_deal
from ..deals.inputs import parse_deal_input
from ..deals.record import result_columns
from ..errors import InputError

ACTIONS = ("recorded", "corrected", "deleted", "restored", "recounted")
"""What services/deals/record.py writes into a history entry's action."""
SNAPSHOT_FIELDS = ("form", "input", "dealer", "points", "scores")
"""What a history entry's before and after may hold (deals._snapshot)."""
SCARTO_CHECK_FIELDS = {"scarto", "legal", "problems", "notes"}
"""A scarto checked before play, as deals.check_scarto_first keeps it."""
_FILE_HAS = translatable("the file has %(given)s, the audit gives %(today)s")

Row = dict[str, Any]


@dataclass(frozen=True)
class Where:
    """A place in the file: the path of a field, and for people the table and deal it is of."""

    path: str
    about: Phrase | None = None

    def at(self, name: str) -> Where:
        """The place of a field in this one."""
        return Where(f"{self.path}.{name}", self.about)

    def said(self) -> str | Phrase:
        """The place as an error says it: the path as it is, what it is of in words."""
        if self.about is None:
            return self.path
        return Phrase(translatable("%(path)s (%(about)s)"), path=self.path, about=self.about)

    def refused(self, template: str, /, **params: Param) -> ExchangeError:
        """An ExchangeError saying what is wrong here: the template, filled in, after the place."""
        return refusal(self.said(), template, **params)

    def refused_with(self, error: Exception) -> ExchangeError:
        """An ExchangeError saying what is wrong here by another error's sentence: storage's or
        the rules core's, said in the reader's language with it; a service's (in the reader's
        language already), or a rules core's too long for a terminal, cut short as it is."""
        kept = isinstance(error, ExchangeError) or (
            isinstance(error, ScorekeeperError) and str(error) == _short(str(error))
        )
        return ExchangeError(
            AT_PLACE, where=self.said(), error=error if kept else _short(str(error))
        )


@dataclass(frozen=True)
class Table:
    """A session's ruleset and players, which its deals are checked against."""

    ruleset: Ruleset
    players: tuple[str, ...]


def parsed_input(table: Table, where: Where, value: object) -> DealInput:
    """A deal's input as the API reads it; refused unless it is just what the app stores."""
    try:
        parsed = parse_deal_input(value, table.ruleset)
    except InputError as error:
        raise where.refused_with(error) from None
    if parsed.data != value:
        assert isinstance(value, Mapping)  # parse_deal_input took it
        unknown = _short(", ".join(sorted(set(map(str, value)) - set(parsed.data))))
        why = (
            Phrase(translatable("keys the app does not keep: %(keys)s"), keys=unknown)
            if unknown
            else Phrase(translatable("cards or values written otherwise"))
        )
        raise where.refused(translatable("not as the app keeps it (%(why)s)"), why=why)
    lists = [parsed.data.get("scarto") or [], *parsed.data.get("piles", [])]
    tricks = parsed.data.get("play", [])
    if any(len(cards) > table.ruleset.deck_size for cards in lists) or any(
        len(trick) > table.ruleset.trick_size for trick in tricks
    ):
        raise where.refused(translatable("a list of cards longer than the deck or a trick"))
    return parsed


def check_deal(
    table: Table, where: Where, deal: Row, parsed: DealInput, dealer: int, history: list[Row]
) -> tuple[Row, list[Row]]:
    """The deal and its history as they are to be stored, if the app would have recorded them.

    Its points, scores, problems and ok must be what today's audit of its input gives. Notes and
    the wording of problems are taken from today's audit instead of refused where they differ:
    an earlier version of the app wrote problems without templates and fewer notes, and a
    re-audit (flask audit-all) looks at points only.
    """
    if deal["form"] != parsed.form:
        template = translatable("the input is %(form)s, not %(given)s")
        raise where.at("form").refused(template, form=parsed.form, given=deal["form"])
    if deal["dealer"] != dealer:
        template = translatable("the rotation and the input give seat %(seat)s, not %(given)s")
        raise where.at("dealer").refused(template, seat=dealer, given=deal["dealer"])
    try:
        result = audit_deal(table.ruleset, dealer, parsed, table.players)
    except (InputError, ScorekeeperError) as error:
        raise where.at("input").refused_with(error) from None
    today = {
        **result_columns(result),
        "problems": _as_stored(result.problems),
        "notes": _as_stored(result.notes),
    }
    for name in ("points", "scores", "ok"):
        if deal[name] != today[name]:
            given, gives = _shown(deal[name]), _shown(today[name])
            raise where.at(name).refused(_FILE_HAS, given=given, today=gives)
    _same_problems(where.at("problems"), deal["problems"] or [], today["problems"])
    scarto_check = check_scarto_verdict(table, where.at("scarto_check"), deal["scarto_check"])
    entries = [
        check_entry(table, where.at(f"history[{n}]"), entry) for n, entry in enumerate(history)
    ]
    return {**deal, **today, "scarto_check": scarto_check}, entries


def _same_problems(where: Where, given: list[Row], today: list[Row]) -> None:
    codes = [problem["code"] for problem in given]
    if codes != [problem["code"] for problem in today]:
        template = _FILE_HAS
        if not today:
            template = translatable("the file has %(given)s, the audit gives none")
        elif not given:
            template = translatable("the file has none, the audit gives %(today)s")
        raise where.refused(template, given=_codes(given), today=_codes(today))
    for n, (old, new) in enumerate(zip(given, today, strict=True)):
        if (old["message"], old.get("trick")) != (new["message"], new["trick"]):
            template = translatable("the file says %(given)s, the audit %(today)s")
            given_n, today_n = repr(_short(old["message"])), repr(new["message"])
            place = Where(f"{where.path}[{n}]", where.about)
            raise place.refused(template, given=given_n, today=today_n)


def check_entry(table: Table, where: Where, entry: Row) -> Row:
    """A history entry as services/deals/record.py writes it: an action and snapshots of the
    deal."""
    _field(where, entry, "action", one_of(ACTIONS))
    for side in ("before", "after"):
        snapshot = entry[side]
        if snapshot is None:
            continue
        place = where.at(side)
        refuse_unknown(place, snapshot, SNAPSHOT_FIELDS)
        _field(place, snapshot, "form", one_of(FORMS))
        _field(place, snapshot, "dealer", seat(table.ruleset))
        _field(place, snapshot, "points", side_numbers(table.ruleset))
        _field(place, snapshot, "scores", side_numbers(table.ruleset))
        if "input" in snapshot:
            parsed = parsed_input(table, place.at("input"), snapshot["input"])
            if snapshot.get("form", parsed.form) != parsed.form:
                template = translatable("the input is %(form)s")
                raise place.at("form").refused(template, form=parsed.form)
    return entry


def check_scarto_verdict(table: Table, where: Where, value: Row | None) -> Row | None:
    """A scarto checked before play: a verdict check_scarto gives for those cards.

    The check keeps the verdict but not what the dealer declared, so any declaration will do.
    """
    if value is None:
        return None
    if set(value) != SCARTO_CHECK_FIELDS:
        fields = ", ".join(sorted(SCARTO_CHECK_FIELDS))
        raise where.refused(translatable("must have %(fields)s"), fields=fields)
    scarto = _cards(where.at("scarto"), value["scarto"], table.ruleset.deck_size)
    _field(where, value, "problems", problems)
    _field(where, value, "notes", problems)
    for verdict in _verdicts(scarto, table.ruleset):
        if (
            verdict.legal is value["legal"]
            and _sentences(verdict.problems) == _sentences(value["problems"])
            and _sentences(verdict.notes) == _sentences(value["notes"])
        ):
            return {
                "scarto": [card.code for card in scarto],
                "legal": verdict.legal,
                "problems": _as_stored(verdict.problems),
                "notes": _as_stored(verdict.notes),
            }
    raise where.refused(translatable("no verdict the scarto check gives for these cards"))


def _verdicts(scarto: Sequence[Card], ruleset: Ruleset) -> Iterator[ScartoVerdict]:
    """Every verdict on the scarto, whatever the dealer declared: the one without, first."""
    for keeps_trump, keeps_fool, had_other_choice in product((None, True, False), repeat=3):
        for announced in (None, *range(22)):  # the trumps he may say he laid aside (dealinput)
            yield check_scarto(
                scarto,
                ruleset,
                keeps_trump=keeps_trump,
                keeps_fool=keeps_fool,
                had_other_choice=had_other_choice,
                trumps_announced=announced,
            )


def refuse_unknown(where: Where, fields: Row, known: Iterable[str]) -> None:
    """Refuse any field but the known ones."""
    unknown = sorted(set(map(str, fields)) - set(known))
    if unknown:
        template = translatable("unknown field %(fields)s")
        raise where.refused(template, fields=_short(", ".join(unknown)))


def _field(where: Where, fields: Row, name: str, check: Check) -> None:
    """Check a field, if it is there; ExchangeError naming it."""
    if name in fields:
        try:
            check(fields[name])
        except ValueError as error:
            raise where.at(name).refused_with(error) from None


def _cards(where: Where, value: object, most: int) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise where.refused(translatable("must be a list of card codes"))
    if len(value) > most:
        template = translatable("at most %(most)s cards, not %(count)s")
        raise where.refused(template, most=most, count=len(value))
    try:
        cards = [parse_card(code) for code in value]
    except InvalidNotationError as error:
        raise where.refused_with(error) from None
    if [card.code for card in cards] != value:
        raise where.refused(translatable("card codes not as the app writes them"))
    return cards


def _as_stored(found: Sequence[Problem]) -> list[Row]:
    """Problems as the database gives them back: JSON, where the values' pairs are lists."""
    return [{**asdict(p), "params": [list(pair) for pair in p.params]} for p in found]


def _sentences(found: Sequence[Problem] | Sequence[Row]) -> list[tuple[Any, ...]]:
    """What problems say, their wording's template and values aside: code, sentence, trick."""
    rows = [asdict(p) if isinstance(p, Problem) else p for p in found]
    return [(row["code"], row["message"], row.get("trick")) for row in rows]


def _codes(found: list[Row]) -> str:
    return _short(", ".join(str(problem["code"]) for problem in found))


def _shown(value: object) -> str | Phrase:
    return " ".join(map(str, value)) if isinstance(value, list) else show(value)


def _short(text: str, most: int = 160) -> str:
    """A sentence from the file, cut short: the message is for a terminal."""
    return text if len(text) <= most else text[: most - 1] + "…"
