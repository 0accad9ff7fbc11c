"""A many-clubs server starts as fast with a thousand clubs as with one: each
worker checks every club's migration when it starts (db/migration.py), and
gunicorn stops a worker that has not started within its 30 s."""

from __future__ import annotations

from api_helpers import statements
from clubs_helpers import make_club
from flask import Flask

from scorekeeper.db.migration import upgrade_database


def test_a_start_checks_every_clubs_migration_in_the_same_statements(
    many_app: Flask,
) -> None:
    make_club(many_app, "north")
    with_one = statements(many_app, upgrade_database)
    for slug in ("south", "east", "west"):
        make_club(many_app, slug)
    with_four = statements(many_app, upgrade_database)
    # On PostgreSQL one query reads every club's version (a club's file on
    # SQLite is its own database, read through an engine of its own).
    assert len(with_four) == len(with_one), with_four
