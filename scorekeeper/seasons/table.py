"""A season's standings table: games, wins, points for and against, rating change.

Read from the season's standing rows (one per player or team): their order
first (most wins, fewest games, then names in a reader's order, which SQL
cannot sort: the Unicode Collation Algorithm, in Python), then the page's rows
in one statement, with the rating change looked up for those rows only through
the ratings' indexes on name and date and on name and count: four seeks a row,
joined, so each statement is the same for 10 rows or 10,000.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import aliased

from ..db.models import Season, db
from ..results import ratings, stats
from ..results.listing import Page
from ..results.models import RatingRow, standing
from ..results.seasonal import in_season
from ..scoring import reading_order


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


def _between(first: Any, last: Any) -> Any:
    """Return the rows ordered from one row to another by wins (most first),
    then games: a page's rows and any level with its ends, in one term."""
    wins, games = standing.c.wins, standing.c.games
    return and_(
        or_(wins < first.wins, and_(wins == first.wins, games >= first.games)),
        or_(wins > last.wins, and_(wins == last.wins, games <= last.games)),
    )


def table(season: Season, teams: bool, page: int = 1, per_page: int = 50) -> Page:
    """Return a page of a season's players (or teams): most wins, then fewest
    games, then in a reader's order."""
    here = (standing.c.scope == season.id, standing.c.team == teams)
    every = db.session.execute(
        select(
            standing.c.who, standing.c.name, standing.c.wins, standing.c.games
        ).where(*here)
    ).all()
    every.sort(key=lambda r: (-r.wins, r.games, reading_order(r.name), r.who))
    start = (page - 1) * per_page
    ends = every[start : start + per_page]
    found: dict[str, Any] = {}
    spans = [] if teams else [_rated(season, True), _rated(season, False)]
    if ends:
        shown = (
            select(standing, *spans)
            .where(*here, _between(ends[0], ends[-1]))
            .subquery()
        )
        query = select(shown)
        if spans:
            query = _with_changes(query, shown)
        found = {row.who: row for row in db.session.execute(query)}
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
        for row in (found[end.who] for end in ends)
    ]
    return Page(lines, page, per_page, len(every))  # type: ignore[arg-type]
