"""A `members` club (CLUBS.md): its pages and API answer its signed-in members
(or a token of the club) and the phone at the table; anyone else gets the
sign-in page or a 401/403, never the club's data."""

from __future__ import annotations

import pytest
from accounts_helpers import person, sign_in, token
from clubs_helpers import GAME, make_club
from flask import Flask

from scorekeeper.clubs import service as clubs
from scorekeeper.db.models import db


@pytest.fixture
def hidden(many_app: Flask) -> dict:
    """Return a game of a members club (made while it was public)."""
    make_club(many_app, "north")
    game = many_app.test_client().post("/c/north/api/games", json=GAME).json
    with many_app.app_context():
        clubs.find("north").visibility = "members"
        db.session.commit()
    return game


def test_a_stranger_gets_the_sign_in_page_and_no_data(many_app, hidden):
    client = many_app.test_client()
    for path in ("/c/north/", "/c/north/history", f"/c/north/games/{hidden['id']}"):
        page = client.get(path)
        assert page.status_code == 302, path
        assert page.headers["Location"].startswith("/login?next=/c/north/")
        assert b"Friday" not in page.data and b"Ann" not in page.data
    for path in ("/c/north/api/games", f"/c/north/api/games/{hidden['id']}"):
        answer = client.get(path)
        assert answer.status_code == 401 and answer.json["field"] == "Authorization"
        assert "Friday" not in answer.text


def test_a_polled_scoreboard_is_refused_too(many_app, hidden):
    member = many_app.test_client()
    person(many_app, "ann@example.org", "north", "member")
    sign_in(member, "ann@example.org")
    seen = member.get(f"/c/north/games/{hidden['id']}")
    assert seen.status_code == 200 and b"Friday" in seen.data
    stranger = many_app.test_client()
    tag = {"If-None-Match": seen.headers["ETag"]}
    assert (
        stranger.get(f"/c/north/games/{hidden['id']}", headers=tag).status_code == 302
    )
    api_tag = member.get(f"/c/north/api/games/{hidden['id']}").headers["ETag"]
    polled = stranger.get(
        f"/c/north/api/games/{hidden['id']}", headers={"If-None-Match": api_tag}
    )
    assert polled.status_code == 401


def test_a_member_and_a_clubs_token_see_it(many_app, hidden):
    person(many_app, "ann@example.org", "north", "member")
    client = many_app.test_client()
    sign_in(client, "ann@example.org")
    assert client.get("/c/north/history").status_code == 200
    assert client.get("/c/north/api/games").status_code == 200
    reader = token(many_app, "north", "member")
    api = many_app.test_client().get(
        "/c/north/api/games", headers={"Authorization": f"Bearer {reader}"}
    )
    assert api.status_code == 200 and api.json["games"][0]["name"] == "Friday"


def test_someone_of_another_club_is_told_to_ask_for_an_invitation(many_app, hidden):
    make_club(many_app, "south")
    person(many_app, "bob@example.org", "south", "owner")
    client = many_app.test_client()
    sign_in(client, "bob@example.org")
    page = client.get("/c/north/history")
    assert page.status_code == 403 and "ask one of its admins" in page.text
    api = client.get("/c/north/api/games")
    assert api.status_code == 403 and "Friday" not in api.text


def test_the_phone_at_the_table_plays_through_its_link(many_app, hidden):
    phone = many_app.test_client()
    opened = phone.get(hidden["links"]["play"])
    assert opened.status_code == 302
    board = phone.get(opened.headers["Location"])
    assert board.status_code == 200 and b"Friday" in board.data
    assert phone.get(opened.headers["Location"]).status_code == 200
    # Not the rest of the club.
    assert phone.get("/c/north/history").status_code == 302


def test_a_games_write_token_opens_that_game_alone(many_app, hidden):
    client = many_app.test_client()
    own = {"Authorization": f"Bearer {hidden['write_token']}"}
    game = f"/c/north/api/games/{hidden['id']}"
    assert client.get(game, headers=own).status_code == 200
    wrote = client.post(
        f"{game}/hands",
        json={"bidder": "Ann", "contract": "6S", "tricks": 6},
        headers=own,
    )
    assert wrote.status_code == 201, wrote.json
    wrong = {"Authorization": "Bearer not-the-token"}
    assert client.get(game, headers=wrong).status_code == 401
    assert client.get("/c/north/api/games", headers=own).status_code == 401
