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
    key, device = str(uuid.uuid4()), secrets.token_urlsafe(32)
    first = new_game(phone(app, "192.0.2.1", device), key)
    assert first.status_code == 201 and first.json["write_token"]
    strangers = [
        phone(app, "192.0.2.99"),
        phone(app, "192.0.2.1"),  # behind the same NAT, or a forged address
        phone(app, "192.0.2.1", secrets.token_urlsafe(32)),
    ]
    for stranger in strangers:
        again = new_game(stranger, key)
        assert again.status_code == 201
        assert again.json["id"] == first.json["id"]
        assert "write_token" not in again.json and "links" not in again.json
        assert first.json["write_token"] not in again.text
    assert games(strangers[0]) == 1


def test_a_repeat_at_the_creator_s_address_without_its_cookie_gets_no_token(app):
    # Issue 32.6: an address is shared (a NAT, a proxy without the setting, a
    # forged X-Forwarded-For), so a request with nothing of its own gets no token.
    key = str(uuid.uuid4())
    first = new_game(phone(app, "192.0.2.1"), key)
    assert first.status_code == 201 and first.json["write_token"]
    again = new_game(phone(app, "192.0.2.1"), key)
    assert again.status_code == 201 and again.json["id"] == first.json["id"]
    assert (
        "write_token" not in again.json and first.json["write_token"] not in again.text
    )


def test_a_retry_after_a_lost_answer_gets_the_token_by_its_own_credentials(app):
    key, secret = str(uuid.uuid4()), secrets.token_urlsafe(24)
    mine = {"Idempotency-Key": key, "Authorization": f"Bearer {secret}"}
    creator = phone(app, "192.0.2.1")
    lost = creator.post("/api/games", json=FRIDAY, headers=mine)  # never arrived
    retry = phone(app, "198.51.100.7").post("/api/games", json=FRIDAY, headers=mine)
    assert retry.json["write_token"] == lost.json["write_token"]
    url = f"/api/games/{retry.json['id']}/hands"
    auth = {"Authorization": f"Bearer {retry.json['write_token']}"}
    assert creator.post(url, json=HAND, headers=auth).status_code == 201
    other = {"Idempotency-Key": key, "Authorization": "Bearer someone-else"}
    stranger = phone(app, "192.0.2.1").post("/api/games", json=FRIDAY, headers=other)
    assert "write_token" not in stranger.json


def test_a_phone_that_changed_network_gets_the_token_by_its_device_cookie(app):
    key, device = str(uuid.uuid4()), secrets.token_urlsafe(32)
    first = new_game(phone(app, "2001:db8::1", device), key)
    on_mobile = new_game(phone(app, "198.51.100.7", device), key)
    assert on_mobile.json["write_token"] == first.json["write_token"]
