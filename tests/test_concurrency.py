"""Races against the real server: twenty phones, one game, no hand lost or doubled."""

from __future__ import annotations

import shutil
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
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

THREADS, ATTEMPTS = 20, 6


@pytest.fixture(params=["gunicorn", "flask"])
def server(request: pytest.FixtureRequest) -> Iterator[str]:
    """Serve the app with gunicorn (two worker processes) or threaded Flask."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, request.param)
    try:
        yield running.start()
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


def test_twenty_phones_racing_on_one_game_lose_and_double_nothing(server):
    status, game, _ = call(f"{server}/api/games", "POST", ENDLESS)
    assert status == 201
    url = f"{server}/api/games/{game['id']}"
    auth = {"Authorization": f"Bearer {game['write_token']}"}
    start = threading.Barrier(THREADS)

    def phone(index: int) -> list[tuple[int, dict[str, Any], Any]]:
        results = []
        start.wait()
        for attempt in range(ATTEMPTS):
            hand = SIGNATURES[index * ATTEMPTS + attempt]
            _, _, headers = call(url)
            match = {"If-Match": headers["ETag"]}
            status, answer, _ = call(f"{url}/hands", "POST", hand, {**auth, **match})
            results.append((status, hand, answer))
        return results

    with ThreadPoolExecutor(THREADS) as pool:
        results = [r for rs in pool.map(phone, range(THREADS)) for r in rs]

    statuses = {status for status, _, _ in results}
    assert statuses <= {201, 412}, statuses
    landed = [(hand, answer) for status, hand, answer in results if status == 201]
    refused = [answer for status, _, answer in results if status == 412]
    assert landed and refused
    assert all(a["field"] is None and "changed" in a["error"] for a in refused)

    final = call(url)[1]
    numbers = [h["number"] for h in final["hands"]]
    assert numbers == list(range(1, len(landed) + 1))
    assert final["version"] == len(landed) + 1
    # Each 201 answered with its own hand as the game's last: one hand per 201.
    stored = {key(h): h["number"] for h in final["hands"]}
    assert len(stored) == len(landed)
    for hand, answer in landed:
        last = answer["hands"][-1]
        assert key(last) == key(hand)
        assert stored[key(hand)] == last["number"] == answer["version"] - 1
    for status, hand, _ in results:
        if status == 412:
            assert key(hand) not in stored


def test_writes_to_different_games_do_not_wait_on_each_other(server):
    games = [call(f"{server}/api/games", "POST", ENDLESS)[1] for _ in range(8)]
    slowest: list[float] = []

    def phone(game: dict[str, Any]) -> list[int]:
        statuses = []
        url = f"{server}/api/games/{game['id']}/hands"
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        for hand in SIGNATURES[:10]:
            began = time.perf_counter()
            statuses.append(call(url, "POST", hand, auth)[0])
            slowest.append(time.perf_counter() - began)
        return statuses

    with ThreadPoolExecutor(len(games)) as pool:
        statuses = [s for ss in pool.map(phone, games) for s in ss]
    assert statuses == [201] * 80
    # Short transactions and a busy timeout: nobody waits near the 5 s timeout.
    assert max(slowest) < 2.0, max(slowest)
    for game in games:
        answer = call(f"{server}/api/games/{game['id']}")[1]
        assert [h["number"] for h in answer["hands"]] == list(range(1, 11))


@pytest.mark.skipif(not TEST_DATABASE_URL, reason="a race PostgreSQL's CI pass runs")
def test_lists_of_games_answer_while_other_phones_create_games():
    reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, "gunicorn")
    server = running.start()
    lists = ["/", "/history", "/api/games", "/history/games.csv"]
    creating = threading.Event()
    creating.set()

    def create(_: int) -> list[int]:
        made = [call(f"{server}/api/games", "POST", ENDLESS)[0] for _ in range(15)]
        return made

    def read(first: int) -> list[tuple[str, int]]:
        seen = []
        while creating.is_set() or not seen:
            path = lists[(first + len(seen)) % len(lists)]
            try:
                urllib.request.urlopen(f"{server}{path}", timeout=30).read()
                seen.append((path, 200))
            except urllib.error.HTTPError as error:
                seen.append((path, error.code))
        return seen

    try:
        with ThreadPoolExecutor(6) as pool:
            readers = [pool.submit(read, n) for n in range(3)]
            made = [s for ss in pool.map(create, range(3)) for s in ss]
            creating.clear()
            reads = [r for reader in readers for r in reader.result()]
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)
    assert made == [201] * 45
    assert [r for r in reads if r[1] != 200] == [], len(reads)
