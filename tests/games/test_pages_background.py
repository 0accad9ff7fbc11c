"""A hand sent in the background by the scoreboard's script gets answers in JSON."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from test_pages_games import start
from test_repeats import form_id

HAND = {"save": "Save hand", "bidder": "Bob", "contract": "7H", "tricks": "7"}
JSON = {"Accept": "application/json"}


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def send(client: FlaskClient, board: str, key: str, **fields: str):
    """Send a hand as the script does: the form's fields, its id as the key, JSON."""
    data = {**HAND, "version": "1", "form_id": key, **fields}
    headers = {**JSON, "Idempotency-Key": key}
    return client.post(board + "/hands", data=data, headers=headers)


def hands(client: FlaskClient, board: str) -> list[dict]:
    """Return the game's hands as the API shows them."""
    return client.get("/api" + board).json["hands"]


def test_a_saved_hand_answers_where_the_scoreboard_is(client):
    board = start(client)
    response = send(client, board, form_id(client.get(board).text))
    assert response.status_code == 201
    assert response.json == {"location": board + "#scores"}
    assert len(hands(client, board)) == 1
    assert "Hand 1: Bob 7♥ made" in client.get(board).text  # the line under the totals


def test_a_hand_sent_again_after_a_lost_answer_is_recorded_once(client):
    board = start(client)
    key = form_id(client.get(board).text)
    first = send(client, board, key)
    again = send(client, board, key)
    assert first.status_code == again.status_code == 201
    assert again.json == first.json == {"location": board + "#scores"}
    assert len(hands(client, board)) == 1


def test_a_hand_sent_against_an_older_version_says_what_the_game_is_now(client):
    board = start(client)
    send(
        client,
        board,
        "their-phone-key-0123456789",
        bidder="Ann",
        contract="6S",
        tricks="6",
    )
    response = send(client, board, "my-phone-key-0123456789")
    assert response.status_code == 412
    assert response.json == {
        "error": "The score changed on another phone; this hand was not saved.",
        "field": "version",
        "version": 2,
        "next": 2,
        "latest": "Hand 1: Ann 6♠ made, Us +40, Them +40.",
    }
    assert len(hands(client, board)) == 1
    # Kept both: the same key with the version it was told records it next.
    kept = send(client, board, "my-phone-key-0123456789", version="2")
    assert kept.status_code == 201
    assert [h["bidder"] for h in hands(client, board)] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("fields", "status", "field"),
    [
        ({"bidder": ""}, 400, "bidder"),
        ({"contract": "12Z"}, 400, "contract"),
        ({"version": "x"}, 400, "version"),
    ],
)
def test_a_bad_hand_sent_in_the_background_names_its_field(
    client, fields, status, field
):
    board = start(client)
    response = send(client, board, "bad-key-0123456789", **fields)
    assert response.status_code == status
    assert response.json["field"] == field and response.json["error"]
    assert hands(client, board) == []


def test_a_phone_that_may_only_watch_is_told_so_in_json(app, client):
    board = start(client)
    other = app.test_client()
    response = send(other, board, "watcher-key-0123456789")
    assert response.status_code == 403
    assert "only watch" in response.json["error"]


def test_without_asking_for_json_the_form_still_redirects(client):
    board = start(client)
    data = {**HAND, "version": "1", "form_id": "plain-key-0123456789"}
    response = client.post(board + "/hands", data=data)
    assert response.status_code == 302 and response.location == board + "#scores"
    stale = client.post(
        board + "/hands", data={**data, "form_id": "plain-key-2-0123456789"}
    )
    assert stale.status_code == 302 and stale.location == board
