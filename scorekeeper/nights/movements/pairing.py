"""Pairings: the circle method, cyclic whist tournaments, a seeded cheap pairing.

Pure arithmetic on player numbers (or any items); `rotation.py` and
`movement.py` put names on them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import TypeVar

T = TypeVar("T")
MatchList = list[tuple[int, int]]
# How many times the greedy pairing is redrawn.
TRIES = 6
# How many seatings the search for an exact (cyclic) whist schedule may try.
WHIST_BUDGET = 1000


def one_factorization(count: int) -> list[list[tuple[int, int]]]:
    """Return the circle method's rounds of partners for `count` (even) players."""
    last = count - 1
    return [
        [(last, r)] + [((r + i) % last, (r - i) % last) for i in range(1, count // 2)]
        for r in range(last)
    ]


@cache
def cyclic_whist(count: int, budget: int = WHIST_BUDGET) -> tuple[int, ...] | None:
    """Return a cyclic whist tournament's first round, or None when not found soon.

    Players are 0 … m - 1 (m = count - 1) and m (the fixed one); a round
    lists tables as seats a, b, c, d: a and c partner against b and d. Round
    r adds r to every player but m; the first round's partner differences
    cover every difference once and its opponents' every difference twice,
    so every two players partner once and oppose exactly twice. The answer
    depends on `count` alone, so each worker searches once per size.
    """
    m = count - 1
    seats, left = [m], set(range(m))
    partner, opponent = Counter[int](), Counter[int]()
    tried = 0

    class OutOfBudget(Exception):
        """The budget is spent: no later seat can complete a round."""

    def gap(x: int, y: int) -> int | None:
        return None if m in (x, y) else min((x - y) % m, (y - x) % m)

    def place() -> bool:
        nonlocal tried
        if not left:
            return True
        tried += 1
        if tried > budget:
            raise OutOfBudget
        seat = len(seats) % 4
        table = seats[len(seats) - seat :]
        for player in sorted(left)[: 1 if seat == 0 else None]:
            partners = [table[seat - 2]] if seat >= 2 else []
            rivals = [table[i] for i in range(seat) if i % 2 != seat % 2]
            bumped = [(partner, g) for p in partners if (g := gap(player, p))]
            bumped += [(opponent, g) for p in rivals if (g := gap(player, p))]
            for counter, g in bumped:
                counter[g] += 1
            if all(partner[g] <= 1 and opponent[g] <= 2 for _, g in bumped):
                seats.append(player)
                left.discard(player)
                if place():
                    return True
                seats.pop()
                left.add(player)
            for counter, g in bumped:
                counter[g] -= 1
        return False

    try:
        return tuple(seats) if place() else None
    except OutOfBudget:
        return None


def improve(pairs: list[tuple[T, T]], cost: Callable[[T, T], int]) -> int:
    """Swap partners between two pairs while that lowers the cost; return the cost."""
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            now = cost(a, b) + cost(c, d)
            for one, other in (((a, c), (b, d)), ((a, d), (b, c))):
                if cost(*one) + cost(*other) < now:
                    pairs[i], pairs[j] = one, other
                    better = True
                    break
    return sum(cost(a, b) for a, b in pairs)


def best_pairing(
    items: Sequence[T],
    cost: Callable[[T, T], int],
    rng: random.Random,
    swaps: bool = False,
) -> list[tuple[T, T]]:
    """Return a cheap pairing of an even count of items: greedy, swapped, redrawn."""
    best: tuple[int, list[tuple[T, T]]] | None = None
    for _ in range(TRIES):
        pool = list(items)
        rng.shuffle(pool)
        pairs = []
        while pool:
            first = pool.pop()
            # The cheapest partner, ties drawn (a draw for every item, in order).
            keys = [(cost(first, item), rng.random()) for item in pool]
            pairs.append((first, pool.pop(min(range(len(keys)), key=keys.__getitem__))))
        total = improve(pairs, cost) if swaps else sum(cost(a, b) for a, b in pairs)
        if best is None or total < best[0]:
            best = (total, pairs)
        if total == 0:
            break
    assert best is not None
    return best[1]


def round_robin(count: int) -> list[list[tuple[int, int]]]:
    """Return a round robin of `count` (even) entries, round 1 as (0, 1), (2, 3), ….

    The circle method, relabelled so that its first round pairs neighbours.
    """
    last = count - 1
    raw = [
        [(r, last)] + [((r + i) % last, (r - i) % last) for i in range(1, count // 2)]
        for r in range(last)
    ]
    first = raw[0][1:] + raw[0][:1]
    label = {}
    for k, (a, b) in enumerate(first):
        label[a], label[b] = 2 * k, 2 * k + 1
    return [
        sorted((min(label[a], label[b]), max(label[a], label[b])) for a, b in matches)
        for matches in raw
    ]
