"""Games finishing at the same moment on PostgreSQL (issue 21, item 2): the stored
ratings equal a fresh replay, and no finish is refused with a 412 it did not cause."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from api_helpers import TEST_DATABASE_URL, call
from flask import Flask
from server import Server
from sqlalchemy import select

from scorekeeper.db.models import db
from scorekeeper.results import archive
from scorekeeper.results.models import PlayerRating, RatingRow

pytestmark = pytest.mark.skipif(
    not (TEST_DATABASE_URL or "").startswith("postgresql"),
    reason="SQLite has one writer at a time: its finishes cannot interleave",
)

PENDING, ROUNDS = 6, 3


@pytest.fixture
def servers(app: Flask) -> Iterator[list[str]]:
    """Serve the app's database from two gunicorn servers: four worker processes."""
    running = [Server(TEST_DATABASE_URL, "gunicorn") for _ in range(2)]
    try:
        yield [server.start() for server in running]
    finally:
        for server in running:
            server.stop()
            shutil.rmtree(server.instance, ignore_errors=True)


def tables(round_: int) -> list[tuple[dict[str, Any], bool]]:
    """Return a round's games in the order they start, each with whether it is
    left one hand from its end (pending) or finished at once (a bridge).

    Pending games share no player, so no standing row makes their finishes
    wait on each other; each bridge between two pending games shares a player
    with each, so replaying one pending game's ratings moves the bridge's
    ratings and, through them, the next pending game's.
    """

    def seat(game: int, letter: str) -> str:
        return f"{letter}{round_}{game:02}"

    made = []
    for game in range(2 * PENDING - 1):
        if game % 2 == 0:
            sides = [[seat(game, "A"), seat(game, "B")]]
            sides.append([seat(game, "C"), seat(game, "D")])
        else:
            sides = [[seat(game - 1, "C"), seat(game, "E")]]
            sides.append([seat(game + 1, "A"), seat(game, "F")])
        body = {
            "name": f"Game {round_}.{game}",
            "rules": {"preset": "australian"},
            "sides": [
                {"name": name, "players": players}
                for name, players in zip(("Us", "Them"), sides, strict=True)
            ],
            "first_dealer": sides[0][0],
        }
        made.append((body, game % 2 == 0))
    return made


def finishing(game: dict[str, Any], first: bool) -> dict[str, Any]:
    """Return the hand that ends a game at once: 10NT made, by either side."""
    players = [p for side in game["sides"] for p in side["players"]]
    return {"bidder": players[0 if first else 2], "contract": "10NT", "tricks": 10}


def kept() -> dict[str, list[tuple[Any, ...]]]:
    """Return every stored rating row, rounded past float noise, in key order."""
    db.session.expire_all()
    rows = db.session.execute(
        select(RatingRow.name_key, RatingRow.game_id, RatingRow.games)
        .add_columns(RatingRow.mu, RatingRow.sigma)
        .order_by(RatingRow.name_key, RatingRow.games)
    ).all()
    now = db.session.execute(
        select(PlayerRating.name_key, PlayerRating.games)
        .add_columns(PlayerRating.mu, PlayerRating.sigma)
        .order_by(PlayerRating.name_key)
    ).all()
    return {
        "history": [(*r[:3], round(r[3], 9), round(r[4], 9)) for r in rows],
        "now": [(*r[:2], round(r[2], 9), round(r[3], 9)) for r in now],
    }


def test_games_finishing_at_once_leave_the_ratings_a_replay_gives(app, servers):
    finished = 0
    for round_ in range(ROUNDS):
        pending = []
        for number, (body, waits) in enumerate(tables(round_)):
            url = servers[number % 2]
            status, game, _ = call(f"{url}/api/games", "POST", body)
            assert status == 201, game
            if waits:
                pending.append((url, game))
                continue
            auth = {"Authorization": f"Bearer {game['write_token']}"}
            hand = finishing(game, number % 4 == 1)
            status, _, _ = call(
                f"{url}/api/games/{game['id']}/hands", "POST", hand, auth
            )
            assert status == 201
        start = threading.Barrier(len(pending))

        def finish(index: int, pending=pending, start=start) -> tuple[int, Any]:
            url, game = pending[index]
            auth = {"Authorization": f"Bearer {game['write_token']}"}
            hand = finishing(game, index % 3 != 0)
            # Each game's hand goes to the server that did not create it: the
            # finishes land on the workers of both servers.
            other = servers[(servers.index(url) + 1) % 2]
            start.wait()
            return call(f"{other}/api/games/{game['id']}/hands", "POST", hand, auth)[:2]

        with ThreadPoolExecutor(len(pending)) as pool:
            answers = list(pool.map(finish, range(len(pending))))
        assert [status for status, _ in answers] == [201] * len(pending), answers
        assert all(answer["status"] == "finished" for _, answer in answers)
        finished += 2 * PENDING - 1

    with app.app_context():
        stored = kept()
        assert len({row[1] for row in stored["history"]}) == finished
        assert archive.rescore() == finished
        assert stored == kept()
