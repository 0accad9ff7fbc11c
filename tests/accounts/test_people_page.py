"""A club's people page (owners and admins): roles, invitations, reset links."""

from __future__ import annotations

import re

import pytest
from accounts_helpers import PASSWORD, csrf, person, sign_in
from clubs_helpers import make_club
from flask import Flask

from scorekeeper.accounts import roles, service
from scorekeeper.clubs import service as clubs


@pytest.fixture
def owner(many_app: Flask):
    """Return the client of north's owner, signed in."""
    make_club(many_app, "north", "North Club")
    person(many_app, "ann@example.org", "north", "owner")
    client = many_app.test_client()
    sign_in(client, "ann@example.org")
    return client


def post(client, path: str, **data: str):
    """Send a form of the club's people page, with its CSRF token."""
    token = csrf(client, "/c/north/people")
    return client.post(path, data={**data, "csrf_token": token})


def link_in(page: str) -> str:
    """Return the path of the one-use link a page shows once."""
    return re.search(r"<code>http://localhost(/[a-z]+/[^<]+)</code>", page)[1]


def member_of(app, email: str) -> str | None:
    with app.app_context():
        return service.role_of(service.find(email).id, clubs.find("north").id)


def test_an_invitation_makes_a_new_account_a_member_once(many_app, owner):
    made = post(owner, "/c/north/people/invite", role="director")
    assert made.status_code == 200
    path = link_in(made.text)
    assert path.startswith("/invite/")
    newcomer = many_app.test_client()
    page = newcomer.get(path)
    assert page.status_code == 200 and "North Club" in page.text
    weak = newcomer.post(
        path,
        data={
            "new-email": "cat@example.org",
            "new-name": "Cat",
            "new-password": "north club",
            "new-csrf_token": csrf(newcomer, path),
        },
    )
    assert weak.status_code == 400 and "the club&#39;s name" in weak.text
    joined = newcomer.post(
        path,
        data={
            "new-email": "cat@example.org",
            "new-name": "Cat",
            "new-password": PASSWORD,
            "new-csrf_token": csrf(newcomer, path),
        },
    )
    assert joined.status_code == 302 and joined.headers["Location"] == "/c/north/"
    assert member_of(many_app, "cat@example.org") == "director"
    assert newcomer.get("/account").status_code == 200
    again = many_app.test_client().get(path)
    assert again.status_code == 404 and "not valid" in again.text


def test_a_signed_in_person_accepts_an_invitation(many_app, owner):
    path = link_in(post(owner, "/c/north/people/invite", role="member").text)
    person(many_app, "bob@example.org")
    bob = many_app.test_client()
    sign_in(bob, "bob@example.org")
    answer = bob.post(path, data={"join-csrf_token": csrf(bob, path), "join-go": "1"})
    assert answer.status_code == 302
    assert member_of(many_app, "bob@example.org") == "member"


def test_only_owners_invite_owners_and_roles_change_on_the_page(many_app, owner):
    person(many_app, "bob@example.org", "north", "admin")
    admin = many_app.test_client()
    sign_in(admin, "bob@example.org")
    refused = post(admin, "/c/north/people/invite", role="owner")
    assert refused.status_code == 400 and "Only an owner" in refused.text
    with many_app.app_context():
        ann = service.find("ann@example.org").id
    kept = post(owner, "/c/north/people/role", target=str(ann), role="admin")
    assert kept.status_code == 400 and "at least one owner" in kept.text
    demoted = post(admin, "/c/north/people/role", target=str(ann), role="member")
    assert demoted.status_code == 400 and "Only an owner" in demoted.text
    assert member_of(many_app, "ann@example.org") == "owner"
    member = many_app.test_client()
    person(many_app, "dan@example.org", "north", "member")
    sign_in(member, "dan@example.org")
    assert member.get("/c/north/people").status_code == 403


def test_an_admin_makes_a_reset_link_for_a_member_that_signs_them_out(many_app, owner):
    person(many_app, "bob@example.org", "north", "member")
    bob = many_app.test_client()
    sign_in(bob, "bob@example.org")
    with many_app.app_context():
        bob_id = service.find("bob@example.org").id
    path = link_in(post(owner, "/c/north/people/reset", target=str(bob_id)).text)
    assert path.startswith("/reset/")
    setter = many_app.test_client()
    short = setter.post(
        path, data={"password": "short", "csrf_token": csrf(setter, path)}
    )
    assert short.status_code == 400 and "at least 10 characters" in short.text
    done = setter.post(
        path, data={"password": "a new long secret", "csrf_token": csrf(setter, path)}
    )
    assert done.status_code == 302
    assert bob.get("/account").status_code == 302  # signed out everywhere
    assert sign_in(setter, "bob@example.org", "a new long secret").status_code == 302
    assert setter.get(path).status_code == 404


def test_an_admin_makes_no_reset_link_for_an_owner_of_another_club(many_app, owner):
    make_club(many_app, "south")
    person(many_app, "eve@example.org", "north", "member")
    with many_app.app_context():
        eve = service.find("eve@example.org")
        roles.grant(eve, clubs.find("south"), "owner")
        eve_id = eve.id
    refused = post(owner, "/c/north/people/reset", target=str(eve_id))
    assert refused.status_code == 400 and "operator" in refused.text
