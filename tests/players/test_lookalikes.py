"""Lookalike names (Unicode TS #39's skeleton): a new name that looks like a
player's is asked about before it becomes a new player, on every page that
makes one and through the API (a 409 naming the field, until `new_players`
confirms it)."""

from __future__ import annotations

import re
from typing import Any

from api_helpers import CLUB_PASSWORD, FRIDAY, Api
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from scorekeeper.db.models import Game, db

CYRILLIC_ABE = "\u0410\u0412\u0415"  # all Cyrillic: А, В, Е
GREEK_ABE = "\u0391\u0392\u0395"  # all Greek: Α, Β, Ε
ROSTER = ["Ann", "Bob", "Cat", "Dan"]
ASKED = f"'{CYRILLIC_ABE}' looks like the existing player 'ABE'"


def lone(*names: str) -> list[dict[str, Any]]:
    return [{"name": f"Side {i}", "players": [n]} for i, n in enumerate(names)]


def abe_has_played(api: Api) -> None:
    api.create(sides=lone("ABE", "Bob"), first_dealer=None)
    api.hand(bidder="Bob", contract="7H", tricks=7)


def game(client: FlaskClient, first: str, **more: Any) -> Any:
    body = {**FRIDAY, "sides": lone(first, "Zed"), "first_dealer": None, **more}
    return client.post("/api/games", json=body)


def night(client: FlaskClient, players: list[str], **more: Any) -> Any:
    body = {"name": "Tuesday", "players": players, "round_hands": 2, **more}
    return client.post("/api/nights", json=body)


def games(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Game)) or 0


def csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def test_the_api_refuses_a_lookalike_new_game_player_until_confirmed(app, api):
    abe_has_played(api)
    client, before = api.client, games(app)
    refused = game(client, CYRILLIC_ABE)
    assert refused.status_code == 409 and refused.json["field"] == "players"
    assert ASKED in refused.json["error"] and "new_players" in refused.json["error"]
    assert games(app) == before  # nothing written
    assert game(client, "Abe").status_code == 201  # ABE himself, however typed
    assert game(client, "Zoe").status_code == 201  # no one alike
    confirmed = game(client, CYRILLIC_ABE, new_players=[CYRILLIC_ABE])
    assert confirmed.status_code == 201, confirmed.json
    assert confirmed.json["sides"][0]["players"] == [CYRILLIC_ABE]
    wrong = game(client, CYRILLIC_ABE, new_players=CYRILLIC_ABE)
    assert wrong.status_code == 400 and wrong.json["field"] == "new_players"


def test_the_api_refuses_a_lookalike_on_a_nights_roster_until_confirmed(api):
    abe_has_played(api)
    client = api.client
    refused = night(client, [*ROSTER, CYRILLIC_ABE])
    assert refused.status_code == 409 and refused.json["field"] == "players"
    assert ASKED in refused.json["error"]
    assert client.get("/api/nights").json["total"] == 0
    pairs = [["Ann", "Bob"], ["Cat", CYRILLIC_ABE]]
    refused = night(client, [], movement="fixed_pairs", pairs=pairs)
    assert refused.status_code == 409 and refused.json["field"] == "pairs"
    made = night(client, [*ROSTER, CYRILLIC_ABE], new_players=[CYRILLIC_ABE])
    assert made.status_code == 201, made.json


def test_the_api_refuses_a_late_arrival_who_looks_like_someone_until_confirmed(
    client,
):
    made = night(client, [*ROSTER, "ABE"]).json  # ABE has not played yet
    url = f"/api/nights/{made['id']}/players"
    director = {"Authorization": f"Bearer {made['director_token']}"}
    refused = client.post(url, json={"name": GREEK_ABE}, headers=director)
    assert refused.status_code == 409 and refused.json["field"] == "name"
    said = f"'{GREEK_ABE}' looks like the existing player 'ABE'"
    assert said in refused.json["error"]
    assert len(client.get(f"/api/nights/{made['id']}").json["players"]) == 5
    body = {"name": GREEK_ABE, "new_players": [GREEK_ABE]}
    added = client.post(url, json=body, headers=director)
    assert added.status_code == 201, added.json
    assert added.json["players"][-1] == {"name": GREEK_ABE, "present": True}


NIGHT_FORM = {
    "name": "Tuesday club",
    "rules": "preset:australian",
    "movement": "progressive",
    "round_hands": "4",
    "rank_by": "wins",
    "odd_players": "sit_out",
    "rounds": "",
}


def test_the_night_set_up_page_asks_before_a_lookalike_becomes_a_new_player(api):
    abe_has_played(api)
    client = api.client
    form = {**NIGHT_FORM, "csrf_token": csrf(client.get("/nights/new").text)}
    form["players"] = "\n".join([*ROSTER, CYRILLIC_ABE])
    asked = client.post("/nights/new", data=form)
    assert asked.status_code == 200
    said = f"{CYRILLIC_ABE} looks like ABE, who has played here before."
    assert said in asked.text
    hidden = re.search(r'name="new_players" type="hidden" value="([^"]*)"', asked.text)
    assert hidden and hidden.group(1) == CYRILLIC_ABE
    started = client.post("/nights/new", data={**form, "new_players": CYRILLIC_ABE})
    assert started.status_code == 302  # asked once: Start makes a new player
    plain = {**form, "players": "\n".join([*ROSTER, "Abe"])}
    assert client.post("/nights/new", data=plain).status_code == 302


def test_the_console_asks_before_a_late_arrival_who_looks_like_someone(api):
    abe_has_played(api)
    client = api.client
    form = {**NIGHT_FORM, "csrf_token": csrf(client.get("/nights/new").text)}
    started = client.post("/nights/new", data={**form, "players": "\n".join(ROSTER)})
    night_id = started.headers["Location"].split("/")[2]
    token = csrf(client.get(f"/nights/{night_id}/direct").text)
    url = f"/nights/{night_id}/direct/players"
    asked = client.post(url, data={"csrf_token": token, "name": CYRILLIC_ABE})
    assert asked.status_code == 200
    assert f"Add {CYRILLIC_ABE} as a new player?" in asked.text
    assert f"{CYRILLIC_ABE} looks like ABE, who has played here" in asked.text
    players = client.get(f"/api/nights/{night_id}").json["players"]
    assert len(players) == 4  # asked, not added
    yes = {"csrf_token": csrf(asked.text), "name": CYRILLIC_ABE}
    added = client.post(url, data={**yes, "new_players": CYRILLIC_ABE})
    assert f"{CYRILLIC_ABE} joins from the next round." in (
        client.get(added.headers["Location"]).text
    )
    players = client.get(f"/api/nights/{night_id}").json["players"]
    assert players[-1] == {"name": CYRILLIC_ABE, "present": True}


def test_the_rename_page_says_when_the_new_name_looks_like_another_player(app, api):
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD)
    abe_has_played(api)
    api.create(sides=lone("Ann", "Bob"), first_dealer=None)
    api.hand(bidder="Bob", contract="7H", tricks=7)
    client = app.test_client()
    said = f"{CYRILLIC_ABE} looks like ABE, who has played here before."
    asked = client.get("/players/Ann/rename", query_string={"new_name": CYRILLIC_ABE})
    assert asked.status_code == 200 and said in asked.text
    plain = client.get("/players/Ann/rename", query_string={"new_name": "Anne"})
    assert "looks like" not in plain.text
    # ABE respelled in Cyrillic is ABE still: no one else to look like.
    own = client.get("/players/ABE/rename", query_string={"new_name": CYRILLIC_ABE})
    assert own.status_code == 200 and "looks like" not in own.text
