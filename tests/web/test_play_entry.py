"""Entering a deal trick by trick: the form, drafts, the replay pages, deal records, the API.

Deals come from the generator, dealt by the session's next dealer, so every trick is a legal
play; expected points come from counting the same deal's piles (audit_piles), never from the
page. A revoke is injected at a known trick with the helper of the rules tests.
"""

import io
import random
import re

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper.rules import PRESETS
from scorekeeper.rules import find_ruleset
from scorekeeper.rules.audit import audit_piles
from scorekeeper.rules.generator import random_deal
from scorekeeper.rules.replay import replay
from tests.fuzzing import examples
from tests.rules.test_replay import inject_revoke
from tests.web.helpers import alerts
from tests.web.helpers import deal_count
from tests.web.helpers import field_errors
from tests.web.helpers import field_value
from tests.web.helpers import load
from tests.web.helpers import next_dealer
from tests.web.helpers import page
from tests.web.helpers import protocol_numbers
from tests.web.helpers import record_totals
from tests.web.helpers import row_marks
from tests.web.helpers import saved_to_protocol
from tests.web.helpers import start_session
from tests.web.helpers import stored_points
from tests.web.helpers import text

API = "/api/v1"
NAMES = {3: ("Anna", "Bruno", "Carla"), 4: ("Anna", "Bruno", "Carla", "Dario")}


# Building the input


def start(client, ruleset_id="scarto", first_dealer=0):
    """A session of the ruleset through the form, with as many players as it needs."""
    players = NAMES[find_ruleset(ruleset_id).players]
    return start_session(client, players, ruleset=ruleset_id, first_dealer=first_dealer)


def next_deal(app, session_id, seed):
    """A legal deal of the session's ruleset, dealt by its next dealer."""
    ruleset = load(app, session_id).ruleset
    return random_deal(ruleset, seed, next_dealer(app, session_id))


def codes(cards):
    return [card if isinstance(card, str) else card.code for card in cards]


def play_of(deal):
    """Each trick's cards in order of play, as codes."""
    return [codes(trick.cards) for trick in deal.tricks]


def play_form(scarto, play, button="save"):
    """The trick-by-trick form: the scarto, then one trick a line."""
    return {
        "scarto": " ".join(codes(scarto)),
        "tricks": "\n".join(" ".join(codes(trick)) for trick in play),
        button: "y",
    }


def post_play(client, session_id, data):
    return client.post(f"/sessions/{session_id}/deals/new/play", data=data)


def save_play(client, session_id, scarto, play):
    response = post_play(client, session_id, play_form(scarto, play))
    assert response.status_code == 303, alerts(page(response))
    assert saved_to_protocol(response, session_id)
    return response


def expected_points(deal):
    """The deal counted from its piles, as the full-piles entry counts it."""
    points = audit_piles(
        deal.ruleset,
        deal.dealer,
        deal.piles,
        deal.scarto,
        last_trick_winner=deal.last_trick_winner,
        names=NAMES[deal.ruleset.players],
    ).points
    return list(points)


def refusal(response):
    """Everything the page says went wrong: the refusal, form errors, the listed problems."""
    soup = page(response)
    problems = [text(li) for li in soup.select(".problems li")]
    return " ".join(alerts(soup) + problems)


def revoked_deal(seed=5, dealer=0):
    """A deal of Scarto with a revoke injected; (deal, play, trick number, revoking seat)."""
    deal = random_deal(find_ruleset("scarto"), seed, dealer)
    injected = inject_revoke(deal, random.Random(seed))
    assert injected is not None
    play, number, seat = injected
    return deal, codes_of_play(play), number, seat


def codes_of_play(play):
    return [codes(trick) for trick in play]


def textarea(soup, name="tricks"):
    """A text area's value as a browser reads it: the newline after the tag is not part of it."""
    value = field_value(soup, name)
    return value.removeprefix("\r\n").removeprefix("\n").replace("\r\n", "\n")


# Recording a legal deal


@pytest.mark.parametrize("ruleset_id", list(PRESETS))
@pytest.mark.parametrize(("seed", "first_dealer"), [(3, 0), (21, 2)])
def test_a_legal_deal_entered_trick_by_trick_is_recorded_with_the_points_of_its_piles(
    client, app, ruleset_id, seed, first_dealer
):
    assert set(PRESETS) == {"scarto", "scarto-sv", "tarocchi-a-3", "piedicavallo"}
    session_id = start(client, ruleset_id, first_dealer)
    expected = []
    # Two deals in a row: the second is dealt by the next seat, so its first leader moves on.
    for number, offset in ((1, 0), (2, 1)):
        deal = next_deal(app, session_id, seed + offset)
        ruleset = deal.ruleset
        assert deal.dealer == (first_dealer + number - 1) % ruleset.players
        assert len(deal.tricks) == ruleset.tricks_per_deal
        save_play(client, session_id, deal.scarto, play_of(deal))
        expected.append(expected_points(deal))
        stored = load(app, session_id).deals[-1]
        assert (stored.form, stored.dealer) == ("play", deal.dealer)
        assert stored.input["play"] == play_of(deal)
        assert stored.input["scarto"] == codes(deal.scarto)
        assert stored.result.problems == ()
    assert stored_points(app, session_id) == expected
    soup = page(client.get(f"/sessions/{session_id}"))
    assert protocol_numbers(soup, 1)["points"] == expected[0]
    assert protocol_numbers(soup, 2)["points"] == expected[1]
    assert "marked" not in row_marks(soup, 1)
    deal_page = text(page(client.get(f"/sessions/{session_id}/deals/2")))
    assert "entered trick by trick" in deal_page


@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    ruleset_id=st.sampled_from(list(PRESETS)),
    seed=st.integers(min_value=0, max_value=2**32),
    first_dealer=st.integers(min_value=0, max_value=3),
)
def test_any_legal_deal_entered_trick_by_trick_records_the_points_of_its_piles(
    client, app, ruleset_id, seed, first_dealer
):
    first_dealer %= find_ruleset(ruleset_id).players
    session_id = start(client, ruleset_id, first_dealer)
    deal = next_deal(app, session_id, seed)
    save_play(client, session_id, deal.scarto, play_of(deal))
    assert stored_points(app, session_id) == [expected_points(deal)]


def test_checking_a_play_shows_the_tricks_the_breakdown_and_stores_nothing(client, app):
    session_id = start(client, first_dealer=1)
    deal = next_deal(app, session_id, 8)
    response = post_play(client, session_id, play_form(deal.scarto, play_of(deal), "check"))
    assert response.status_code == 200
    soup = page(response)
    rows = soup.select("section.replay table.tricks tbody tr[id^=trick-]")
    assert len(rows) == 25
    names = NAMES[3]
    for row, trick in zip(rows, deal.tricks, strict=True):
        cells = row.find_all("td")
        assert text(cells[2]) == names[trick.winner]
        assert text(cells[1]).startswith(names[trick.leader])
    breakdown = text(soup.select_one(".breakdown"))
    assert " ".join(str(p) for p in expected_points(deal)) in breakdown
    assert deal_count(app, session_id) == 0
    # The form keeps what was typed.
    assert textarea(soup).split("\n") == [" ".join(trick) for trick in play_of(deal)]


def test_lower_case_suit_symbols_and_commas_are_read_as_card_codes(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 9)
    play = [[card.label.lower() for card in trick.cards] for trick in deal.tricks]
    data = play_form(deal.scarto, play)
    data["tricks"] = "\n".join(", ".join(trick) for trick in play)
    data["scarto"] = " ".join(card.code.lower() for card in deal.scarto)
    assert_saved = post_play(client, session_id, data)
    assert assert_saved.status_code == 303, refusal(assert_saved)
    assert load(app, session_id).deals[0].input["play"] == play_of(deal)
    assert stored_points(app, session_id) == [expected_points(deal)]


# A revoke


def test_a_deal_with_a_revoke_is_recorded_marked_and_the_problem_names_its_trick(client, app):
    session_id = start(client)
    deal, play, number, seat = revoked_deal()
    assert deal.dealer == next_dealer(app, session_id)
    save_play(client, session_id, deal.scarto, play)
    stored = load(app, session_id).deals[0]
    revokes = [p for p in stored.result.problems if p.code == "revoke"]
    assert revokes
    assert revokes[0].trick == number
    said = f"trick {number}: {NAMES[3][seat]} played"
    assert revokes[0].message.startswith(said)
    soup = page(client.get(f"/sessions/{session_id}"))
    marks = row_marks(soup, 1)
    assert "marked" in marks
    assert said in marks
    assert "lead while holding" in marks
    # The swap changed who holds what, not who won: the points are those of the played piles.
    assert stored_points(app, session_id)[0] == list(stored.result.points)


def test_checking_a_play_with_a_revoke_marks_its_trick(client, app):
    session_id = start(client)
    deal, play, number, seat = revoked_deal(seed=17)
    response = post_play(client, session_id, play_form(deal.scarto, play, "check"))
    assert response.status_code == 200
    soup = page(response)
    # The swap may make the other card's play wrong too, later: the revoke comes first.
    marked = [row["id"] for row in soup.select("table.tricks tr.marked")]
    assert marked[0] == f"trick-{number}"
    assert f"trick {number}: {NAMES[3][seat]} played" in refusal(response)
    assert deal_count(app, session_id) == 0


# The replay page


@pytest.fixture
def revoke_session(client, app):
    """A session whose deal 1 was entered trick by trick with a revoke; (id, deal, play, trick)."""
    session_id = start(client)
    deal, play, number, seat = revoked_deal()
    save_play(client, session_id, deal.scarto, play)
    return session_id, deal, play, number, seat


def replay_page(client, session_id, trick=None, number=1):
    url = f"/sessions/{session_id}/deals/{number}/replay"
    response = client.get(url if trick is None else f"{url}?trick={trick}")
    assert response.status_code == 200
    return page(response)


def test_the_first_trick_shows_its_leader_and_its_winner(client, app):
    session_id = start(client, first_dealer=2)
    deal = next_deal(app, session_id, 4)
    save_play(client, session_id, deal.scarto, play_of(deal))
    soup = replay_page(client, session_id, 1)
    assert text(soup.find("h1")) == "Deal 1 · Trick 1 of 25"
    trick = deal.tricks[0]
    assert trick.leader == 0  # Carla deals, Anna leads
    rows = soup.select("table.trick-step tbody tr")
    assert len(rows) == 3
    names = NAMES[3]
    for index, (row, card) in enumerate(zip(rows, trick.cards, strict=True)):
        player = text(row.find("th"))
        assert player.startswith(names[trick.seat_of(index)])
        assert ("leads" in player) == (index == 0)
        assert card.label in text(row)
        assert ("wins the trick" in text(row)) == (trick.seat_of(index) == trick.winner)
    assert soup.select_one("a[rel=prev]") is None
    assert soup.select_one("a[rel=next]")["href"].endswith("/replay?trick=2")
    assert "Every card was a legal play." in text(soup)
    # Without ?trick= the replay opens at the first trick.
    assert text(replay_page(client, session_id).find("h1")) == "Deal 1 · Trick 1 of 25"


@pytest.mark.parametrize(("asked", "shown"), [(99, 25), (26, 25), (0, 1), (-3, 1), ("x", 1)])
def test_a_trick_beyond_the_play_is_clamped(client, app, asked, shown):
    session_id = start(client)
    deal = next_deal(app, session_id, 6)
    save_play(client, session_id, deal.scarto, play_of(deal))
    soup = replay_page(client, session_id, asked)
    assert text(soup.find("h1")) == f"Deal 1 · Trick {shown} of 25"
    winner = NAMES[3][deal.tricks[shown - 1].winner]
    assert text(soup.select_one("table.trick-step tr.winner th")).startswith(winner)
    if shown == 25:
        assert soup.select_one("a[rel=next]") is None
        assert soup.select_one("a[rel=prev]")["href"].endswith("?trick=24")


def test_the_running_points_after_a_trick_are_those_of_the_replay(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 12)
    save_play(client, session_id, deal.scarto, play_of(deal))
    running = replay(deal.ruleset, deal.dealer, deal.scarto, [t.cards for t in deal.tricks]).running
    for step in (1, 13, 25):
        soup = replay_page(client, session_id, step)
        tables = soup.select("table.result")
        cells = [text(td) for td in tables[1].select("tbody td")]
        assert cells == [str(p) for p in running[step - 1]]


def test_the_trick_of_a_revoke_lists_it_under_in_this_trick(client, revoke_session):
    session_id, _deal, _play, number, seat = revoke_session
    soup = replay_page(client, session_id, number)
    assert text(soup.find("h1")) == f"Deal 1 · Trick {number} of 25"
    heading = soup.find("h2", string="In this trick")
    assert heading is not None
    listed = text(heading.find_next("ul"))
    assert f"trick {number}: {NAMES[3][seat]} played" in listed
    # Every trick's page links the problem to its trick; other tricks have no "In this trick".
    other = 1 if number != 1 else 2
    soup = replay_page(client, session_id, other)
    assert soup.find("h2", string="In this trick") is None
    links = [a["href"] for a in soup.select("ul.problems a")]
    assert any(href.endswith(f"/replay?trick={number}") for href in links)


def test_the_replay_of_a_deal_not_entered_trick_by_trick_is_not_found(client, app):
    session_id = start(client)
    record_totals(client, session_id, [30, 27, 21])
    assert client.get(f"/sessions/{session_id}/deals/1/replay").status_code == 404
    assert client.get(f"/sessions/{session_id}/deals/1/record.txt").status_code == 404
    assert client.get(f"/sessions/{session_id}/deals/2/replay").status_code == 404


def test_the_deal_page_links_to_its_replay_and_its_record(client, revoke_session):
    session_id = revoke_session[0]
    soup = page(client.get(f"/sessions/{session_id}/deals/1"))
    hrefs = [a["href"] for a in soup.find_all("a", href=True)]
    assert f"/sessions/{session_id}/deals/1/replay" in hrefs
    assert f"/sessions/{session_id}/deals/1/record.txt" in hrefs


# Correcting a deal entered trick by trick


def test_a_play_deal_is_corrected_in_its_own_prefilled_form(client, revoke_session, app):
    session_id, deal, play, _number, _seat = revoke_session
    form = page(client.get(f"/sessions/{session_id}/deals/1/edit"))
    assert text(form.find("h1")) == "Correct deal 1 · Trick by trick"
    assert textarea(form).split("\n") == [" ".join(trick) for trick in play]
    assert field_value(form, "scarto") == " ".join(codes(deal.scarto))
    assert form.find(attrs={"name": "draft"}) is None  # a correction is not saved part-way
    response = client.post(
        f"/sessions/{session_id}/deals/1/edit", data=play_form(deal.scarto, play_of(deal))
    )
    assert response.status_code == 303, refusal(response)
    corrected = load(app, session_id).deals[0]
    assert corrected.result.problems == ()
    assert corrected.input["play"] == play_of(deal)
    assert stored_points(app, session_id) == [expected_points(deal)]


def test_checking_a_correction_replays_the_play_from_that_deals_dealer(client, app):
    # Deal 1 was dealt by Anna, so Bruno led its first trick, whoever deals next.
    session_id = start(client)
    deal = next_deal(app, session_id, 37)
    save_play(client, session_id, deal.scarto, play_of(deal))
    assert next_dealer(app, session_id) == 1
    response = client.post(
        f"/sessions/{session_id}/deals/1/edit",
        data=play_form(deal.scarto, play_of(deal), "check"),
    )
    assert response.status_code == 200
    rows = page(response).select("section.replay table.tricks tbody tr[id^=trick-]")
    names = NAMES[3]
    shown = [(text(row.find_all("td")[1]).split()[0], text(row.find_all("td")[2])) for row in rows]
    assert shown == [(names[t.leader], names[t.winner]) for t in deal.tricks]


# Saving part-way


def test_a_play_saved_part_way_is_resumed_and_recording_the_deal_clears_it(client, app):
    session_id = start(client, first_dealer=1)
    deal = next_deal(app, session_id, 14)
    play = play_of(deal)
    partial = play[:6] + [play[6][:2]]
    response = post_play(client, session_id, play_form(deal.scarto, partial, "draft"))
    assert response.status_code == 200
    soup = page(response)
    assert "Saved part-way" in text(soup.select_one("[role=status]"))
    next_up = NAMES[3][deal.tricks[6].seat_of(2)]
    assert f"Next to play: {next_up}" in text(soup.select_one(".next-player"))
    assert "6 of 25 tricks" in text(soup.select_one(".next-player"))
    assert deal_count(app, session_id) == 0
    assert load(app, session_id).pending_play == {"scarto": codes(deal.scarto), "play": partial}

    protocol = page(client.get(f"/sessions/{session_id}"))
    assert "Trick by trick (resume)" in text(protocol)
    form = page(client.get(f"/sessions/{session_id}/deals/new/play"))
    assert textarea(form).split("\n") == [" ".join(trick) for trick in partial]
    assert field_value(form, "scarto") == " ".join(codes(deal.scarto))

    save_play(client, session_id, deal.scarto, play)
    assert stored_points(app, session_id) == [expected_points(deal)]
    assert load(app, session_id).pending_play is None
    form = page(client.get(f"/sessions/{session_id}/deals/new/play"))
    assert textarea(form) == ""
    assert field_value(form, "scarto") == ""
    assert "(resume)" not in text(page(client.get(f"/sessions/{session_id}")))


def test_a_later_draft_replaces_the_earlier_one(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 15)
    play = play_of(deal)
    post_play(client, session_id, play_form(deal.scarto, play[:2], "draft"))
    post_play(client, session_id, play_form(deal.scarto, play[:9], "draft"))
    form = page(client.get(f"/sessions/{session_id}/deals/new/play"))
    assert len(textarea(form).split("\n")) == 9


def test_recording_the_next_deal_another_way_clears_the_play_saved_part_way(client, app):
    # The draft belongs to the next deal: once that deal is recorded (here by totals), the
    # play form must not offer it again for the deal after, which another player deals.
    session_id = start(client)
    deal = next_deal(app, session_id, 16)
    post_play(client, session_id, play_form(deal.scarto, play_of(deal)[:3], "draft"))
    assert load(app, session_id).pending_play is not None
    record_totals(client, session_id, [30, 27, 21])
    form = page(client.get(f"/sessions/{session_id}/deals/new/play"))
    assert "Dealer: Bruno" in text(form)
    assert textarea(form) == ""
    assert "(resume)" not in text(page(client.get(f"/sessions/{session_id}")))
    assert load(app, session_id).pending_play is None


# Refusals


@pytest.mark.parametrize(("ruleset_id", "tricks"), [("scarto", 10), ("piedicavallo", 7)])
def test_an_incomplete_play_cannot_be_saved_as_a_deal(client, app, ruleset_id, tricks):
    session_id = start(client, ruleset_id)
    deal = next_deal(app, session_id, 18)
    total = deal.ruleset.tricks_per_deal
    response = post_play(client, session_id, play_form(deal.scarto, play_of(deal)[:tricks]))
    assert response.status_code == 422
    assert "Location" not in response.headers
    assert f"the play has {tricks} of the {total} tricks" in refusal(response)
    assert deal_count(app, session_id) == 0
    # Half a trick more is still incomplete.
    more = play_of(deal)[:tricks] + [play_of(deal)[tricks][:1]]
    response = post_play(client, session_id, play_form(deal.scarto, more))
    assert response.status_code == 422
    assert f"the play has {tricks} of the {total} tricks" in refusal(response)
    assert deal_count(app, session_id) == 0


def test_a_trick_of_four_cards_at_a_table_of_three_is_refused_naming_the_trick(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 19)
    play = play_of(deal)
    play[2].append(play[24].pop())  # trick 3 takes a card of the last trick: none is lost
    response = post_play(client, session_id, play_form(deal.scarto, play))
    assert response.status_code == 422
    said = refusal(response)
    assert "trick 3 has 4 cards; a trick has 3" in said
    assert deal_count(app, session_id) == 0


def test_an_unknown_card_is_refused_and_nothing_is_stored(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 20)
    play = play_of(deal)
    play[2][1] = "ZZ"
    for button in ("save", "check", "draft"):
        response = post_play(client, session_id, play_form(deal.scarto, play, button))
        assert response.status_code == 400, button
        assert "Trick 3: 'ZZ' is not a card" in refusal(response)
    assert deal_count(app, session_id) == 0
    assert load(app, session_id).pending_play is None


def test_an_unknown_card_in_a_trick_is_refused_next_to_the_tricks(client, app):
    # Like a pile's unknown card (next to that pile), a trick's belongs next to the tricks.
    session_id = start(client)
    deal = next_deal(app, session_id, 20)
    play = play_of(deal)
    play[2][1] = "ZZ"
    soup = page(post_play(client, session_id, play_form(deal.scarto, play)))
    assert "Trick 3: 'ZZ' is not a card" in " ".join(field_errors(soup, "tricks"))


def test_an_unknown_card_in_the_scarto_is_refused_next_to_the_scarto(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 20)
    scarto = ["ZZ", *codes(deal.scarto[1:])]
    response = post_play(client, session_id, play_form(scarto, play_of(deal)))
    assert response.status_code == 400
    assert "The scarto: 'ZZ' is not a card" in " ".join(field_errors(page(response), "scarto"))
    assert deal_count(app, session_id) == 0


def test_a_card_played_twice_is_refused(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 22)
    play = play_of(deal)
    twice = play[0][0]
    play[5][1] = twice
    response = post_play(client, session_id, play_form(deal.scarto, play))
    assert response.status_code == 422
    assert "appears 2 times" in refusal(response)
    assert deal_count(app, session_id) == 0


# Deal records


def export(client, session_id, number=1):
    response = client.get(f"/sessions/{session_id}/deals/{number}/record.txt")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    assert "attachment" in response.headers["Content-Disposition"]
    return response.get_data(as_text=True)


def import_record(client, session_id, record):
    return client.post(f"/sessions/{session_id}/deals/import", data={"record": record})


def test_a_record_exported_and_imported_gives_the_same_deal(client, app):
    source = start(client, first_dealer=1)
    deal = next_deal(app, source, 23)
    save_play(client, source, deal.scarto, play_of(deal))
    record = export(client, source)
    assert record.startswith("# scorekeeper deal record v1\n")
    assert "ruleset: scarto" in record
    assert "players: Anna | Bruno | Carla" in record
    assert "dealer: Bruno" in record
    assert f"1: {' '.join(play_of(deal)[0])}" in record
    assert f"25: {' '.join(play_of(deal)[24])}" in record

    target = start(client, first_dealer=1)
    response = import_record(client, target, record)
    assert response.status_code == 303, alerts(page(response))
    assert response.headers["Location"].endswith(f"/sessions/{target}")
    assert stored_points(app, target) == stored_points(app, source) == [expected_points(deal)]
    imported = load(app, target).deals[0]
    assert (imported.form, imported.dealer) == ("play", 1)
    assert imported.input["play"] == play_of(deal)
    assert export(client, target) == record


def test_a_name_a_record_cannot_hold_gets_a_sentence_not_a_server_error(client, app):
    # The record's players line separates names with "|" (docs/deal-record.md): a name holding
    # one cannot be written, and the keeper is told so (409), never a 500.
    source = start_session(client, ["Anna|Bea", "Bruno", "Carla"], first_dealer=1)
    deal = next_deal(app, source, 23)
    save_play(client, source, deal.scarto, play_of(deal))
    response = client.get(f"/sessions/{source}/deals/1/record.txt")
    assert response.status_code == 409
    assert "a player's name holds a '|'" in text(page(response))


@pytest.mark.parametrize("ruleset_id", ["scarto-sv", "tarocchi-a-3", "piedicavallo"])
def test_a_record_of_each_ruleset_round_trips_through_an_uploaded_file(client, app, ruleset_id):
    source = start(client, ruleset_id, first_dealer=2)
    deal = next_deal(app, source, 24)
    save_play(client, source, deal.scarto, play_of(deal))
    record = export(client, source)
    target = start(client, ruleset_id, first_dealer=2)
    response = client.post(
        f"/sessions/{target}/deals/import",
        data={"upload": (io.BytesIO(record.encode()), "deal.txt")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, alerts(page(response))
    assert stored_points(app, target) == [expected_points(deal)]


def test_importing_a_revoke_keeps_the_mark(client, revoke_session, app):
    source, _deal, _play, number, _seat = revoke_session
    target = start(client)
    assert import_record(client, target, export(client, source)).status_code == 303
    problems = load(app, target).deals[0].result.problems
    assert [p.trick for p in problems if p.code == "revoke"][:1] == [number]


def test_a_record_dealt_by_another_seat_than_the_next_dealer_is_refused(client, app):
    source = start(client)
    deal = next_deal(app, source, 25)
    save_play(client, source, deal.scarto, play_of(deal))
    record = export(client, source)  # Anna dealt
    target = start(client)
    record_totals(client, target, [30, 27, 21])  # Bruno deals next
    response = import_record(client, target, record)
    assert response.status_code == 400
    assert "the next dealer is Bruno" in " ".join(alerts(page(response)))
    assert deal_count(app, target) == 1
    other = start(client, first_dealer=2)  # Carla deals first
    response = import_record(client, other, record)
    assert response.status_code == 400
    assert "the next dealer is Carla" in " ".join(alerts(page(response)))
    assert deal_count(app, other) == 0


def test_importing_garbage_is_refused_naming_the_line(client, app):
    source = start(client)
    deal = next_deal(app, source, 26)
    save_play(client, source, deal.scarto, play_of(deal))
    lines = export(client, source).splitlines()
    target = start(client)

    response = import_record(client, target, "hello\nworld\n")
    assert response.status_code == 400
    assert "line 1" in " ".join(alerts(page(response)))

    at = next(i for i, line in enumerate(lines) if line.startswith("7: "))
    broken = list(lines)
    broken[at] = broken[at].replace(play_of(deal)[6][1], "ZZ", 1)
    response = import_record(client, target, "\n".join(broken))
    assert response.status_code == 400
    said = " ".join(alerts(page(response)))
    assert f"line {at + 1}: unknown card 'ZZ'" in said

    swapped = list(lines)
    swapped[at], swapped[at + 1] = swapped[at + 1], swapped[at]
    response = import_record(client, target, "\n".join(swapped))
    assert response.status_code == 400
    assert f"line {at + 1}: trick 8 comes after trick 6" in " ".join(alerts(page(response)))

    response = import_record(client, target, "")
    assert response.status_code == 400
    assert alerts(page(response))
    assert deal_count(app, target) == 0


def test_a_record_of_another_ruleset_is_refused(client, app):
    source = start(client, "tarocchi-a-3")
    deal = next_deal(app, source, 27)
    save_play(client, source, deal.scarto, play_of(deal))
    record = export(client, source)
    target = start(client, "scarto")
    response = import_record(client, target, record)
    assert response.status_code == 400
    said = " ".join(alerts(page(response)))
    assert "not this session's ruleset" in said
    assert deal_count(app, target) == 0


def test_a_record_with_other_house_rules_is_refused(client, app):
    source = start(client, "scarto")
    deal = next_deal(app, source, 28)
    save_play(client, source, deal.scarto, play_of(deal))
    body = {"ruleset": "scarto", "players": list(NAMES[3]), "first_dealer": 0}
    target = client.post(f"{API}/sessions", json=body | {"options": {"top_trump": 21}})
    assert target.status_code == 201
    target_id = target.get_json()["id"]
    response = import_record(client, target_id, export(client, source))
    assert response.status_code == 400
    assert "not this session's ruleset" in " ".join(alerts(page(response)))
    assert deal_count(app, target_id) == 0


def test_an_incomplete_record_is_not_imported(client, app):
    source = start(client)
    deal = next_deal(app, source, 29)
    save_play(client, source, deal.scarto, play_of(deal))
    lines = export(client, source).splitlines()
    cut = "\n".join(line for line in lines if not re.match(r"(1\d|2\d): ", line))
    target = start(client)
    response = import_record(client, target, cut)
    assert response.status_code == 422
    assert "the play has 9 of the 25 tricks" in " ".join(alerts(page(response)))
    assert deal_count(app, target) == 0


# The JSON API


def test_the_audit_of_a_play_gives_the_points_and_the_revoke_with_its_trick(client):
    deal, play, number, seat = revoked_deal(seed=31, dealer=2)
    body = {
        "ruleset": "scarto",
        "dealer": 2,
        "players": list(NAMES[3]),
        "scarto": codes(deal.scarto),
        "play": play,
    }
    response = client.post(f"{API}/audit", json=body)
    assert response.status_code == 200
    result = response.get_json()
    assert result["recordable"] is True
    revokes = [p for p in result["problems"] if p["code"] == "revoke"]
    assert revokes[0]["trick"] == number
    assert revokes[0]["message"].startswith(f"trick {number}: {NAMES[3][seat]} played")
    assert all("trick" in p for p in result["problems"])

    clean = client.post(f"{API}/audit", json=body | {"play": play_of(deal)}).get_json()
    assert clean["problems"] == []
    assert clean["points"] == expected_points(deal)


def test_the_audit_of_an_incomplete_play_is_not_recordable(client):
    deal = random_deal(find_ruleset("scarto"), 32, 0)
    body = {"ruleset": "scarto", "dealer": 0, "scarto": codes(deal.scarto)}
    result = client.post(f"{API}/audit", json=body | {"play": play_of(deal)[:4]}).get_json()
    assert result["recordable"] is False
    assert "the play has 4 of the 25 tricks" in [p["message"] for p in result["problems"]]


def test_a_play_is_recorded_through_the_api(client, app):
    created = client.post(
        f"{API}/sessions", json={"ruleset": "piedicavallo", "players": list(NAMES[4])}
    )
    session_id = created.get_json()["id"]
    deal = next_deal(app, session_id, 33)
    body = {"scarto": codes(deal.scarto), "play": play_of(deal)}
    response = client.post(f"{API}/sessions/{session_id}/deals", json=body)
    assert response.status_code == 201, response.get_json()
    row = response.get_json()
    assert row["form"] == "play"
    assert row["points"] == expected_points(deal)
    assert row["input"]["play"] == play_of(deal)
    refused = client.post(f"{API}/sessions/{session_id}/deals", json=body | {"play": []})
    assert refused.status_code == 422
    assert deal_count(app, session_id) == 1


def test_the_replay_of_a_partial_play_says_who_plays_next(client, app):
    session_id = start(client, first_dealer=1)
    deal = next_deal(app, session_id, 34)
    play = play_of(deal)[:5] + [play_of(deal)[5][:2]]
    body = {"scarto": codes(deal.scarto), "play": play}
    response = client.post(f"{API}/sessions/{session_id}/replay", json=body)
    assert response.status_code == 200
    state = response.get_json()
    assert state["complete"] is False
    seat = deal.tricks[5].seat_of(2)
    assert (state["next_seat"], state["next_player"]) == (seat, NAMES[3][seat])
    assert state["current"] == play[5]
    assert [t["number"] for t in state["tricks"]] == [1, 2, 3, 4, 5]
    assert [t["leader"] for t in state["tricks"]] == [t.leader for t in deal.tricks[:5]]
    assert [t["winner"] for t in state["tricks"]] == [t.winner for t in deal.tricks[:5]]
    assert [t["cards"] for t in state["tricks"]] == play[:5]
    assert state["problems"] == []
    assert deal_count(app, session_id) == 0
    # With nothing played, the player after the dealer leads.
    empty = client.post(f"{API}/sessions/{session_id}/replay", json={"scarto": [], "play": []})
    assert empty.get_json()["next_player"] == "Carla"
    # The whole play: nobody plays next.
    whole = body | {"play": play_of(deal)}
    done = client.post(f"{API}/sessions/{session_id}/replay", json=whole).get_json()
    assert (done["complete"], done["next_seat"], done["next_player"]) == (True, None, None)


def test_the_replay_names_a_trick_of_the_wrong_size(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 35)
    play = play_of(deal)[:4]
    play[1].append(play_of(deal)[10][0])
    body = {"scarto": codes(deal.scarto), "play": play}
    state = client.post(f"{API}/sessions/{session_id}/replay", json=body).get_json()
    sizes = [p for p in state["problems"] if p["code"] == "trick-size"]
    assert sizes
    assert sizes[0]["trick"] == 2


@pytest.mark.parametrize(
    "body",
    [
        {"scarto": [], "play": "JS 1S CS"},
        {"scarto": [], "play": [["JS", "ZZ"]]},
        {"scarto": [], "play": [["JS"]] * 26},
        {"scarto": [], "points": [30, 27, 21]},
        {"scarto": []},
    ],
)
def test_a_replay_that_cannot_be_read_is_refused(client, app, body):
    session_id = start(client)
    response = client.post(f"{API}/sessions/{session_id}/replay", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]


# The audit report


def test_the_audit_report_of_a_play_lists_every_trick_and_its_winner(client, app):
    session_id = start(client)
    deal = next_deal(app, session_id, 36)
    save_play(client, session_id, deal.scarto, play_of(deal))
    response = client.get(f"/sessions/{session_id}/deals/1/audit.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    pdf = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    assert "Tricks" in pdf
    names = NAMES[3]
    running = replay(deal.ruleset, deal.dealer, deal.scarto, [t.cards for t in deal.tricks]).running
    for number, (trick, points) in enumerate(zip(deal.tricks, running, strict=True), start=1):
        plays = " · ".join(
            f"{names[trick.seat_of(i)]} {card.label}" for i, card in enumerate(trick.cards)
        )
        row = f"{number} {plays} {names[trick.winner]} {' '.join(map(str, points))}"
        assert row in pdf, row
