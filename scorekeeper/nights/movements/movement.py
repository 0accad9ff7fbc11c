"""Who sits where each round of a club night: roster and results in, seating out.

Pure functions over names, no Flask and no database. The rotation's whole
schedule (the mixer) is worked out in `rotation.py`, the fixed pairs' in
`pairs.py`; this module holds what every movement shares (a table, a round,
round 1, who sits out) and the progressive movement.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...scoring.errors import N_, Quoted, ScoringError
from ...scoring.names import name_key
from ...scoring.table import NAME_LIMIT
from .pairing import T

MOVEMENTS = ("progressive", "rotation", "fixed_pairs")
ODD_PLAYERS = ("sit_out", "mixed_tables")
# The odd table `mixed_tables` makes for each remainder of the players by four.
ODD_TABLE = {1: 5, 2: 6, 3: 3}

Sides = tuple[tuple[str, ...], ...]


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


def shortened(text: str, most: int) -> str:
    """Return text cut to at most `most` characters, an ellipsis marking a cut."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def side_names(sides: Sides, most: int = NAME_LIMIT) -> list[str]:
    """Return a table's side names, "Ann & Cat", each shortened to fit `most`
    (its players keep their full names) and kept apart within the table."""
    names: list[str] = []
    for side in sides:
        name = " & ".join(side)
        if len(name) > most:
            each = (most - 3 * (len(side) - 1)) // len(side)
            name = " & ".join(shortened(p, each) for p in side)
        while name_key(name) in map(name_key, names):
            name = f"{shortened(name, most - 4)} ({len(names) + 1})"
        names.append(name)
    return names


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


def owed_byes(present: Sequence[str], history: Sequence[Seating]) -> Counter[str]:
    """Return each player's byes as choosing who sits out counts them: a late
    arrival counts as having sat out as often as the present player who had sat
    out most when they came (NIGHTS.md); rounds missed count nothing."""
    counts: Counter[str] = Counter()
    seen: set[str] = set()
    rounds = [((*s.seated, *s.sitting_out), s.sitting_out) for s in history]
    for here, sat_out in [*rounds, (tuple(present), ())]:
        if seen:
            most = max((counts[p] for p in here if p in seen), default=0)
            counts.update({p: most for p in here if p not in seen})
        seen.update(here)
        counts.update(sat_out)
    return counts


def sitters(present: Sequence[str], history: Sequence[Seating], count: int) -> set[str]:
    """Return who sits out next: the fewest byes first (owed_byes), then the last
    of the roster first; a late arrival plays the round they arrive for."""
    counts = owed_byes(present, history)
    seen = {p for s in history for p in (*s.seated, *s.sitting_out)}
    order = sorted(
        range(len(present)),
        key=lambda i: (counts[present[i]], history and present[i] not in seen, -i),
    )
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
    losers stay (the head table's losers go to the foot); players coming in
    (from a bye, or late) join at the foot (NIGHTS.md).
    """
    if not history:
        raise NightError("history", N_("The first round is seated in roster order."))
    check_roster(present)
    # Everyone who played, placed by the movement, each table's seats [a, b, c,
    # d] seating [a, c] against [b, d]; those to sit out leave, the others close
    # up towards table 1, and players coming in take the last seats.
    seats = [
        p
        for (a, c), (b, d) in progressive_moves(history[-1], winners)
        for p in (a, b, c, d)
    ]
    table_sizes(len(present))
    out = sitters(present, history, len(present) % 4)
    playing = [p for p in present if p not in out]
    wanted = set(playing)
    order = [p for p in seats if p in wanted]
    order += [p for p in playing if p not in set(seats)]
    tables = tuple(
        seat_table(t + 1, order[i : i + 4])
        for t, i in enumerate(range(0, len(order), 4))
    )
    return Seating(tables, tuple(p for p in present if p in out))
