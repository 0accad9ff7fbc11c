"""Time `flask clubs export` and `flask clubs import` of one club of 10,000 games.

Run: .venv/bin/python bench/clubs_export.py [--games 10000] [--exports /tmp]
     [--database postgresql+psycopg://...]   (an EMPTY database: it is filled)

The club is built as an operator would: bench/scale.py's club season (one
file, made once, kept in --exports) imported by `flask import-games` on a
one-club server (the bulk path, db/bulk.py), the server switched to many clubs
and its data adopted (`flask clubs adopt`); then exported to a file and that
file imported as a second club. Each command is timed as run, the app's start
included, beside the import-games that built the same games: the target is
"in seconds", for one club of 10,000 games.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import export_file  # noqa: E402


def flask(env: dict[str, str], *args: str) -> float:
    """Run one flask command; return the seconds it took."""
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper", *args]
    began = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main() -> None:
    """Build the club, export and import it, and print the times side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--exports", default=tempfile.gettempdir())
    parser.add_argument("--database", default="")
    args = parser.parse_args()
    games = export_file(args.games, Path(args.exports), timedelta(0))
    with tempfile.TemporaryDirectory(prefix="bench-clubs-") as instance:
        url = args.database or f"sqlite:///{instance}/scorekeeper.sqlite"
        one = {**os.environ, "SCOREKEEPER_INSTANCE": instance, "DATABASE_URL": url}
        one["CLUBS"] = "one"
        many = {**one, "CLUBS": "many"}
        flask(one, "init-db")
        built = flask(one, "import-games", str(games))
        flask(many, "clubs", "adopt", "north", "North", "--owner", "a@example.org")
        dumped = Path(instance) / "north.jsonl"
        exported = flask(many, "clubs", "export", "north", str(dumped))
        imported = flask(many, "clubs", "import", "south", str(dumped))
        size = dumped.stat().st_size / 1e6
        rows = sum(1 for line in dumped.open(encoding="utf-8") if line[0] == "[")
    where = "PostgreSQL" if args.database else "SQLite"
    print(f"one club of {args.games:,} games on {where}: {rows:,} rows, {size:.1f} MB")
    for what, seconds in (("clubs export", exported), ("clubs import", imported)):
        ratio = built / seconds
        print(f"  {what}: {seconds:6.1f} s ({ratio:.1f}x as fast as import-games)")
    print(f"  import-games (built it): {built:6.1f} s")
    print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
