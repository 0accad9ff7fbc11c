"""Fixtures: an app on a fresh database, its client and CLI runner, an API helper."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_helpers import TEST_DATABASE_URL, Api, reset_database
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from server import run_server

from scorekeeper import create_app
from scorekeeper.db.clubs import scope
from scorekeeper.db.models import db


def _app(url: str, **config: object) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": url,
            **config,
        }
    )


def _close(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return an empty SQLite file the migrations built, made once a run."""
    path = tmp_path_factory.mktemp("migrated") / "empty.sqlite"
    _close(_app(f"sqlite:///{path}"))
    return path


def _empty_database(tmp_path: Path, migrated_sqlite: Path) -> str:
    """Return the URL of an empty database, built by the migrations.

    Each test gets a copy of one migrated SQLite file (or the shared
    PostgreSQL database emptied), not a migration of its own: a third of
    a second a test."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
        return TEST_DATABASE_URL
    shutil.copyfile(migrated_sqlite, tmp_path / "test.sqlite")
    return f"sqlite:///{tmp_path / 'test.sqlite'}"


@pytest.fixture
def app(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Flask]:
    """Return the app on an empty database (one club, CLUBS=one)."""
    app = _app(_empty_database(tmp_path, migrated_sqlite))
    yield app
    _close(app)


@pytest.fixture
def many_app(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Flask]:
    """Return a many-clubs server (CLUBS=many) on an empty database, no club yet."""
    app = _app(_empty_database(tmp_path, migrated_sqlite), CLUBS="many")
    yield app
    _close(app)
    scope.enter(None)  # a response left unread kept its club's place


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
