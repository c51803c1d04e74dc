"""The protocol of a session as a view model: what the page, the API and the printed sheet show.

Templates get finished rows, games, standings and settlement sentences; no rules in templates.
"""

from __future__ import annotations

import functools
import operator
import weakref
from dataclasses import dataclass
from dataclasses import field

from flask_babel import get_locale
from flask_babel import gettext as _

from .rules import Problem
from .rules.game import Game
from .rules.game import Progress
from .rules.game import progress
from .rules.settlement import Settlement
from .services import Deal
from .services import Session
from .services.loaded import EARLIER

PENALTIES = frozenset(
    {
        "scarto-to-last-trick-winner",
        "scarto-to-other-team",
        "fool-to-last-trick-winner",
        "fool-to-other-team",
    }
)
"""The notes that say a penalty moved cards: the protocol shows them with the deal."""


@dataclass(frozen=True)
class ProtocolRow:
    """One deal in the protocol."""

    deal: Deal
    dealer_name: str
    totals: tuple[int, ...]
    game: int
    out_of_turn: bool = False
    """Dealt by another seat than the rotation gave."""

    @property
    def marks(self) -> tuple[Problem, ...]:
        return self.deal.result.problems

    @property
    def penalties(self) -> tuple[Problem, ...]:
        """The penalties applied to the deal: what moved, and to whom (rules.md A3)."""
        return tuple(note for note in self.deal.result.notes if note.code in PENALTIES)

    @functools.cached_property
    def cells(self) -> tuple[tuple[int, int, int], ...]:
        """Per side: its points, its score and its session total after this deal."""
        result = self.deal.result
        return tuple(zip(result.points, result.scores, self.totals, strict=True))


@dataclass(frozen=True)
class Place:
    rank: int
    name: str
    total: int
    tied: bool


@dataclass(frozen=True)
class GameView:
    """A game's deals, totals, standings and, once finished, who pays whom."""

    number: int
    rows: tuple[ProtocolRow, ...]
    totals: tuple[int, ...]
    finished: bool
    standings: tuple[Place, ...]
    settlement: str
    tie: bool
    deals_to_go: int | None


@dataclass(frozen=True)
class Protocol:
    session_ref: weakref.ref[Session] = field(repr=False, compare=False)
    """Its session, held weakly: see ``session``."""
    side_names: tuple[str, ...]
    games: tuple[GameView, ...]
    totals: tuple[int, ...]
    next_dealer: int
    next_dealer_name: str
    deals_to_go: int | None
    state: Progress
    """The rules' progress it was built from."""

    @property
    def rows(self) -> tuple[ProtocolRow, ...]:
        return tuple(row for game in self.games for row in game.rows)

    @property
    def session(self) -> Session:
        """The session it was built from. A session keeps its protocol (in its memo), so a
        strong reference back would make every state a write replaces a cycle of objects that
        only Python's full collections free; held weakly, a replaced state goes at once."""
        session = self.session_ref()
        if session is None:
            raise ReferenceError("the session this protocol was built from is gone")
        return session


def build_protocol(session: Session) -> Protocol:
    """Build the protocol of a session from its recorded deals.

    Built once per session and language: a Session never changes (a write loads a new one), and
    the protocol's sentences are in the language of the request. Built from the protocol of the
    earlier state the session was made from, when there is one: its unchanged games are kept.
    """
    locale = str(get_locale())
    protocol: Protocol | None = session.memo.get(("protocol", locale))
    if protocol is None:
        earlier = _earlier_protocol(session, locale)
        protocol = session.memo[("protocol", locale)] = _build_protocol(session, locale, earlier)
        session.memo.pop(EARLIER, None)
    return protocol


def _earlier_protocol(session: Session, locale: str) -> Protocol | None:
    earlier: Session | None = session.memo.get(EARLIER)
    if earlier is None:
        return None
    same_table = (earlier.ruleset, earlier.players, earlier.first_dealer) == (
        session.ruleset,
        session.players,
        session.first_dealer,
    )
    protocol: Protocol | None = earlier.memo.get(("protocol", locale))
    return protocol if same_table else None


def _build_protocol(session: Session, locale: str, earlier: Protocol | None = None) -> Protocol:
    scores = [deal.result.scores for deal in session.deals]
    before = earlier.state if earlier is not None else None
    dealers = [deal.dealer for deal in session.deals]
    state = progress(session.ruleset, session.first_dealer, scores, before=before, dealers=dealers)
    names = session.side_names
    kept = _kept_games(session, state, earlier)
    games = kept + tuple(
        _game_view(game, _protocol_rows(session, state, game), names, locale)
        for game in state.games[len(kept) :]
    )
    return Protocol(
        weakref.ref(session),
        names,
        games,
        state.totals,
        state.next_dealer,
        session.players[state.next_dealer],
        state.deals_to_go,
        state,
    )


def _kept_games(
    session: Session, state: Progress, earlier: Protocol | None
) -> tuple[GameView, ...]:
    """The earlier protocol's games that the rules kept, and whose deals are the same objects."""
    earlier_session = earlier.session_ref() if earlier is not None else None
    if earlier is None or earlier_session is None:
        return ()
    same = _same_deals(earlier_session.deals, session.deals)
    kept: list[GameView] = []
    for game, view in zip(state.games, earlier.games, strict=False):
        # The earlier protocol's rows show its session's deals (``_protocol_rows``).
        if game is not earlier.state.games[view.number - 1] or view.rows[-1].deal.number > same:
            break
        kept.append(view)
    return tuple(kept)


def _same_deals(before: tuple[Deal, ...], after: tuple[Deal, ...]) -> int:
    """How many deals, from the first, are the same objects in both states."""
    length = min(len(before), len(after))
    # Recording a deal leaves the others as they were: one pass in C.
    if all(map(operator.is_, before[:length], after[:length])):
        return length
    pairs = zip(before[:length], after[:length], strict=True)
    return next(number for number, (a, b) in enumerate(pairs) if a is not b)


def _protocol_rows(session: Session, state: Progress, game: Game) -> tuple[ProtocolRow, ...]:
    return tuple(
        ProtocolRow(
            session.deals[number - 1],
            session.players[state.rows[number - 1].dealer],
            state.rows[number - 1].totals,
            game.number,
            state.rows[number - 1].out_of_turn,
        )
        for number in game.deals
    )


def _game_view(
    game: Game, rows: tuple[ProtocolRow, ...], names: tuple[str, ...], locale: str
) -> GameView:
    standings = tuple(Place(s.rank, names[s.side], s.total, s.tied) for s in game.standings)
    settlement = _settlement_text(game.settlement, names, locale) if game.settlement else ""
    tie = bool(game.settlement and game.settlement.tie)
    return GameView(
        game.number, rows, game.totals, game.finished, standings, settlement, tie, game.deals_to_go
    )


_SAID: dict[tuple[Settlement, tuple[str, ...], str], str] = {}
"""Settlement sentences already made: a session's games are settled in a few ways only."""


def _settlement_text(settlement: Settlement, names: tuple[str, ...], locale: str) -> str:
    key = (settlement, names, locale)
    text = _SAID.get(key)
    if text is None:
        if len(_SAID) >= 4096:
            _SAID.clear()
        text = _SAID[key] = settlement_text(settlement, names)
    return text


def settlement_text(settlement: Settlement, names: tuple[str, ...]) -> str:
    """Say who wins and who pays whom, in the table's words."""
    if settlement.kind == "highest-wins" or not settlement.payments:
        winners = join_names([names[side] for side in settlement.winners])
        text = (
            _("%(names)s win", names=winners)
            if len(settlement.winners) > 1
            else _("%(names)s wins", names=winners)
        )
    else:
        payers = join_names([names[side] for side in settlement.payers])
        payees = join_names([names[side] for side in settlement.winners])
        if settlement.kind == "lowest-pays-each":
            text = _(
                "%(payers)s pays the stake to each of %(payees)s", payers=payers, payees=payees
            )
        else:
            text = _("%(payers)s pays a drink to %(payees)s", payers=payers, payees=payees)
    if settlement.tie:
        text += " " + _("(a tie: the rules do not say how to break it, so the table decides)")
    return text


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])
