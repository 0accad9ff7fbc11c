"""A season's standings table: games, wins, points for and against, rating change.

Read from the season's standing rows (one per player or team), a page at a
time; the rating change is looked up for the rows shown only, through the
ratings' indexes on name and date and on name and count: four seeks a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_, select

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


def _changes(spans: dict[str, tuple[int, int]]) -> dict[str, float]:
    """Return each player's rating after their last game less before their first."""
    if not spans:
        return {}
    rated = RatingRow
    pairs = or_(
        *(
            and_(rated.name_key == key, rated.games.in_((first - 1, last)))
            for key, (first, last) in spans.items()
        )
    )
    query = select(rated.name_key, rated.games, rated.mu, rated.sigma).where(pairs)
    shown = {
        (r.name_key, r.games): ratings.shown(r.mu, r.sigma)
        for r in db.session.execute(query)
    }
    # Before a player's first rated game, everyone starts at 0 (mu - 3 sigma).
    return {
        key: shown[(key, last)] - shown.get((key, first - 1), 0.0)
        for key, (first, last) in spans.items()
    }


def table(season: Season, teams: bool, page: int = 1, per_page: int = 50) -> Page:
    """Return a page of a season's players (or teams): most wins, then fewest
    games, then in a reader's order."""
    here = (standing.c.scope == season.id, standing.c.team == teams)
    # Level rows in a reader's order: sorted here, as SQL would by code point.
    every = db.session.execute(
        select(
            standing.c.who, standing.c.name, standing.c.wins, standing.c.games
        ).where(*here)
    ).all()
    every.sort(key=lambda r: (-r.wins, r.games, reading_order(r.name), r.who))
    start = (page - 1) * per_page
    keys = [r.who for r in every[start : start + per_page]]
    spans = [] if teams else [_rated(season, True), _rated(season, False)]
    query = select(standing, *spans).where(*here, standing.c.who.in_(keys))
    found = {r.who: r for r in db.session.execute(query)}
    rows = [found[who] for who in keys if who in found]
    changes = _changes(
        {r.who: (r.first_rated, r.last_rated) for r in rows if spans and r.last_rated}
    )
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
            rating_change=changes.get(row.who),
        )
        for row in rows
    ]
    return Page(lines, page, per_page, len(every))  # type: ignore[arg-type]
