"""Time sorting names in a reader's order (`scoring.reading_order`, the Unicode
Collation Algorithm through pyuca) beside the code-point sort it replaced.

Prints, for 1,000 and 10,000 names: the old key (`str.casefold`), the new key
cold (every name's key computed) and warm (the keys kept, as a server sorting a
night's or a club's names again on every draw has them), best of a few runs,
and the ratios; then the cost of building the collator, once a process.

Run: .venv/bin/python bench/reading_order.py
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from scorekeeper.scoring import names
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


if __name__ == "__main__":
    main()
