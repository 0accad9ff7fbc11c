"""A club night raced on PostgreSQL by two servers at once (NIGHTS.md): tables
saving hands while the director calls time, two devices acting at once."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from api_helpers import TEST_DATABASE_URL, call
from server import Server

pytestmark = pytest.mark.skipif(
    not TEST_DATABASE_URL, reason="two servers share one database: PostgreSQL"
)
SIXTEEN = [f"P{n:02}" for n in range(16)]
ROUNDS = 5


@pytest.fixture
def servers(app) -> Iterator[list[str]]:
    """Two servers (two processes) on the one database the app fixture emptied."""
    running = [Server(TEST_DATABASE_URL), Server(TEST_DATABASE_URL)]
    try:
        yield [one.start() for one in running]
    finally:
        for one in running:
            one.stop()
            shutil.rmtree(one.instance, ignore_errors=True)


def failed_bid(game: dict[str, Any], number: int) -> dict[str, Any]:
    """A hand that ends no game soon: each side in turn goes down at six."""
    bidder = game["sides"][number % 2]["players"][0]
    return {"bidder": bidder, "contract": "6S", "tricks": 5}


def play_until_refused(
    servers: list[str], auth: dict[str, str], game: dict[str, Any], going: Any
) -> list[tuple[int, Any]]:
    """Save hands at one table, alternating servers, until one is refused."""
    answers = []
    for sent in range(200):
        if sent == 2:
            going.wait()  # every table is playing: time may be called
        url = f"{servers[sent % 2]}/api/games/{game['id']}/hands"
        status, answer, _ = call(url, "POST", failed_bid(game, sent), auth)
        answers.append((status, answer))
        if status != 201:
            break
    return answers


def test_hands_racing_a_call_of_time_land_before_it_or_are_refused(app, servers):
    status, night, _ = call(
        f"{servers[0]}/api/nights",
        "POST",
        {"name": "Race", "movement": "rotation", "round_hands": 40, "players": SIXTEEN},
    )
    assert status == 201, night
    auth = {"Authorization": f"Bearer {night['director_token']}"}
    base = f"/api/nights/{night['id']}"
    for number in range(1, ROUNDS + 1):
        tables = call(f"{servers[0]}{base}")[1]["rounds"][-1]["tables"]
        games = [call(f"{servers[0]}/api/games/{t['game']}")[1] for t in tables]
        going = threading.Barrier(len(games) + 1)
        with ThreadPoolExecutor(len(games)) as pool:
            played = {
                g["id"]: pool.submit(play_until_refused, servers, auth, g, going)
                for g in games
            }
            going.wait()
            status, closed, _ = call(
                f"{servers[number % 2]}{base}/rounds/{number}/close", "POST", {}, auth
            )
            answers = {g: done.result() for g, done in played.items()}
        assert status == 200, closed
        for game_id, said in answers.items():
            *landed, (last, refusal) = said
            assert {s for s, _ in landed} == {201}
            assert last == 409 and refusal["field"] == "called", refusal
            assert "Time was called" in refusal["error"]
            for server in servers:  # both servers see the one ending
                game = call(f"{server}/api/games/{game_id}")[1]
                assert game["status"] == "finished" and game["ending"] == "called"
                # Every acknowledged hand counted, each before the call.
                assert len(game["hands"]) == len(landed)
        now = call(f"{servers[1]}{base}")[1]
        assert now["rounds"][-1]["status"] == "finished"
        with app.app_context():
            from test_results import normal, replayed, stored

            assert normal(stored()) == normal(replayed())  # as `flask rescore` makes
        if number < ROUNDS:
            url = f"{servers[number % 2]}{base}/rounds"
            status, started, _ = call(url, "POST", {"number": number + 1}, auth)
            assert status == 201, started


def at_once(*requests: tuple[str, str, Any]) -> list[tuple[int, Any]]:
    """Send requests at the same moment, each from its own thread."""
    going = threading.Barrier(len(requests))

    def send(request: tuple[str, str, Any]) -> tuple[int, Any]:
        url, method, (body, headers) = request
        going.wait()
        status, answer, _ = call(url, method, body, headers)
        return status, answer

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(send, requests))


def test_two_devices_acting_at_once_make_exactly_one_effect(servers):
    one, other = servers
    players = SIXTEEN[:9]
    status, night, _ = call(
        f"{one}/api/nights",
        "POST",
        {"name": "Twice", "movement": "progressive", "players": players},
    )
    assert status == 201, night
    auth = {"Authorization": f"Bearer {night['director_token']}"}
    base = f"/api/nights/{night['id']}"
    for _ in range(3):  # three trials of each
        number = len(call(f"{one}{base}")[1]["rounds"])
        close = f"{base}/rounds/{number}/close"
        said = at_once(
            (f"{one}{close}", "POST", ({}, auth)),
            (f"{other}{close}", "POST", ({}, auth)),
        )
        assert sorted(s for s, _ in said) == [200, 409], said
        start = ({"number": number + 1}, auth)
        said = at_once(
            (f"{one}{base}/rounds", "POST", start),
            (f"{other}{base}/rounds", "POST", start),
        )
        assert sorted(s for s, _ in said) == [201, 409], said
        assert len(call(f"{one}{base}")[1]["rounds"]) == number + 1
    # Three late arrivals at once, no If-Match sent: each joins.
    said = at_once(
        *(
            (f"{server}{base}/players", "POST", ({"name": name}, auth))
            for server, name in zip(servers * 2, ("Ivy", "Jon", "Kit"), strict=False)
        )
    )
    assert [s for s, _ in said] == [201] * 3, said
    roster = [p["name"] for p in call(f"{one}{base}")[1]["players"]]
    assert sorted(roster[-3:]) == ["Ivy", "Jon", "Kit"]
    # Twelve present: six leave two at a time, one alone, then the last two at
    # once of five: one of those two stays, the night keeps four.
    leaving = [(a, b) for a, b in zip(players[0:6:2], players[1:6:2], strict=True)]
    for a, b in [*leaving, (players[6], None), (players[7], players[8])]:
        said = at_once(
            *(
                (f"{server}{base}/players/{name}", "DELETE", (None, auth))
                for server, name in zip(servers, (a, b), strict=True)
                if name is not None
            )
        )
    assert sorted(s for s, _ in said) == [200, 409], said
    present = [p for p in call(f"{one}{base}")[1]["players"] if p["present"]]
    assert len(present) == 4
    number = len(call(f"{one}{base}")[1]["rounds"])
    assert call(f"{one}{base}/rounds/{number}/close", "POST", {}, auth)[0] == 200
    started = call(f"{other}{base}/rounds", "POST", {"number": number + 1}, auth)
    assert started[0] == 201, started[1]
