"""Downloads of a session: the protocol as CSV, the session as JSON; 404 for an unknown one."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper import create_app
from scorekeeper import services
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.play import fool_play
from scorekeeper.storage import exchange
from scorekeeper.storage.db import open_db
from scorekeeper.web.db import get_db
from scorekeeper.web.sessions import exports
from tests.databases import fresh_database

DEALS = ([30, 27, 21], [20, 30, 28], [28, 28, 22])
# Scarto scores each side's points - 26:
#   deal 1 (Anna deals)  30/27/21 -> +4/+1/-5, running totals  4,  1, -5
#   deal 2 (Bruno deals) 20/30/28 -> -6/+4/+2, running totals -2,  5, -3
#   deal 3 (Carla deals) 28/28/22 -> +2/+2/-4, running totals  0,  7, -7
# One game: each player has dealt once.
HEADER = [
    "deal",
    "dealer",
    *("points:Anna", "score:Anna", "total:Anna"),
    *("points:Bruno", "score:Bruno", "total:Bruno"),
    *("points:Carla", "score:Carla", "total:Carla"),
    "game",
    "problems",
    "played_on",
]
"""Stable ids by default, which tools read; in the reader's language on request."""
PLAYED_ON = "2024-11-22"  # the evening, not the day the sheet was typed in
ROWS = [
    ["1", "Anna", "30", "4", "4", "27", "1", "1", "21", "-5", "-5", "1", "", PLAYED_ON],
    ["2", "Bruno", "20", "-6", "-2", "30", "4", "5", "28", "2", "-3", "1", "", PLAYED_ON],
    ["3", "Carla", "28", "2", "0", "28", "2", "7", "22", "-4", "-7", "1", "", PLAYED_ON],
]


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "t.sqlite")})


def start(app, players=("Anna", "Bruno", "Carla"), ruleset="scarto", deals=DEALS) -> int:
    with app.app_context():
        db = get_db()
        body = {"ruleset": ruleset, "players": list(players), "played_on": PLAYED_ON}
        session_id = services.start_session(db, body)
        for points in deals:
            services.record_deal(db, session_id, {"points": points})
    return session_id


def read_csv(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.mimetype_params["charset"] == "utf-8"
    body = response.get_data()
    assert body.startswith("\ufeff".encode()), "a byte order mark, for spreadsheets"
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


# CSV


def test_the_csv_has_a_header_and_a_row_per_deal_with_points_scores_and_totals(client, app):
    session_id = start(app)
    response = client.get(f"/sessions/{session_id}/protocol.csv")
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="protocol-{session_id}.csv"'
    )
    assert response.get_data().count(b"\r\n") == 4  # RFC 4180 line ends
    assert read_csv(response) == [HEADER, *ROWS]


def test_the_csv_keeps_names_as_written(client, app):
    session_id = start(app, players=("Anna", "Nicolò", "Zoë"))
    response = client.get(f"/sessions/{session_id}/protocol.csv")
    assert "points:Nicolò".encode() in response.get_data()
    rows = read_csv(response)
    assert rows[0][5:11] == [
        "points:Nicolò",
        "score:Nicolò",
        "total:Nicolò",
        "points:Zoë",
        "score:Zoë",
        "total:Zoë",
    ]
    assert [row[1] for row in rows[1:]] == ["Anna", "Nicolò", "Zoë"]


def test_the_csv_leaves_out_a_deleted_deal_and_shows_a_corrected_one_as_it_is_now(client, app):
    session_id = start(app)
    with app.app_context():
        services.correct_deal(get_db(), session_id, 1, {"points": [26, 26, 26]})
        services.delete_deal(get_db(), session_id, 3)
    rows = read_csv(client.get(f"/sessions/{session_id}/protocol.csv"))
    # Deal 1 now 0/0/0, deal 2 -6/+4/+2: totals -6, 4, 2.
    assert rows[1:] == [
        ["1", "Anna", "26", "0", "0", "26", "0", "0", "26", "0", "0", "1", "", PLAYED_ON],
        ["2", "Bruno", "20", "-6", "-6", "30", "4", "4", "28", "2", "2", "1", "", PLAYED_ON],
    ]


def test_a_formula_like_name_is_quoted_so_that_a_spreadsheet_shows_it_as_text(client, app):
    formula = '=HYPERLINK("http://evil.example","x")'
    session_id = start(app, players=(formula, "+Bruno", "@Carla"))
    rows = read_csv(client.get(f"/sessions/{session_id}/protocol.csv?headers=language"))
    assert rows[0][2:5] == [f"'{formula} points", f"'{formula} score", f"'{formula} total"]
    assert rows[0][5] == "'+Bruno points"
    assert rows[0][8] == "'@Carla points"
    ids = read_csv(client.get(f"/sessions/{session_id}/protocol.csv"))[0]
    assert ids[2] == f"points:{formula}"  # no formula: it starts with the id
    assert [row[1] for row in rows[1:]] == [f"'{formula}", "'+Bruno", "'@Carla"]
    assert rows[1][9:11] == ["-5", "-5"]  # negative numbers stay numbers
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        (-5, "-5"),
        (0, "0"),
        (17, "17"),
        ("-5", "-5"),
        ("-2.5", "-2.5"),
        ("=1+1", "'=1+1"),
        ("+4", "'+4"),
        ("-1+2", "'-1+2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t'=1"),  # split on the tab, each part is text
        ("\r=1", "'\r=1"),
        ("Anna = Bruno", "Anna = Bruno"),
        ("", ""),
        # A spreadsheet that splits on ";" (Excel in Italian, German, Swedish), a tab or ",".
        ("Anna;=1+1", "Anna;'=1+1"),
        ('Anna; "=HYPERLINK(1)', "Anna; \"'=HYPERLINK(1)"),
        ("Anna\t@SUM(A1)", "Anna\t'@SUM(A1)"),
        ("Anna,+4", "Anna,'+4"),
        ("=1;=2", "'=1;'=2"),
        ("Anna; Bruno", "Anna; Bruno"),
    ],
)
def test_a_cell_is_made_formula_safe(cell, written):
    assert exports.safe_cell(cell) == written


def test_the_piedicavallo_csv_has_a_column_group_per_team(client, app):
    session_id = start(
        app,
        players=("Anna", "Bruno", "Carla", "Dario"),
        ruleset="piedicavallo",
        deals=([60, 54], [50, 64]),
    )
    rows = read_csv(client.get(f"/sessions/{session_id}/protocol.csv"))
    # Piedicavallo records the raw points of each team: the score is the points.
    assert rows == [
        [
            "deal",
            "dealer",
            "points:Anna & Carla",
            "score:Anna & Carla",
            "total:Anna & Carla",
            "points:Bruno & Dario",
            "score:Bruno & Dario",
            "total:Bruno & Dario",
            "game",
            "problems",
            "played_on",
        ],
        ["1", "Anna", "60", "60", "60", "54", "54", "54", "1", "", PLAYED_ON],
        ["2", "Bruno", "50", "50", "110", "64", "64", "118", "1", "", PLAYED_ON],
    ]


def test_a_marked_deal_lists_its_problems(client, app):
    """Tarocchi a 3 forbids trumps in the scarto: a trump swapped into it marks the deal."""
    ruleset = find_ruleset("tarocchi-a-3")
    deal = random_deal(ruleset, 1, 0)
    piles = [list(pile) for pile in deal.piles]
    scarto = list(deal.scarto)
    trump = next(c for c in piles[0] if c.is_trump and not c.is_fool and c.rank not in (1, 20, 21))
    blank = next(c for c in scarto if not c.is_trump)
    piles[0][piles[0].index(trump)] = blank
    scarto[scarto.index(blank)] = trump
    session_id = start(app, ruleset="tarocchi-a-3", deals=())
    with app.app_context():
        body = {"piles": [[c.code for c in p] for p in piles], "scarto": [c.code for c in scarto]}
        # The illegal scarto goes to whoever won the last trick: the keeper says who, and
        # whether the Matto was led.
        body["last_trick_winner"] = deal.last_trick_winner
        body["fool_led"] = fool_play(deal.tricks, ruleset).led
        recorded = services.record_deal(get_db(), session_id, body)
    assert [p.code for p in recorded.result.problems] == ["scarto-illegal"]
    rows = read_csv(client.get(f"/sessions/{session_id}/protocol.csv"))
    assert rows[1][-2] == f"trumps may not be laid aside ({trump.code})"


def test_several_problems_are_joined_with_semicolons(app):
    with app.app_context():
        db = get_db()
        session_id = start(app, deals=DEALS[:1])
        data = exchange.export_sessions(db, [session_id])
        data["sessions"][0]["deals"][0]["problems"] = [
            {"code": "a", "message": "=1+1 is no count"},
            {"code": "b", "message": "the scarto is short"},
        ]
        (new_id,) = exchange.import_sessions(db, data)
        loaded = services.load_session(db, new_id)
        table = exports.protocol_table(exports.build_protocol(loaded), loaded.played_on)
    assert table[1][-2] == "=1+1 is no count; the scarto is short"
    text = exports.csv_text(table)
    assert f",'=1+1 is no count; the scarto is short,{loaded.played_on}" in text.splitlines()[1]


def test_the_csv_of_a_session_without_deals_is_its_header(client, app):
    session_id = start(app, deals=())
    assert read_csv(client.get(f"/sessions/{session_id}/protocol.csv")) == [HEADER]


# JSON


def test_the_json_download_is_the_export_of_that_session(client, app, tmp_path):
    session_id = start(app, players=("Anna", "Nicolò", "Carla"))
    start(app)
    response = client.get(f"/sessions/{session_id}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="session-{session_id}.json"'
    )
    assert "Nicolò".encode() in response.get_data()
    data = json.loads(response.get_data())
    with app.app_context():
        assert data == exchange.export_sessions(get_db(), [session_id])
        other = open_db(tmp_path / "other.sqlite")
        try:
            assert exchange.import_sessions(other, data) == [1]
        finally:
            other.close()


# Unknown sessions


@pytest.mark.parametrize("name", ["protocol.csv", "export.json"])
def test_an_unknown_session_answers_404(client, app, name):
    start(app)
    assert client.get(f"/sessions/99/{name}").status_code == 404
    assert client.get(f"/sessions/0/{name}").status_code == 404


def test_the_headers_come_in_the_readers_language_on_request(client, app):
    session_id = start(app)
    client.get("/lang/it")
    rows = read_csv(client.get(f"/sessions/{session_id}/protocol.csv?headers=language"))
    assert rows[0][:5] == ["Mano", "Mazziere", "Anna punti", "Anna punteggio", "Anna totale"]
    assert rows[0][-1] == "Giocata il"
    assert read_csv(client.get(f"/sessions/{session_id}/protocol.csv"))[0] == HEADER
