"""Pages about players: the leaderboard by rating, and one player's page."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request
from markupsafe import Markup, escape

from . import players, season_table, seasons
from .scoring import SUIT_SYMBOL
from .scoring.contracts import SUIT_WORD
from .web.forms import page_number

bp = Blueprint("people", __name__)


def rating_chart(history: list[tuple[object, float]], games: int) -> Markup:
    """Return an inline SVG line of a player's rating over their `games` rated."""
    if len(history) < 2:
        return Markup("")
    values = [value for _, value in history]
    low, high = min(values), max(values)
    high = high if high > low else low + 1
    width, height, pad = 320, 160, 24
    steps = len(values) - 1
    points = " ".join(
        f"{pad + (width - 2 * pad) * i / steps:.1f},"
        f"{pad + (height - 2 * pad) * (high - v) / (high - low):.1f}"
        for i, v in enumerate(values)
    )
    label = escape(
        f"Rating over {games} games: from {values[0]:.1f} to {values[-1]:.1f}."
    )
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}">'
        f'<text x="2" y="{pad}">{high:.0f}</text>'
        f'<text x="2" y="{height - 6}">{low:.0f}</text>'
        f'<polyline class="s0" points="{points}"/></svg>'
    )


@bp.get("/players")
def leaderboard() -> str:
    """List the players by rating, best first, a page at a time."""
    number = page_number(request.args.get("page"))
    per_page = current_app.config["GAMES_PER_PAGE"]
    season = seasons.chosen(request.args.get("season"))
    if season is None:
        board = players.leaderboard(number, per_page)
    else:  # the season's standings: most wins first
        board = season_table.table(season, False, number, per_page)
    return render_template(
        "people/leaderboard.html",
        board=board,
        season=season,
        seasons=seasons.all_seasons(),
    )


@bp.get("/players/<name>")
def player(name: str) -> str:
    """Show one player's results across every game, found by any spelling."""
    found = players.profile(name)
    return render_template(
        "people/player.html",
        p=found,
        chart=rating_chart(found.history, found.rating.games if found.rating else 0),
        average=players.average,
        suits={key: (SUIT_SYMBOL[key], word) for key, word in SUIT_WORD.items()},
    )
