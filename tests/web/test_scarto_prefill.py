"""A scarto checked before play fills the next deal's scarto field (issue "The keeper's evening
on a phone": as fast as paper); it is not typed or tapped twice."""

import pytest

from tests.web.helpers import field_value
from tests.web.helpers import page
from tests.web.helpers import record_totals
from tests.web.helpers import start_session

SCARTO = "4S 5B 7C"  # three low cards, a legal scarto in Scarto


def check_scarto(client, session_id):
    response = client.post(f"/sessions/{session_id}/scarto", data={"scarto": SCARTO, "check": "y"})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]


@pytest.mark.parametrize("kind", ["quick", "piles", "play"])
def test_the_checked_scarto_fills_the_next_deals_scarto_field(client, kind):
    session_id = start_session(client)
    check_scarto(client, session_id)
    soup = page(client.get(f"/sessions/{session_id}/deals/new/{kind}"))
    assert field_value(soup, "scarto").strip() == SCARTO  # a textarea starts with a newline


def piles_scarto(client, session_id):
    return field_value(page(client.get(f"/sessions/{session_id}/deals/new/piles")), "scarto")


def test_without_a_check_or_after_the_deal_the_field_is_empty(client):
    session_id = start_session(client)
    assert piles_scarto(client, session_id).strip() == ""
    check_scarto(client, session_id)
    record_totals(client, session_id, [30, 27, 21])  # the check went with this deal
    assert piles_scarto(client, session_id).strip() == ""
