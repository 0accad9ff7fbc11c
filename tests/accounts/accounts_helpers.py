"""People of a many-clubs test server: accounts, their roles, signing in."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.accounts import service
from scorekeeper.clubs import service as clubs
from scorekeeper.db.clubs.people import Account

PASSWORD = "long enough secret"


def person(
    app: Flask, email: str, slug: str | None = None, role: str = "member"
) -> int:
    """Make an account (with PASSWORD), with a role in a club; return its id."""
    with app.app_context():
        account = service.create_account(email, email.split("@")[0].title(), PASSWORD)
        if slug is not None:
            service.grant(account, clubs.find(slug), role)
        return int(account.id)


def token(app: Flask, slug: str, role: str, email: str | None = None) -> str:
    """Return a personal access token for a club and a role (of a new member
    of that role, or of the account named)."""
    if email is None:
        email = f"{role}.{slug}@example.org"
        person(app, email, slug, role)
    with app.app_context():
        return service.new_token(service.find(email), clubs.find(slug), role, "Tests")


def account(app: Flask, email: str) -> Account:
    """Return an account, read in the app's context (detached after it)."""
    with app.app_context():
        found = service.find(email)
        assert found is not None
        return found


def sign_in(client: FlaskClient, email: str, password: str = PASSWORD):
    """Sign in through the page, as a person does; return the answer."""
    client.get("/login")
    return client.post(
        "/login",
        data={"email": email, "password": password, "csrf_token": csrf(client)},
    )


def csrf(client: FlaskClient, path: str = "/login") -> str:
    """Return the CSRF token a page's form carries."""
    page = client.get(path).get_data(as_text=True)
    found = re.search(
        r'name="(?:[a-z]+-)?csrf_token" type="hidden" value="([^"]+)"', page
    )
    assert found is not None, page
    return found[1]
