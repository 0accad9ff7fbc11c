"""An undo on a night's table (docs/nights.md "Ending a round"): a night's game
is undone only while its round is being played, before time is called on it,
the next round starts or the night ends; after that the undo is refused (409,
a plain sentence) and nothing is lost or reopened, while Edit still corrects a
hand. Issue 40 point 2 (the phone) and issue 41 point 2 (the API)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from test_nights_api import director, get, hand, make
from test_nights_pages import csrf

CALLED = "Time was called on round 1: a hand of its games can no longer be undone"
OVER = "Round 1 is over: a hand of its games can no longer be undone"


def game(client: FlaskClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200
    return answer.json


def undo(client: FlaskClient, night: dict[str, Any], game_id: str, number: int):
    path = f"/api/games/{game_id}/hands/{number}"
    return client.delete(path, headers=director(night))


def called_round(client: FlaskClient) -> tuple[dict[str, Any], str, str]:
    """Round of 2 hands: table 1 plays both (its game ends), table 2 one; time
    called. Return the night and its two games."""
    night = make(client)
    first, second = (t["game"] for t in night["rounds"][0]["tables"])
    token = night["director_token"]
    hand(client, first, token, "Ann", 7)
    hand(client, first, token, "Ann", 8)
    hand(client, second, token, "Eve", 7)
    closed = client.post(
        f"/api/nights/{night['id']}/rounds/1/close", headers=director(night)
    )
    assert closed.status_code == 200, closed.json
    return night, first, second


def test_an_undo_after_time_was_called_is_refused_and_the_round_moves_on(client):
    night, first, second = called_round(client)
    before = game(client, first), game(client, second)
    refused = undo(client, night, first, 2)  # the table that played both
    assert refused.status_code == 409
    assert refused.json["error"].startswith(CALLED) and refused.json["field"] == "round"
    refused = undo(client, night, second, 1)  # the table whose time was called
    assert refused.status_code == 409 and refused.json["error"].startswith(CALLED)
    assert (game(client, first), game(client, second)) == before  # nothing lost
    tables = get(client, night["id"])["rounds"][0]["tables"]
    assert [t["status"] for t in tables] == ["finished", "finished"]
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert started.status_code == 201, started.json  # the night is not stranded


def test_an_undo_on_a_round_1_game_once_round_2_started_is_refused(client):
    night = make(client)
    token = night["director_token"]
    first, second = (t["game"] for t in night["rounds"][0]["tables"])
    for table, bidder in ((first, "Ann"), (second, "Eve")):  # ended by its hands
        hand(client, table, token, bidder, 7)
        hand(client, table, token, bidder, 8)
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert started.status_code == 201
    standings = get(client, night["id"])["standings"]
    before = game(client, first)
    refused = undo(client, night, first, 2)
    assert refused.status_code == 409 and refused.json["error"].startswith(OVER)
    assert game(client, first) == before and before["status"] == "finished"
    assert get(client, night["id"])["standings"] == standings
    # Edit still corrects a hand of it; the game stays ended.
    edit = {"bidder": "Ann", "contract": "7H", "tricks": 9}
    edited = client.put(
        f"/api/games/{first}/hands/2", json=edit, headers=director(night)
    )
    assert edited.status_code == 200, edited.json
    assert edited.json["status"] == "finished"


def test_an_undo_while_the_round_is_played_takes_back_the_hand(client):
    night = make(client)
    token = night["director_token"]
    first = night["rounds"][0]["tables"][0]["game"]
    hand(client, first, token, "Ann", 7)
    hand(client, first, token, "Ann", 8)  # the game ends; table 2 plays on
    undone = undo(client, night, first, 2)
    assert undone.status_code == 200, undone.json
    assert undone.json["status"] == "in_progress" and len(undone.json["hands"]) == 1


def test_an_undo_after_the_last_planned_round_ended_is_refused(client):
    night = make(client, rounds=2)
    token = night["director_token"]
    path = f"/api/nights/{night['id']}"
    client.post(f"{path}/rounds/1/close", headers=director(night))
    tables = client.post(f"{path}/rounds", headers=director(night)).json["rounds"]
    for table in tables[1]["tables"]:
        bidder = table["sides"][0]["players"][0]
        hand(client, table["game"], token, bidder, 7)
        hand(client, table["game"], token, bidder, 8)
    assert get(client, night["id"])["status"] == "finished"
    refused = undo(client, night, tables[1]["tables"][0]["game"], 2)
    assert refused.status_code == 409
    assert refused.json["error"].startswith(OVER.replace("1", "2"))
    assert get(client, night["id"])["status"] == "finished"


# The phone: no Undo offered, and the undo page refuses in words.


def table_phone(client: FlaskClient, night: dict[str, Any]) -> None:
    """This client directs the night and opens table 1: it writes its game."""
    client.get(f"/nights/{night['id']}/direct/{night['director_token']}")
    client.get(f"/nights/{night['id']}/tables/1")


def test_the_scoreboard_of_a_called_night_game_offers_no_undo(client):
    night = make(client)
    first = night["rounds"][0]["tables"][0]["game"]
    table_phone(client, night)
    hand(client, first, night["director_token"], "Ann", 7)
    assert "Undo hand 1" in client.get(f"/games/{first}").text  # in play: offered
    client.post(f"/api/nights/{night['id']}/rounds/1/close", headers=director(night))
    board = client.get(f"/games/{first}").text
    assert "Undo hand 1" not in board and f"/games/{first}/undo" not in board
    assert f"/games/{first}/hands/1/edit" in board  # Edit still corrects it


def test_the_undo_page_of_a_called_night_game_refuses_in_words(client):
    night = make(client)
    first = night["rounds"][0]["tables"][0]["game"]
    table_phone(client, night)
    hand(client, first, night["director_token"], "Ann", 7)
    asked = client.get(f"/games/{first}/undo").text  # drawn while in play
    client.post(f"/api/nights/{night['id']}/rounds/1/close", headers=director(night))
    sent = client.post(
        f"/games/{first}/undo", data={"csrf_token": csrf(asked), "version": "2"}
    )
    assert sent.status_code == 302
    page = client.get(sent.headers["Location"]).text
    assert CALLED in page
    assert len(game(client, first)["hands"]) == 1  # the hand stays
    again = client.get(f"/games/{first}/undo")
    assert again.status_code == 302
    assert CALLED in client.get(again.headers["Location"]).text


def test_an_edit_that_would_reopen_a_game_of_an_ended_round_is_refused(client):
    night = make(client, round_hands=None)  # each table plays a whole game
    first, second = (t["game"] for t in night["rounds"][0]["tables"])
    auth = director(night)
    for table, bidder in ((first, "Ann"), (second, "Eve")):  # out at 500 at once
        slam = {"bidder": bidder, "contract": "10NT", "tricks": 10}
        assert client.post(f"/api/games/{table}/hands", json=slam, headers=auth)
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=auth)
    assert started.status_code == 201
    before = game(client, first)
    small = {"bidder": "Ann", "contract": "7H", "tricks": 7}
    refused = client.put(f"/api/games/{first}/hands/1", json=small, headers=auth)
    assert refused.status_code == 409 and refused.json["field"] == "hand"
    assert refused.json["error"].startswith("Round 1 is over: its games stay ended")
    assert game(client, first) == before
    other = {"bidder": "Bob", "contract": "10NT", "tricks": 10}  # still ends it
    edited = client.put(f"/api/games/{first}/hands/1", json=other, headers=auth)
    assert edited.status_code == 200 and edited.json["status"] == "finished"


def test_the_hand_that_ends_the_nights_last_round_is_confirmed_without_undo(client):
    night = make(client, rounds=2)
    path, auth = f"/api/nights/{night['id']}", director(night)
    client.post(f"{path}/rounds/1/close", headers=auth)
    tables = client.post(f"{path}/rounds", headers=auth).json["rounds"][1]["tables"]
    for table in tables:
        bidder = table["sides"][0]["players"][0]
        hand(client, table["game"], night["director_token"], bidder, 7)
    last, first = tables[-1], tables[0]
    bidder = first["sides"][0]["players"][0]
    hand(client, first["game"], night["director_token"], bidder, 8)
    table_phone(client, night)
    client.get(f"/nights/{night['id']}/tables/{last['number']}")
    board = client.get(f"/games/{last['game']}").text
    bidder = last["sides"][0]["players"][0]
    sent = {"csrf_token": csrf(board), "save": "Save hand", "bidder": bidder}
    sent |= {"contract": "7H", "tricks": "8", "version": "2"}
    saved = client.post(f"/games/{last['game']}/hands", data=sent)
    assert saved.status_code == 302, saved.text
    assert get(client, night["id"])["status"] == "finished"
    page = client.get(saved.headers["Location"]).text
    assert 'class="saved"' in page  # the line confirms the hand
    assert f'action="/games/{last["game"]}/undo"' not in page
    assert "Undo hand 2" not in page
