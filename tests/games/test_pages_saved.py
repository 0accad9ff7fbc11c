"""After a save the scoreboard says what was recorded, by the form, with Undo."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from test_pages_games import record, start, totals


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def confirmation(html: str) -> tuple[str, str, dict[str, str]]:
    """Return the confirmation's sentence, where its Undo posts and what it sends."""
    block = re.search(r'<div id="saved".*?</div>', html, re.S)
    assert block, "no confirmation on the page"
    text = re.search(r"<p>(.*?)</p>", block.group()).group(1)
    action = re.search(r'<form method="post" action="([^"]*)"', block.group())
    fields = dict(
        re.findall(r'name="(\w+)" type="hidden" value="([^"]*)"', block.group())
    )
    return text, action.group(1) if action else "", fields


def test_a_recorded_hand_is_confirmed_by_the_form_and_undone_in_one_tap(client):
    board = start(client)
    response = record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert response.location.endswith("#scores")
    page = client.get(board).text
    where = [page.index(f'id="{part}"') for part in ("scores", "saved", "hand")]
    assert where == sorted(where)  # under the totals, above the next hand
    text, action, fields = confirmation(page)
    assert text == "Hand 1: Bob 7♥ made, Them +200, Us +30."
    assert action == board + "/undo" and fields["version"] == "2"
    assert ">Undo</button>" in page
    assert 'id="saved"' not in client.get(board).text  # said once

    undone = client.post(action, data=fields, follow_redirects=True).text
    assert totals(undone) == ["0", "0"]
    text, action, fields = confirmation(undone)
    assert text == "Hand 1 undone: it was Bob 7♥ made, Them +200, Us +30."
    assert action == board + "/hands" and ">Put it back</button>" in undone

    back = client.post(action, data=fields, follow_redirects=True).text
    assert totals(back) == ["30", "200"]
    assert confirmation(back)[0] == "Hand 1: Bob 7♥ made, Them +200, Us +30."


def test_everyone_passing_is_confirmed_and_can_be_undone(client):
    board = start(client)
    record(client, board, passed="1")
    text, action, fields = confirmation(client.get(board).text)
    assert text == "Hand 1: everyone passed, no points."
    client.post(action, data=fields)
    assert "Hand 1: <strong>Ann</strong> deals" in client.get(board).text


def test_a_correction_is_confirmed_and_its_undo_puts_the_old_hand_back(client):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    client.get(board)
    edit = {"version": "2", "bidder": "Bob", "contract": "7H", "tricks": "4"}
    response = client.post(board + "/hands/1/edit", data=edit)
    assert response.location.endswith("#scores")
    page = client.get(board).text
    assert totals(page) == ["60", "-200"]
    text, action, fields = confirmation(page)
    assert text == "Hand 1 corrected: Bob 7♥ failed, Them \u2212200, Us +60."
    assert action == board + "/hands/1/edit" and ">Undo the change</button>" in page
    back = client.post(action, data=fields, follow_redirects=True).text
    assert totals(back) == ["30", "200"]


def test_undo_is_not_offered_once_another_phone_has_moved_the_game_on(app, client):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    other = app.test_client()
    other.set_cookie("device", client.get_cookie("device").value)  # the same phone
    record(other, board, bidder="Ann", contract="6S", tricks="6")
    page = client.get(board).text
    assert confirmation(page)[0].startswith("Hand 1: Bob 7♥ made")
    assert confirmation(page)[1] == ""


def test_the_edit_page_asks_before_a_bid_becomes_a_pass_but_not_for_a_pass(client):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    record(client, board, passed="1")
    asks = client.get(board + "/hands/1/edit").text
    assert re.search(
        r'<details class="ask">.*Hand 1: Bob 7♥ made.*'
        r'value="Yes, everyone passed"',
        asks,
        re.S,
    )
    plain = client.get(board + "/hands/2/edit").text
    assert '<details class="ask">' not in plain and 'value="Everyone passed"' in plain


def test_the_line_is_shown_once_even_where_the_scoring_page_is_kept(client):
    board = start(client)
    with client.session_transaction() as session:  # as a page with CSRF would
        session["csrf_token"] = "a" * 40  # (a kept page is per CSRF token)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert 'id="saved"' in client.get(board).text
    assert 'id="saved"' not in client.get(board).text
