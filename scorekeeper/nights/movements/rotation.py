"""The rotation (a mixer): partners change every round so everyone partners everyone.

With `n` players, `n` a multiple of four, the schedule is a whist tournament:
a cyclic one when a short search finds its first round (`pairing.py`: every two
players partner once and oppose exactly twice), else the circle method's
partners (every two partner exactly once) paired into tables by a seeded
search that keeps every two players opponents at most three times. Any other
roster, or a roster that changed during the night, is planned round by round:
the least repeated partners first, then the least repeated opponents, byes
(or the odd table) spread as in `movement.py`; a few whole plans are drawn
and the least repeated kept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ...scoring.errors import N_
from .movement import (
    NightError,
    Seating,
    Table,
    check_roster,
    seat_in_order,
    seat_table,
    sitters,
    table_sizes,
)
from .pairing import best_pairing, cyclic_whist, one_factorization

Pair = tuple[str, str]
# How many times the seeded search redraws the whole schedule.
RESTARTS = 200
# How many whole plans a changed or odd roster draws, keeping the least repeated.
REPLANS = 4
REPLAN_LIMIT = 32
# What meeting an opponent once more costs, by how often they met: a fourth
# meeting must be avoided, a third only kept rare.
REPEAT_COST = (0, 1, 8, 1000)
# How many planned schedules each worker keeps (a few nights' worth).
PLANS_KEPT = 32


class Meetings:
    """How often each two players have been partners and opponents so far."""

    def __init__(self, history: Sequence[Seating] = ()) -> None:
        self.partners: Counter[frozenset[str]] = Counter()
        self.opponents: Counter[frozenset[str]] = Counter()
        self.odd: Counter[str] = Counter()
        for seating in history:
            self.add(seating)

    def add(self, seating: Seating) -> None:
        """Count one more round's partners, opponents and odd-table seats."""
        for table in seating.tables:
            if len(table.players) != 4:
                self.odd.update(table.players)
            for side in table.sides:
                self.partners.update(frozenset(p) for p in combinations(side, 2))
            for one, other in combinations(table.sides, 2):
                self.opponents.update(frozenset((a, b)) for a in one for b in other)

    def table_cost(self, one: Pair, other: Pair) -> int:
        """Return how much seating two partnerships against each other repeats."""
        return sum(
            REPEAT_COST[min(self.opponents[frozenset((a, b))], 3)]
            for a in one
            for b in other
        )

    def partner_cost(self, a: str, b: str) -> int:
        """Return how much partnering two players repeats (partners weigh most)."""
        return 100 * self.partners[frozenset((a, b))] ** 2


def tables_for(
    partnerships: Sequence[Pair], meetings: Meetings, rng: random.Random
) -> list[tuple[Pair, Pair]]:
    """Return partnerships paired into tables, the least repeated opponents first."""
    return best_pairing(partnerships, meetings.table_cost, rng)


def _numbered_tables(
    partners: Sequence[tuple[int, int]], cost: list[list[int]], rng: random.Random
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """`tables_for` with players as numbers: each two partnerships' cost summed
    once, then paired by the same seeded draw (the same tables, far sooner)."""
    pairs = list(partners)
    against = [
        [cost[a][c] + cost[a][d] + cost[b][c] + cost[b][d] for c, d in pairs]
        for a, b in pairs
    ]
    paired = best_pairing(range(len(pairs)), lambda i, j: against[i][j], rng)
    return [(pairs[i], pairs[j]) for i, j in paired]


def whist_rounds(count: int, rng: random.Random) -> list[list[tuple[Pair, Pair]]]:
    """Return `count - 1` rounds of tables (players as numbers) for a multiple of 4.

    Partners exactly once each; opponents exactly twice when the cyclic search
    finds a first round soon, else at most three times each.
    """
    m = count - 1
    base = cyclic_whist(count)
    if base is not None:

        def moved(p: int, r: int) -> str:
            return str(p if p == m else (p + r) % m)

        return [
            [
                (
                    (moved(base[t], r), moved(base[t + 2], r)),
                    (moved(base[t + 1], r), moved(base[t + 3], r)),
                )
                for t in range(0, count, 4)
            ]
            for r in range(m)
        ]
    for _ in range(RESTARTS):
        # Meetings by number: met[a][b] opponents so far, cost[a][b] what one
        # more meeting costs (Meetings.table_cost, read from a list).
        met = [[0] * count for _ in range(count)]
        cost = [[0] * count for _ in range(count)]
        rounds = []
        for partners in one_factorization(count):
            tables = _numbered_tables(partners, cost, rng)
            for one, other in tables:
                for a in one:
                    for b in other:
                        met[a][b] += 1
                        met[b][a] += 1
                        cost[a][b] = cost[b][a] = REPEAT_COST[min(met[a][b], 3)]
            rounds.append(
                [((str(a), str(c)), (str(b), str(d))) for (a, c), (b, d) in tables]
            )
        if max(map(max, met)) <= 3:
            return rounds
    no_schedule = N_("No rotation schedule was found.")  # pragma: no cover
    raise NightError("players", no_schedule)  # pragma: no cover


def relabelled(
    players: Sequence[str], rounds: list[list[tuple[Pair, Pair]]]
) -> list[Seating]:
    """Return the rounds with names, round 1 seated in roster order."""
    label = {}
    for k, (one, other) in enumerate(rounds[0]):
        a, c = one
        b, d = other
        for offset, seat in enumerate((a, b, c, d)):
            label[seat] = players[4 * k + offset]
    return [
        Seating(
            tuple(
                Table(t, ((label[a], label[c]), (label[b], label[d])))
                for t, ((a, c), (b, d)) in enumerate(tables, start=1)
            )
        )
        for tables in rounds
    ]


def next_rotation(
    present: Sequence[str],
    history: Sequence[Seating],
    meetings: Meetings,
    odd_players: str,
    rng: random.Random,
) -> Seating:
    """Plan one round: byes or the odd table spread, then partners, then tables.

    `meetings` counts the partners and opponents of the `history` so far.
    """
    sizes = table_sizes(len(present), odd_players)
    seated = sum(sizes)
    out = sitters(present, history, len(present) - seated)
    playing = [p for p in present if p not in out]
    tables: list[Table] = []
    odd = [size for size in sizes if size != 4]
    if odd:
        order = sorted(
            range(len(playing)), key=lambda i: (meetings.odd[playing[i]], -i)
        )
        chosen = {playing[i] for i in order[: odd[0]]}
        at_odd = [p for p in playing if p in chosen]
        playing = [p for p in playing if p not in chosen]
        if odd[0] == 6:
            sixes = best_pairing(at_odd, meetings.partner_cost, rng, swaps=True)
            at_odd = [p for pair in sixes for p in pair[:1]]
            at_odd += [pair[1] for pair in sixes]
        odd_table = seat_table(0, at_odd)
    partners = best_pairing(playing, meetings.partner_cost, rng, swaps=True)
    for one, other in tables_for(partners, meetings, rng):
        tables.append(Table(len(tables) + 1, (one, other)))
    if odd:
        tables.append(Table(len(tables) + 1, odd_table.sides))
    return Seating(tuple(tables), tuple(p for p in present if p in out))


def rotation_schedule(
    players: Sequence[str],
    rounds: int | None = None,
    odd_players: str = "sit_out",
    history: Sequence[Seating] = (),
    seed: int = 0,
) -> tuple[Seating, ...]:
    """Return the rotation's next `rounds` rounds (all `n - 1` by default).

    With no history, round 1 is seated in roster order. With a history (the
    roster changed), the rounds to come repeat partners, then opponents, as
    little as the numbers allow; byes and the odd table go round. The same
    question asked again (every page between rounds asks it) is answered from
    the plans each worker kept.
    """
    return _planned(tuple(players), rounds, odd_players, tuple(history), seed)


@lru_cache(maxsize=PLANS_KEPT)
def _planned(
    players: tuple[str, ...],
    rounds: int | None,
    odd_players: str,
    history: tuple[Seating, ...],
    seed: int,
) -> tuple[Seating, ...]:
    check_roster(players)
    table_sizes(len(players), odd_players)
    count = len(players)
    if rounds is None:
        rounds = max(count - 1 if count % 2 == 0 else count, 1)
    rng = random.Random(seed)
    start = list(history)
    if not history and count % 4 == 0:
        start = relabelled(players, whist_rounds(count, rng))[:rounds]
    elif not history:
        start = [seat_in_order(players, odd_players)]
    best: tuple[tuple[int, int], list[Seating]] | None = None
    for _ in range(REPLANS if count <= REPLAN_LIMIT else 1):
        planned, meetings = list(start), Meetings(start)
        while len(planned) < len(history) + rounds:
            seating = next_rotation(players, planned, meetings, odd_players, rng)
            planned.append(seating)
            meetings.add(seating)
        repeats = (
            sum(n - 1 for n in meetings.partners.values()),
            sum(max(n - 3, 0) for n in meetings.opponents.values()),
        )
        if best is None or repeats < best[0]:
            best = (repeats, planned)
        if repeats == (0, 0) or len(planned) == len(start):
            break
    assert best is not None
    return tuple(best[1][len(history) : len(history) + rounds])
