"""Configuration: the defaults, the instance's secret key and SQLite's settings."""

import os
import secrets
import tempfile
from typing import Any

from flask import Flask

DEFAULTS: dict[str, Any] = {
    # A relative SQLite path lands in the instance folder (Flask-SQLAlchemy 3).
    "SQLALCHEMY_DATABASE_URI": "sqlite:///scorekeeper.sqlite",
    "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    # Run the Alembic migrations when the app starts, so an empty database works.
    "AUTO_MIGRATE": True,
    "GAMES_PER_PAGE": 20,
    # Bodies above this answer 413: a game or a hand is a few hundred bytes.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # A table plays for hours: the CSRF token lasts as long as the session.
    "WTF_CSRF_TIME_LIMIT": None,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    # Lets members merge and rename players and name seasons (web/clubs/password.py).
    "CLUB_PASSWORD": None,
    # "one": one club served at / (today's app); "many": clubs under /c/<slug>/.
    "CLUBS": "one",
    # Who may start a club on a many-clubs server: "open", "code", "closed".
    "CLUBS_SIGNUP": "code",
    "CLUBS_SIGNUP_CODE": None,
}


def database_url(url: str) -> str:
    """Return a SQLAlchemy URL for a DATABASE_URL as hosting platforms write it."""
    # Platforms hand out postgres:// URLs; psycopg 3 is the driver we ship.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def secret_key(app: Flask) -> str:
    """Return the instance's secret key, generating it once into instance/."""
    path = os.path.join(app.instance_path, "secret_key")
    if not os.path.exists(path):
        # Written whole beside it, then linked into place: two workers starting
        # at once both end up with the one key that got there first, and neither
        # can read the file before its key is in it.
        fd, written = tempfile.mkstemp(dir=app.instance_path, prefix=".secret_key.")
        with os.fdopen(fd, "w", encoding="ascii") as new:
            new.write(secrets.token_hex(32) + "\n")
        try:
            os.link(written, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(written)
    with open(path, encoding="ascii") as kept:
        key = kept.read().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it or set SECRET_KEY")
    return key


def sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    """Turn on a busy timeout, foreign keys and WAL on each new SQLite connection."""
    cursor = dbapi_connection.cursor()
    # The timeout first: switching to WAL takes a lock like any statement, and
    # a connection opened while another writes must wait for it, not fail.
    cursor.execute("PRAGMA busy_timeout = 5000")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()
