"""SIGKILL the server mid-write: after a restart nothing acknowledged is lost."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from http.client import HTTPException
from typing import Any

import pytest
from api_helpers import (
    ENDLESS,
    SIGNATURES,
    TEST_DATABASE_URL,
    call,
    key,
    reset_database,
)
from server import Server

WRITERS = 6


@pytest.mark.parametrize("server", ["gunicorn", "flask"])
def test_a_killed_server_restarts_with_every_acknowledged_write(tmp_path, server):
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    database = TEST_DATABASE_URL or f"sqlite:///{tmp_path / 'scores.sqlite'}"
    running = Server(database, server, instance=str(tmp_path / "instance"))
    (tmp_path / "instance").mkdir()
    base = running.start()
    games = [call(f"{base}/api/games", "POST", ENDLESS)[1] for _ in range(WRITERS)]
    acknowledged: dict[str, list[dict[str, Any]]] = {g["id"]: [] for g in games}
    created: list[str] = []
    stop = threading.Event()

    def write(game: dict[str, Any]) -> None:
        url = f"{base}/api/games/{game['id']}/hands"
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        for hand in SIGNATURES:
            if stop.is_set():
                return
            try:
                status, answer, _ = call(url, "POST", hand, auth)
            except (OSError, HTTPException):  # gone: this hand may or may not be in
                return
            assert status == 201, answer
            acknowledged[game["id"]].append(hand)

    def create() -> None:
        while not stop.is_set():
            try:
                status, answer, _ = call(f"{base}/api/games", "POST", ENDLESS)
            except (OSError, HTTPException):
                return
            assert status == 201
            created.append(answer["id"])

    threads = [threading.Thread(target=write, args=(g,)) for g in games]
    threads.append(threading.Thread(target=create))
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    running.kill()
    stop.set()
    for thread in threads:
        thread.join(30)
    assert sum(map(len, acknowledged.values())) > WRITERS, "too few writes to test"

    try:
        base = running.start()
        for game_id, hands in acknowledged.items():
            status, game, _ = call(f"{base}/api/games/{game_id}")
            assert status == 200
            numbers = [h["number"] for h in game["hands"]]
            assert numbers == list(range(1, len(numbers) + 1))
            # Every 201 is there; at most the one request in flight when it died.
            assert len(hands) <= len(numbers) <= len(hands) + 1
            assert [key(h) for h in hands] == [key(h) for h in game["hands"]][
                : len(hands)
            ]
            assert game["version"] == len(numbers) + 1
        for game_id in created:
            assert call(f"{base}/api/games/{game_id}")[0] == 200
        listed = call(f"{base}/api/games?per_page=100")[1]
        assert listed["total"] >= WRITERS + len(created)
    finally:
        running.stop()
        print(running.output()[-2000:])
    if database.startswith("sqlite:///"):
        with sqlite3.connect(database.removeprefix("sqlite:///")) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
        connection.close()
    shutil.rmtree(tmp_path / "instance", ignore_errors=True)
