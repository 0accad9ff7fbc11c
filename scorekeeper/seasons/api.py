"""The JSON API about seasons: one season, its game standings and its ladder of
club nights, read-only."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ..api import schema
from . import ladder, service, table

bp = Blueprint("seasons_api", __name__, url_prefix="/api")


def line(row: table.Line) -> dict[str, Any]:
    """Return one player's or team's season standing as JSON."""
    change = row.rating_change
    return {
        "name": row.name,
        "players": list(row.players),
        "games": row.games,
        "finished": row.finished,
        "wins": row.wins,
        "points_for": row.points_for,
        "points_against": row.points_against,
        "rating_change": None if change is None else round(change, 3),
    }


@bp.get("/seasons/<int:season_id>")
def season(season_id: int) -> Response:
    """Answer a season: its days, its game standings and its ladder of nights."""
    found = service.get_season(season_id)
    every = schema.NUMBER_LIMIT
    nights = ladder.season_ladder(found)
    return jsonify(
        {
            "id": found.id,
            "name": found.name,
            "first_day": found.first_day.isoformat(),
            "last_day": found.last_day.isoformat(),
            "ruleset": found.ruleset_id,
            "best_nights": found.best_nights,
            "min_nights": found.min_nights,
            "rank_by": found.rank_by,
            "standings": {
                "players": [line(r) for r in table.table(found, False, 1, every).items],
                "teams": [line(r) for r in table.table(found, True, 1, every).items],
            },
            "ladder": {
                "nights": nights.nights,
                "ranked": [vars(r) for r in nights.ranked],
                "unranked": [vars(r) for r in nights.unranked],
            },
        }
    )
