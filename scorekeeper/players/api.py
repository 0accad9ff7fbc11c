"""The JSON API about players: the leaderboard and one player, read-only."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ..api.http import page_arg, paged
from . import service

bp = Blueprint("players_api", __name__, url_prefix="/api")


def rated(r: service.Rated) -> dict[str, Any]:
    """Return a player's rating as JSON: shown value, mu, sigma and games."""
    return {
        "name": r.name,
        "rating": round(r.ordinal, 3),
        "mu": round(r.mu, 3),
        "sigma": round(r.sigma, 3),
        "games": r.games,
    }


@bp.get("/players")
def list_players() -> Response:
    """List the players by rating, best first, a page at a time."""
    page = service.leaderboard(
        page_arg("page", 1, 10**6), page_arg("per_page", 20, 100)
    )
    return paged("players", page, [rated(r) for r in page.items])


@bp.get("/players/<path:name>")
def player(name: str) -> Response:
    """Answer one player's results across every game, found by any spelling."""
    p = service.profile(name)
    s = p.stats
    return jsonify(
        {
            "name": p.name,
            "rating": rated(p.rating) if p.rating else None,
            "games": s.games,
            "finished": s.finished,
            "wins": s.wins,
            "wins_by": {"front_door": s.front_door, "back_door": s.back_door},
            "losses_by": p.losses,
            "contracts": {"bid": s.contracts.bid, "made": s.contracts.made},
            "by_suit": {k: [r.bid, r.made] for k, r in s.suits},
            "by_level": {str(k): [r.bid, r.made] for k, r in s.levels},
            "contractor": {"hands": p.contractor[0], "points": p.contractor[1]},
            "defender": {"hands": p.defender[0], "points": p.defender[1]},
            "set": p.set,
            "ralphed": p.ralphed,
            "partners": [vars(t) for t in p.partners],
            "opponents": [vars(t) for t in p.opponents],
            "history": [
                {"created": c.isoformat(), "rating": round(v, 3)} for c, v in p.history
            ],
        }
    )
