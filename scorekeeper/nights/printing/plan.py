"""What a night's printed sheets hold: every round seated so far and the rounds
ahead as the movement plans them now (seating.py asked, nothing planned here),
and each player's tally card, round by round.

`schedule` reads the night; `tallies` is pure: rounds in, cards out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import board, seating
from ..models import Night
from ..movements.movement import Seating

# A progressive night with no planned number of rounds: rows a tally card
# leaves to fill by hand, an evening's usual rounds.
BLANK_ROUNDS = 8
# The rounds a tally card holds in its usual type; more print smaller.
ROOMY_LINES = 12


@dataclass(frozen=True)
class Table:
    """One table of a printed round: its sides and, once its game ended, the
    sides' scores and the night's winner of it."""

    number: int
    sides: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...] | None = None
    winner: int | None = None


@dataclass(frozen=True)
class Round:
    """One printed round: `played`, `playing`, `next` (seated by the results)
    or `planned` (the movement's plan as it stands)."""

    number: int
    state: str
    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    """One round of a tally card: the table (None sitting out, or not known yet),
    partners, opponents, and the score and result once the table ended."""

    round: int
    table: int | None = None
    partners: tuple[str, ...] = ()
    opponents: tuple[str, ...] = ()
    sitting_out: bool = False
    score: int | None = None
    won: bool | None = None


@dataclass(frozen=True)
class Tally:
    """A player's tally card: their name and a line a round."""

    player: str
    lines: tuple[Line, ...]

    @property
    def crowded(self) -> bool:
        """Return whether the card has more rounds than a quarter sheet holds at
        the usual size (it prints them smaller)."""
        return len(self.lines) > ROOMY_LINES

    @property
    def per_sheet(self) -> int:
        """Return how many such cards a sheet holds: four, a quarter each; two
        a sheet wide when crowded, so names keep to a line; one past that."""
        if not self.crowded:
            return 4
        return 2 if len(self.lines) <= 2 * ROOMY_LINES else 1


def _seated(one: dict[str, Any]) -> Round:
    """Return a round as the night shows it (board.night_to_dict) printed."""
    tables = []
    for t in one["tables"]:
        sides = tuple(tuple(s["players"]) for s in t["sides"])
        ended = t["status"] == "finished"
        scores = tuple(s["score"] for s in t["sides"]) if ended else None
        tables.append(Table(t["number"], sides, scores, t["winner"]))
    state = "played" if one["status"] == "finished" else "playing"
    return Round(one["number"], state, tuple(tables), tuple(one["sitting_out"]))


def _ahead(number: int, state: str, seated: Seating) -> Round:
    tables = tuple(Table(t.number, t.sides) for t in seated.tables)
    return Round(number, state, tables, seated.sitting_out)


def schedule(night: Night) -> tuple[list[Round], int]:
    """Return the rounds seated so far and those ahead as planned now (rotation
    and fixed pairs: to the planned rounds, else a whole rotation; progressive:
    the next round once its results seat it), and the rounds a card provides for."""
    shown = board.night_to_dict(night)
    rounds = [_seated(one) for one in shown["rounds"]]
    planned = night.rounds_planned
    if night.movement == "progressive":
        total = max(planned or BLANK_ROUNDS, len(rounds))
        upcoming = seating.upcoming(night)
        if upcoming is not None:
            rounds.append(_ahead(len(rounds) + 1, "next", upcoming))
        return rounds, max(total, len(rounds))
    total = planned or seating.rotation_length(night)
    if shown["status"] != "finished":
        count = total - len(rounds)
        ahead = seating.rounds_ahead(night, count) if count > 0 else []
        start = len(rounds) + 1
        rounds += [_ahead(start + i, "planned", s) for i, s in enumerate(ahead)]
    return rounds, max(total, len(rounds))


def _line(one: Round, name: str) -> Line:
    """Return where a player sits in one round, and how it went once ended."""
    for table in one.tables:
        for s, side in enumerate(table.sides):
            if name in side:
                others = tuple(p for o in table.sides if o is not side for p in o)
                ended = table.scores is not None
                return Line(
                    one.number,
                    table.number,
                    tuple(p for p in side if p != name),
                    others,
                    score=table.scores[s] if table.scores is not None else None,
                    won=table.winner == s if ended else None,
                )
    return Line(one.number, sitting_out=name in one.sitting_out)


def tallies(players: Sequence[str], rounds: Sequence[Round], total: int) -> list[Tally]:
    """Return a tally card for each player: a line for every round printed, then
    blank lines up to `total` rounds."""
    blank = tuple(Line(n) for n in range(len(rounds) + 1, total + 1))
    return [
        Tally(name, tuple(_line(one, name) for one in rounds) + blank)
        for name in players
    ]
