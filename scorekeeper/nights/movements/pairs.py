"""The fixed-pairs movement (NIGHTS.md `fixed_pairs`): partnerships given up
front meet every other pair once, in a round robin, replanned when pairs come
or go. Pure functions over names."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...scoring.errors import N_
from .movement import NightError, Seating, Table, byes, check_roster
from .pairing import MatchList, best_pairing, round_robin

# How many plans a changed list of fixed pairs draws, keeping the least repeated.
REPLANS = 12


def first_pairs_round(pairs: Sequence[tuple[str, str]]) -> Seating:
    """Seat round 1 of fixed pairs in the pairs' order; an odd last pair sits out."""
    return fixed_pairs_schedule(pairs)[0]


def fixed_pairs_schedule(
    pairs: Sequence[tuple[str, str]],
    history: Sequence[Seating] = (),
    rounds: int | None = None,
    seed: int = 0,
) -> tuple[Seating, ...]:
    """Return the rounds of fixed pairs to come: each pair meets every other once.

    With no history, `P` pairs play `P - 1` rounds when `P` is even; `P`
    rounds when it is odd, each pair then sitting out exactly one (the last
    pair in round 1). With a history (pairs came or went), the next `rounds`
    (by default what the round robin has left) pair those who met least,
    byes going to the pairs with the fewest.
    """
    if len(pairs) < 2:
        raise NightError("pairs", N_("Fixed pairs need at least two pairs."))
    if any(len(pair) != 2 for pair in pairs):
        raise NightError("pairs", N_("Each pair names two players."))
    pairs = [(one, other) for one, other in pairs]
    check_roster([p for pair in pairs for p in pair], "pairs")
    count = len(pairs) + len(pairs) % 2
    if not history:
        return tuple(_matches_seated(pairs, m) for m in round_robin(count))[:rounds]
    if rounds is None:
        rounds = max(count - 1 - len(history), 1)
    rng = random.Random(seed)
    tries = REPLANS if len(pairs) <= 16 else 2
    plans = [_pairs_plan(pairs, history, rounds, rng) for _ in range(tries)]
    return min(plans, key=lambda plan: _repeats(history, plan))


def _repeats(history: Sequence[Seating], plan: Sequence[Seating]) -> int:
    """Return how many meetings of two pairs repeat an earlier one."""
    met = Counter(frozenset(t.sides) for s in [*history, *plan] for t in s.tables)
    return sum(times - 1 for times in met.values())


def _pairs_plan(
    pairs: list[tuple[str, str]],
    history: Sequence[Seating],
    rounds: int,
    rng: random.Random,
) -> tuple[Seating, ...]:
    """Draw one plan of rounds: those met least meet, the bye to the fewest byes."""
    met = Counter(frozenset(t.sides) for s in history for t in s.tables)
    planned = list(history)
    bye = ("", "")  # a stand-in pair: meeting it is sitting out
    for _ in range(rounds):
        counts = byes(planned)
        fewest = min(counts[pair[0]] for pair in pairs)

        def cost(
            a: tuple[str, str],
            b: tuple[str, str],
            counts: Counter[str] = counts,
            fewest: int = fewest,
        ) -> int:
            if bye in (a, b):
                return 1000 * (counts[(b if a == bye else a)[0]] - fewest)
            return met[frozenset((a, b))] ** 2

        items = pairs + [bye] * (len(pairs) % 2)
        matches = best_pairing(items, cost, rng, swaps=True)
        out = {pair for match in matches if bye in match for pair in match} - {bye}
        matches = [m for m in matches if bye not in m]
        matches.sort(key=lambda match: min(map(pairs.index, match)))
        tables = []
        for number, match in enumerate(matches, start=1):
            one, other = sorted(match, key=pairs.index)
            tables.append(Table(number, (one, other)))
            met[frozenset(match)] += 1
        sitting = tuple(p for pair in pairs if pair in out for p in pair)
        planned.append(Seating(tuple(tables), sitting))
    return tuple(planned[len(history) :])


def _matches_seated(pairs: Sequence[tuple[str, str]], matches: MatchList) -> Seating:
    """Return a round robin's round as tables, the pair meeting the dummy out."""
    tables: list[Table] = []
    out: tuple[str, ...] = ()
    for a, b in matches:
        if b >= len(pairs):
            out = pairs[a]
        else:
            tables.append(Table(len(tables) + 1, (pairs[a], pairs[b])))
    return Seating(tuple(tables), out)
