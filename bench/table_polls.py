"""What a table phone's poll of its scoreboard costs, read by the game alone and
with its night (issue 41, point 3): the light read and the whole 304, side by side.

Run: .venv/bin/python bench/table_polls.py [--tables 30] [--polls 2000]
     [--database postgresql+psycopg://...]

A night's table's page draws the night too, so its ETag reads the night's
version, and once the game has ended its round's games' versions, in the same
light read as the game's version (nights/models.py PAGE_HEAD). This prints, for
an ordinary game, a night's table still playing and one whose game has ended
(at a night of `--tables` tables), the median time of that read alone and of a
poll answered 304 before Flask runs (games/fastread.py), once with the game's
head alone (as before) and once with the night's, interleaved in one run.
SQLite by default (`make run`); `--database` a PostgreSQL to fill (emptied first).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import FRIDAY, reset_database  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import heads  # noqa: E402
from scorekeeper.nights import models  # noqa: E402

NIGHT_HEAD = models.PAGE_HEAD
NAMES = [f"Player {n}" for n in range(400)]
BLOCKS = 10


def timed(work: Callable[[], Any], polls: int) -> list[float]:
    """Return the times of `polls` runs of `work`, in microseconds."""
    times = []
    for _ in range(polls):
        began = time.perf_counter()
        work()
        times.append((time.perf_counter() - began) * 1e6)
    return times


def setup(app: Any, tables: int) -> dict[str, str]:
    """Make an ordinary game and a night of `tables` tables, table 1's game
    ended; return the three games' ids."""
    client = app.test_client()
    game = client.post("/api/games", json=FRIDAY).json
    body = {"name": "Bench", "players": NAMES[: 4 * tables], "round_hands": 1}
    night = client.post("/api/nights", json=body).json
    one, two = night["rounds"][0]["tables"][:2]
    hand = {"bidder": one["sides"][0]["players"][0], "contract": "7H", "tricks": 7}
    auth = {"Authorization": f"Bearer {night['director_token']}"}
    saved = client.post(f"/api/games/{one['game']}/hands", json=hand, headers=auth)
    assert saved.status_code == 201, saved.json
    return {
        "game": game["id"],
        "table playing": two["game"],
        "table ended": one["game"],
    }


def poll(app: Any, path: str) -> Callable[[], Any]:
    """Return a watcher's poll of a scoreboard that it has: a 304."""
    client = app.test_client()
    tag = client.get(path).headers["ETag"]

    def asked() -> None:
        answer = client.get(path, headers={"If-None-Match": tag})
        assert answer.status_code == 304, answer.status_code

    return asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--polls", type=int, default=2000)
    parser.add_argument("--database", help="a PostgreSQL URL (emptied first)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{folder}/bench.sqlite"
        if args.database:
            reset_database(args.database)
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "b" * 40})
        games = setup(app, args.tables)
        with app.app_context():
            engine = heads.engine()
        print(f"{args.tables} tables, {url.split(':')[0]}; median of {args.polls}, µs")
        heading = f"{'read: game':>11} {'+ night':>9} {'304: game':>10} {'+ night':>9}"
        print(f"{'game':16} {heading}")
        kinds = {"game": heads.HEAD_QUERY, "night": NIGHT_HEAD}
        for name, game_id in games.items():
            times: dict[tuple[str, str], list[float]] = {}
            for _ in range(BLOCKS):  # interleaved: the machine's moods hit both
                for kind, query in kinds.items():
                    models.PAGE_HEAD = (
                        query  # the page kept by the game, or the night too
                    )
                    read = timed(
                        lambda g=game_id, q=query: heads.head(g, None, engine, q),
                        args.polls // BLOCKS,
                    )
                    polled = timed(poll(app, f"/games/{game_id}"), args.polls // BLOCKS)
                    times.setdefault((kind, "read"), []).extend(read)
                    times.setdefault((kind, "304"), []).extend(polled)
            models.PAGE_HEAD = NIGHT_HEAD
            read, whole, read_n, whole_n = (
                statistics.median(times[kind, what])
                for kind in kinds
                for what in ("read", "304")
            )
            print(
                f"{name:16} {read:11.0f} {read_n:9.0f} {whole:10.0f} {whole_n:9.0f}"
                f"   ×{read_n / read:.2f} ×{whole_n / whole:.2f}"
            )


if __name__ == "__main__":
    main()
