"""Game progress: dealers, totals, games, standings and settlement (rules.md A3, C20-C22)."""

from __future__ import annotations

from itertools import accumulate

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import IllegalDealError
from scorekeeper.rules.game import Game
from scorekeeper.rules.game import Progress
from scorekeeper.rules.game import complete_points
from scorekeeper.rules.game import dealer_of
from scorekeeper.rules.game import game_length
from scorekeeper.rules.game import is_over
from scorekeeper.rules.game import progress
from scorekeeper.rules.options import OPTIONS
from scorekeeper.rules.ruleset import RULESET_IDS
from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.ruleset import find_ruleset
from scorekeeper.rules.settlement import Standing
from scorekeeper.rules.settlement import settle
from scorekeeper.rules.settlement import standings_of
from tests.fuzzing import examples

SCARTO = find_ruleset("scarto")
SCARTO_SV = find_ruleset("scarto-sv")
TAROCCHI = find_ruleset("tarocchi-a-3")
PIEDICAVALLO = find_ruleset("piedicavallo")
TO_100 = find_ruleset("tarocchi-a-3", {"game_length": "first-to-100"})


def scores_from_points(points: list[int], ruleset: Ruleset) -> list[int]:
    return [value - ruleset.score_base for value in points]


# --- a whole Scarto game, by hand -------------------------------------------------------------


def test_points_typed_for_two_players_give_the_third_and_the_e2_scores() -> None:
    # rules.md E2: 30 + 27 + 21 = 78; recorded 30-26 = +4, 27-26 = +1, 21-26 = -5.
    points = complete_points([30, 27, None], SCARTO)
    assert points == [30, 27, 21]
    assert scores_from_points(points, SCARTO) == [4, 1, -5]


def test_a_scarto_game_is_complete_after_each_player_deals_once() -> None:
    # Deals dealt by seats 0, 1, 2. Running totals: (4, 1, -5), (2, 4, -6), (2, 0, -2).
    result = progress(SCARTO, 0, [[4, 1, -5], [-2, 3, -1], [0, -4, 4]])
    assert [row.dealer for row in result.rows] == [0, 1, 2]
    assert [row.totals for row in result.rows] == [(4, 1, -5), (2, 4, -6), (2, 0, -2)]
    assert [row.game for row in result.rows] == [1, 1, 1]
    (game,) = result.games
    assert game.finished
    assert game.deals == (1, 2, 3)
    assert game.totals == (2, 0, -2)
    assert game.deals_to_go == 0
    assert result.totals == (2, 0, -2)
    assert result.next_dealer == 0  # everyone has dealt: seat 0 starts the next game
    assert result.next_game == 2
    assert result.current_game is None
    assert result.deals_to_go == 3


def test_the_lowest_scarto_total_pays_the_winners_a_drink() -> None:
    # Totals (2, 0, -2): seat 2 is lowest and pays seats 0 and 1 (rules.md A3, Wikipedia).
    game = progress(SCARTO, 0, [[4, 1, -5], [-2, 3, -1], [0, -4, 4]]).games[0]
    assert game.settlement is not None
    assert game.settlement.kind == "lowest-pays-winners"
    assert game.settlement.payers == (2,)
    assert game.settlement.winners == (0, 1)
    assert game.settlement.payments == ((2, 0), (2, 1))
    assert not game.settlement.tie


def test_an_empty_session_starts_game_one_with_the_first_dealer() -> None:
    result = progress(SCARTO, 1, [])
    assert result == Progress((), (), (0, 0, 0), 1, 1, 3)
    assert result.current_game is None


def test_an_unfinished_game_says_how_many_deals_are_to_go() -> None:
    # Two of three deals played: "1 deal to go"; the third is dealt by seat (2 + 2) % 3 = 1.
    result = progress(SCARTO, 2, [[4, 1, -5], [-2, 3, -1]])
    assert result.current_game is not None
    assert not result.current_game.finished
    assert result.current_game.settlement is None
    assert result.deals_to_go == 1
    assert result.next_dealer == 1
    assert result.next_game == 1


def test_a_second_game_has_its_own_totals_while_the_session_totals_run_on() -> None:
    deals = [[4, 1, -5], [-2, 3, -1], [0, -4, 4], [10, -5, -5]]
    result = progress(SCARTO, 0, deals)
    assert [game.deals for game in result.games] == [(1, 2, 3), (4,)]
    assert result.games[1].totals == (10, -5, -5)
    assert result.totals == (12, -5, -7)
    assert result.rows[3].game == 2
    assert result.rows[3].dealer == 0  # the deal passes on across games


# --- dealers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "first_dealer", "deal_number", "dealer"),
    [
        (SCARTO, 0, 1, 0),
        (SCARTO, 2, 1, 2),
        (SCARTO, 2, 2, 0),  # after the last seat comes the first
        (SCARTO, 2, 4, 2),
        (PIEDICAVALLO, 3, 5, 3),  # (3 + 4) % 4
        (PIEDICAVALLO, 1, 3, 3),
    ],
)
def test_the_deal_passes_to_the_next_seat_in_order_of_play(
    ruleset: Ruleset, first_dealer: int, deal_number: int, dealer: int
) -> None:
    assert dealer_of(ruleset, first_dealer, deal_number) == dealer


# --- a deal dealt out of turn ----------------------------------------------------------------
#
# English Wikipedia (000_*.txt): "The player to the right of the dealer is the next dealer; the
# game continues until all players have dealt." The Swedish page (002_*.txt): "Man spelar över
# tre givar, en giv var" (three deals, one each).


@pytest.mark.parametrize("ruleset", [SCARTO, SCARTO_SV])
def test_a_game_lasts_until_every_player_has_dealt_after_a_deal_out_of_turn(
    ruleset: Ruleset,
) -> None:
    # Anna (0) deals; Carla (2) deals the second deal out of turn, so it passes on from her to
    # Anna. After three deals Bruno has not dealt: the game goes on, and he deals the fourth.
    # Was: the game ended after three deals, one player never dealt.
    scores = [[4, 1, -5], [0, 2, -2], [1, 1, -2], [-3, 0, 3]]
    after_two = progress(ruleset, 0, scores[:2], dealers=[0, 2])
    assert after_two.next_dealer == 0
    assert after_two.deals_to_go == 2  # Anna, then Bruno, the rotation kept from now on
    after_three = progress(ruleset, 0, scores[:3], dealers=[0, 2, 0])
    assert not after_three.games[0].finished
    assert after_three.next_dealer == 1
    assert after_three.deals_to_go == 1
    after_four = progress(ruleset, 0, scores, dealers=[0, 2, 0, 1])
    (game,) = after_four.games
    assert game.deals == (1, 2, 3, 4)
    assert game.finished
    assert game.totals == (2, 4, -6)
    assert after_four.next_dealer == 2
    assert after_four.deals_to_go == 3  # a new game


def test_a_game_of_a_set_number_of_deals_counts_deals_not_dealers() -> None:
    # The Italian page (004_*.txt): "la partita può finire dopo 3, 6 o 9 mani": three deals,
    # whoever dealt them.
    result = progress(TAROCCHI, 0, [[30, 28, 20]] * 3, dealers=[0, 2, 0])
    assert result.games[0].finished
    assert result.next_game == 2


def test_piedicavallo_a_team_game_lasts_until_each_of_the_four_has_dealt() -> None:
    # rules.md A3 (Piedicavallo): "4 deals, each deals once". Dario (3) dealt the second deal
    # out of turn, for Bruno (1): the deal passed on from him to Anna (0), then Bruno. After
    # four deals Carla (2) has not dealt: she deals the fifth, the last of the game.
    scores = [[60, 54], [50, 64], [57, 57], [61, 53]]
    result = progress(PIEDICAVALLO, 0, scores, dealers=[0, 3, 0, 1])
    assert not result.games[0].finished
    assert result.next_dealer == 2
    assert result.deals_to_go == 1
    done = progress(PIEDICAVALLO, 0, [*scores, [60, 54]], dealers=[0, 3, 0, 1, 2])
    assert done.games[0].finished
    assert done.games[0].totals == (288, 282)


# --- game lengths ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "length"),
    [
        (SCARTO, 3),  # each-deals-once, 3 players
        (PIEDICAVALLO, 4),  # each-deals-once, 4 players in 2 teams
        (find_ruleset("tarocchi-a-3", {"game_length": "3-deals"}), 3),
        (find_ruleset("tarocchi-a-3", {"game_length": "6-deals"}), 6),
        (find_ruleset("tarocchi-a-3", {"game_length": "9-deals"}), 9),
        (find_ruleset("piedicavallo", {"game_length": "3-deals"}), 3),
    ],
)
def test_games_have_the_number_of_deals_the_ruleset_sets(ruleset: Ruleset, length: int) -> None:
    # 2 * length + 1 deals without ties: two finished games and one deal of a third.
    deal = [10, 0, 5][: ruleset.sides]
    result = progress(ruleset, 0, [deal] * (2 * length + 1))
    assert game_length(ruleset) == length
    assert [len(game.deals) for game in result.games] == [length, length, 1]
    assert [game.finished for game in result.games] == [True, True, False]
    assert result.deals_to_go == length - 1


def test_first_to_100_has_no_fixed_length() -> None:
    assert game_length(TO_100) is None
    assert progress(TO_100, 0, []).deals_to_go is None


def test_first_to_100_ends_after_the_deal_that_reaches_100() -> None:
    # Raw points: (30, 27, 21), (70, 47, 39), then (105, 72, 57): seat 0 reaches 100 and wins.
    deals = [[30, 27, 21], [40, 20, 18], [35, 25, 18], [20, 30, 28]]
    result = progress(TO_100, 0, deals)
    first, second = result.games
    assert first.deals == (1, 2, 3)
    assert first.totals == (105, 72, 57)
    assert first.finished
    assert first.settlement is not None
    assert first.settlement.winners == (0,)
    assert first.settlement.payers == ()
    assert second.deals == (4,)
    assert second.totals == (20, 30, 28)  # a new game starts from 0
    assert not second.finished
    assert second.deals_to_go is None
    assert result.deals_to_go is None


def test_first_to_100_can_end_after_two_deals() -> None:
    # (60, 10, 8) then (110, 30, 16).
    result = progress(TO_100, 0, [[60, 10, 8], [50, 20, 8]])
    assert result.games[0].finished
    assert result.games[0].deals == (1, 2)


def test_a_tie_at_100_without_an_extra_deal_has_two_winners() -> None:
    # (39, 39, 0), (78, 78, 0), (108, 108, 18): finished, tied for first; the table decides.
    result = progress(TO_100, 0, [[39, 39, 0], [39, 39, 0], [30, 30, 18]])
    game = result.games[0]
    assert game.finished
    assert game.settlement is not None
    assert game.settlement.winners == (0, 1)
    assert game.settlement.tie
    assert [(s.side, s.rank, s.tied) for s in game.standings] == [
        (0, 1, True),
        (1, 1, True),
        (2, 3, False),
    ]


# --- Piedicavallo: a tie adds a deal ----------------------------------------------------------

PIEDICAVALLO_TIED = [[60, 54], [50, 64], [57, 57], [61, 53]]  # 228 each after four deals


def test_a_piedicavallo_tie_after_four_deals_needs_an_extra_deal() -> None:
    result = progress(PIEDICAVALLO, 1, PIEDICAVALLO_TIED)
    game = result.current_game
    assert game is not None
    assert game.totals == (228, 228)
    assert not game.finished
    assert game.settlement is None
    assert game.deals_to_go == 1
    assert result.deals_to_go == 1
    assert result.next_dealer == 1  # dealers 1, 2, 3, 0; the extra deal is seat 1's
    assert result.next_game == 1


def test_the_extra_deal_breaks_the_tie_and_the_higher_team_wins() -> None:
    # Fifth deal 70 / 44: teams 298 v 272.
    result = progress(PIEDICAVALLO, 1, [*PIEDICAVALLO_TIED, [70, 44]])
    (game,) = result.games
    assert game.deals == (1, 2, 3, 4, 5)
    assert game.finished
    assert game.totals == (298, 272)
    assert game.settlement is not None
    assert game.settlement.winners == (0,)
    assert not game.settlement.tie
    assert [row.dealer for row in result.rows] == [1, 2, 3, 0, 1]
    assert result.next_dealer == 2


def test_extra_deals_go_on_while_the_tie_lasts() -> None:
    still_tied = progress(PIEDICAVALLO, 0, [*PIEDICAVALLO_TIED, [57, 57]])
    assert still_tied.games[0].deals_to_go == 1
    broken = progress(PIEDICAVALLO, 0, [*PIEDICAVALLO_TIED, [57, 57], [50, 64]])
    assert broken.games[0].finished
    assert broken.games[0].deals == (1, 2, 3, 4, 5, 6)
    assert broken.games[0].settlement is not None
    assert broken.games[0].settlement.winners == (1,)


def test_piedicavallo_points_for_one_team_give_the_other() -> None:
    # rules.md E7: N-S 49, so E-W 114 - 49 = 65.
    assert complete_points([49, None], PIEDICAVALLO) == [49, 65]


# --- standings and settlement ---------------------------------------------------------------


def test_standings_share_a_rank_between_equal_totals() -> None:
    assert standings_of([5, 9, 5, 1]) == (
        Standing(side=1, total=9, rank=1, tied=False),
        Standing(side=0, total=5, rank=2, tied=True),
        Standing(side=2, total=5, rank=2, tied=True),
        Standing(side=3, total=1, rank=4, tied=False),
    )


def test_the_lowest_pays_an_agreed_stake_to_each_other_player() -> None:
    settlement = settle(SCARTO_SV, [7, -12, 5])
    assert settlement.kind == "lowest-pays-each"
    assert settlement.payers == (1,)
    assert settlement.winners == (0, 2)
    assert settlement.payments == ((1, 0), (1, 2))
    assert not settlement.tie


def test_sides_tied_for_lowest_all_pay_each_side_above_them() -> None:
    settlement = settle(SCARTO_SV, [-3, -3, 6])
    assert settlement.payers == (0, 1)
    assert settlement.winners == (2,)
    assert settlement.payments == ((0, 2), (1, 2))
    assert settlement.tie


def test_when_every_side_ties_nobody_pays() -> None:
    settlement = settle(SCARTO, [0, 0, 0])
    assert (settlement.winners, settlement.payers, settlement.payments) == ((), (), ())
    assert settlement.tie


def test_a_tie_for_first_does_not_change_who_pays() -> None:
    settlement = settle(SCARTO, [4, 4, -8])
    assert settlement.payments == ((2, 0), (2, 1))
    assert not settlement.tie


def test_highest_wins_names_the_winner_and_nobody_pays() -> None:
    settlement = settle(TAROCCHI, [40, 20, 18])
    assert settlement.winners == (0,)
    assert (settlement.payers, settlement.payments) == ((), ())
    assert not settlement.tie


def test_highest_wins_with_a_tie_for_first_gives_several_winners() -> None:
    settlement = settle(TAROCCHI, [20, 40, 40])
    assert settlement.winners == (1, 2)
    assert settlement.tie


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("first_dealer", [-1, 3, 7])
def test_a_first_dealer_outside_the_table_is_rejected(first_dealer: int) -> None:
    with pytest.raises(IllegalDealError, match="first dealer"):
        progress(SCARTO, first_dealer, [])
    with pytest.raises(IllegalDealError, match="first dealer"):
        dealer_of(SCARTO, first_dealer, 1)


def test_a_deal_with_the_wrong_number_of_scores_is_rejected() -> None:
    with pytest.raises(IllegalDealError, match="deal 2"):
        progress(SCARTO, 0, [[4, 1, -5], [4, -4]])


def test_piedicavallo_scores_are_per_team_not_per_player() -> None:
    with pytest.raises(IllegalDealError, match="one per team"):
        progress(PIEDICAVALLO, 0, [[30, 27, 30, 27]])


def test_deals_are_numbered_from_one() -> None:
    with pytest.raises(IllegalDealError, match="from 1"):
        dealer_of(SCARTO, 0, 0)


@pytest.mark.parametrize(
    ("points", "message"),
    [
        ([30, 27, 21], "exactly one"),
        ([30, None, None], "exactly one"),
        ([30, None], "one per player"),
        ([60, 30, None], "more than the deck total"),
    ],
)
def test_points_to_complete_need_exactly_one_gap_that_fits(
    points: list[int | None], message: str
) -> None:
    with pytest.raises(IllegalDealError, match=message):
        complete_points(points, SCARTO)


# --- properties -----------------------------------------------------------------------------


@st.composite
def sessions(draw: st.DrawFn) -> tuple[Ruleset, int, list[list[int]]]:
    """A preset with any game length, tie rule and settlement, a first dealer and deal scores."""
    overrides = {
        name: draw(st.sampled_from(OPTIONS[name].values))
        for name in ("game_length", "tie_extra_deal", "settlement")
    }
    ruleset = find_ruleset(draw(st.sampled_from(RULESET_IDS)), overrides)
    first_dealer = draw(st.integers(0, ruleset.players - 1))
    # Few distinct scores make ties common; 30 and 60 still reach 100 in a few deals.
    score = st.sampled_from((-5, 0, 1, 30, 60))
    deal = st.lists(score, min_size=ruleset.sides, max_size=ruleset.sides)
    return ruleset, first_dealer, draw(st.lists(deal, max_size=24))


SESSIONS = given(sessions())
FAST = settings(max_examples=examples(200), deadline=None)


@FAST
@SESSIONS
def test_session_totals_are_the_running_sum_of_deal_scores(
    session: tuple[Ruleset, int, list[list[int]]],
) -> None:
    ruleset, first_dealer, deals = session
    result = progress(ruleset, first_dealer, deals)
    running = list(accumulate((tuple(d) for d in deals), lambda a, b: _add(a, b)))
    assert [row.totals for row in result.rows] == running
    assert result.totals == (running[-1] if running else (0,) * ruleset.sides)
    assert _add_all([game.totals for game in result.games], ruleset.sides) == result.totals


@FAST
@SESSIONS
def test_games_partition_the_deals_in_order(session: tuple[Ruleset, int, list[list[int]]]) -> None:
    ruleset, first_dealer, deals = session
    result = progress(ruleset, first_dealer, deals)
    numbers = [number for game in result.games for number in game.deals]
    assert numbers == list(range(1, len(deals) + 1))
    assert all(game.deals for game in result.games)
    assert [game.number for game in result.games] == list(range(1, len(result.games) + 1))
    assert all(row.number in result.games[row.game - 1].deals for row in result.rows)


@FAST
@SESSIONS
def test_every_game_but_the_last_is_finished_at_its_first_chance(
    session: tuple[Ruleset, int, list[list[int]]],
) -> None:
    ruleset, first_dealer, deals = session
    result = progress(ruleset, first_dealer, deals)
    for game in result.games[:-1]:
        assert game.finished
    for game in result.games:
        played = [deals[number - 1] for number in game.deals]
        dealt = [result.rows[number - 1].dealer for number in game.deals]
        prefixes = [_add_all(played[:n], ruleset.sides) for n in range(1, len(played))]
        assert not any(is_over(ruleset, dealt[:n], t) for n, t in enumerate(prefixes, 1))
        assert game.finished == is_over(ruleset, dealt, game.totals)
        _check_game(ruleset, game)


@FAST
@SESSIONS
def test_the_deal_passes_round_the_table_in_order(
    session: tuple[Ruleset, int, list[list[int]]],
) -> None:
    ruleset, first_dealer, deals = session
    result = progress(ruleset, first_dealer, deals)
    dealers = [row.dealer for row in result.rows] + [result.next_dealer]
    assert dealers[0] == first_dealer
    assert all(b == (a + 1) % ruleset.players for a, b in zip(dealers, dealers[1:], strict=False))


@st.composite
def edits(draw: st.DrawFn) -> tuple[Ruleset, int, list[list[int]], list[list[int]]]:
    """A session before and after one keeper's edit: deals recorded, one corrected, one deleted."""
    ruleset, first_dealer, deals = draw(sessions())
    after = [list(deal) for deal in deals]
    kind = draw(st.sampled_from(("record", "correct", "delete")))
    score = st.sampled_from((-5, 0, 1, 30, 60))
    if kind == "record" or not deals:
        more = st.lists(score, min_size=ruleset.sides, max_size=ruleset.sides)
        after += draw(st.lists(more, min_size=1, max_size=4))
    elif kind == "correct":
        where = draw(st.integers(0, len(deals) - 1))
        after[where] = draw(st.lists(score, min_size=ruleset.sides, max_size=ruleset.sides))
    else:
        del after[draw(st.integers(0, len(deals) - 1))]
    return ruleset, first_dealer, deals, after


@settings(max_examples=examples(400), deadline=None)
@given(edits())
def test_progress_from_an_earlier_state_is_the_progress_from_scratch(
    edit: tuple[Ruleset, int, list[list[int]], list[list[int]]],
) -> None:
    ruleset, first_dealer, deals, after = edit
    before = progress(ruleset, first_dealer, deals)
    assert progress(ruleset, first_dealer, after, before=before) == progress(
        ruleset, first_dealer, after
    )
    # As the app gives them: tuples, those of the deals left as they were the same objects.
    same = [row.scores for row in before.rows]
    kept = [
        same[i] if i < len(same) and same[i] == tuple(d) else tuple(d) for i, d in enumerate(after)
    ]
    assert progress(ruleset, first_dealer, kept, before=before) == progress(
        ruleset, first_dealer, after
    )


def test_progress_from_an_earlier_state_keeps_its_finished_games() -> None:
    # Two Scarto games of three deals, then deal 7 recorded: games 1 and 2 are the same objects,
    # game 3 is new with deal 7 only; the totals run on: (4, 1, -5) * 2 + (0, 0, 0) * 4 ...
    deals = [[4, 1, -5], [0, 0, 0], [0, 0, 0]] * 2
    before = progress(SCARTO, 0, deals)
    after = progress(SCARTO, 0, [*deals, [2, -1, -1]], before=before)
    assert after.games[0] is before.games[0]
    assert after.games[1] is before.games[1]
    assert after.games[2].deals == (7,)
    assert after.rows[-1].totals == (8 + 2, 2 - 1, -10 - 1)
    # A corrected deal 2 leaves nothing of game 1 to keep, nor of game 2 after it.
    corrected = progress(SCARTO, 0, [deals[0], [1, 1, -2], *deals[2:]], before=before)
    assert corrected.games[0] is not before.games[0]
    assert corrected.games[0].totals == (5, 2, -7)
    # Another first dealer: nothing is kept.
    assert progress(SCARTO, 1, deals, before=before).rows[0].dealer == 1


@FAST
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=4))
def test_standings_rank_every_side_once_highest_first(totals: list[int]) -> None:
    standings = standings_of(totals)
    assert sorted(s.side for s in standings) == list(range(len(totals)))
    assert [s.total for s in standings] == sorted(totals, reverse=True)
    for standing in standings:
        assert standing.rank == 1 + sum(t > standing.total for t in totals)
        assert standing.tied == (totals.count(standing.total) > 1)


def _check_game(ruleset: Ruleset, game: Game) -> None:
    """A finished game has its length (or target), a settlement that fits its totals."""
    length = game_length(ruleset)
    if game.finished and length is not None and not ruleset.tie_extra_deal:
        assert len(game.deals) == length
    if not game.finished:
        assert game.settlement is None
        assert game.deals_to_go is None or game.deals_to_go >= 1
        if length is not None and len(game.deals) < length:
            assert game.deals_to_go == length - len(game.deals)
        return
    settlement = game.settlement
    assert settlement is not None
    assert game.deals_to_go == 0
    assert not set(settlement.winners) & set(settlement.payers)
    for payer, payee in settlement.payments:
        assert game.totals[payer] < game.totals[payee]
    if ruleset.tie_extra_deal:
        assert not game.standings[0].tied  # rules.md A3: a tie adds a deal
    if ruleset.tie_extra_deal and ruleset.settlement == "highest-wins":
        assert len(settlement.winners) == 1
        assert not settlement.tie


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _add_all(rows: list[tuple[int, ...]] | list[list[int]], sides: int) -> tuple[int, ...]:
    total = (0,) * sides
    for row in rows:
        total = _add(total, tuple(row))
    return total


def test_a_new_deal_with_the_wrong_number_of_scores_is_refused_after_an_earlier_state() -> None:
    # The deals kept from the earlier state are not checked again; the new one is.
    deals = [(4, 1, -5), (0, 0, 0), (0, 0, 0)] * 2
    before = progress(SCARTO, 0, deals)
    with pytest.raises(IllegalDealError, match="deal 7: 2 scores given"):
        progress(SCARTO, 0, [*deals, (1, -1)], before=before)
