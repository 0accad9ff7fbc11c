"""Starting a club (CLUBS.md, "Starting, leaving and running clubs"): the API and
the page, open, by code or closed; every refusal names its field."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from clubs_helpers import OWNER, make_club, start_club
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.clubs import names
from scorekeeper.db.clubs.people import Account, Membership
from scorekeeper.db.models import db


@pytest.fixture
def open_app(many_app: Flask) -> Iterator[Flask]:
    """Return a many-clubs server where anyone may start a club."""
    many_app.config.update(CLUBS_SIGNUP="open", WTF_CSRF_ENABLED=False)
    yield many_app


@pytest.fixture
def client(open_app: Flask) -> FlaskClient:
    """Return a client of the open server."""
    return open_app.test_client()


def test_a_club_started_answers_201_and_its_owner_is_its_founder(
    open_app: Flask, client: FlaskClient
) -> None:
    made = start_club(client, "erable", "Club de l'Érable")
    assert made.status_code == 201, made.json
    assert made.json == {
        "slug": "erable",
        "name": "Club de l'Érable",
        "url": "/c/erable/",
    }
    assert made.headers["Location"] == "/c/erable/"
    assert client.get("/c/erable/").status_code == 200
    with open_app.app_context():
        (account,) = db.session.execute(db.select(Account)).scalars()
        assert account.email == OWNER["email"]
        assert account.password_hash.startswith("$argon2id$")
        (role,) = db.session.execute(db.select(Membership.role)).scalars()
        assert role == "owner"


def test_a_taken_slug_is_409_naming_slug(client: FlaskClient) -> None:
    start_club(client, "erable", "Érable")
    again = start_club(client, "erable", "Other", owner={**OWNER, "email": "b@x.org"})
    assert again.status_code == 409
    assert again.json["field"] == "slug"


@pytest.mark.parametrize(
    ("change", "field", "status"),
    [
        ({"slug": "ab"}, "slug", 400),
        ({"slug": "9lives"}, "slug", 400),
        ({"slug": "two words"}, "slug", 400),
        ({"slug": "a" * 41}, "slug", 400),
        ({"slug": "api"}, "slug", 400),
        ({"slug": "login"}, "slug", 400),
        ({"slug": "games"}, "slug", 400),  # a route's first segment
        ({"slug": 7}, "slug", 400),
        ({"name": ""}, "name", 400),
        ({"name": "x" * 81}, "name", 400),
        ({"name": "a\x07b"}, "name", 400),
        ({"owner": {**OWNER, "password": "short"}}, "password", 400),
        ({"owner": {**OWNER, "password": OWNER["email"]}}, "password", 400),
        ({"owner": {**OWNER, "password": "The Club Name"}}, "password", 400),
        ({"owner": {**OWNER, "email": "not-an-address"}}, "email", 400),
        ({"owner": "Ann"}, "owner", 400),
    ],
)
def test_a_bad_club_is_refused_naming_its_field(
    client: FlaskClient, change: dict[str, object], field: str, status: int
) -> None:
    body = {"name": "The Club Name", "slug": "good-one", "owner": OWNER, **change}
    answer = client.post("/api/clubs", json=body)
    assert answer.status_code == status, answer.json
    assert answer.json["field"] == field
    assert client.get("/api/clubs").json["total"] == 0


def test_by_code_the_code_is_asked_for(many_app: Flask) -> None:
    many_app.config.update(CLUBS_SIGNUP="code", CLUBS_SIGNUP_CODE="green-tea")
    client = many_app.test_client()
    for wrong in ({}, {"code": "black-tea"}):
        refused = start_club(client, "erable", "Érable", **wrong)
        assert refused.status_code == 403
        assert refused.json["field"] == "code"
    assert start_club(client, "erable", "Érable", code="green-tea").status_code == 201


def test_closed_no_club_starts_but_by_the_operator(many_app: Flask) -> None:
    many_app.config.update(CLUBS_SIGNUP="closed", CLUBS_SIGNUP_CODE="green-tea")
    client = many_app.test_client()
    refused = start_club(client, "erable", "Érable", code="green-tea")
    assert refused.status_code == 403
    assert b"Start a club" not in client.get("/").data


def test_open_sign_up_is_throttled_per_address(client: FlaskClient) -> None:
    for number in range(3):
        email = {**OWNER, "email": f"p{number}@x.org"}
        assert start_club(client, f"club-{number}", "C", owner=email).status_code == 201
    too_many = start_club(client, "club-9", "C", owner={**OWNER, "email": "z@x.org"})
    assert too_many.status_code == 429


def test_the_directory_finds_listed_clubs_by_name(open_app: Flask) -> None:
    make_club(open_app, "north", "North Shore Five Hundred")
    make_club(open_app, "south", "Southern Cross")
    make_club(open_app, "hidden", "North Hidden")
    with open_app.app_context():
        from scorekeeper.clubs import service

        service.change(service.find("hidden"), listed=False)
    client = open_app.test_client()
    found = client.get("/api/clubs?q=north").json
    assert [c["slug"] for c in found["clubs"]] == ["north"]
    assert found["clubs"][0] == {
        "slug": "north",
        "name": "North Shore Five Hundred",
        "language": "en",
        "url": "/c/north/",
    }
    everyone = client.get("/api/clubs?per_page=1").json
    assert (everyone["total"], everyone["pages"]) == (2, 2)
    assert everyone["next"] == "/api/clubs?page=2&per_page=1"
    assert client.get("/api/clubs?per_page=0").json["field"] == "per_page"
    assert client.get("/api/clubs?q=" + "x" * 81).json["field"] == "q"
    page = client.get("/?q=cross")
    assert b"Southern Cross" in page.data and b"North Shore" not in page.data
    assert b'href="/c/south/"' in page.data


def test_a_club_started_on_its_page_lands_on_its_home_with_a_next_step(
    client: FlaskClient,
) -> None:
    front = client.get("/")
    assert b'href="/clubs/new"' in front.data
    form = {"name": "Les As de Montréal", **{k: OWNER[k] for k in ("email",)}}
    form |= {"owner": "Ann", "password": OWNER["password"]}
    made = client.post("/clubs/new", data=form)
    assert made.status_code == 302
    assert made.headers["Location"] == "/c/les-as-de-montreal/welcome"
    home = client.get(made.headers["Location"], follow_redirects=True)
    assert home.request.path == "/c/les-as-de-montreal/"
    assert b"Start its first game" in home.data
    assert b"/c/les-as-de-montreal/new/" in home.data
    # The founder is signed in: the front page shows their club.
    assert b"Les As de Montr" in client.get("/").data
    # The same name again gets a numbered address, typed by no one.
    again = client.post("/clubs/new", data={**form, "email": "b@x.org"})
    assert again.headers["Location"] == "/c/les-as-de-montreal-2/welcome"


def test_a_refusal_on_the_page_names_its_field(client: FlaskClient) -> None:
    form = {"name": "Club", "slug": "api", "email": "a@x.org", "password": "x"}
    page = client.post("/clubs/new", data=form)
    assert page.status_code == 400
    assert b'id="slug-errors"' in page.data


def test_slugs_are_suggested_from_names() -> None:
    assert names.slugified("Club de l'Érable") == "club-de-l-erable"
    assert names.slugified("500 Club") == "club-500-club"
    taken = {"north", "north-2"}
    assert names.suggested("North", taken.__contains__) == "north-3"
    assert names.suggested("Api", lambda _: False) == "api-2"
    assert names.suggested("Ω", lambda _: False) == "club"


@pytest.mark.parametrize("same", ["slug", "email"])
def test_two_clubs_started_at_once_with_one_slug_or_owner(
    open_app: Flask, same: str
) -> None:
    """Two phones start clubs at the same moment, with the same address or the
    same founder's email: one is made, the other told why (409), never a 500."""
    open_app.config["CLUBS_SIGNUP"] = "code"  # no throttle between the two
    open_app.config["CLUBS_SIGNUP_CODE"] = "tea"
    start = threading.Barrier(2)
    answers: list[tuple[int, object]] = []

    def found(number: int) -> None:
        client = open_app.test_client()
        slug = "north" if same == "slug" else f"north-{number}"
        email = OWNER["email"] if same == "email" else f"p{number}@x.org"
        start.wait()
        made = start_club(
            client, slug, "North", owner={**OWNER, "email": email}, code="tea"
        )
        answers.append((made.status_code, made.json.get("field")))

    threads = [threading.Thread(target=found, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made, refused = sorted(answers, key=lambda a: a[0])
    assert made == (201, None)
    # Told the address is taken, or the email has an account (once the
    # other's is committed, before this one looked).
    assert refused in ((409, same), (403, "email"))
    assert open_app.test_client().get("/api/clubs").json["total"] == 1


def test_the_services_pages_are_not_a_clubs(client: FlaskClient) -> None:
    start_club(client, "erable", "Érable")
    for path in ("/c/erable/clubs/", "/c/erable/clubs/new", "/c/erable/api/clubs"):
        assert client.get(path).status_code == 404, path


def test_a_club_speaks_its_founders_language(client: FlaskClient) -> None:
    start_club(client, "erable", "Érable", headers={"Accept-Language": "fr-CA"})
    (club,) = client.get("/api/clubs").json["clubs"]
    assert club["language"] == "fr"
