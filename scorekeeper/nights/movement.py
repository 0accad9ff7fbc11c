"""Who sits where each round of a club night: roster and results in, seating out.

Pure functions over names, no Flask and no database. The rotation's whole
schedule (the mixer) is worked out in `rotation.py`; this module holds what
every movement shares (a table, a round, round 1, who sits out) and the
progressive and fixed-pairs movements.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..scoring.errors import N_, Quoted, ScoringError
from ..scoring.names import name_key
from .pairing import MatchList, T, best_pairing, round_robin

MOVEMENTS = ("progressive", "rotation", "fixed_pairs")
ODD_PLAYERS = ("sit_out", "mixed_tables")
# The odd table `mixed_tables` makes for each remainder of the players by four.
ODD_TABLE = {1: 5, 2: 6, 3: 3}

Sides = tuple[tuple[str, ...], ...]
# How many plans a changed list of fixed pairs draws, keeping the least repeated.
REPLANS = 12


class NightError(ScoringError):
    """A roster, result or setting a night cannot use: names the field at fault."""


@dataclass(frozen=True)
class Table:
    """One table of one round: its number (1 is the head table) and its sides."""

    number: int
    sides: Sides

    @property
    def players(self) -> tuple[str, ...]:
        """Return every player at the table, side by side."""
        return tuple(p for side in self.sides for p in side)


@dataclass(frozen=True)
class Seating:
    """One round: every present player at a table, or sitting out."""

    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        """Return every seated player, table by table."""
        return tuple(p for table in self.tables for p in table.players)


def seat_table(number: int, players: Sequence[str]) -> Table:
    """Seat players listed clockwise: four as [a, c] v [b, d], six as three twos."""
    players = tuple(players)
    if len(players) == 4:
        a, b, c, d = players
        return Table(number, ((a, c), (b, d)))
    if len(players) == 6:
        return Table(number, tuple((players[i], players[i + 3]) for i in range(3)))
    if len(players) in (3, 5):
        return Table(number, tuple((p,) for p in players))
    raise NightError(
        "players", N_("No table seats this many: %(count)s."), count=len(players)
    )


def table_sizes(count: int, odd_players: str = "sit_out") -> tuple[int, ...]:
    """Return the tables' sizes for `count` players: fours, then any odd table."""
    if odd_players not in ODD_PLAYERS:
        raise NightError(
            "odd_players",
            N_("Unknown odd_players %(odd_players)s."),
            odd_players=Quoted(odd_players),
        )
    extra = count % 4
    if odd_players == "sit_out" or extra == 0:
        if count < 4:
            raise NightError("players", N_("A round needs at least four players."))
        return (4,) * (count // 4)
    if count < 3:
        raise NightError("players", N_("A round needs at least three players."))
    fours = count // 4 - (1 if extra in (1, 2) else 0)
    return (4,) * fours + (ODD_TABLE[extra],)


def check_roster(players: Sequence[str], field: str = "players") -> None:
    """Refuse a roster that names someone twice, as the app compares names."""
    seen: set[str] = set()
    for player in players:
        if name_key(player) in seen:
            raise NightError(
                field, N_("%(player)s is on the roster twice."), player=Quoted(player)
            )
        seen.add(name_key(player))


def byes(history: Iterable[Seating]) -> Counter[str]:
    """Return how many rounds each player has sat out."""
    return Counter(p for seating in history for p in seating.sitting_out)


def sitters(present: Sequence[str], history: Sequence[Seating], count: int) -> set[str]:
    """Return who sits out next: the fewest byes first, the last of the roster first."""
    counts = byes(history)
    order = sorted(range(len(present)), key=lambda i: (counts[present[i]], -i))
    return {present[i] for i in order[:count]}


def seat_in_order(players: Sequence[str], odd_players: str = "sit_out") -> Seating:
    """Seat players in the order given, table by table; the extra ones sit out."""
    check_roster(players)
    sizes = table_sizes(len(players), odd_players)
    tables, start = [], 0
    for number, size in enumerate(sizes, start=1):
        tables.append(seat_table(number, players[start : start + size]))
        start += size
    return Seating(tuple(tables), tuple(players[start:]))


def first_round(players: Sequence[str], odd_players: str = "sit_out") -> Seating:
    """Seat round 1 in roster order: four at a time, the last ones sitting out."""
    return seat_in_order(players, odd_players)


def drawn(items: Sequence[T], seed: int | None = None) -> list[T]:
    """Return a roster (or pairs) in a random order, to seat round 1 drawn at random.

    Every movement then seats round 1 in that order, and the rounds after it
    by its rule, as for a roster typed in that order.
    """
    order = list(items)
    random.Random(seed).shuffle(order)
    return order


def first_pairs_round(pairs: Sequence[tuple[str, str]]) -> Seating:
    """Seat round 1 of fixed pairs in the pairs' order; an odd last pair sits out."""
    return fixed_pairs_schedule(pairs)[0]


def winning_sides(
    table: Table, winners: Mapping[int, int]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return a table of four's winners and losers, each pair in its side's order."""
    if len(table.sides) != 2 or {len(side) for side in table.sides} != {2}:
        raise NightError("tables", N_("Progressive tables seat two pairs."))
    winner = winners.get(table.number)
    if winner not in (0, 1):
        raise NightError(
            "winners", N_("Table %(number)s has no winner yet."), number=table.number
        )
    return table.sides[winner], table.sides[1 - winner]


def progressive_moves(seating: Seating, winners: Mapping[int, int]) -> list[Sides]:
    """Return the next round's sides at each table, as the progressive rule says."""
    won, lost = [], []
    for table in seating.tables:
        winning, losing = winning_sides(table, winners)
        won.append(winning)
        lost.append(losing)
    count = len(seating.tables)
    moved: list[Sides] = []
    for t in range(count):
        if count == 1:
            stayed, arrived = won[0], lost[0]
        elif t == 0:
            stayed, arrived = won[0], won[1]
        else:
            stayed = lost[t]
            arrived = won[t + 1] if t + 1 < count else lost[0]
        moved.append(((stayed[0], arrived[0]), (stayed[1], arrived[1])))
    return moved


def progressive_next(
    history: Sequence[Seating], winners: Mapping[int, int], present: Sequence[str]
) -> Seating:
    """Seat the next progressive round from the last one's winners and the roster.

    `winners` maps each table's number to its winning side; `present` is the
    roster of those still playing, late arrivals included. Winners move up and
    losers stay (the head table's losers go to the foot); who sits out next
    takes a seat freed by a newcomer to the bench, or a new table at the foot.
    """
    if not history:
        raise NightError("history", N_("The first round is seated in roster order."))
    check_roster(present)
    slots: list[str | None] = [
        p for sides in progressive_moves(history[-1], winners) for s in sides for p in s
    ]
    table_sizes(len(present))
    out = sitters(present, history, len(present) % 4)
    playing = [p for p in present if p not in out]
    wanted = set(playing)
    slots = [p if p in wanted else None for p in slots]
    incoming = iter([p for p in playing if p not in set(slots)])
    filled = [p if p is not None else next(incoming, None) for p in slots]
    order = [p for p in filled if p is not None] + list(incoming)
    tables = tuple(
        Table(t + 1, ((order[i], order[i + 1]), (order[i + 2], order[i + 3])))
        for t, i in enumerate(range(0, len(order), 4))
    )
    return Seating(tables, tuple(p for p in present if p in out))


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
