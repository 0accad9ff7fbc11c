"""Which games a season holds: those started on its days (and from its house
rules); and how many games each scope holds, kept.

A game's date is when it was created, in UTC, as every result row copies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, bindparam, case, delete, func, select, text

from ..db import last
from ..db.models import Game, Season, db
from .models import ALL_TIME, add_counters, game_count


def days(first: date, last: date) -> tuple[datetime, datetime]:
    """Return when a run of days starts, and when the day after the last starts."""
    end = datetime.combine(last, time()) + timedelta(days=1)
    return datetime.combine(first, time()), end


def in_season(
    season: Season, created: Any, game_id: Any = None
) -> list[ColumnElement[bool]]:
    """Return what picks a season's games, on a table's date and game id.

    Without a game id the game's own table is in the query.
    """
    start, end = days(season.first_day, season.last_day)
    found = [created >= start, created < end]
    if season.ruleset_id is not None:
        if game_id is None:
            found.append(Game.ruleset_id == season.ruleset_id)
        else:
            kept = select(Game.id).where(Game.ruleset_id == season.ruleset_id)
            found.append(game_id.in_(kept))
    return found


def holds(season: Season, created: datetime, ruleset_id: int | None) -> bool:
    """Return whether a season holds a game created then from those house rules."""
    day = created.date()
    within = season.first_day <= day <= season.last_day
    return within and season.ruleset_id in (None, ruleset_id)


# The seasons whose days hold a day, built once: every write asks it.
ON_DAY = select(Season).where(
    Season.first_day <= bindparam("day"), Season.last_day >= bindparam("day")
)


def scopes(game: Game) -> list[Season]:
    """Return the seasons a game falls in."""
    found = db.session.execute(ON_DAY, {"day": game.created.date()}).scalars()
    return [season for season in found if holds(season, game.created, game.ruleset_id)]


# A game as the counts see it: one game, whether it ended, whether it has a hand.
Mark = tuple[int, int, int]
NO_GAME: Mark = (0, 0, 0)
COUNTS = ("games", "finished", "played")


def mark(finished: bool, hands: int) -> Mark:
    """Return what a game adds to the counts: itself, if ended, if it has a hand."""
    return (1, int(finished), int(hands > 0))


def _add(rows: list[dict[str, int]]) -> None:
    """Add rows' changes to their scopes' counts, a scope's row made if new."""
    add_counters(game_count, rows)


def move(game: Game, before: Mark, after: Mark) -> None:
    """Move the counts of every scope holding a game by what a write changed,
    last in the write's transaction (db/last.py)."""
    change = tuple(a - b for a, b in zip(after, before, strict=True))
    if any(change):
        last.kept(PENDING, _write).append((game.created, game.ruleset_id, change))


def add(games: Sequence[tuple[datetime, Mark]]) -> None:
    """Add new games (an import's batch, no house rules) to every scope's counts."""
    last.kept(PENDING, _write).extend((on, None, marked) for on, marked in games)


def take(games: Sequence[tuple[datetime, Mark]]) -> None:
    """Take games an import wrote (no house rules) back out of every scope's counts."""
    add([(on, (-games, -finished, -played)) for on, (games, finished, played) in games])


PENDING = "game counts"


def _sums(marks: list[Mark]) -> dict[str, int]:
    """Return what marks add up to, by count."""
    sums = tuple(sum(column) for column in zip(*marks, strict=True)) or NO_GAME
    return dict(zip(COUNTS, sums, strict=True))


def _write(pending: list[tuple[datetime, int | None, Mark]]) -> None:
    """Move the counts by a transaction's writes: all time first, its row locked
    before the seasons are read, so a season being counted waits for this
    transaction, or this transaction for it (recount); then each season in order."""
    _add([{"scope": ALL_TIME, **_sums([m for _, _, m in pending])}])
    rows = []
    for season in db.session.execute(select(Season).order_by(Season.id)).scalars():
        held = [m for on, kept, m in pending if holds(season, on, kept)]
        if held:
            rows.append({"scope": season.id, **_sums(held)})
    if rows:
        _add(rows)


def hold() -> None:
    """Let the writes moving the counts finish and later ones wait (PostgreSQL)."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("LOCK TABLE game_count IN SHARE ROW EXCLUSIVE MODE"))


def recount(season: Season) -> None:
    """Count a season's games afresh (its days or house rules changed)."""
    hold()
    forget(season.id)
    query = select(
        func.count(),
        func.count(Game.ending),
        func.coalesce(func.sum(case((Game.hand_count > 0, 1), else_=0)), 0),
    ).where(*in_season(season, Game.created))
    counted = db.session.execute(query).one()
    _add([{"scope": season.id, **dict(zip(COUNTS, counted, strict=True))}])


def forget(scope: int | None = None) -> None:
    """Delete every scope's counts (or one's), before a rebuild."""
    gone = delete(game_count)
    if scope is not None:
        gone = gone.where(game_count.c.scope == scope)
    db.session.execute(gone)


def counted(scope: int = ALL_TIME) -> dict[str, int]:
    """Return a scope's counts: games, finished, played (a game with a hand)."""
    query = select(*(game_count.c[c] for c in COUNTS)).where(
        game_count.c.scope == scope
    )
    found = db.session.execute(query).first()
    return dict(zip(COUNTS, found or NO_GAME, strict=True))
