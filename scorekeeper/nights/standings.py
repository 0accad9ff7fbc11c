"""A night's standings (NIGHTS.md "Standings"): pure, from each table's result.

Rounds in, rows out: no Flask, no database. The board (board.py) reads each
table's sides, totals and winner from the games' kept result rows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..scoring import reading_order


@dataclass(frozen=True)
class TableResult:
    """One table of one round: its sides' players and totals, the night's winner
    (the side index; None while the game plays)."""

    sides: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class RoundResult:
    """One round: its tables, who sat out, and whether every table has ended."""

    tables: tuple[TableResult, ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def ended(self) -> bool:
        """Return whether every table of the round has ended."""
        return all(t.winner is not None for t in self.tables)


@dataclass(frozen=True)
class Standing:
    """One player's row: rank (shared when equal), played, wins, points, byes."""

    rank: int
    player: str
    played: int
    wins: int
    points: int
    byes: int


def half_away(value: float) -> int:
    """Round to the nearest whole number, halves away from zero."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def bye_points(one: RoundResult) -> int:
    """Return a round's average: the mean of the points of every player seated."""
    points = [
        table.totals[s]
        for table in one.tables
        for s, side in enumerate(table.sides)
        for _ in side
    ]
    return half_away(sum(points) / len(points)) if points else 0


# What rounds add to each player's row: played, wins, points, byes.
Counts = dict[str, tuple[int, int, int, int]]


def counted(one: RoundResult) -> Counts:
    """Return what one round adds to its players' rows: each finished table
    counts at once, one in play not yet; a bye counts once the round has ended."""
    rows: dict[str, list[int]] = {}
    for table in one.tables:
        if table.winner is None:
            continue
        for s, side in enumerate(table.sides):
            for name in side:
                row = rows.setdefault(name, [0, 0, 0, 0])
                row[0] += 1
                row[1] += int(s == table.winner)
                row[2] += table.totals[s]
    if one.ended and one.sitting_out:
        average = bye_points(one)
        for name in one.sitting_out:
            row = rows.setdefault(name, [0, 0, 0, 0])
            row[1] += 1
            row[2] += average
            row[3] += 1
    return {name: (a, b, c, d) for name, (a, b, c, d) in rows.items()}


def ranked(
    roster: Sequence[str], rounds: Iterable[Counts], rank_by: str = "wins"
) -> list[Standing]:
    """Return every player's standing from what each round counted (`counted`),
    best first; equal ones share a rank."""
    tally = {name: [0, 0, 0, 0] for name in roster}  # played, wins, points, byes
    for counts in rounds:
        for name, (played, wins, points, byes) in counts.items():
            row = tally.setdefault(name, [0, 0, 0, 0])
            row[0] += played
            row[1] += wins
            row[2] += points
            row[3] += byes

    def key(name: str) -> tuple[int, int]:
        _, wins, points, _ = tally[name]
        return (-wins, -points) if rank_by == "wins" else (-points, -wins)

    ordered = sorted(tally, key=lambda name: (key(name), reading_order(name)))
    rows, rank = [], 0
    for place, name in enumerate(ordered, start=1):
        if place == 1 or key(name) != key(ordered[place - 2]):
            rank = place
        played, wins, points, byes = tally[name]
        rows.append(Standing(rank, name, played, wins, points, byes))
    return rows


def standings(
    roster: Sequence[str], rounds: Iterable[RoundResult], rank_by: str = "wins"
) -> list[Standing]:
    """Return every player's standing, best first; equal ones share a rank."""
    return ranked(roster, (counted(one) for one in rounds), rank_by)


def tie_winner(level: Sequence[int], hand_points: Sequence[Sequence[int]]) -> int:
    """Return the winner of a table whose game ended level among `level` sides:
    the last hand whose points differed between them decides; else the first."""
    candidates = list(level)
    for points in reversed(hand_points):
        best = max(points[s] for s in candidates)
        leaders = [s for s in candidates if points[s] == best]
        if len(leaders) < len(candidates):
            candidates = leaders
            if len(candidates) == 1:
                return candidates[0]
    return candidates[0]


# Each award's name and key; the pages say each as its own sentence
# (templates/nights/_parts.html, `award`), the API gives the name as here.
AWARDS = (
    ("Most contracts made", "made"),
    ("Highest hand", "highest"),
    ("Most ten-trick hands", "tens"),
    ("Most misères made", "miseres"),
)
# One hand as the awards read it: its bidder (None when all passed), kind,
# level, made and points, and the players whose side took all ten tricks.
AwardHand = tuple[str | None, str, int | None, bool | None, int | None, tuple[str, ...]]


# What one game's hands count towards each award: by the award's key, each
# player's count (the highest hand: their best points). Counted once a game
# and version by the board (tables.py), then added up over the night.
Tallies = dict[str, dict[str, int]]


def all_ten(
    sides: Sequence[Sequence[str]],
    side: int | None,
    partner: str | None,
    tricks: Sequence[int],
) -> tuple[str, ...]:
    """Return the players whose side took all ten tricks of a hand, whatever was
    bid (none when no side did): the bidder's side (with a called partner's, as
    the contract scores them) or a side against it, every player of it."""
    contracting = [] if side is None else [side]
    for s, players in enumerate(sides):
        if partner is not None and partner in players and s not in contracting:
            contracting.append(s)
    if contracting and sum(tricks[s] for s in contracting) == 10:
        return tuple(p for s in sorted(contracting) for p in sides[s])
    for s, taken in enumerate(tricks):
        if taken == 10 and s not in contracting:
            return tuple(sides[s])
    return ()


def tallies(hands: Iterable[AwardHand]) -> Tallies:
    """Count what these hands earn towards each award: the bidder's contracts
    made, highest single hand and misères made; every player of a side that
    took all ten tricks (the bidder's or the defenders', whatever was bid)."""
    counts: Tallies = {key: {} for _, key in AWARDS}
    for bidder, kind, _level, made, points, tens in hands:
        for name in tens:
            counts["tens"][name] = counts["tens"].get(name, 0) + 1
        if bidder is None:
            continue
        for key, counted in (
            ("made", bool(made)),
            ("miseres", bool(made) and kind == "misere"),
        ):
            if counted:
                counts[key][bidder] = counts[key].get(bidder, 0) + 1
        if points is not None and points > counts["highest"].get(bidder, 0):
            counts["highest"][bidder] = points
    return counts


def summed(games: Iterable[Tallies]) -> Tallies:
    """Return games' tallies added up: counts summed, the highest hand the best."""
    counts: Tallies = {key: {} for _, key in AWARDS}
    for one in games:
        for key, given in one.items():
            into = counts[key]
            for bidder, value in given.items():
                if key == "highest":
                    into[bidder] = max(into.get(bidder, 0), value)
                else:
                    into[bidder] = into.get(bidder, 0) + value
    return counts


def awarded(games: Iterable[Tallies]) -> list[dict[str, Any]]:
    """Return the night's awards from its games' (or its rounds' summed)
    tallies, each to the bidders best at it (ties share one). An award no one
    earned is left out."""
    counts = summed(games)
    won = []
    for name, key in AWARDS:
        best = max(counts[key].values(), default=0)
        if best > 0:
            players = sorted(
                (p for p, v in counts[key].items() if v == best), key=reading_order
            )
            won.append({"name": name, "players": players, "value": best})
    return won


def awards(hands: Iterable[AwardHand]) -> list[dict[str, Any]]:
    """Return the awards these hands earn (`tallies`, then `awarded`)."""
    return awarded([tallies(hands)])
