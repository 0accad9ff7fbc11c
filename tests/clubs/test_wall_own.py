"""What of a club no other club shares (issue 43, point 2): its session, its
password throttle, the names it suggests and the lookalikes it warns of."""

from __future__ import annotations

import re
from typing import Any

from accounts_helpers import person, sign_in
from clubs_helpers import GAME, make_club
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.clubs import service

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
PASSWORD = "the server's club password"


def club_id(app: Flask, slug: str) -> int:
    with app.app_context():
        return service.find(slug).id


def deleted_on_the_phone(client: FlaskClient, slug: str) -> tuple[str, str]:
    """Delete a new game from the phone that plays it; return the session
    cookie this leaves (saying the game's name once) and its CSRF token."""
    game = client.post(f"/c/{slug}/api/games", json=GAME).json
    page = client.get(game["links"]["play"], follow_redirects=True)  # prefixed
    csrf = CSRF.search(page.get_data(as_text=True))
    assert csrf is not None
    version = client.get(f"/c/{slug}/api/games/{game['id']}").json["version"]
    form = {"csrf_token": csrf[1], "version": str(version), "confirm": "Yes"}
    done = client.post(f"/c/{slug}/games/{game['id']}/delete", data=form)
    assert done.status_code == 302
    (cookie,) = [c for c in client._cookies.values() if c.key.startswith("session")]
    return cookie.value, csrf[1]


def test_a_clubs_session_sent_as_anothers_is_no_session_there(
    many_app: Flask,
) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    session, csrf = deleted_on_the_phone(many_app.test_client(), "north")
    south = f"session_{club_id(many_app, 'south')}={session}"
    crafted = many_app.test_client(use_cookies=False)
    page = crafted.get("/c/south/", headers={"Cookie": south})
    assert page.status_code == 200
    assert "Friday" not in page.get_data(as_text=True)  # north's message
    # North's CSRF token opens no form of south's.
    form = {"csrf_token": csrf, "name": "Spring", "first_day": "2026-01-01"}
    sent = crafted.post("/c/south/seasons/", data=form, headers={"Cookie": south})
    assert sent.status_code == 400
    assert "CSRF" in sent.get_data(as_text=True) or "expired" in sent.get_data(
        as_text=True
    )


def test_a_scoreboard_read_before_flask_reads_the_clubs_own_session(
    many_app: Flask,
) -> None:
    """games/fastread.py answers a kept scoreboard only to a phone whose
    session has nothing to show once: the session of the club asked in."""
    make_club(many_app, "north")
    client = many_app.test_client()
    game = client.post("/c/north/api/games", json=GAME).json["id"]
    for _ in range(2):  # drawn, then kept
        assert client.get(f"/c/north/games/{game}").status_code == 200
    deleted_on_the_phone(client, "north")
    page = client.get(f"/c/north/games/{game}")
    assert "is deleted" in page.get_data(as_text=True)


def rename(client: FlaskClient, slug: str, password: str) -> Any:
    """Try to rename Ann with a password, as the rename page does."""
    page = client.get(f"/c/{slug}/players/Ann/rename?new_name=Anne")
    csrf = CSRF.search(page.get_data(as_text=True))
    assert csrf is not None, page.get_data(as_text=True)
    form = {"csrf_token": csrf[1], "new_name": "Anne", "password": password}
    return client.post(f"/c/{slug}/players/Ann/rename", data=form)


def test_an_admin_of_one_club_is_none_of_another(many_app: Flask) -> None:
    """Many clubs have no club password (CLUBS.md): a signed-in admin acts in
    their club alone; even the server's CLUB_PASSWORD opens nothing."""
    many_app.config["CLUB_PASSWORD"] = PASSWORD
    for slug in ("north", "south"):
        make_club(many_app, slug)
        many_app.test_client().post(f"/c/{slug}/api/games", json=GAME)
    person(many_app, "admin@example.org", "south", "admin")
    client = many_app.test_client()
    assert sign_in(client, "admin@example.org").status_code == 302
    refused = client.get("/c/north/players/Ann/rename?new_name=Anne")
    assert refused.status_code == 403
    assert "Sign in as an admin of this club" in refused.get_data(as_text=True)
    done = rename(client, "south", "")
    assert done.status_code == 302, done.get_data(as_text=True)
    said = client.get(done.headers["Location"]).get_data(as_text=True)
    assert "Ann is Anne now" in said


def test_names_suggested_and_lookalikes_are_the_clubs_own(many_app: Flask) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    poca = {**GAME, "sides": [{"name": "Us", "players": ["Poca", "Cat"]}]}
    poca["sides"].append(GAME["sides"][1])
    poca["first_dealer"] = "Cat"
    made = client.post("/c/north/api/games", json=poca).json
    hand = {"bidder": "Poca", "contract": "10NT", "tricks": 10}
    token = {"Authorization": f"Bearer {made['write_token']}"}
    assert (
        client.post(
            f"/c/north/api/games/{made['id']}/hands", json=hand, headers=token
        ).status_code
        == 201
    )
    assert "Poca" in client.get("/c/north/new/2x2").get_data(as_text=True)
    assert "Poca" not in client.get("/c/south/new/2x2").get_data(as_text=True)
    # 'Роса' in Cyrillic letters looks like north's Poca: asked there alone.
    alike = {**poca, "sides": [{"name": "Us", "players": ["Роса", "Cat"]}]}
    alike["sides"].append(GAME["sides"][1])
    refused = client.post("/c/north/api/games", json=alike)
    assert refused.status_code == 409 and "Poca" in refused.json["error"]
    made = client.post("/c/south/api/games", json=alike)
    assert made.status_code == 201, made.json
    # The new-game page offers the names played and asks about lookalikes:
    # north's alone.
    for slug, asked in (("north", True), ("south", False)):
        page = client.get(f"/c/{slug}/new/2x2").get_data(as_text=True)
        form = {"csrf_token": CSRF.findall(page)[0], "rules": "preset:australian"}
        form |= {"players-0": "Роса", "players-1": "Cat", "players-2": "Bob"}
        form |= {"players-3": "Dan", "sides-0": "Us", "sides-1": "Them"}
        said = client.post(f"/c/{slug}/new/2x2", data=form).get_data(as_text=True)
        assert ("Poca" in said) is asked, slug
