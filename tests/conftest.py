"""Fixtures: an app on a fresh database, its client and CLI runner, an API helper."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import Api
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from server import run_server
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app
from scorekeeper.models import db

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")


def reset_database(url: str) -> None:
    """Drop every table of a shared test database, so migrations start afresh."""
    engine = create_engine(url)
    cascade = " CASCADE" if engine.dialect.name == "postgresql" else ""
    with engine.begin() as connection:
        for table in ("player", "hand", "game_side", "game", "ruleset"):
            connection.execute(text(f"DROP TABLE IF EXISTS {table}{cascade}"))
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
