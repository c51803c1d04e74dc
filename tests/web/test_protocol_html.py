"""The protocol page's game rows (templates/sessions/_game.html): every value escaped, tags,
problems, ties and settlement stated, in the page's language."""

from __future__ import annotations

from scorekeeper.rules.generator import random_deal
from tests.bodies import piles_body
from tests.web.helpers import SCARTO
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import start_session
from tests.web.helpers import text

NAMES = ["<b>Anna</b>", "Bruno & Co", 'Carla "C"']


def test_player_names_are_escaped_in_rows_standings_and_settlement(client):
    session_id = start_session(client, NAMES)
    for points in ([30, 27, 21], [20, 30, 28], [28, 28, 22]):  # a finished game: see test_pages
        record_totals(client, session_id, points)
    response = client.get(f"/sessions/{session_id}")
    html = response.get_data(as_text=True)
    body = html[html.index('<tbody class="game">') : html.index("</tbody>")]
    assert "<b>" not in body
    assert "&lt;b&gt;Anna&lt;/b&gt;" in body  # the dealer of deal 1, and a place in the standings
    assert "Bruno &amp; Co" in body
    assert "Carla &#34;C&#34;" in body or "Carla &quot;C&quot;" in body
    # Totals 0, 7, -7: Carla is lowest and pays the others a drink.
    assert 'Carla "C" pays a drink to <b>Anna</b> and Bruno & Co' in text(page(response))


def test_a_tie_is_marked_in_the_standings(client):
    session_id = start_session(client)
    for _ in range(3):  # 26 each: all three tied at 0
        record_totals(client, session_id, [26, 26, 26])
    soup = page(client.get(f"/sessions/{session_id}"))
    settlement = text(soup.select_one("tr.settlement"))
    assert soup.select_one("tr.settlement td")["colspan"] == "8"  # the whole table's width
    assert settlement.count("(tied)") == 3
    assert "1. Anna 0 (tied)" in settlement


def test_the_rows_speak_italian_on_an_italian_page(client):
    session_id = start_session(client)
    record_totals(client, session_id, [30, 27, 21])
    client.get("/lang/it")
    soup = page(client.get(f"/sessions/{session_id}"))
    game_end = text(soup.select_one("tr.game-end"))
    assert game_end.startswith("Partita 1")
    assert "in corso" in game_end


def test_the_tags_speak_italian_too(client):
    # Deal 2 corrected, then deal 1 deleted: the two left are recounted with new dealers.
    session_id = start_session(client)
    for points in ([30, 27, 21], [20, 30, 28], [28, 28, 22]):
        record_totals(client, session_id, points)
    api = f"/api/v1/sessions/{session_id}/deals"
    assert client.put(f"{api}/2", json={"points": [21, 29, 28]}).status_code == 200
    assert client.delete(f"{api}/1").status_code == 204
    soup = page(client.get(f"/sessions/{session_id}"))
    tags = [text(tag) for tag in soup.select("tr#deal-1 span.tag")]
    assert tags == ["corrected", "recounted"]
    recounted = soup.select("tr#deal-2 span.tag")
    assert [text(tag) for tag in recounted] == ["recounted"]
    assert recounted[0]["title"].startswith("counted again with its new dealer")
    client.get("/lang/it")
    soup = page(client.get(f"/sessions/{session_id}"))
    assert "corretta" in text(soup.select_one("tr#deal-1"))
    assert "ricontata" in text(soup.select_one("tr#deal-2"))
    assert "recounted" not in text(soup)


def test_a_marked_deal_links_to_its_page_and_its_problems_span_the_table(client):
    session_id = start_session(client)
    deal = random_deal(SCARTO, 6, 0)
    body = piles_body(deal)
    # A King laid aside in the scarto: an illegal scarto, recorded and marked.
    seat, king = next(
        (seat, card) for seat, pile in enumerate(body["piles"]) for card in pile if card[0] == "K"
    )
    pile = body["piles"][seat]
    pile[pile.index(king)], body["scarto"][0] = body["scarto"][0], king
    response = client.post(f"/api/v1/sessions/{session_id}/deals", json=body)
    assert response.status_code == 201, response.get_json()
    soup = page(client.get(f"/sessions/{session_id}"))
    row = soup.select_one("tr#deal-1")
    assert row["class"] == ["marked"]
    assert row.find("a")["href"] == f"/sessions/{session_id}/deals/1"
    assert [text(tag) for tag in row.select("span.tag.warn")] == ["marked"]
    marks = row.find_next_sibling("tr")
    assert marks["class"] == ["marks"]
    assert marks.find_all("td")[1]["colspan"] == "7"  # "#" and dealer, then 2 per player
    # The problem in words: its code stays in the JSON API, not on a keeper's page.
    assert "Kings may not be laid aside" in text(marks.select_one("ul.problems"))
    assert marks.select("ul.problems .code") == []
    assert "in play" in text(soup.select_one("tr.game-end"))


def test_past_so_many_marked_deals_the_earlier_ones_keep_their_tag_and_their_page(
    client, monkeypatch
):
    """Issue #32: a session at the cap with every deal marked made a 407 KB page. The latest
    MARKS_SHOWN marked deals have their problems written out; the earlier keep the tag."""
    from scorekeeper.web.sessions import views

    monkeypatch.setattr(views, "MARKS_SHOWN", 2)
    session_id = start_session(client)
    for number in range(3):
        deal = random_deal(SCARTO, 6 + number, number % 3)
        body = piles_body(deal)
        seat, king = next(
            (s, card) for s, pile in enumerate(body["piles"]) for card in pile if card[0] == "K"
        )
        pile = body["piles"][seat]
        pile[pile.index(king)], body["scarto"][0] = body["scarto"][0], king
        body["dealer"] = number % 3
        response = client.post(f"/api/v1/sessions/{session_id}/deals", json=body)
        assert response.status_code == 201, response.get_json()
    soup = page(client.get(f"/sessions/{session_id}"))
    written = [row.find_previous_sibling("tr")["id"] for row in soup.select("tr.marks")]
    assert written == ["deal-2", "deal-3"]
    assert [text(tag) for tag in soup.select("tr#deal-1 span.tag.warn")] == ["marked"]
    assert "1 earlier marked deal has its own on its page" in text(soup)
