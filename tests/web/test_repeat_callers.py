"""A repeated key gives a write token back only to its caller (issue 21.3)."""

from __future__ import annotations

import secrets
import uuid

import pytest
from api_helpers import FRIDAY
from flask import Flask
from flask.testing import FlaskClient
from test_pages_games import start

from scorekeeper.web.access import COOKIE

HAND = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def phone(app: Flask, address: str, device: str | None = None) -> FlaskClient:
    """Return a client at an address, with a device cookie if given."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if device is not None:
        client.set_cookie(COOKIE, device)
    return client


def new_game(client: FlaskClient, key: str):
    """Create the Friday game with an Idempotency-Key."""
    return client.post("/api/games", json=FRIDAY, headers={"Idempotency-Key": key})


def games(client: FlaskClient) -> int:
    """Return how many games there are."""
    return client.get("/api/games").json["total"]


@pytest.mark.parametrize("key", ["new-game", "3f1c2a-new-game", "x" * 15])
def test_a_key_shorter_than_16_characters_is_refused_naming_it(client, key):
    response = new_game(client, key)
    assert response.status_code == 400
    assert response.json["field"] == "Idempotency-Key"
    assert "16 to 100 characters" in response.json["error"]
    assert games(client) == 0
    assert new_game(client, "x" * 16).status_code == 201


def test_a_page_form_id_shorter_than_16_characters_is_refused_naming_it(app):
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    board = start(client)
    hand = {"save": "Save hand", "version": "1", "form_id": "short", **HAND}
    response = client.post(board + "/hands", data=hand)
    assert response.status_code == 400
    assert "form_id" in response.text and "16 to 100" in response.text


def test_a_repeat_from_another_caller_answers_without_the_write_token(app):
    key = str(uuid.uuid4())
    first = new_game(phone(app, "192.0.2.1"), key)
    assert first.status_code == 201 and first.json["write_token"]
    strangers = [
        phone(app, "192.0.2.99"),
        phone(app, "192.0.2.1", secrets.token_urlsafe(32)),  # behind the same NAT
    ]
    for stranger in strangers:
        again = new_game(stranger, key)
        assert again.status_code == 201
        assert again.json["id"] == first.json["id"]
        assert "write_token" not in again.json and "links" not in again.json
        assert first.json["write_token"] not in again.text
    assert games(strangers[0]) == 1


def test_a_retry_after_a_lost_answer_still_gets_the_token_from_the_same_address(app):
    key = str(uuid.uuid4())
    creator = phone(app, "192.0.2.1")
    lost = new_game(creator, key)  # the answer never reached the creator
    retry = new_game(phone(app, "192.0.2.1"), key)
    assert retry.json["write_token"] == lost.json["write_token"]
    url = f"/api/games/{retry.json['id']}/hands"
    auth = {"Authorization": f"Bearer {retry.json['write_token']}"}
    assert creator.post(url, json=HAND, headers=auth).status_code == 201


def test_a_phone_that_changed_network_gets_the_token_by_its_device_cookie(app):
    key, device = str(uuid.uuid4()), secrets.token_urlsafe(32)
    first = new_game(phone(app, "2001:db8::1", device), key)
    on_mobile = new_game(phone(app, "198.51.100.7", device), key)
    assert on_mobile.json["write_token"] == first.json["write_token"]
    # An IPv6 phone moves within its /64 at will: still the same caller.
    key = str(uuid.uuid4())
    first = new_game(phone(app, "2001:db8::1"), key)
    moved = new_game(phone(app, "2001:db8::2:5"), key)
    assert moved.json["write_token"] == first.json["write_token"]
    other = new_game(phone(app, "2001:db8:0:1::1"), key)
    assert "write_token" not in other.json
