"""What a table phone's poll of its scoreboard costs, read by the game alone and
with its night (issue 41, point 3): the light read and the whole 304, side by side.

Run: .venv/bin/python bench/table_polls.py [--tables 30] [--polls 2000]
     [--database postgresql+psycopg://...]

A night's table's page draws the night too, so its ETag reads the night's
version, and once the game has ended its round's games' versions, in the same
light read as the game's version (nights/reading/heads.py PAGE_HEAD). This prints, for
an ordinary game, a night's table still playing and one whose game has ended
(at a night of `--tables` tables), the median time of that read alone and of a
poll answered 304 before Flask runs (games/fastread.py), once with the game's
head alone and once with the night's; and the read as it was before (by the
game alone, its transaction rolled back by the pool, which on PostgreSQL made
psycopg forget the statement it prepared): all interleaved in one run.
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
from scorekeeper.nights.reading import heads as models  # noqa: E402

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


def read_before(engine: Any, game_id: str) -> Callable[[], Any]:
    """Return the game's head read as before this change: by the game alone, its
    transaction left for the pool to roll back (psycopg then forgets the
    statement it prepared, so PostgreSQL plans it at every poll)."""
    sql, defaults, order = heads._head_sql(engine, heads.HEAD_QUERY)
    values = {**defaults, "id": game_id, "device": None}
    given = values if order is None else [values[n] for n in order]

    def read() -> None:
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(sql, given)
            cursor.fetchone()
            cursor.close()
        finally:
            connection.close()

    return read


COLUMNS = ("read before", "read: game", "read: night", "304: game", "304: night")
# Each way a page is kept: by the game's head alone, or with its night's.
KEPT_BY = {"game": heads.HEAD_QUERY, "night": NIGHT_HEAD}


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
        print(f"{'':16} {' '.join(f'{c:>11}' for c in COLUMNS)}   night/game")
        block = args.polls // BLOCKS
        for name, game_id in games.items():
            times: dict[str, list[float]] = {c: [] for c in COLUMNS}
            for _ in range(BLOCKS):  # interleaved: the machine's moods hit all
                times["read before"] += timed(read_before(engine, game_id), block)
                for kind, query in KEPT_BY.items():
                    models.PAGE_HEAD = query
                    times[f"read: {kind}"] += timed(
                        lambda g=game_id, q=query: heads.head(g, None, engine, q), block
                    )
                    times[f"304: {kind}"] += timed(
                        poll(app, f"/games/{game_id}"), block
                    )
            models.PAGE_HEAD = NIGHT_HEAD
            shown = {c: statistics.median(times[c]) for c in COLUMNS}
            reads = shown["read: night"] / shown["read: game"]
            polls = shown["304: night"] / shown["304: game"]
            print(
                f"{name:16} {' '.join(f'{shown[c]:11.0f}' for c in COLUMNS)}"
                f"   ×{reads:.2f} ×{polls:.2f}"
            )


if __name__ == "__main__":
    main()
