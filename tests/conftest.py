"""Fixtures: an app on a fresh database, its client and CLI runner, an API helper."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from server import run_server
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app
from scorekeeper.models import db

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")

FRIDAY = {
    "name": "Friday",
    "rules": {"preset": "australian"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
    "first_dealer": "Ann",
}


def reset_database(url: str) -> None:
    """Drop every table of a shared test database, so migrations start afresh."""
    engine = create_engine(url)
    with engine.begin() as connection:
        for table in ("player", "hand", "game_side", "game", "ruleset"):
            connection.execute(text(f"DROP TABLE IF EXISTS {table} CASCADE"))
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        assert inspect(connection).get_table_names() == []
    engine.dispose()


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Flask]:
    """Return the app on an empty database, built by the migrations."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": TEST_DATABASE_URL
            or f"sqlite:///{tmp_path / 'test.sqlite'}",
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Return a test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """Return a runner for the app's CLI commands."""
    return app.test_cli_runner()


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


@pytest.fixture
def api(client: FlaskClient) -> Api:
    """Return the API helper."""
    return Api(client)


@pytest.fixture
def live_server() -> Iterator[str]:
    """Serve the app as the README does, on a fresh database; yield its URL."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    with run_server(TEST_DATABASE_URL) as url:
        yield url
