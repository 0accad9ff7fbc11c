"""Two app servers on one database (CLUBS.md): signing out everywhere, a role
taken away or a token revoked on one is refused on the other at its next request."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from accounts_helpers import csrf, person, sign_in, token
from clubs_helpers import make_club
from flask import Flask

from scorekeeper import create_app
from scorekeeper.accounts import roles, service, throttle, tokens
from scorekeeper.clubs import service as clubs
from scorekeeper.db.models import db


@pytest.fixture
def other(many_app: Flask) -> Iterator[Flask]:
    """Return a second server on the many-clubs app's database."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "CLUBS": "many",
            "SQLALCHEMY_DATABASE_URI": many_app.config["SQLALCHEMY_DATABASE_URI"],
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def copy_cookies(client, to) -> None:
    """Give a second server's client the first's cookies (one browser, two servers)."""
    for cookie in client._cookies.values():
        to.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)


def test_a_session_made_on_one_server_is_good_on_the_other_until_signed_out_everywhere(
    many_app: Flask, other: Flask
):
    make_club(many_app, "north")
    person(many_app, "ann@example.org", "north", "admin")
    phone, laptop = many_app.test_client(), other.test_client()
    sign_in(phone, "ann@example.org")
    copy_cookies(phone, laptop)
    assert laptop.get("/account").status_code == 200
    assert laptop.get("/c/north/people").status_code == 200
    assert phone.get("/c/north/people").status_code == 200
    # A second browser of Ann's, signed in on the other server.
    tablet = other.test_client()
    sign_in(tablet, "ann@example.org")
    ended = phone.post(
        "/account/everywhere", data={"csrf_token": csrf(phone, "/account")}
    )
    assert ended.status_code == 302
    for client in (laptop, tablet):
        assert client.get("/account").status_code == 302  # to the sign-in page
        assert client.get("/c/north/people").status_code == 403


def test_a_role_taken_away_or_a_token_revoked_is_refused_on_both_servers(
    many_app: Flask, other: Flask
):
    make_club(many_app, "north")
    person(many_app, "ann@example.org", "north", "owner")
    person(many_app, "bob@example.org", "north", "admin")
    director = token(many_app, "north", "director", "bob@example.org")
    first, second = many_app.test_client(), other.test_client()
    sign_in(first, "bob@example.org")
    copy_cookies(first, second)
    bearer = {"Authorization": f"Bearer {director}"}
    for client in (first, second):
        assert client.get("/c/north/people").status_code == 200
        assert client.get("/c/north/api/nights", headers=bearer).status_code == 200
    with many_app.app_context():
        bob = service.find("bob@example.org")
        roles.change(clubs.find("north").id, bob.id, "member", "owner")
    for client in (first, second):
        assert client.get("/c/north/people").status_code == 403
        made = client.post("/c/north/api/nights", json={}, headers=bearer)
        assert made.status_code == 403 and made.json["field"] == "Authorization"
    with other.app_context():
        bob = service.find("bob@example.org")
        (made_one,) = tokens.listed(bob)
        tokens.revoke(bob, made_one.id)
    for client in (first, second):
        refused = client.get("/c/north/api/nights", headers=bearer)
        assert refused.status_code == 401
        assert refused.json["field"] == "Authorization"


def test_wrong_sign_ins_on_one_server_are_counted_on_the_other(
    many_app: Flask, other: Flask
):
    person(many_app, "ann@example.org")
    first, second = many_app.test_client(), other.test_client()
    for _ in range(throttle.ACCOUNT[0]):
        assert sign_in(first, "ann@example.org", "wrong guess!").status_code == 401
    refused = sign_in(second, "ann@example.org", "wrong guess!")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
