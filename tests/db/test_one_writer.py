"""On SQLite, a process's writes take turns on a lock (store.transaction): the
next write starts as the last commits, never in SQLite's sleeping busy wait."""

from __future__ import annotations

import threading

import pytest

from scorekeeper.db import store
from scorekeeper.db.models import db


def test_a_second_write_waits_its_turn_then_runs(app):
    with app.app_context():
        dialect = db.engine.dialect.name
    if dialect != "sqlite":
        pytest.skip("PostgreSQL queues writers on the game's row lock")
    inside, release = threading.Event(), threading.Event()
    seen: list[str] = []

    def first() -> None:
        inside.set()
        release.wait(10)
        seen.append("first")

    def second() -> None:
        seen.append("second")

    def write(work) -> None:
        with app.app_context():
            store.transaction(work)

    one = threading.Thread(target=write, args=(first,))
    one.start()
    inside.wait(10)
    two = threading.Thread(target=write, args=(second,))
    two.start()
    two.join(0.3)  # the second has had time to start, if it could
    assert seen == [] and two.is_alive()
    release.set()
    one.join(10)
    two.join(10)
    assert seen == ["first", "second"]
