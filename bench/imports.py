"""Time `flask import-games` at 10,000 and at 100,000 games: per game, the same.

Run: .venv/bin/python bench/imports.py [--small 10000] [--large 100000]
     [--exports /tmp]

Every game of a file starts at the same moment, as an export with dates only
gives (the case where each batch used to replay the ratings of the whole
archive). Each file is generated once (bench/scale.py's club season, kept in
--exports) and imported into a fresh SQLite database by the command itself, as
a club would run it; its play links are discarded, its progress lines shown.
Prints each size's total and per-game time and the ratio of the two per-game
times (the target: the large import within 1.5 times the small one's per game,
and 100,000 games in under five minutes), with the load average after each
(the machine may be shared: figures taken under load are slower).
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


def imported(count: int, exports: Path) -> float:
    """Import `count` games into a fresh database; return the seconds it took."""
    path = export_file(count, exports, timedelta(0))
    with tempfile.TemporaryDirectory(prefix="bench-import-") as instance:
        url = f"sqlite:///{instance}/scorekeeper.sqlite"
        env = {**os.environ, "SCOREKEEPER_INSTANCE": instance, "DATABASE_URL": url}
        command = [sys.executable, "-m", "flask", "--app", "scorekeeper"]
        subprocess.run(command + ["init-db"], env=env, check=True)
        began = time.perf_counter()
        subprocess.run(
            command + ["import-games", str(path)],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return time.perf_counter() - began


def main() -> None:
    """Import both sizes and print the per-game times side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=10_000)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--exports", default=tempfile.gettempdir())
    args = parser.parse_args()
    exports = Path(args.exports)
    exports.mkdir(parents=True, exist_ok=True)  # a folder of its own, made once
    for count in (args.small, args.large):  # generated before any timing
        export_file(count, exports, timedelta(0))
    per_game = {}
    for count in (args.small, args.large):
        seconds = imported(count, exports)
        per_game[count] = seconds / count
        print(
            f"{count:>7} games: {seconds:8.1f} s, {per_game[count] * 1000:6.2f} ms a "
            f"game, {count / seconds:6.0f} games a second (load average after: "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})",
            flush=True,
        )
    ratio = per_game[args.large] / per_game[args.small]
    print(f"per game at {args.large} / at {args.small}: {ratio:.2f}x (target 1.5x)")


if __name__ == "__main__":
    main()
