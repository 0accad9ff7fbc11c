"""Which games a season holds: those started on its days (and from its house rules).

A game's date is when it was created, in UTC, as every result row copies it.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import ColumnElement, bindparam, select

from ..db.models import Game, Season, db


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
