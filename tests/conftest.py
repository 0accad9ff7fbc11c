"""Fixtures: an app on a fresh database, its client and CLI runner, an API helper."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import TEST_DATABASE_URL, Api, reset_database
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from server import run_server

from scorekeeper import create_app
from scorekeeper.models import db


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
