"""SQLite's writers go one after another, each as soon as the one before ends."""

from __future__ import annotations

import threading

import pytest
from api_helpers import TEST_DATABASE_URL

from scorekeeper import writers

pytestmark = pytest.mark.skipif(
    bool(TEST_DATABASE_URL), reason="PostgreSQL orders writers by its row locks"
)


def test_a_writer_waits_for_the_one_before_it_to_end(app):
    seen, holding, go_on = [], threading.Event(), threading.Event()

    def first():
        with app.app_context(), writers.one_writer():
            seen.append("first in")
            holding.set()
            go_on.wait(30)
            seen.append("first out")

    def second():
        holding.wait(30)
        with app.app_context(), writers.one_writer():
            seen.append("second in")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    holding.wait(30)
    assert seen == ["first in"]
    go_on.set()
    for thread in threads:
        thread.join(30)
    assert seen == ["first in", "first out", "second in"]


def test_a_write_within_a_write_does_not_wait_for_itself(app, monkeypatch):
    asked = []
    flock = writers.fcntl.flock
    monkeypatch.setattr(
        writers.fcntl, "flock", lambda *args: asked.append(args) or flock(*args)
    )
    with app.app_context(), writers.one_writer(), writers.one_writer():
        pass
    assert len(asked) == 1  # the inner write asked for no lock, so waited for none


def test_past_the_wait_a_writer_goes_on_and_sqlite_decides(app, monkeypatch):
    monkeypatch.setattr(writers, "WAIT", 0.0)
    holding, done = threading.Event(), threading.Event()

    def stuck():
        with app.app_context(), writers.one_writer():
            holding.set()
            done.wait(30)

    thread = threading.Thread(target=stuck)
    thread.start()
    holding.wait(30)
    with app.app_context(), writers.one_writer():
        entered = True
    done.set()
    thread.join(30)
    assert entered
