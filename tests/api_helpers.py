"""Test data and an API helper shared by the API, service and CLI tests."""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, inspect, make_url, text


def _worker_database(url: str | None) -> str | None:
    """Return the database this test process uses: its own under pytest-xdist.

    Every test empties the database it uses, so two workers sharing one would
    empty each other's; each worker gets a copy named after it, made once."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not url or not worker:
        return url
    base = make_url(url)
    own = base.set(database=f"{base.database}_{worker}")
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        exists = connection.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :name"),
            {"name": own.database},
        ).scalar()
        if not exists:
            connection.execute(text(f'CREATE DATABASE "{own.database}"'))
    engine.dispose()
    return own.render_as_string(hide_password=False)


TEST_DATABASE_URL = _worker_database(os.environ.get("TEST_DATABASE_URL"))
# The club password the tests give a server that needs one (merges, seasons).
CLUB_PASSWORD = "Friday at eight"


@functools.cache
def _newest_migration() -> str:
    """Return the head revision of the migrations in migrations/versions."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from scorekeeper.db.migration import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    (head,) = ScriptDirectory.from_config(config).get_heads()
    return head


def reset_database(url: str) -> None:
    """Empty a shared test database: its rows if it is at the newest migration
    (much faster than migrating again for every test), else every table, so the
    migrations start afresh."""
    engine = create_engine(url)
    postgres = engine.dialect.name == "postgresql"
    with engine.begin() as connection:
        if postgres:  # many clubs' schemas (db/clubs/storage.py), each a club's own
            for (schema,) in connection.execute(
                text("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'club\\_%'")
            ).all():
                connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        tables = inspect(connection).get_table_names()
        version = None
        if "alembic_version" in tables:
            version = connection.execute(
                text("SELECT version_num FROM alembic_version")
            ).scalar()
        if postgres and version == _newest_migration():
            names = ", ".join(f'"{t}"' for t in tables if t != "alembic_version")
            connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            # Whatever tables the migrations made, each dropped by the name it has.
            cascade = " CASCADE" if postgres else ""
            for table in tables:
                connection.execute(text(f'DROP TABLE IF EXISTS "{table}"{cascade}'))
            assert inspect(connection).get_table_names() == []
    engine.dispose()


def statements(app: Flask, work: Callable[[], object]) -> list[str]:
    """Return the SQL statements some work runs against the app's database."""
    from scorekeeper.db.models import db

    seen: list[str] = []

    def record(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", record)
        try:
            work()
        finally:
            event.remove(db.engine, "before_cursor_execute", record)
    return seen


FRIDAY = {
    "name": "Friday",
    "rules": {"preset": "australian"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
    "first_dealer": "Ann",
}
# A phone set to Québec French, as its Accept-Language says.
FRENCH = {"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}
# Five lone players, as the five-handed tests seat them.
FIVE_SIDES = [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]
FIVE_HANDED = {"name": "Five", "rules": {"preset": "australian"}, "sides": FIVE_SIDES}


class Api:
    """Repeated API actions: create a game, record hands, with its token."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""
        self.game_id = ""

    def headers(self, token: str | None = None, **extra: str) -> dict[str, str]:
        """Return the Authorization header for the current game."""
        return {"Authorization": f"Bearer {token or self.token}", **extra}

    def create(self, **changes: Any) -> dict[str, Any]:
        """Create a game (Friday unless changed) and remember its token."""
        response = self.client.post("/api/games", json={**FRIDAY, **changes})
        assert response.status_code == 201, response.json
        data = response.json
        assert data is not None
        self.token, self.game_id = data["write_token"], data["id"]
        return data

    def hand(self, status: int = 201, **hand: Any) -> dict[str, Any]:
        """Record a hand and check the status."""
        response = self.client.post(
            f"/api/games/{self.game_id}/hands", json=hand, headers=self.headers()
        )
        assert response.status_code == status, response.json
        assert response.json is not None
        return response.json

    def game(self) -> dict[str, Any]:
        """Return the current game as GET shows it."""
        response = self.client.get(f"/api/games/{self.game_id}")
        assert response.status_code == 200
        assert response.json is not None
        return response.json


# The new-game page's form for FRIDAY's table, as a phone posts it.
NEW_GAME_FORM = {
    "sides-0": "Us",
    "sides-1": "Them",
    "players-0": "Ann",
    "players-1": "Cat",
    "players-2": "Bob",
    "players-3": "Dan",
    "rules": "preset:australian",
}
# A game that never ends, so every hand that lands is a 201.
ENDLESS = {
    "name": "Race",
    "rules": {"target": None, "floor": None, "hands_limit": 100_000},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
}
# Four hands to record over and over: made, failed, misère and all passing.
CYCLE = [
    {"bidder": "Bob", "contract": "7H", "tricks": 7},
    {"bidder": "Ann", "contract": "8S", "tricks": 6},
    {"side": 0, "contract": "misere", "tricks": 0},
    {"contract": "pass"},
]
# Every request sends a different hand, so each one that landed can be found.
SIGNATURES = [
    {"bidder": b, "contract": f"{n}{s}", "tricks": t}
    for b, n, s, t in itertools.product(
        ["Ann", "Bob", "Cat", "Dan"], range(6, 11), "SCDH", range(11)
    )
]


def call(
    url: str,
    method: str = "GET",
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, dict[str, str]]:
    """Send a JSON request; return the status, the answer and its headers."""
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(url, data, sent, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw or b"null"), dict(response.headers)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read() or b"null"), dict(error.headers)


def post(url: str, body: object, token: str = "") -> Any:
    """POST JSON to a running server, with a write token if given; return the answer."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, answer, _ = call(url, "POST", body, headers)
    assert 200 <= status < 300, (status, answer)
    return answer


def key(hand: dict[str, Any]) -> tuple[Any, ...]:
    """Return what tells one recorded hand from another."""
    tricks = hand["tricks"]
    if isinstance(tricks, list):  # as the game shows it: per side
        tricks = tricks[1 if hand["bidder"] in ("Bob", "Dan") else 0]
    return hand["bidder"], hand["contract"], tricks


def has_inline_code(html: str) -> bool:
    """Return whether a page has an inline style or script (the CSP forbids both)."""
    return "style=" in html or re.search(r"<script(?![^>]*\bsrc=)", html) is not None


def import_past(games: list[Any]) -> list[tuple[str, str]]:
    """Store games (archive.PastGame) as import-games does; return ids and tokens."""
    from scorekeeper.results import archive

    checked = [(past, archive.replayed(past)) for past in games]
    return [made for batch in archive.import_games(checked) for made in batch]
