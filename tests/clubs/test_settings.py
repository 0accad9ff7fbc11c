"""A club's settings page (CLUBS.md, "A club's own"): its owners and admins
change its name, language, visibility and listing; its owner downloads it and
deletes it whole, other clubs untouched."""

from __future__ import annotations

import json

import pytest
from clubs_helpers import GAME, OWNER, start_club
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.clubs import founders, service
from scorekeeper.db.models import db


@pytest.fixture
def client(many_app: Flask) -> FlaskClient:
    """Return a client signed in as the owner of the club `north` (and `south`
    started by someone else)."""
    many_app.config.update(CLUBS_SIGNUP="open", WTF_CSRF_ENABLED=False)
    client = many_app.test_client()
    other = many_app.test_client()
    start_club(other, "south", "South", owner={**OWNER, "email": "sam@x.org"})
    form = {"name": "North", "slug": "north", "email": OWNER["email"]}
    form |= {"owner": "Ann", "password": OWNER["password"]}
    assert client.post("/clubs/new", data=form).status_code == 302
    return client


def test_an_owner_changes_the_settings(many_app: Flask, client: FlaskClient) -> None:
    page = client.get("/c/north/settings")
    assert page.status_code == 200
    assert b'href="/c/north/rules/"' in page.data  # house rules for new games
    saved = client.post(
        "/c/north/settings",
        data={"name": "North Shore", "language": "fr", "visibility": "members"},
    )
    assert saved.status_code == 302
    with many_app.app_context():
        club = service.find("north")
        assert (club.name, club.language, club.visibility, club.listed) == (
            "North Shore",
            "fr",
            "members",
            False,
        )
    assert client.get("/api/clubs").json["total"] == 1  # north left the directory


def test_the_club_speaks_its_language_to_visitors_who_chose_none(
    client: FlaskClient,
) -> None:
    english = {"Accept-Language": "en"}
    assert b'<html lang="en"' in client.get("/c/north/", headers=english).data
    client.post("/c/north/settings", data={"name": "North", "language": "fr"})
    visitor = client.application.test_client()
    assert b'<html lang="fr"' in visitor.get("/c/north/", headers=english).data
    assert b'<html lang="en"' in visitor.get("/c/south/", headers=english).data
    visitor.post("/language", data={"lang": "en", "next": "/c/north/"})
    assert b'<html lang="en"' in visitor.get("/c/north/", headers=english).data


def test_only_its_owners_and_admins_see_the_settings(
    many_app: Flask, client: FlaskClient
) -> None:
    assert client.get("/c/south/settings").status_code == 403
    stranger = many_app.test_client()
    refused = stranger.get("/c/north/settings")
    assert refused.status_code == 403
    assert b"Sign in as an owner or admin" in refused.data
    assert stranger.post("/c/north/settings/delete").status_code == 403
    assert stranger.get("/c/north/settings/export").status_code == 403
    assert client.get("/settings").status_code == 404  # outside any club


def test_an_owner_downloads_the_club_and_deletes_it(
    many_app: Flask, client: FlaskClient
) -> None:
    kept = client.post("/c/south/api/games", json=GAME).json["id"]
    game = client.post("/c/north/api/games", json=GAME).json["id"]
    download = client.get("/c/north/settings/export")
    assert download.status_code == 200
    lines = [json.loads(line) for line in download.data.decode().splitlines()]
    assert lines[0]["club"]["slug"] == "north"
    assert lines[0]["members"] == [
        {"email": OWNER["email"], "name": "Ann", "role": "owner"}
    ]
    assert [game] in ([row[0]] for row in lines if isinstance(row, list))
    wrong = client.post("/c/north/settings/delete", data={"confirm": "South"})
    assert wrong.status_code == 400
    assert b'id="confirm-errors"' in wrong.data
    gone = client.post("/c/north/settings/delete", data={"confirm": " north "})
    assert gone.status_code == 302
    assert gone.headers["Location"] == "/?deleted=1"
    assert client.get("/c/north/").status_code == 404
    assert client.get(f"/c/south/api/games/{kept}").status_code == 200
    with many_app.app_context():
        assert founders.find_account(OWNER["email"]) is not None
        assert [
            c.slug for c in db.session.execute(db.select(service.Club)).scalars()
        ] == ["south"]
