"""Pages for looking back: every game, filtered and paged, and the statistics."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template, request, url_for
from flask_sqlalchemy.pagination import Pagination
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectChoice, StringField
from wtforms.validators import Length, NumberRange, Optional

from . import present, services, stats
from .scoring import SUIT_SYMBOL
from .scoring.contracts import SUIT_WORD
from .scoring.table import NAME_LIMIT

bp = Blueprint("history", __name__)

STATUSES = [
    SelectChoice("all", "All games"),
    SelectChoice("in_progress", "In progress"),
    SelectChoice("finished", "Finished"),
]
PAGE_LIMIT = 100_000


class HistoryForm(FlaskForm):
    """Filter the games by player and status; a GET, so no CSRF token."""

    class Meta:
        csrf = False

    player = StringField("Player", validators=[Optional(), Length(max=NAME_LIMIT)])
    status = RadioField("Show", choices=STATUSES, default="all")
    page = IntegerField(
        "Page",
        validators=[
            Optional(),
            NumberRange(1, PAGE_LIMIT, "The page must be a number from 1 up."),
        ],
    )


def entry(game: services.Game) -> dict[str, Any]:
    """Return a game as a history entry: its summary, scores and how it ended."""
    state, table = services.game_state(game), services.game_table(game)
    summary = services.game_summary(game, state)
    summary["scores"] = list(zip(summary["sides"], state.totals, strict=True))
    summary["ended"] = present.ending(table, state)
    return summary


def pager(games: Pagination, form: HistoryForm) -> dict[str, Any]:
    """Return the page links, keeping the filters."""
    status = form.status.data if form.status.data != "all" else None
    keep = {"player": form.player.data or None, "status": status}
    return {
        "page": games.page,
        "pages": games.pages,
        "total": games.total,
        "older": url_for("history.index", page=games.next_num, **keep)
        if games.has_next
        else None,
        "newer": url_for("history.index", page=games.prev_num, **keep)
        if games.has_prev
        else None,
        "first": url_for("history.index", **keep),
    }


@bp.get("/history")
def index() -> tuple[str, int]:
    """List every game, newest first, by player and status, twenty a page."""
    form = HistoryForm(request.args)
    page = None
    if form.validate():
        status = None if form.status.data == "all" else form.status.data
        player = " ".join((form.player.data or "").split()) or None
        per_page = current_app.config["GAMES_PER_PAGE"]
        games = services.list_games(form.page.data or 1, per_page, player, status)
        page = {"entries": [entry(g) for g in games.items], **pager(games, form)}
    return render_template(
        "history/index.html", form=form, page=page, names=services.player_names()
    ), (200 if page else 400)


@bp.get("/stats")
def statistics() -> str:
    """Show each player's and each team's results across every game."""
    played = [
        (services.game_table(g), services.game_state(g)) for g in services.all_games()
    ]
    return render_template(
        "history/statistics.html",
        games=len(played),
        players=stats.player_stats(played),
        teams=stats.team_stats(played),
        suits={key: (SUIT_SYMBOL[key], word) for key, word in SUIT_WORD.items()},
    )
