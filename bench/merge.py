"""Time renaming a player, in a generated club of each size.

Run: .venv/bin/python bench/merge.py [--sizes 100 1000]
(club scale: --sizes 10000, about 1,300 games changed; the import takes a minute or two)

The club is bench/scale.py's (about 30 players, so each sits in about one game
in seven), loaded with `flask import-games` into a fresh SQLite database. A
rename holds the database's write lock throughout, so phones scoring meanwhile
wait that long: printed as the time, the games changed and the time per game.
A merge rewrites each game the same way (in that club everyone has shared a
table with everyone, so a merge would be refused): a rename stands for both.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale import load  # noqa: E402

from scorekeeper import create_app
from scorekeeper.players import merging


def timed(url: str, name: str, new_name: str) -> tuple[float, int]:
    """Return the seconds a rename (or merge) took and the games it changed."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "b" * 32})
    with app.app_context():
        began = time.perf_counter()
        change = merging.change(name, new_name)
        return time.perf_counter() - began, len(change.games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    sizes = parser.parse_args().sizes
    with tempfile.TemporaryDirectory() as folder:
        exports = Path(folder)
        for size in sizes:
            instance = exports / f"club-{size}"
            instance.mkdir()
            url = load(size, instance, exports)
            for what, name, new_name in (
                ("rename Ann to Annabel", "Ann", "Annabel"),
                ("respell Annabel as ANNABEL", "Annabel", "ANNABEL"),
            ):
                took, changed = timed(url, name, new_name)
                each = 1000 * took / max(changed, 1)
                print(
                    f"{size:>6} games  {what}: {took:.2f} s, "
                    f"{changed} games changed, {each:.1f} ms a game"
                )


if __name__ == "__main__":
    main()
