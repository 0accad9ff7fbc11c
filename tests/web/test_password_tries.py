"""Guessing the club password: a few wrong tries, then a wait (issue 21.1).

The tries are counted in the database, so two apps on one database (two
workers, or two servers of a club) count them together.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from http.cookiejar import CookieJar
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, build_opener

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, TEST_DATABASE_URL, reset_database
from flask import Flask
from flask.testing import FlaskClient
from server import Server
from test_bad_pages import csrf_token

from scorekeeper import create_app
from scorekeeper.db import tries
from scorekeeper.db.models import PasswordTry, db

SEASON = {"name": "Spring", "first_day": "2021-03-01", "last_day": "2021-05-31"}


def club_app(app: Flask) -> Flask:
    """Set the club password on an app."""
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD)
    return app


@pytest.fixture
def second(app: Flask) -> Iterator[Flask]:
    """Return a second app on the same database: another worker or server."""
    config = {k: app.config[k] for k in ("SECRET_KEY", "SQLALCHEMY_DATABASE_URI")}
    other = club_app(create_app({"TESTING": True, **config}))
    yield other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def at(app: Flask, address: str) -> FlaskClient:
    """Return a client of the app at an address."""
    client = club_app(app).test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def name_season(client: FlaskClient, password: str):
    """Name a season with a password, as its page's form does."""
    csrf = csrf_token(client.get("/seasons/").text)
    data = {**SEASON, "password": password, "csrf_token": csrf}
    return client.post("/seasons/", data=data)


def rename_ann(client: FlaskClient, password: str):
    """Rename Ann to Annie with a password, as the page's form does."""
    csrf = csrf_token(client.get("/players/Ann/rename?new_name=Annie").text)
    data = {"new_name": "Annie", "games": "1", "password": password}
    return client.post("/players/Ann/rename", data={**data, "csrf_token": csrf})


@pytest.mark.parametrize("guess", [name_season, rename_ann])
def test_after_five_wrong_tries_even_the_right_one_waits_with_429(app, guess):
    phone = at(app, "192.0.2.1")
    phone.post("/api/games", json=FRIDAY)
    for n in range(tries.ALLOWED):
        assert guess(phone, f"guess {n}").status_code == 403
    refused = guess(phone, CLUB_PASSWORD)
    assert refused.status_code == 429
    assert 14 * 60 < int(refused.headers["Retry-After"]) <= 15 * 60
    assert "Too many wrong club passwords" in refused.text
    assert "15 minutes" in refused.text
    # Another client is not held up by this one's guesses.
    assert guess(at(app, "192.0.2.2"), CLUB_PASSWORD).status_code == 302


def test_the_tries_are_counted_across_apps_on_one_database(app, second):
    phones = [at(app, "2001:db8::1"), at(second, "2001:db8::2")]  # one /64
    answers = [name_season(phones[n % 2], f"guess {n}") for n in range(7)]
    assert [a.status_code for a in answers] == [403] * 5 + [429] * 2
    assert name_season(phones[1], CLUB_PASSWORD).status_code == 429


def test_racing_tries_from_two_apps_check_at_most_five(app, second):
    apps = [app, second]

    def guess(n: int):  # a client each: a test client is not for threads
        return name_season(at(apps[n % 2], "192.0.2.1"), f"guess {n}")

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(guess, range(12)))
    statuses = sorted(a.status_code for a in answers)
    assert set(statuses) <= {403, 429} and statuses.count(403) <= tries.ALLOWED
    assert statuses.count(429) >= 12 - tries.ALLOWED


def test_the_wait_ends_as_the_oldest_try_ages_out(app):
    phone = at(app, "192.0.2.1")
    for n in range(tries.ALLOWED):
        name_season(phone, f"guess {n}")
    assert name_season(phone, "again").status_code == 429
    with app.app_context():
        oldest = db.session.execute(
            db.select(PasswordTry).order_by(PasswordTry.at)
        ).scalars()
        next(oldest).at -= tries.WINDOW + timedelta(seconds=1)
        db.session.commit()
    assert name_season(phone, "again").status_code == 403
    assert name_season(phone, CLUB_PASSWORD).status_code == 429


def test_the_right_password_forgets_the_wrong_tries(app):
    phone = at(app, "192.0.2.1")
    for n in range(tries.ALLOWED - 1):
        name_season(phone, f"guess {n}")
    assert name_season(phone, CLUB_PASSWORD).status_code == 302
    with app.app_context():
        assert db.session.execute(db.select(PasswordTry)).scalars().all() == []
        assert PasswordTry.client.type.length == 64  # a hash, not the address


def test_two_gunicorn_servers_on_one_database_count_the_tries_together(
    monkeypatch, tmp_path, migrated_sqlite
):
    """Two servers of a club (each two worker processes) refuse the sixth try."""
    monkeypatch.setenv("CLUB_PASSWORD", CLUB_PASSWORD)
    # Servers of one club share their secret key, as their cookies need.
    monkeypatch.setenv("FLASK_SECRET_KEY", "one club's secret")
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    shutil.copyfile(migrated_sqlite, tmp_path / "club.sqlite")  # started at once
    shared = TEST_DATABASE_URL or f"sqlite:///{tmp_path / 'club.sqlite'}"
    servers = [Server(shared, "gunicorn") for _ in range(2)]
    try:
        with ThreadPoolExecutor(2) as pool:
            urls = list(pool.map(Server.start, servers))
        answers = []
        for n in range(8):  # a new connection each: any worker may answer
            opener = build_opener(HTTPCookieProcessor(CookieJar()))
            with opener.open(urls[n % 2] + "/seasons/") as page:
                csrf = csrf_token(page.read().decode())
            data = {**SEASON, "password": f"guess {n}", "csrf_token": csrf}
            try:
                opener.open(urls[n % 2] + "/seasons/", urlencode(data).encode())
            except HTTPError as refused:
                answers.append(refused.code)
                refused.close()
        assert answers == [403] * tries.ALLOWED + [429] * 3
    finally:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(Server.stop, servers))
        for server in servers:
            shutil.rmtree(server.instance, ignore_errors=True)
