"""The pages without a deal form: home, new session, the protocol, the count checker, refusals."""

import re

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from scorekeeper import create_app
from scorekeeper.rules import OPTIONS
from scorekeeper.rules import PRESETS
from scorekeeper.services.sessions.lifecycle import clean_text
from tests.databases import fresh_database
from tests.fuzzing import examples
from tests.web.helpers import alerts
from tests.web.helpers import all_sessions
from tests.web.helpers import deal_row
from tests.web.helpers import deal_rows
from tests.web.helpers import field_errors
from tests.web.helpers import load
from tests.web.helpers import page
from tests.web.helpers import protocol_numbers
from tests.web.helpers import record_totals
from tests.web.helpers import row_cells
from tests.web.helpers import session_form
from tests.web.helpers import start_session
from tests.web.helpers import text


def players_errors(soup):
    """The errors shown in the players' part of the session form (a field of it or its box)."""
    box = soup.find(attrs={"name": "player_0"}).find_parent("fieldset")
    assert box is not None
    return [text(p) for p in box.select(".error, [role=alert]")]


# CSRF


def test_csrf_is_on_by_default_and_a_post_without_a_token_is_refused_storing_nothing(tmp_path):
    # No SECRET_KEY given: the factory makes one when the config has none.
    app = create_app({"TESTING": True, "DATABASE": fresh_database(tmp_path / "csrf.sqlite")})
    client = app.test_client()
    form = client.get("/sessions/new")
    assert page(form).find(attrs={"name": "csrf_token"}) is not None
    response = client.post("/sessions/new", data=session_form())
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert all_sessions(app) == []


# Home


def test_the_home_page_says_there_is_no_session_yet(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "No session yet" in text(page(response))


def test_the_home_page_lists_sessions_newest_first_with_their_players(client):
    first = start_session(client, ["Anna", "Bruno", "Carla"])
    second = start_session(client, ["Dora", "Emil", "Fritz"], ruleset="scarto-sv")
    third = start_session(client, ["Gina", "Hugo", "Ines", "Jan"], ruleset="piedicavallo")
    record_totals(client, first, [30, 27, 21])
    soup = page(client.get("/"))
    links = [
        (int(m.group(1)), text(a))
        for a in soup.select("main a[href]")
        if (m := re.fullmatch(r"/sessions/(\d+)", a["href"]))
    ]
    assert [session_id for session_id, _ in links] == [third, second, first]
    assert "Gina" in links[0][1]
    assert "Jan" in links[0][1]
    assert all(name in links[1][1] for name in ("Dora", "Emil", "Fritz"))
    assert all(name in links[2][1] for name in ("Anna", "Bruno", "Carla"))
    assert "1 deal" in text(soup.find("a", href=f"/sessions/{first}").parent)


# New session


def test_the_new_session_page_has_every_field(client):
    response = client.get("/sessions/new")
    assert response.status_code == 200
    soup = page(response)
    names = {el["name"] for el in soup.find_all(attrs={"name": True})}
    expected = {"ruleset", "first_dealer", "table_name", "place"}
    expected |= {f"player_{seat}" for seat in range(4)}
    expected |= {f"option_{name}" for name in OPTIONS}
    assert expected <= names
    rulesets = [
        option["value"] for option in soup.find("select", attrs={"name": "ruleset"})("option")
    ]
    assert rulesets == list(PRESETS)


def test_starting_a_session_redirects_to_its_protocol_and_stores_it(client, app):
    response = client.post(
        "/sessions/new",
        data=session_form(first_dealer=1, table_name="Kitchen", place="Biella"),
    )
    assert response.status_code == 303
    session_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert response.headers["Location"].endswith(f"/sessions/{session_id}")
    session = load(app, session_id)
    assert session.players == ("Anna", "Bruno", "Carla")
    assert session.ruleset.id == "scarto"
    assert session.first_dealer == 1
    assert (session.table_name, session.place) == ("Kitchen", "Biella")
    soup = page(client.get(response.headers["Location"]))
    assert "Next dealer: Bruno" in text(soup)
    assert "Kitchen" in text(soup)
    assert "Biella" in text(soup)
    assert "No deal recorded yet" in text(soup)


def test_a_house_rule_is_kept_with_the_session_and_shown_on_its_protocol(client, app):
    session_id = start_session(client, option_top_trump="21")
    assert load(app, session_id).ruleset.top_trump == 21
    soup = page(client.get(f"/sessions/{session_id}"))
    # Said as a sentence (rules/options.py); the ids stay in the API.
    said = "The trump above all others: the Angel (20) or the World (21): The World (21)"
    assert said in text(soup)
    assert "top_trump" not in text(soup)


def test_a_fourth_name_is_ignored_only_where_nobody_typed_it(client, app):
    # Three names for Scarto, the fourth field left empty: a normal start.
    session_id = start_session(client, ["Anna", "Bruno", "Carla", ""])
    assert load(app, session_id).players == ("Anna", "Bruno", "Carla")


@pytest.mark.parametrize(
    ("players", "ruleset", "message"),
    [
        (["Anna", "Bruno"], "scarto", ""),  # 2 players for a 3-player game
        (["Anna", "", "Carla"], "scarto", "every player needs a name"),
        (["Anna", "   ", "Carla"], "scarto", "every player needs a name"),
        (["Anna", "Bruno", "Carla"], "piedicavallo", ""),  # 3 players for a 4-player game
        (["Anna", "Bruno", "anna"], "scarto", "two players have the same name"),
        (["Anna", "Bruno", "Anna "], "scarto", "two players have the same name"),
    ],
)
def test_a_session_with_wrong_players_is_refused_next_to_the_players(
    client, app, players, ruleset, message
):
    response = client.post("/sessions/new", data=session_form(players, ruleset=ruleset))
    assert response.status_code == 400
    assert "Location" not in response.headers
    errors = players_errors(page(response))
    assert errors, alerts(page(response))
    assert message in " ".join(errors)
    assert all_sessions(app) == []


def test_four_names_for_a_three_player_ruleset_are_refused_not_cut_to_three(client, app):
    # Scarto is for three: a fourth name typed means the wrong ruleset or a wrong table, and the
    # service says so ("needs 3 players, not 4"). The form must not drop Dora without a word.
    players = ["Anna", "Bruno", "Carla", "Dora"]
    response = client.post("/sessions/new", data=session_form(players))
    assert response.status_code == 400
    assert "needs 3 players, not 4" in " ".join(players_errors(page(response)))
    assert all_sessions(app) == []


def test_a_name_of_41_characters_is_refused_next_to_that_name(client, app):
    response = client.post("/sessions/new", data=session_form(["Anna", "Bruno", "x" * 41]))
    assert response.status_code == 400
    soup = page(response)
    assert any("40" in error for error in field_errors(soup, "player_2"))
    assert field_errors(soup, "player_0") == []
    assert all_sessions(app) == []


def test_a_name_of_40_characters_is_accepted(client, app):
    session_id = start_session(client, ["Anna", "Bruno", "x" * 40])
    assert load(app, session_id).players[2] == "x" * 40


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ruleset", "tarock-99"),
        ("ruleset", ""),
        ("option_top_trump", "22"),
        ("option_counting", "fives"),
        ("option_tie_extra_deal", "perhaps"),
        ("first_dealer", "7"),
        ("first_dealer", "x"),
    ],
)
def test_an_unknown_choice_is_refused_next_to_its_field(client, app, field, value):
    response = client.post("/sessions/new", data=session_form() | {field: value})
    assert response.status_code == 400
    assert field_errors(page(response), field), alerts(page(response))
    assert all_sessions(app) == []


def test_a_first_dealer_beyond_the_table_is_refused_next_to_the_first_dealer(client, app):
    # Seat 3 is in the form (for Piedicavallo) but not at a table of three.
    response = client.post("/sessions/new", data=session_form(first_dealer=3))
    assert response.status_code == 400
    assert "seat from 0 to 2" in " ".join(field_errors(page(response), "first_dealer"))
    assert all_sessions(app) == []


def test_a_table_name_of_81_characters_is_refused(client, app):
    response = client.post("/sessions/new", data=session_form(table_name="t" * 81))
    assert response.status_code == 400
    assert field_errors(page(response), "table_name")
    assert all_sessions(app) == []


def test_a_piedicavallo_session_shows_its_teams_as_columns(client, app):
    session_id = start_session(client, ["Anna", "Bruno", "Carla", "Dora"], ruleset="piedicavallo")
    assert load(app, session_id).side_names == ("Anna & Carla", "Bruno & Dora")
    soup = page(client.get(f"/sessions/{session_id}"))
    headers = [text(th) for th in soup.select("table.protocol thead th")]
    assert "Anna & Carla" in headers
    assert "Bruno & Dora" in headers
    assert "Anna" not in headers
    assert "Carla" not in headers
    # The totals form asks for each team's points.
    soup = page(client.get(f"/sessions/{session_id}/deals/new/totals"))
    labels = [text(label) for label in soup.find_all("label")]
    assert "Anna & Carla" in labels
    assert "Bruno & Dora" in labels
    assert soup.find(attrs={"name": "points_2"}) is None
    # Piedicavallo records raw points: 114 a deal.
    record_totals(client, session_id, [70, None])
    soup = page(client.get(f"/sessions/{session_id}"))
    assert protocol_numbers(soup, 1) == {"points": [70, 44], "scores": [70, 44], "totals": [70, 44]}


# The protocol


def scarto_game(client):
    """A session of Anna, Bruno and Carla (first dealer Anna) with one game of three deals."""
    session_id = start_session(client)
    for points in ([30, 27, 21], [20, 30, 28], [28, 28, 22]):
        record_totals(client, session_id, points)
    return session_id


def test_the_protocol_shows_number_dealer_points_score_and_running_totals(client):
    session_id = scarto_game(client)
    soup = page(client.get(f"/sessions/{session_id}"))
    assert [row["id"] for row in deal_rows(soup)] == ["deal-1", "deal-2", "deal-3"]
    # Scores are points - 26:
    #   deal 1: 30, 27, 21 -> +4, +1, -5; totals  4,  1, -5
    #   deal 2: 20, 30, 28 -> -6, +4, +2; totals -2,  5, -3
    #   deal 3: 28, 28, 22 -> +2, +2, -4; totals  0,  7, -7
    expected = {
        1: ("Anna", [30, 27, 21], [4, 1, -5], [4, 1, -5]),
        2: ("Bruno", [20, 30, 28], [-6, 4, 2], [-2, 5, -3]),
        3: ("Carla", [28, 28, 22], [2, 2, -4], [0, 7, -7]),
    }
    for number, (dealer, points, scores, totals) in expected.items():
        cells = row_cells(soup, number)
        assert cells[0] == str(number)
        assert cells[1] == dealer
        assert protocol_numbers(soup, number) == {
            "points": points,
            "scores": scores,
            "totals": totals,
        }
        link = deal_row(soup, number).find("a", href=True)
        assert link["href"] == f"/sessions/{session_id}/deals/{number}"


def test_after_three_deals_the_game_is_over_and_the_lowest_pays_a_drink(client):
    session_id = scarto_game(client)
    soup = page(client.get(f"/sessions/{session_id}"))
    # Totals 0, 7, -7 (see above): Carla (seat 2) is lowest and pays Anna and Bruno a drink.
    assert "Carla pays a drink to Anna and Bruno" in text(soup)
    assert "in play" not in text(soup)
    standings = text(soup.select_one("tr.settlement"))
    assert standings.index("Bruno 7") < standings.index("Anna 0") < standings.index("Carla -7")
    assert "Next dealer: Anna" in text(soup)


def test_a_fourth_deal_starts_the_second_game_with_totals_from_zero(client):
    session_id = scarto_game(client)
    record_totals(client, session_id, [26, 29, 23])
    soup = page(client.get(f"/sessions/{session_id}"))
    assert len(soup.select("tbody.game")) == 2
    assert "Game 2" in text(soup)
    second = soup.select("tbody.game")[1]
    assert [row["id"] for row in second.select("tr[id^=deal-]")] == ["deal-4"]
    # Deal 4 (26, 29, 23 -> +0, +3, -3) is dealt by Anna again. The rows keep running session
    # totals (0, 7, -7 before it -> 0, 10, -10); the second game's own totals start from zero.
    assert row_cells(soup, 4)[1] == "Anna"
    assert protocol_numbers(soup, 4) == {
        "points": [26, 29, 23],
        "scores": [0, 3, -3],
        "totals": [0, 10, -10],
    }
    game_end = [text(td) for td in second.select_one("tr.game-end").find_all(["th", "td"])]
    assert game_end[1:4] == ["0", "3", "-3"]
    assert "in play" in game_end[0]
    assert "Next dealer: Bruno" in text(soup)
    assert "Carla pays a drink to Anna and Bruno" in text(soup)  # game 1 stays settled


def test_the_next_dealer_follows_the_first_dealer(client):
    session_id = start_session(client, first_dealer=2)
    assert "Next dealer: Carla" in text(page(client.get(f"/sessions/{session_id}")))
    record_totals(client, session_id, [26, 26, 26])
    soup = page(client.get(f"/sessions/{session_id}"))
    assert row_cells(soup, 1)[1] == "Carla"
    assert "Next dealer: Anna" in text(soup)


def test_the_protocol_head_follows_the_deals(client):
    # Anna deals deal 1; after it Bruno deals, with 2 deals to go in the 3-deal Scarto game.
    session_id = start_session(client)
    before = text(page(client.get(f"/sessions/{session_id}")).find(class_="next"))
    assert "Next dealer: Anna" in before
    assert "3 deals to go" in before
    record_totals(client, session_id, [30, 27, 21])
    after = text(page(client.get(f"/sessions/{session_id}")).find(class_="next"))
    assert "Next dealer: Bruno" in after
    assert "2 deals to go" in after


def test_the_header_follows_the_language_and_the_page(client):
    session_id = start_session(client)
    english = page(client.get(f"/sessions/{session_id}")).find("header")
    assert "New session" in text(english)
    switch = english.find("a", attrs={"lang": "it"})["href"]
    assert f"next=/sessions/{session_id}" in switch.replace("%2F", "/")
    client.get(switch)
    italian = page(client.get("/")).find("header")
    assert "New session" not in text(italian)
    assert "next=/" in italian.find("a", attrs={"lang": "en"})["href"].replace("%2F", "/")


def test_a_deleted_deal_shows_on_the_protocol_until_restored(client):
    session_id = start_session(client)
    for points in ([30, 27, 21], [20, 30, 28]):
        record_totals(client, session_id, points)
    assert page(client.get(f"/sessions/{session_id}")).find(class_="deleted") is None
    assert (
        client.post(f"/sessions/{session_id}/deals/2/delete", data={"confirm": "y"}).status_code
        == 303
    )
    listed = page(client.get(f"/sessions/{session_id}")).find(class_="deleted")
    # Deal 2's scores: 20-26, 30-26, 28-26.
    assert listed is not None
    assert "-6 / 4 / 2" in text(listed)
    restore = listed.find("form")["action"]
    assert client.post(restore).status_code == 303
    assert page(client.get(f"/sessions/{session_id}")).find(class_="deleted") is None


@pytest.mark.parametrize(
    "path",
    [
        "/sessions/999",
        "/sessions/999/deals/1",
        "/sessions/999/deals/new/totals",
        "/sessions/999/scarto",
        "/sessions/999/deals/1/edit",
        "/no-such-page",
    ],
)
def test_an_unknown_session_or_page_is_a_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Sorry" in text(page(response))
    assert page(response).find("a", href="/") is not None


def test_an_unknown_deal_or_entry_form_of_a_known_session_is_a_404(client):
    session_id = scarto_game(client)
    for path in ("deals/4", "deals/0", "deals/4/edit", "deals/new/bogus"):
        assert client.get(f"/sessions/{session_id}/{path}").status_code == 404
    response = client.post(f"/sessions/{session_id}/deals/4/delete", data={"confirm": "y"})
    assert response.status_code == 404


def test_the_404_page_names_the_missing_session(client):
    assert "no session 999" in text(page(client.get("/sessions/999")))


# Every page answers


def test_every_page_of_a_session_answers(client):
    session_id = scarto_game(client)
    for path in (
        "/",
        "/sessions/new",
        "/count",
        f"/sessions/{session_id}",
        f"/sessions/{session_id}/deals/1",
        f"/sessions/{session_id}/deals/1/edit",
        f"/sessions/{session_id}/deals/new/totals",
        f"/sessions/{session_id}/deals/new/quick",
        f"/sessions/{session_id}/deals/new/piles",
        f"/sessions/{session_id}/scarto",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.mimetype == "text/html"


# Count checker


def count(client, **fields):
    return client.post("/count", data={"ruleset": "scarto", "show": "y", **fields})


def test_the_count_checker_counts_a_pile_in_threes(client):
    response = count(client, cards="KS 7S 3S QD T20 5D")
    assert response.status_code == 200
    # By hand, under Scarto: K 5 + two blanks 2 = 7, minus 2 = 5;
    # Q 4 + T20 5 + 5D 1 = 10, minus 2 = 8; together 13.
    breakdown = text(page(response).select_one(".breakdown"))
    assert "13 points" in breakdown
    assert "6 cards" in breakdown


def test_the_count_checker_finds_the_one_wrong_group(client):
    response = count(client, groups="KS 7S 3S = 5\nQD T20 5D = 9")
    assert response.status_code == 200
    soup = page(response)
    assert "13 points, 14 claimed" in text(soup)
    rows = soup.select("table.groups-check tbody tr")
    assert len(rows) == 2
    bad = [row for row in rows if "bad" in row.get("class", [])]
    assert len(bad) == 1
    cells = [text(td) for td in bad[0].find_all("td")]
    assert cells[0] == "2"
    assert "9" in cells
    assert "8" in cells
    assert "is worth 8, not 9" in text(soup)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("groups", "KS 7S 3S 5", "line 1"),
        ("groups", "KS 7S 3S = 5\nQD T20 5D = lots", "line 2"),
        ("groups", "KS ZZ = 3", "unknown card 'ZZ'"),
        ("cards", "KS ZZ 3S", "unknown card 'ZZ'"),
    ],
)
def test_the_count_checker_refuses_what_it_cannot_read(client, field, value, message):
    response = count(client, **{field: value})
    assert response.status_code == 400
    assert message in " ".join(field_errors(page(response), field))


def test_the_count_checker_refuses_an_unknown_ruleset(client):
    response = count(client, ruleset="nope", cards="KS")
    assert response.status_code == 400
    assert field_errors(page(response), "ruleset")


# Random text in the session form


any_text = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=30, max_size=60),
    st.text(min_size=200, max_size=3000),
    st.integers(100_000, 300_000).map(lambda n: "é" * n),  # beyond the 256 KiB a request may have
    st.sampled_from(["Dora", "", " ", "\u0958" * 40, "\x00", "a\u0301", "<b>&amp;</b>"]),
)
session_fields = st.fixed_dictionaries(
    {},
    optional={
        "ruleset": st.one_of(st.sampled_from(list(PRESETS)), st.text()),
        "first_dealer": st.one_of(st.sampled_from(["0", "1", "2", "3"]), st.text()),
        "player_0": any_text,
        "player_1": any_text,
        "player_2": any_text,
        "player_3": any_text,
        "table_name": any_text,
        "place": any_text,
        "option_top_trump": st.one_of(st.sampled_from(["", "20", "21"]), st.text()),
        "option_settlement": st.text(),
    },
)


@settings(
    max_examples=examples(50),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(changes=session_fields)
def test_random_text_in_the_session_form_never_breaks_the_page(client, app, changes):
    # A good form with some fields replaced by random text: some starts succeed, most are refused.
    before = all_sessions(app)
    fields = session_form(["Anna", "Bruno", "Carla", "Dora"]) | changes
    response = client.post("/sessions/new", data=fields)
    assert response.status_code in (303, 400, 413), response.status_code
    after = all_sessions(app)
    if response.status_code != 303:
        assert after == before
        return
    assert len(after) == len(before) + 1
    session = load(app, after[0]["id"])
    count = session.ruleset.players
    assert session.players == tuple(clean_text(fields[f"player_{seat}"]) for seat in range(count))
    protocol = client.get(response.headers["Location"])
    assert protocol.status_code == 200
    headers = [text(th) for th in page(protocol).select("table.protocol thead th")]
    assert set(session.side_names) <= set(headers)
