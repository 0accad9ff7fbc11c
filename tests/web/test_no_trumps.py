"""French pages name no-trump contracts SA (sans atout), never NT."""

from __future__ import annotations

import re

from api_helpers import Api
from test_language import FRENCH, app, compiled  # noqa: F401


def shown(page: str) -> str:
    """Return the words a page shows, its markup left out."""
    return re.sub(r"<[^>]+>", " ", page)


def test_a_french_scoreboard_says_sa_where_english_says_nt(client):
    api = Api(client)
    api.create(rules={"preset": "australian", "target": 2000})
    api.hand(bidder="Ann", contract="9NT", tricks=9)
    french = shown(client.get(f"/games/{api.game_id}", headers=FRENCH).text)
    english = shown(client.get(f"/games/{api.game_id}").text)
    assert re.findall(r"\b(?:6|7|8|9|10)NT\b", french) == []
    assert "9SA" in french and "10SA" in french  # the hand and the contract taps
    assert "9NT" in english and "10NT" in english


def test_the_statistics_name_no_trumps_sa_in_french(client):
    api = Api(client)
    api.create()
    api.hand(bidder="Ann", contract="7NT", tricks=7)
    for path in ("/stats", "/players/Ann"):
        page = shown(client.get(path, headers=FRENCH).text)
        assert not re.search(r"\bNT\b", page), path
