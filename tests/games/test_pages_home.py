"""Home lists the games so that two unnamed ones can be told apart."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask.testing import FlaskClient
from test_pages_games import record, start


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def rows(html: str) -> list[str]:
    """Return the text of each game's row on Home, its tags and spacing dropped."""
    items = re.findall(r"<li><a [^>]*>(.*?)</a></li>", html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", i)).split()) for i in items]


def test_each_row_shows_the_players_and_their_scores(client):
    first = start(client)
    record(client, first, bidder="Bob", contract="7H", tricks="7")
    others = {f"players-{i}": name for i, name in enumerate(["Eve", "Fay", "Gus"])}
    start(client, **others, **{"players-3": "Hal", "first_dealer": "Eve"})
    found = rows(client.get("/").text)
    assert len(found) == 2
    assert "Eve & Fay 0 · Gus & Hal 0" in found[0]
    assert "Ann & Cat 30 · Bob & Dan 200" in found[1]
    assert found[0].startswith("Us v Them") and found[1].startswith("Us v Them")


@pytest.mark.parametrize(
    ("hands", "words"), [(0, "0 hands"), (1, "1 hand"), (2, "2 hands")]
)
def test_a_row_counts_its_hands_in_words(client, hands, words):
    board = start(client)
    for _ in range(hands):
        record(client, board, passed="1")
    assert re.search(rf"· {words}\b", rows(client.get("/").text)[0])


def test_a_row_says_when_a_game_has_finished(client):
    board = start(client)
    record(client, board, bidder="Ann", contract="10NT", tricks="10")
    assert "finished" in rows(client.get("/").text)[0]
