"""Who wins and who pays, said as the table says it: the verb agrees with the people, in every
language, through the catalogues' plural forms; a game that ends all tied names the tie.

English Wikipedia (000_*.txt): "The loser is the one with the lowest cumulative score and has
to pay the winners, traditionally with a drink." The Swedish page (002_*.txt): "den som hamnar
längst ned i protokollet sammanlagt betalar en överenskommen insats till bägge de andra."
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_ruleset
from scorekeeper.rules.settlement import settle
from scorekeeper.services.sessions.protocol import settlement_text

NAMES = ("Anna", "Bruno", "Carla")
TEAMS = ("Anna & Carla", "Bruno & Dora")


def said(app, language, ruleset_id, totals, names=NAMES, per_side=1):
    with app.test_request_context(headers={"Accept-Language": language}):
        return settlement_text(settle(find_ruleset(ruleset_id), totals), names, per_side)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "Bruno and Carla pay a drink to Anna (a tie: the rules do not say how to break "
            "it, so the table decides)",
        ),
        (
            "it",
            "Bruno e Carla offrono da bere a Anna (pareggio: il regolamento non dice come "
            "spareggiare, quindi decide il tavolo)",
        ),
    ],
)
def test_two_who_pay_take_the_plural(app, language, expected):
    assert said(app, language, "scarto", [6, -3, -3]) == expected


def test_one_who_pays_takes_the_singular(app):
    assert said(app, "en", "scarto", [4, 1, -5]) == "Carla pays a drink to Anna and Bruno"
    assert said(app, "en", "scarto-sv", [4, 1, -5]) == (
        "Carla pays the stake to each of Anna and Bruno"
    )
    assert said(app, "sv", "scarto-sv", [4, 1, -5]) == (
        "Carla betalar insatsen till var och en av Anna och Bruno"
    )


def test_a_team_wins_in_the_plural(app):
    # Piedicavallo: "the team with most points wins"; a team is two people.
    assert said(app, "en", "piedicavallo", [240, 216], TEAMS, 2) == "Anna & Carla win"
    assert said(app, "de", "piedicavallo", [240, 216], TEAMS, 2) == "Anna & Carla gewinnen"
    assert said(app, "en", "tarocchi-a-3", [90, 80, 70]) == "Anna wins"


def test_a_game_that_ends_all_tied_names_the_tie(app):
    # Was " wins (a tie…)": nobody is lower than anybody, so nobody pays, and nobody was named.
    assert said(app, "en", "scarto", [0, 0, 0]) == (
        "All tied: Anna, Bruno and Carla. The rules do not say who pays, so the table decides."
    )
    assert said(app, "en", "tarocchi-a-3", [80, 80, 80]) == (
        "Anna, Bruno and Carla win (a tie: the rules do not say how to break it, so the table "
        "decides)"
    )
