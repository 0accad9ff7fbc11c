"""A season's ladder of club nights (NIGHTS.md "A club's ladder across nights").

`ladder` is pure: each night's rows in, the ladder out. `season_ladder` reads
the finished nights within a season's days as each night shows itself
(nights/board.py, the night's page and API read it too).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from sqlalchemy import select

from ..db.models import Season, db
from ..nights import board
from ..nights.models import Night
from ..results.seasonal import days
from ..scoring import name_key, reading_order

RANK_BY = ("wins", "points")
MOST_NIGHTS = 100


@dataclass(frozen=True)
class NightRow:
    """One player's night: their rank that night, their wins and their points."""

    player: str
    rank: int
    wins: int
    points: int


@dataclass(frozen=True)
class Rung:
    """One player on the ladder: rank (None when unranked), nights played and won,
    and their night wins and points summed over their best nights."""

    rank: int | None
    player: str
    nights: int
    nights_won: int
    wins: int
    points: int


@dataclass(frozen=True)
class Ladder:
    """The ranked players, best first, and those with too few nights, apart."""

    ranked: tuple[Rung, ...]
    unranked: tuple[Rung, ...]
    nights: int  # the nights counted


def _order(rank_by: str, wins: int, points: int) -> tuple[int, int]:
    """Return a sort key, best first: by wins then points, or points then wins."""
    return (-wins, -points) if rank_by == "wins" else (-points, -wins)


def ladder(
    nights: Iterable[Sequence[NightRow]],
    rank_by: str = "wins",
    best_nights: int | None = None,
    min_nights: int = 1,
) -> Ladder:
    """Rank players over nights (oldest first): sums over each one's best nights;
    equal players share a rank; those with fewer than `min_nights` stand apart."""
    played: dict[str, list[NightRow]] = {}
    names: dict[str, str] = {}
    count = 0
    for night in nights:
        count += 1
        for row in night:
            who = name_key(row.player)
            played.setdefault(who, []).append(row)
            names[who] = row.player  # the latest night's spelling
    rungs = []
    for who, rows in played.items():
        best = sorted(rows, key=lambda r: _order(rank_by, r.wins, r.points))
        kept = best[:best_nights] if best_nights is not None else best
        rungs.append(
            Rung(
                None,
                names[who],
                len(rows),
                sum(r.rank == 1 for r in rows),
                sum(r.wins for r in kept),
                sum(r.points for r in kept),
            )
        )

    def key(rung: Rung) -> tuple[int, int]:
        return _order(rank_by, rung.wins, rung.points)

    rungs.sort(key=lambda r: (key(r), reading_order(r.player)))
    ranked: list[Rung] = []
    for rung in (r for r in rungs if r.nights >= min_nights):
        shared = ranked and key(ranked[-1]) == key(rung)
        rank = ranked[-1].rank if shared else len(ranked) + 1
        ranked.append(replace(rung, rank=rank))
    unranked = tuple(r for r in rungs if r.nights < min_nights)
    return Ladder(tuple(ranked), unranked, count)


def finished_nights(season: Season) -> list[list[NightRow]]:
    """Return each finished night set up within a season's days (from its house
    rules, when it keeps to some), oldest first, as the night shows its standings:
    the players who played or sat out a round."""
    start, end = days(season.first_day, season.last_day)
    query = select(Night.id).where(Night.created >= start, Night.created < end)
    if season.ruleset_id is not None:
        query = query.where(Night.ruleset_id == season.ruleset_id)
    found = []
    ids = db.session.execute(query.order_by(Night.created, Night.id)).scalars().all()
    for night_id in ids:
        # Kept per night and ETag, as its pages are: a finished night rarely
        # moves again, so a season's page reads each one's tag, not its games.
        at = board.tag(night_id) or ""
        rows = board.kept("ladder", night_id, at, partial(_rows, night_id))
        if rows is not None:
            found.append(rows)
    return found


def _rows(night_id: str) -> list[NightRow] | None:
    """Return a night's rows as the ladder reads them; None while it plays."""
    shown = board.night_to_dict(db.session.get_one(Night, night_id))
    if shown["status"] != "finished":
        return None
    return [
        NightRow(r["player"], r["rank"], r["wins"], r["points"])
        for r in shown["standings"]
        if r["played"] or r["byes"]
    ]


def season_ladder(season: Season) -> Ladder:
    """Return a season's ladder over the finished nights set up within its days."""
    nights = finished_nights(season)
    return ladder(nights, season.rank_by, season.best_nights, season.min_nights)
