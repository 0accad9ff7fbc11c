"""What each role does in a club (CLUBS.md, "Roles in a club"): an admin does
what the club password does, a director sets up nights, a token is its club's."""

from __future__ import annotations

import pytest
from accounts_helpers import csrf, person, sign_in, token
from clubs_helpers import GAME, make_club
from flask import Flask

NIGHT = {
    "name": "Tuesday",
    "rules": {"preset": "australian"},
    "movement": "progressive",
    "round_hands": 2,
    "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
}
SEASON = {"name": "Spring", "first_day": "2021-03-01", "last_day": "2021-05-31"}


def club_csrf(client) -> str:
    """Return the CSRF token of the club's session (its own cookie)."""
    return csrf(client, "/c/north/new/2x2")


@pytest.fixture
def north(many_app: Flask) -> Flask:
    make_club(many_app, "north")
    make_club(many_app, "south")
    return many_app


def test_a_signed_in_admin_renames_a_player_without_the_club_password(north):
    person(north, "ann@example.org", "north", "admin")
    client = north.test_client()
    assert client.post("/c/north/api/games", json=GAME).status_code == 201
    sign_in(client, "ann@example.org")
    asked = client.get("/c/north/players/Ann/rename?new_name=Annie")
    assert asked.status_code == 200 and b'name="password"' not in asked.data
    done = client.post(
        "/c/north/players/Ann/rename",
        data={"new_name": "Annie", "games": "1", "csrf_token": club_csrf(client)},
    )
    assert done.status_code == 302, done.text
    assert done.headers["Location"] == "/c/north/players/Annie"
    saved = client.post(
        "/c/north/seasons/", data={**SEASON, "csrf_token": club_csrf(client)}
    )
    assert saved.status_code == 302, saved.text


@pytest.mark.parametrize("who", [None, "director", "elsewhere"])
def test_anyone_else_is_told_to_sign_in_as_an_admin_of_the_club(north, who):
    client = north.test_client()
    game = client.post("/c/north/api/games", json=GAME).json
    client.post(
        f"/c/north/api/games/{game['id']}/hands",
        json={"bidder": "Ann", "contract": "6S", "tricks": 6},
        headers={"Authorization": f"Bearer {game['write_token']}"},
    )
    if who is not None:
        slug = "south" if who == "elsewhere" else "north"
        person(north, "bob@example.org", slug, "admin" if slug == "south" else who)
        sign_in(client, "bob@example.org")
    asked = client.get("/c/north/players/Ann/rename?new_name=Annie")
    said = "Sign in as an admin of this club to do this."
    assert asked.status_code == 403 and said in asked.text
    assert 'href="/login?next=' in asked.text
    done = client.post(
        "/c/north/players/Ann/rename",
        data={"new_name": "Annie", "games": "1", "csrf_token": club_csrf(client)},
    )
    assert done.status_code == 403 and said in done.text
    refused = client.post(
        "/c/north/seasons/", data={**SEASON, "csrf_token": club_csrf(client)}
    )
    assert refused.status_code == 403 and said in refused.text
    seasons = client.get("/c/north/seasons/").text
    assert said in seasons and 'href="/login?next=/c/north/seasons/"' in seasons
    player = client.get("/c/north/players/Ann").text
    assert said in player and 'href="/login?next=/c/north/players/Ann"' in player
    assert client.get("/c/north/players/Annie").status_code == 404  # not renamed


def test_only_a_directors_token_sets_up_a_night(north):
    client = north.test_client()
    nobody = client.post("/c/north/api/nights", json=NIGHT)
    assert nobody.status_code == 403 and nobody.json["field"] == "Authorization"
    member = token(north, "north", "member")
    refused = client.post(
        "/c/north/api/nights", json=NIGHT, headers={"Authorization": f"Bearer {member}"}
    )
    assert refused.status_code == 403 and "director" in refused.json["error"]
    director = token(north, "north", "director")
    made = client.post(
        "/c/north/api/nights",
        json=NIGHT,
        headers={"Authorization": f"Bearer {director}"},
    )
    assert made.status_code == 201, made.json
    # Its director's token and the tables' games work as today, in the club.
    night = made.json
    own = {"Authorization": f"Bearer {night['director_token']}"}
    assert client.get(f"/c/north/api/nights/{night['id']}").status_code == 200
    closed = client.post(
        f"/c/north/api/nights/{night['id']}/rounds/1/close", headers=own
    )
    assert closed.status_code in (200, 409), closed.json
    assert client.get(f"/c/south/api/nights/{night['id']}").status_code == 404


def test_a_signed_in_admins_session_is_no_token_for_the_api(north):
    person(north, "ann@example.org", "north", "owner")
    client = north.test_client()
    sign_in(client, "ann@example.org")
    refused = client.post("/c/north/api/nights", json=NIGHT)
    assert refused.status_code == 403


def test_the_new_night_page_asks_a_signed_in_director(north):
    client = north.test_client()
    page = client.get("/c/north/nights/new")
    assert page.status_code == 403 and "directors" in page.text
    person(north, "dan@example.org", "north", "director")
    sign_in(client, "dan@example.org")
    assert client.get("/c/north/nights/new").status_code == 200


def test_a_token_of_one_club_is_unknown_in_another(north):
    north_token = token(north, "north", "admin")
    client = north.test_client()
    elsewhere = client.get(
        "/c/south/api/games", headers={"Authorization": f"Bearer {north_token}"}
    )
    unknown = client.get(
        "/c/south/api/games", headers={"Authorization": "Bearer sk_pat_nothing"}
    )
    assert elsewhere.status_code == unknown.status_code == 401
    assert elsewhere.json == unknown.json
    assert unknown.json["field"] == "Authorization"
    # A game's write token is not a personal token: it works as it always did.
    game = client.post("/c/north/api/games", json=GAME).json
    wrote = client.post(
        f"/c/north/api/games/{game['id']}/hands",
        json={"bidder": "Ann", "contract": "6S", "tricks": 6},
        headers={"Authorization": f"Bearer {game['write_token']}"},
    )
    assert wrote.status_code == 201, wrote.json
