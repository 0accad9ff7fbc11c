"""Round robins of partners: the circle method and cyclic whist tournaments.

Pure arithmetic on player numbers; `rotation.py` puts names on them.
"""

from __future__ import annotations

from collections import Counter

# How many seatings the search for an exact (cyclic) whist schedule may try.
WHIST_BUDGET = 1000


def one_factorization(count: int) -> list[list[tuple[int, int]]]:
    """Return the circle method's rounds of partners for `count` (even) players."""
    last = count - 1
    return [
        [(last, r)] + [((r + i) % last, (r - i) % last) for i in range(1, count // 2)]
        for r in range(last)
    ]


def cyclic_whist(count: int, budget: int = WHIST_BUDGET) -> list[int] | None:
    """Return a cyclic whist tournament's first round, or None when not found soon.

    Players are 0 … m - 1 (m = count - 1) and m (the fixed one); a round
    lists tables as seats a, b, c, d: a and c partner against b and d. Round
    r adds r to every player but m; the first round's partner differences
    cover every difference once and its opponents' every difference twice,
    so every two players partner once and oppose exactly twice.
    """
    m = count - 1
    seats, left = [m], set(range(m))
    partner, opponent = Counter[int](), Counter[int]()
    tried = 0

    def gap(x: int, y: int) -> int | None:
        return None if m in (x, y) else min((x - y) % m, (y - x) % m)

    def place() -> bool:
        nonlocal tried
        if not left:
            return True
        tried += 1
        if tried > budget:
            return False
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

    return seats if place() else None
