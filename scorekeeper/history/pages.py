"""Pages for looking back: every game, filtered and paged, and the statistics."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import format_percent, gettext, ngettext, pgettext

from .. import language
from ..api import schema, sheets
from ..api.sheets import csv_file
from ..errors import BadInput
from ..games import present
from ..language import N_
from ..nights.room.names import named
from ..results import listing, stats
from ..results.listing import Summary
from ..scoring import SUIT_SYMBOL
from ..scoring.contracts import SUIT_WORD
from ..seasons import service as seasons
from . import exports
from .forms import HistoryForm

bp = Blueprint("history", __name__)
# The statistics page names the players and teams with the most games, so it
# stays a page a phone can load however many play at the club.
SHOWN = 20
# The engine's suit words (scoring/contracts.py: no Flask there), marked for the
# catalogue; the statistics and a player's page say them in the page's language.
SUIT_WORDS = (N_("spades"), N_("clubs"), N_("diamonds"), N_("hearts"), N_("no trumps"))


@bp.app_template_global()
def record_words(record: stats.Record) -> str:
    """Say a record as '3 of 5 made (60%)' in the page's language, '—' if never bid."""
    if not record.bid:
        return "—"
    rate = format_percent(record.made / record.bid)
    said = {"bid": record.bid, "rate": rate}
    return ngettext(
        "%(num)s of %(bid)s made (%(rate)s)",
        "%(num)s of %(bid)s made (%(rate)s)",
        record.made,
        **said,
    )


@bp.app_template_global()
def tricks_words(s: stats.Stats) -> str:
    """Say a side's average tricks taken and bid on its trick contracts, or '—'."""
    count = sum(r.bid for _, r in s.levels)
    if not count:
        return "—"
    taken, bid = (
        language.decimal(round(n / count, 1)) for n in (s.tricks_taken, s.tricks_bid)
    )
    return gettext("%(taken)s taken on an average bid of %(bid)s", taken=taken, bid=bid)


def entry(game: Summary) -> dict[str, Any]:
    """Return a game as a history entry: its summary, scores and how it ended.

    Every side is named by its players ("Ann & Cat 120"): a side's name is
    often only "Us" or "Them", the same in every game.
    """
    summary = schema.game_summary(game)
    summary["scores"] = list(present.card(game).scores)
    seated = [who for who, _ in summary["scores"]]
    summary["ended"] = present.ending(seated, game)
    return summary


def filters(form: HistoryForm) -> tuple[str | None, str | None]:
    """Return the player and the status a valid history form asks for."""
    status = None if form.status.data == "all" else form.status.data
    return " ".join((form.player.data or "").split()) or None, status


def pager(games: listing.Page, form: HistoryForm, season: Any) -> dict[str, Any]:
    """Return the page links, keeping the filters."""
    player, status = filters(form)
    keep = {"player": player, "status": status, "season": season and season.id}
    return {
        "page": games.page,
        "pages": games.pages,
        "total": games.total,
        "older": url_for("history.index", page=games.next_num, **keep)
        if games.next_num
        else None,
        "newer": url_for("history.index", page=games.prev_num, **keep)
        if games.prev_num
        else None,
        "first": url_for("history.index", **keep),
        "csv": url_for("history.games_csv", **keep),
    }


@bp.get("/history")
def index() -> tuple[str, int]:
    """List every game, newest first, by player and status, twenty a page."""
    form = HistoryForm(request.args)
    season = seasons.chosen(request.args.get("season"))
    page = None
    if form.validate():
        player, status = filters(form)
        per_page = current_app.config["GAMES_PER_PAGE"]
        number = form.page.data or 1
        games = listing.list_games(number, per_page, player, status, season)
        page = {
            "entries": [entry(g) for g in named(games.items)],
            **pager(games, form, season),
        }
    return render_template(
        "history/index.html",
        form=form,
        page=page,
        names=listing.player_names(),
        season=season,
        seasons=seasons.all_seasons(),
    ), (200 if page else 400)


@bp.get("/stats")
def statistics() -> str:
    """Show the results of the players and teams with most games, every game counted."""
    season = seasons.chosen(request.args.get("season"))
    scope = season.id if season else stats.ALL_TIME
    players, more_players = stats.ranked(False, SHOWN, scope)
    teams, more_teams = stats.ranked(True, SHOWN, scope)
    return render_template(
        "history/statistics.html",
        season=season,
        seasons=seasons.all_seasons(),
        games=stats.games_counted(season),
        players=players,
        more_players=more_players,
        teams=teams,
        more_teams=more_teams,
        suits={
            k: (gettext(SUIT_SYMBOL[k]), gettext(word)) for k, word in SUIT_WORD.items()
        },
    )


@bp.get("/history/games.csv")
def games_csv() -> Response:
    """Download every game the history's filters show, newest first, in one file."""
    form = HistoryForm(request.args)
    if not form.validate():
        field, messages = next(iter(form.errors.items()))
        said = {"field": form[field].label.text, "error": messages[-1]}
        raise BadInput(gettext("%(field)s: %(error)s", **said), field)
    player, status = filters(form)
    season = seasons.chosen(request.args.get("season"))
    # Every matching game, as one page.
    everything = schema.NUMBER_LIMIT
    games = listing.list_games(1, everything, player, status, season).items
    words = (player or "", status or "", season.name if season else "")
    name = sheets.file_stem(pgettext("file name", "games"), *words)
    return csv_file(exports.games_csv(named(games)), f"{name}.csv")
