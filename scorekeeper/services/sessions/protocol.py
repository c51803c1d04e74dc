"""The protocol of a session as a view model: what the page, the API and the printed sheet show.

Templates get finished rows, games, standings and settlement sentences; no rules in templates.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from dataclasses import field

from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import ngettext

from ...rules import Problem
from ...rules.game import Game
from ...rules.game import Progress
from ...rules.game import progress
from ...rules.settlement import Settlement
from .. import Deal
from .. import Session

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
    session: Session = field(repr=False, compare=False)
    """The session it was built from."""
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


def build_protocol(session: Session) -> Protocol:
    """Build the protocol of a session from its recorded deals, in the request's language."""
    locale = str(get_locale())
    scores = [deal.result.scores for deal in session.deals]
    dealers = [deal.dealer for deal in session.deals]
    state = progress(session.ruleset, session.first_dealer, scores, dealers=dealers)
    names = session.side_names
    per_side = session.ruleset.players // session.ruleset.sides  # two partners a team
    games = tuple(
        _game_view(game, _protocol_rows(session, state, game), names, per_side, locale)
        for game in state.games
    )
    return Protocol(
        session,
        names,
        games,
        state.totals,
        state.next_dealer,
        session.players[state.next_dealer],
        state.deals_to_go,
        state,
    )


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
    game: Game, rows: tuple[ProtocolRow, ...], names: tuple[str, ...], per_side: int, locale: str
) -> GameView:
    standings = tuple(Place(s.rank, names[s.side], s.total, s.tied) for s in game.standings)
    settlement = ""
    if game.settlement:
        settlement = _settlement_text(game.settlement, names, per_side, locale)
    tie = bool(game.settlement and game.settlement.tie)
    return GameView(
        game.number, rows, game.totals, game.finished, standings, settlement, tie, game.deals_to_go
    )


_SAID: dict[tuple[Settlement, tuple[str, ...], int, str], str] = {}
"""Settlement sentences already made: a session's games are settled in a few ways only."""


def _settlement_text(
    settlement: Settlement, names: tuple[str, ...], per_side: int, locale: str
) -> str:
    key = (settlement, names, per_side, locale)
    text = _SAID.get(key)
    if text is None:
        if len(_SAID) >= 4096:
            _SAID.clear()
        text = _SAID[key] = settlement_text(settlement, names, per_side)
    return text


def settlement_text(settlement: Settlement, names: tuple[str, ...], per_side: int = 1) -> str:
    """Say who wins and who pays whom, in the table's words.

    The verb agrees with the people it is about, through the catalogue's plural forms: a side
    is one player, or a team of ``per_side`` partners ("Anna & Carla win").
    """
    if not settlement.winners:
        # Every side tied where the lowest pays: nobody is above anybody.
        return _(
            "All tied: %(names)s. The rules do not say who pays, so the table decides.",
            names=join_names(list(names)),
        )
    winners = [names[side] for side in settlement.winners]
    if settlement.kind == "highest-wins" or not settlement.payments:
        text = ngettext(
            "%(names)s wins", "%(names)s win", len(winners) * per_side, names=join_names(winners)
        )
    else:
        payers = [names[side] for side in settlement.payers]
        people = len(payers) * per_side
        said = {"payers": join_names(payers), "payees": join_names(winners)}
        if settlement.kind == "lowest-pays-each":
            text = ngettext(
                "%(payers)s pays the stake to each of %(payees)s",
                "%(payers)s pay the stake to each of %(payees)s",
                people,
                **said,
            )
        else:
            text = ngettext(
                "%(payers)s pays a drink to %(payees)s",
                "%(payers)s pay a drink to %(payees)s",
                people,
                **said,
            )
    if settlement.tie:
        text += " " + _("(a tie: the rules do not say how to break it, so the table decides)")
    return text


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return _("%(first)s and %(last)s", first=", ".join(names[:-1]), last=names[-1])
