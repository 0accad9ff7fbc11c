"""A season's standings table: games, wins, points for and against, rating change.

Read from the season's standing rows (one per player or team), a page at a
time, in one statement: the rating change is looked up for the rows shown
only, through the ratings' indexes on name and date and on name and count:
four seeks a row, joined, so the statement is the same for 10 rows or 10,000.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import aliased

from ..db.models import Season, db
from ..results import ratings, stats
from ..results.listing import Page
from ..results.models import RatingRow, standing
from ..results.seasonal import in_season


@dataclass(frozen=True)
class Line:
    """One player's or team's season: results, points and how their rating moved."""

    name: str
    players: tuple[str, ...]
    team: bool
    games: int
    finished: int
    wins: int
    points_for: int
    points_against: int
    rating_change: float | None  # players' only, once they finished a game

    @property
    def win_rate(self) -> int | None:
        """Return the wins of the finished games in percent, or None with none."""
        return stats.win_rate(self.wins, self.finished)


def _rated(season: Season, ascending: bool) -> Any:
    """Return each row's first (or last) rated game of the season, as a seek."""
    order = (RatingRow.created, RatingRow.game_id)
    return (
        select(RatingRow.games)
        .where(
            RatingRow.name_key == standing.c.who,
            *in_season(season, RatingRow.created, RatingRow.game_id),
        )
        .order_by(*(c if ascending else c.desc() for c in order))
        .limit(1)
        .scalar_subquery()
        .label("first_rated" if ascending else "last_rated")
    )


def _with_changes(query: Any, shown: Any) -> Any:
    """Add each shown player's rating after their last season game and before
    their first, joined: two seeks on the ratings' index on name and count."""
    for when, games in (
        ("after", shown.c.last_rated),
        ("before", shown.c.first_rated - 1),
    ):
        rated = aliased(RatingRow)
        query = query.add_columns(
            rated.mu.label(f"{when}_mu"), rated.sigma.label(f"{when}_sigma")
        ).outerjoin(rated, and_(rated.name_key == shown.c.who, rated.games == games))
    return query


def _change(row: Any) -> float | None:
    """Return a row's rating after the season less before it (from 0 if unrated)."""
    if not row.last_rated:
        return None
    before = (
        0.0 if row.before_mu is None else ratings.shown(row.before_mu, row.before_sigma)
    )
    return ratings.shown(row.after_mu, row.after_sigma) - before


def table(season: Season, teams: bool, page: int = 1, per_page: int = 50) -> Page:
    """Return a page of a season's players (or teams): most wins, then fewest games."""
    here = (standing.c.scope == season.id, standing.c.team == teams)
    spans = [] if teams else [_rated(season, True), _rated(season, False)]
    shown = (
        select(standing, *spans)
        .where(*here)
        .order_by(standing.c.wins.desc(), standing.c.games, standing.c.who)
        .limit(per_page)
        .offset((page - 1) * per_page)
        .subquery()
    )
    # One statement of one size however many rows a page shows (one term a
    # row outgrew SQLite's expression depth past a thousand players).
    query = select(shown).order_by(shown.c.wins.desc(), shown.c.games, shown.c.who)
    if spans:
        query = _with_changes(query, shown)
    lines = [
        Line(
            name=row.name,
            players=tuple(row.players.split("\n")),
            team=teams,
            games=row.games,
            finished=row.finished,
            wins=row.wins,
            points_for=row.points_for,
            points_against=row.points_against,
            rating_change=_change(row) if spans else None,
        )
        for row in db.session.execute(query)
    ]
    total = db.session.execute(select(func.count()).where(*here)).scalar_one()
    return Page(lines, page, per_page, total)  # type: ignore[arg-type]
