"""The round clock's writes race like every director write (STYLE rule 15,
issue 41 point 1): each takes the night's row lock and moves the night's
version on from the one stored, so two pauses at once make one pause (the
other is a 409), and a director's action committed while a clock write is in
flight is never lost from the version, nor from what any server keeps."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_helpers import TEST_DATABASE_URL, call, reset_database
from flask import Flask
from flask.testing import FlaskClient
from server import Server
from test_nights_api import EIGHT, get, make

from scorekeeper.db.models import db
from scorekeeper.nights import director
from scorekeeper.nights import service as nights
from scorekeeper.nights.clock import service as clock
from scorekeeper.nights.models import Night


def stored_version(night_id: str) -> int:
    return db.session.execute(
        db.select(Night.version).where(Night.id == night_id)
    ).scalar_one()


def test_a_director_action_committed_during_a_pause_is_not_lost_from_the_version(
    client: FlaskClient, app: Flask
):
    night = make(client, round_minutes=20)
    path = f"/api/nights/{night['id']}"
    before = client.get(path).headers["ETag"]
    with app.app_context():
        slow = nights.load(night["id"])  # the pause, as its request loaded it
        loaded = slow.version
        with app.app_context():  # another device, committed meanwhile
            director.add_player(nights.load(night["id"]), "Ivy")
            assert stored_version(night["id"]) == loaded + 1
        added = client.get(path)
        assert added.headers["ETag"] != before
        clock.set_clock(slow, 1, "pause")
        assert stored_version(night["id"]) == loaded + 2  # on from the stored one
    paused = client.get(path)
    assert paused.headers["ETag"] not in (before, added.headers["ETag"])
    assert paused.json["rounds"][0]["paused"]
    assert "Ivy" in [p["name"] for p in paused.json["players"]]
    with app.app_context():  # and a resume, drawn before Ivy's departure
        slow = nights.load(night["id"])
        with app.app_context():
            director.mark_gone(nights.load(night["id"]), "Ivy")
        clock.set_clock(slow, 1, "resume")
        clock.set_minutes(slow, 30)
        assert stored_version(night["id"]) == loaded + 5
    shown = get(client, night["id"])
    assert not shown["rounds"][0]["paused"] and shown["round_minutes"] == 30
    assert not next(p for p in shown["players"] if p["name"] == "Ivy")["present"]


# Two clients at once against a real server (gunicorn: two worker processes).

TURNS = 8


@pytest.fixture
def server() -> Iterator[str]:
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, "gunicorn")
    try:
        yield running.start()
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


def test_two_pauses_at_once_make_one_pause_and_a_409(server):
    body = {"name": "Race", "movement": "rotation", "round_hands": 8}
    body |= {"rules": {"preset": "australian"}, "players": EIGHT, "round_minutes": 60}
    status, night, _ = call(f"{server}/api/nights", "POST", body)
    assert status == 201, night
    auth = {"Authorization": f"Bearer {night['director_token']}"}
    path = f"{server}/api/nights/{night['id']}"
    stop = threading.Event()

    def watch() -> None:  # a big screen: every answer drawn is kept by its ETag
        while not stop.is_set():
            call(path)

    def tap(action: str, ready: threading.Barrier) -> int:
        ready.wait()
        return call(f"{path}/rounds/1/clock", "POST", {"action": action}, auth)[0]

    def arrive(name: str, ready: threading.Barrier) -> int:
        ready.wait()
        return call(f"{path}/players", "POST", {"name": name}, auth)[0]

    tags = set()
    with ThreadPoolExecutor(4) as pool:
        watching = pool.submit(watch)
        try:
            for turn in range(TURNS):
                action = "pause" if turn % 2 == 0 else "resume"
                ready = threading.Barrier(3)
                taps = [pool.submit(tap, action, ready) for _ in range(2)]
                added = pool.submit(arrive, f"Late {turn}", ready)
                statuses = sorted(t.result() for t in taps)
                assert statuses == [200, 409], (turn, action, statuses)
                assert added.result() == 201
                status, shown, headers = call(path)
                assert shown["rounds"][0]["paused"] == (action == "pause"), turn
                assert f"Late {turn}" in [p["name"] for p in shown["players"]], turn
                assert headers["ETag"] not in tags  # the version never goes back
                tags.add(headers["ETag"])
        finally:
            stop.set()
            watching.result()
