"""Time sorting names in a reader's order (`scoring.reading_order`, the Unicode
Collation Algorithm through pyuca) beside the code-point sort it replaced.

Prints, for 1,000 and 10,000 names: the old key (`str.casefold`), the new key
cold (every name's key computed) and warm (the keys kept, as a server sorting a
night's or a club's names again on every draw has them), best of a few runs,
and the ratios; then the cost of building the collator, once a process. Last,
the players page's first page (`players.service.everyone`), which now reads
every player's key and rating to sort them here, beside the SQL ORDER BY it
replaced, in a fresh SQLite database of 1,000 and 10,000 players (half rated,
partners level in pairs), keys kept as a running server has them.

Run: .venv/bin/python bench/reading_order.py
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from scorekeeper import create_app
from scorekeeper.db.models import db
from scorekeeper.players import service
from scorekeeper.results.models import ALL_TIME, COUNTERS, PlayerRating, standing
from scorekeeper.scoring import name_key, names
from scorekeeper.scoring.names import collator, reading_order

RUNS = 5
FIRST = ["Émile", "Ophélie", "Zoë", "Ann", "Léa", "Chloé", "Noël", "Åsa", "Bob"]
LAST = ["Tremblay", "Gagnon", "Côté", "Bouchard", "Létourneau-Bissonnette", "Roy"]


def roster(count: int) -> list[str]:
    """Return `count` distinct names, accented ones among them."""
    draw = random.Random(count)
    found: set[str] = set()
    while len(found) < count:
        first, last = draw.choice(FIRST), draw.choice(LAST)
        found.add(f"{first} {last} {draw.randrange(10**6)}")
    return list(found)


def best(run: Callable[[], Any], before: Callable[[], None] = lambda: None) -> float:
    """Return the best of RUNS timings of `run`, in milliseconds."""
    times = []
    for _ in range(RUNS):
        before()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    """Print the collator's cost, then one line per count of names."""
    start = time.perf_counter()
    collator()
    built = time.perf_counter() - start
    print(f"collator built once a process: {built * 1000:.0f} ms")
    header = ("names", "casefold ms", "cold ms", "warm ms", "cold/old", "warm/old")
    print("{:>6} {:>11} {:>8} {:>8} {:>9} {:>9}".format(*header))
    for count in (1_000, 10_000):
        listed = roster(count)
        old = best(lambda listed=listed: sorted(listed, key=str.casefold))
        cold = best(
            lambda listed=listed: sorted(listed, key=reading_order),
            before=names.reading_order.cache_clear,
        )
        sorted(listed, key=reading_order)
        warm = best(lambda listed=listed: sorted(listed, key=reading_order))
        print(
            f"{count:>6} {old:>11.2f} {cold:>8.1f} {warm:>8.2f} "
            f"{cold / old:>8.0f}× {warm / old:>8.1f}×"
        )
    players_page()


def club(count: int) -> None:
    """Fill the database with `count` players, every other one rated, in pairs."""
    listed = roster(count)
    when = datetime(2026, 1, 1)
    db.session.execute(
        standing.insert(),
        [
            {
                "scope": ALL_TIME,
                "who": name_key(name),
                "team": False,
                "name": name,
                "players": name,
                "first_created": when,
                "first_game": "g",
                **dict.fromkeys(COUNTERS, 1),
            }
            for name in listed
        ],
    )
    rated = [name_key(name) for name in listed[::2]]
    db.session.add_all(
        PlayerRating(name_key=key, mu=25.0, sigma=8.0, ordinal=n // 2, games=1)
        for n, key in enumerate(rated)
    )
    db.session.commit()


def old_first_page() -> list[Any]:
    """The players page's first page as SQL ordered it (name keys by code point),
    and its names."""
    unrated = PlayerRating.ordinal.is_(None)
    query = (
        db.select(standing.c.who, standing.c.games, PlayerRating)
        .outerjoin(PlayerRating, PlayerRating.name_key == standing.c.who)
        .where(standing.c.scope == ALL_TIME, standing.c.team.is_(False))
        .order_by(unrated, PlayerRating.ordinal.desc(), standing.c.who)
    )
    rows = db.session.execute(query.limit(50)).all()
    service.spellings([row.who for row in rows])  # as the page names them
    return rows


def players_page() -> None:
    """Print the players page's first page, SQL's order beside the reader's."""
    print("players  ORDER BY ms  reader's order ms  ratio")
    for count in (1_000, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{folder}/bench.sqlite"
            app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "b" * 32})
            with app.app_context():
                club(count)
                old = best(old_first_page)
                service.everyone(1, 50)
                new = best(lambda: service.everyone(1, 50))
                db.session.remove()
                db.engine.dispose()
        print(f"{count:>7} {old:>12.1f} {new:>18.1f} {new / old:>5.1f}×")


if __name__ == "__main__":
    main()
