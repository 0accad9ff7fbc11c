"""Tokens stay where they belong (issue 32.5): a play link is a game's own, an
answer carrying a token is kept by no cache, and no log keeps a link's token."""

from __future__ import annotations

import json
import logging
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from api_helpers import FRIDAY, TEST_DATABASE_URL, reset_database
from flask import Flask
from flask.testing import FlaskClient
from server import Server, send

from scorekeeper.db import grants, tokens
from scorekeeper.nights import cards
from scorekeeper.web import access

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
NIGHT = {
    "name": "Tuesday club",
    "rules": {"preset": "australian"},
    "movement": "progressive",
    "round_hands": 2,
    "rank_by": "wins",
    "players": EIGHT,
}
TWO_SIDES = FRIDAY


def night(client: FlaskClient) -> tuple[dict[str, Any], str]:
    """Set up a night; return it and its first table's game id."""
    made = client.post("/api/nights", json=NIGHT).json
    assert made is not None
    return made, made["rounds"][0]["tables"][0]["game"]


def test_the_director_s_token_is_not_a_game_s_play_link(client):
    made, game = night(client)
    token = made["director_token"]
    assert client.get(f"/games/{game}/play/{token}").status_code == 403
    # The phone only watches: no 500, no director's token on any page of it.
    for page in (f"/games/{game}", f"/games/{game}/table", f"/games/{game}/share"):
        answer = client.get(page)
        assert answer.status_code == 200 and token not in answer.text, page
    assert client.get(f"/games/{game}/share/play").status_code == 403


def test_a_grant_kept_with_the_director_s_token_only_watches(app: Flask, client):
    made, game = night(client)
    token = made["director_token"]
    phone = secrets.token_urlsafe(32)  # a phone that opened it before the fix
    with app.app_context():
        grants.grant_now(phone, access.GAME, game, token)
    client.set_cookie(access.COOKIE, phone)
    for page in (f"/games/{game}", f"/games/{game}/table", f"/games/{game}/share"):
        answer = client.get(page)
        assert answer.status_code == 200 and token not in answer.text, page
    assert client.get(f"/games/{game}/share/play").status_code == 403
    # The director's token still writes the table's game through the API.
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 7}
    bearer = {"Authorization": f"Bearer {token}"}
    assert (
        client.post(f"/api/games/{game}/hands", json=hand, headers=bearer).status_code
        == 201
    )


def test_the_game_s_own_play_link_still_lets_a_phone_score(client):
    own = client.post("/api/games", json=TWO_SIDES).json
    phone: FlaskClient = client.application.test_client()
    assert phone.get(f"/games/{own['id']}/play/{own['write_token']}").status_code == 302
    shown = phone.get(f"/games/{own['id']}/share/play")
    assert shown.status_code == 200 and own["write_token"] in shown.text


def no_store(answer: Any) -> bool:
    return answer.headers.get("Cache-Control") == "no-store"


def test_every_answer_that_carries_a_token_is_kept_by_no_cache(client):
    game = client.post("/api/games", json=TWO_SIDES)
    assert "write_token" in game.json and no_store(game)
    rules = client.post("/api/rulesets", json={"name": "Club"})
    assert "write_token" in rules.json and no_store(rules)
    made = client.post("/api/nights", json=NIGHT)
    assert "director_token" in made.json and no_store(made)
    # What carries no token may still be kept and revalidated.
    assert not no_store(client.get(f"/api/games/{game.json['id']}"))


def test_a_repeated_new_game_that_carries_the_token_is_kept_by_no_cache(client):
    key = {"Idempotency-Key": "k" * 20, "Authorization": "Bearer the-creator-s"}
    first = client.post("/api/games", json=TWO_SIDES, headers=key)
    again = client.post("/api/games", json=TWO_SIDES, headers=key)
    assert again.json["write_token"] == first.json["write_token"] and no_store(again)


# Tokens that are not ASCII (issue 41.6)

LINKS = {
    "play": "/games/{game}/play/{token}",
    "director": "/nights/{night}/direct/{token}",
    "table card": "/nights/{night}/tables/1/{token}",
    "edit": "/rules/{rules}/edit/{token}",
}
# An accented letter, a card suit, a lone surrogate's bytes and a NUL-free
# control character: none is in any token, and none may make a 500.
ODD = ["%C3%A9", "a%C3%A9b" * 8, "%F0%9F%82%A1", "%ED%A0%80", "%C2%85"]


@pytest.mark.parametrize("link", LINKS.values(), ids=list(LINKS))
@pytest.mark.parametrize("token", ODD)
def test_a_link_whose_token_is_not_ascii_is_refused_with_403(client, link, token):
    made, _ = night(client)
    rules = client.post("/api/rulesets", json={"name": "Club"}).json
    game = client.post("/api/games", json=TWO_SIDES).json
    ids = {"game": game["id"], "night": made["id"], "rules": rules["id"]}
    assert client.get(link.format(token=token, **ids)).status_code == 403


def test_secrets_that_are_not_ascii_are_compared_not_refused():
    assert tokens.same("é\udc80", "é\udc80") and not tokens.same("é", "e")
    assert not tokens.same(tokens.token_hash("\udc80"), "0" * 64)


# The logs


def posted(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Send a JSON write to the served app; return its answer."""
    status, _, raw = send(port, "POST", path, body)
    assert status == 201, raw
    return dict(json.loads(raw))


def open_token_links(port: int) -> list[str]:
    """Open every kind of link that carries a token; return the tokens sent."""
    made = posted(port, "/api/nights", NIGHT)
    rules = posted(port, "/api/rulesets", {"name": "Club"})
    game = posted(port, "/api/games", TWO_SIDES)
    table = made["rounds"][0]["tables"][0]["game"]
    guess = secrets.token_urlsafe(24)  # a wrong card token is a secret too
    links = [
        game["links"]["play"],
        made["links"]["direct"],
        f"/rules/{rules['id']}/edit/{rules['write_token']}",
        f"/nights/{made['id']}/tables/1/{guess}",
        f"/games/{table}/play/{made['director_token']}",
        f"/games/{game['id']}/play%2F{game['write_token']}",
    ]
    for link in links:
        status, _, _ = send(port, "GET", link, Referer=f"http://127.0.0.1{link}")
        assert status in (302, 403, 404), link
    return [game["write_token"], made["director_token"], rules["write_token"], guess]


@pytest.fixture
def served(request, monkeypatch, tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """Serve the app (the README's server named by the test), logging every request."""
    log = tmp_path / "access.log"
    monkeypatch.setenv(
        "GUNICORN_CMD_ARGS",
        f"--access-logfile {log} --error-logfile {log} --log-level debug",
    )
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, request.param)
    running.start()
    try:
        yield running, log
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


@pytest.mark.parametrize("served", ["gunicorn", "flask"], indirect=True)
def test_no_server_log_keeps_a_link_s_token(served):
    running, log = served
    port = int(running.url.rsplit(":", 1)[1])
    tokens = open_token_links(port)
    running.stop()
    written = running.output() + (log.read_text() if log.exists() else "")
    assert "/play/[token]" in written and "/direct/[token]" in written  # logged
    assert "/edit/[token]" in written and "/tables/1/[token]" in written
    for token in tokens:
        assert token not in written


def test_the_app_s_and_waitress_s_errors_name_no_token(app: Flask, caplog):
    path = "/games/g1/play/abcdefghijklmnopqrstuvwxyz012345"
    with caplog.at_level(logging.INFO):
        try:
            raise ValueError(f"bad {path}")
        except ValueError:
            app.logger.exception("Exception on %s [GET]", path)
            logging.getLogger("waitress").exception("Exception while serving %s", path)
    text = caplog.text
    assert "Exception on /games/g1/play/[token] [GET]" in text
    assert "Exception while serving /games/g1/play/[token]" in text
    assert "abcdefghijklmnopqrstuvwxyz012345" not in text


# Paths spelled otherwise (issue 41.7): the router decodes them to a token's link

ENCODED = [
    "/games/{game}/pl%61y/{play}",
    "/%67ames/{game}/play/{play}",
    "/nights/{night}/d%69rect/{director}",
    "/nights/{night}/tables/%31/{card}",
    "/nights/{night}/tables/%D9%A1/{card}",
    "/rules/{rules}/%65dit/{edit}",
    "/games/{game}/play/%{hexed}",
]


def open_encoded_links(port: int) -> list[str]:
    """Open every token link percent-encoded, each its own Referer; return the
    tokens sent."""
    made = posted(port, "/api/nights", NIGHT)
    rules = posted(port, "/api/rulesets", {"name": "Club"})
    game = posted(port, "/api/games", TWO_SIDES)
    secrets_sent = {
        "play": game["write_token"],
        "director": made["director_token"],
        "card": secrets.token_urlsafe(24),
        "edit": rules["write_token"],
        "hexed": "41" + secrets.token_urlsafe(24),  # %41...: the token is A...
    }
    ids = {"game": game["id"], "night": made["id"], "rules": rules["id"]}
    for link in ENCODED:
        path = link.format(**ids, **secrets_sent)
        status, _, _ = send(port, "GET", path, Referer=f"http://127.0.0.1{path}")
        assert status in (302, 403, 404), path
    return [*secrets_sent.values(), secrets_sent["hexed"][2:]]


@pytest.mark.parametrize("served", ["gunicorn", "waitress", "flask"], indirect=True)
def test_no_server_log_keeps_a_token_whose_path_is_percent_encoded(served):
    running, log = served
    port = int(running.url.rsplit(":", 1)[1])
    tokens_sent = open_encoded_links(port)
    running.stop()
    written = running.output() + (log.read_text() if log.exists() else "")
    if running.server != "waitress":  # waitress keeps no access log
        assert written.count("/play/[token]") >= 3, written[-3000:]
    for token in tokens_sent:
        assert token not in written


def test_only_ascii_digits_are_a_number_in_an_address(app: Flask, client):
    made, _ = night(client)
    with app.test_request_context():
        card = cards.card_token(SimpleNamespace(id=made["id"]), 1)  # type: ignore[arg-type]
    opened = f"/nights/{made['id']}/tables/{{}}/{card}"
    assert client.get(opened.format("1")).status_code == 302  # the right card
    # A "1" in Arabic-Indic, full-width and Devanagari digits.
    for one in ("%D9%A1", "%EF%BC%91", "%E0%A5%A7"):
        assert client.get(opened.format(one)).status_code == 404, one
        assert client.get(f"/nights/{made['id']}/tables/{one}").status_code == 404
    assert client.get("/seasons/%D9%A1").status_code == 404
