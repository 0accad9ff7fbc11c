"""A night's own rows as its reads see them (its roster, rounds and tables), in
plain frozen values read with Core, not as ORM objects: at a 30-table night's
eighth round that is 369 rows, whose ORM objects cost more than the rest of a
draw. They change only with the night's version (every write of the night
itself moves it, models.py), so each worker reads them once a version; only the
night's own row is read on every draw.

For what a page or an answer shows; writes load the night's ORM rows
(service.load).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...db.kept import Kept
from ...db.models import db
from ...errors import N_, NotFound
from ..models import Night, NightPlayer, NightRound, NightTable


@dataclass(frozen=True)
class TableFrame:
    """One table of a round: its number and its game."""

    number: int
    game_id: str


@dataclass(frozen=True)
class RoundFrame:
    """One round: who sat out, whether time was called, its clock, its tables."""

    number: int
    sitting_out: tuple[str, ...]
    called: bool
    started: datetime | None
    minutes: int | None
    paused_at: datetime | None
    paused_seconds: int
    tables: tuple[TableFrame, ...]


@dataclass(frozen=True)
class PlayerFrame:
    """One name on the roster."""

    name: str
    name_key: str
    present: bool
    pair: int | None


@dataclass(frozen=True)
class NightFrame:
    """A night as models.Night has it, but its director's token."""

    id: str
    name: str
    created: datetime
    rules: dict[str, Any]
    ruleset_id: int | None
    movement: str
    round_hands: int | None
    rank_by: str
    odd_players: str
    rounds_planned: int | None
    round_minutes: int | None
    shuffle: bool
    status: str
    version: int
    players: tuple[PlayerFrame, ...]
    rounds: tuple[RoundFrame, ...]


# Either a night's ORM rows (a write's) or its frame (a read's).
Shown = Night | NightFrame

OWN = (
    *("id", "name", "created", "rules", "ruleset_id", "movement", "round_hands"),
    *("rank_by", "odd_players", "rounds_planned", "round_minutes", "shuffle"),
    *("status", "version"),
)
NIGHTS = Night.__table__.c
PLAYERS = NightPlayer.__table__.c
ROUNDS = NightRound.__table__.c
TABLES = NightTable.__table__.c
ROUND_COLUMNS = (
    *(ROUNDS.number, ROUNDS.sitting_out, ROUNDS.called, ROUNDS.started),
    *(ROUNDS.minutes, ROUNDS.paused_at, ROUNDS.paused_seconds),
)

# Each night's roster and rounds by its id and version, read once per worker.
_KEPT: Kept[tuple[str, int], Any] = Kept(64)


def _rows(night_id: str) -> tuple[tuple[PlayerFrame, ...], tuple[RoundFrame, ...]]:
    """Read a night's roster and rounds, three queries."""
    players = db.select(PLAYERS.name, PLAYERS.name_key, PLAYERS.present, PLAYERS.pair)
    roster = db.session.execute(
        players.where(PLAYERS.night_id == night_id).order_by(PLAYERS.position)
    )
    seated: dict[int, list[TableFrame]] = {}
    query = db.select(TABLES.round, TABLES.number, TABLES.game_id)
    for number, table, game in db.session.execute(
        query.where(TABLES.night_id == night_id).order_by(TABLES.round, TABLES.number)
    ):
        seated.setdefault(number, []).append(TableFrame(table, game))
    rounds = db.session.execute(
        db.select(*ROUND_COLUMNS)
        .where(ROUNDS.night_id == night_id)
        .order_by(ROUNDS.number)
    )
    return (
        tuple(PlayerFrame(*row) for row in roster),
        tuple(
            RoundFrame(n, tuple(out), *clock, tables=tuple(seated.get(n, ())))
            for n, out, *clock in rounds
        ),
    )


def load(night_id: str) -> NightFrame:
    """Return the night with this id as its reads see it, or raise NotFound."""
    own = db.select(*(NIGHTS[name] for name in OWN)).where(NIGHTS.id == night_id)
    row = db.session.execute(own).first() if len(night_id) <= 32 else None
    if row is None:
        raise NotFound(N_("There is no club night with that id."))
    found = _KEPT.made((night_id, row.version), lambda: _rows(night_id))
    return NightFrame(*row, *found)


def forget() -> None:
    """Forget what is kept (tests that count what a first read asks)."""
    _KEPT.clear()
