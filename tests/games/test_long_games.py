"""A game without end: a cap on its hands, and a scoreboard that stays light."""

from __future__ import annotations

import pytest
from api_helpers import import_past

from scorekeeper.api import imports
from scorekeeper.errors import BadInput
from scorekeeper.results import archive
from scorekeeper.scoring import (
    MOST_HANDS,
    make_hand,
    make_table,
    rules_from_dict,
)

RULES = rules_from_dict(
    {"preset": "australian", "target": None, "floor": None, "hands_limit": 10_000}
)
TABLE = make_table([("Us", ["Ann"]), ("Them", ["Bob"])])


def long_game(app, hands: int) -> tuple[str, str]:
    """Store a game of `hands` hands, each won by its bidder; return id and token."""
    made = make_hand(RULES, TABLE, contract="6S", bidder="Ann", tricks=6)
    past = archive.PastGame("Marathon", RULES, TABLE, (made,) * hands)
    with app.app_context():
        return import_past([past])[0]


def test_no_real_game_reaches_the_cap():
    assert 300 <= MOST_HANDS <= 1000


def test_a_full_game_refuses_another_hand_in_the_api_naming_the_cap(app, client):
    game_id, token = long_game(app, MOST_HANDS)
    response = client.post(
        f"/api/games/{game_id}/hands",
        json={"contract": "6S", "bidder": "Ann", "tricks": 6},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 409 and response.json["field"] == "hand"
    assert f"at most {MOST_HANDS} hands" in response.json["error"]
    assert client.get(f"/api/games/{game_id}").json["hands"][-1]["number"] == 500


def test_a_game_one_hand_short_of_the_cap_takes_its_last(app, client):
    game_id, token = long_game(app, MOST_HANDS - 1)
    response = client.post(
        f"/api/games/{game_id}/hands",
        json={"contract": "6S", "bidder": "Ann", "tricks": 6},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 201


def test_a_full_game_s_scoreboard_says_so_and_offers_no_hand_form(app, client):
    game_id, token = long_game(app, MOST_HANDS)
    client.get(f"/games/{game_id}/play/{token}")
    page = client.get(f"/games/{game_id}").text
    assert "the most a game keeps: start a new game" in page
    assert 'id="hand"' not in page


def test_a_full_game_refuses_the_hand_form_on_the_page(app):
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    game_id, token = long_game(app, MOST_HANDS)
    client.get(f"/games/{game_id}/play/{token}")
    form = {"contract": "6S", "bidder": "Ann", "tricks": "6", "version": "1"}
    response = client.post(f"/games/{game_id}/hands", data=form)
    assert response.status_code == 409
    assert f"at most {MOST_HANDS} hands" in response.text


def test_import_refuses_a_game_past_the_cap_naming_it():
    body = {
        "name": "Marathon",
        "sides": [{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bob"]}],
        "hands": [{}] * (MOST_HANDS + 1),
    }
    with pytest.raises(BadInput) as refused:
        imports.imported(body, 2)
    assert refused.value.field == "hands"
    assert "Game 3 has 501 hands" in refused.value.message


def test_a_long_game_s_scoreboard_shows_the_newest_hands_and_links_to_all(app, client):
    game_id, _ = long_game(app, 200)
    page = client.get(f"/games/{game_id}").text
    assert page.count('<td class="num">') <= 40 * 3
    assert ">200</td>" in page and ">1</td>" not in page
    assert f'href="/games/{game_id}/hands">All 200 hands' in page
    every = client.get(f"/games/{game_id}/hands")
    assert every.status_code == 200
    assert ">200</td>" in every.text and '<td class="num">1</td>' in every.text
