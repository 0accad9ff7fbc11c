"""Print how long the history's CSV of every game takes, at 10 and 1,000 games.

Run: .venv/bin/python bench/exports.py
Games of eight hands each are imported straight into a fresh SQLite database;
the CSV is asked for three times and the median printed, with its size as sent
(gzip) and unpacked, and the ratio of the larger club's time to the smaller's.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.results import archive
from scorekeeper.scoring import PRESETS, make_hand, make_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE  # noqa: E402

TABLE = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
RULES = PRESETS["american"]  # never out after eight of these hands
HANDS = tuple(make_hand(RULES, TABLE, **hand) for hand in CYCLE * 2)


def timed(count: int) -> tuple[float, int, int]:
    """Return the median seconds, bytes sent and bytes unpacked for `count` games."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                "SECRET_KEY": "bench-" + "x" * 32,
            }
        )
        with app.app_context():
            past = archive.PastGame("Friday", RULES, TABLE, HANDS, notes="Club")
            # import_games writes a batch each time it is asked for the next.
            checked = (past, archive.replayed(past))
            for _ in archive.import_games([checked] * count):
                pass
        client = app.test_client()
        times = []
        for _ in range(3):
            start = time.perf_counter()
            response = client.get(
                "/history/games.csv", headers={"Accept-Encoding": "gzip"}
            )
            sent = len(response.get_data())
            times.append(time.perf_counter() - start)
            assert response.status_code == 200
        unpacked = len(client.get("/history/games.csv").get_data())
        with app.app_context():
            from scorekeeper.db.models import db

            db.engine.dispose()
    return statistics.median(times), sent, unpacked


def main() -> None:
    """Time the history CSV for a small and a large club."""
    print(f"{'games':>6} {'seconds':>8} {'ms/game':>8} {'sent':>9} {'unpacked':>9}")
    results = {}
    for count in (10, 1000):
        seconds, sent, unpacked = timed(count)
        results[count] = seconds
        print(
            f"{count:6} {seconds:8.3f} {1000 * seconds / count:8.2f}"
            f" {sent:9} {unpacked:9}"
        )
    print(f"1,000 games take {results[1000] / results[10]:.0f}x the time of 10")


if __name__ == "__main__":
    main()
