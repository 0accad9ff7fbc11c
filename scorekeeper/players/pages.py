"""Pages about players: the leaderboard, one player's page, renaming and merging.

A rename or merge is never silent: the player's page asks for the name, a
second page says exactly what will change and asks the club password, and
only its Yes changes anything.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

from ..api.schema import whole_number
from ..errors import AppError, Forbidden, NotFound, TooMany
from ..scoring import SUIT_SYMBOL
from ..scoring.contracts import SUIT_WORD
from ..seasons import service as seasons
from ..seasons import table as season_table
from ..web.clubs import password as club
from ..web.forms import page_number
from . import merging, service
from .forms import RenameForm

bp = Blueprint("players", __name__)


def rating_chart(history: list[tuple[object, float]], games: int) -> Markup:
    """Return an SVG line of a player's rating over their `games` rated, axes named."""
    if len(history) < 2:
        return Markup("")
    values = [value for _, value in history]
    low, high = min(values), max(values)
    high = high if high > low else low + 1
    width, height = 320, 180
    left, right, top, bottom = 44, 12, 12, 40  # room for the axes' words
    steps = len(values) - 1
    points = " ".join(
        f"{left + (width - left - right) * i / steps:.1f},"
        f"{top + (height - top - bottom) * (high - v) / (high - low):.1f}"
        for i, v in enumerate(values)
    )
    label = escape(
        ngettext(
            "Rating after each finished game, over %(num)s game: "
            "from %(first)s to %(last)s.",
            "Rating after each finished game, over %(num)s games: "
            "from %(first)s to %(last)s.",
            games,
            first=service.tenths(values[0]),
            last=service.tenths(values[-1]),
        )
    )
    base, middle = height - bottom, top + (height - top - bottom) / 2
    rating, played = escape(gettext("Rating")), escape(gettext("Finished games played"))
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}">'
        f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{base}"/>'
        f'<line class="axis" x1="{left}" x2="{width - right}" y1="{base}" y2="{base}"/>'
        f'<text x="{left - 4}" y="{top + 8}" text-anchor="end">{high:.0f}</text>'
        f'<text x="{left - 4}" y="{base}" text-anchor="end">{low:.0f}</text>'
        f'<text class="axis-name" x="12" y="{middle:.0f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {middle:.0f})">{rating}</text>'
        f'<text x="{left}" y="{base + 14}">1</text>'
        f'<text x="{width - right}" y="{base + 14}" text-anchor="end">{games}</text>'
        f'<text class="axis-name" x="{(left + width - right) / 2:.0f}" '
        f'y="{height - 4}" text-anchor="middle">{played}</text>'
        f'<polyline class="s0" points="{points}"/></svg>'
    )


@bp.get("/players")
def leaderboard() -> str:
    """List the players by rating, best first, a page at a time."""
    number = page_number(request.args.get("page"))
    per_page = current_app.config["GAMES_PER_PAGE"]
    season = seasons.chosen(request.args.get("season"))
    if season is None:
        board = service.everyone(number, per_page)
    else:  # the season's standings: most wins first
        board = season_table.table(season, False, number, per_page)
    return render_template(
        "players/leaderboard.html",
        board=board,
        season=season,
        seasons=seasons.all_seasons(),
    )


@bp.get("/players/<path:name>")
def player(name: str) -> str:
    """Show one player's results across every game, found by any spelling."""
    found = service.profile(name)
    return render_template(
        "players/player.html",
        p=found,
        chart=rating_chart(found.history, found.rating.games if found.rating else 0),
        average=service.average,
        # Said in the page's language: the words are marked in history/pages.py.
        suits={
            k: (gettext(SUIT_SYMBOL[k]), gettext(word)) for k, word in SUIT_WORD.items()
        },
    )


def asked(name: str, new_name: str, error: AppError | None = None):
    """Show the player's name asked again, with why the last one was refused."""
    page = render_template(
        "players/rename.html", name=name, new_name=new_name, error=error
    )
    return page, error.status if error else 200


def confirmation(name: str, form: RenameForm, status: int = 200):
    """Show what a rename or merge will change and ask the club password."""
    new_name = form.new_name.data or ""
    try:
        change = merging.plan(name, new_name)
    except AppError as error:
        if error.field != merging.FIELD:
            raise
        return asked(name, new_name, error)
    form.new_name.data, form.games.data = change.new, str(len(change.games))
    page = render_template("players/confirm.html", name=name, change=change, form=form)
    # The page holds its form's CSRF token: no cache may keep a copy.
    return page, status, {"Cache-Control": "no-store"}


@bp.get("/players/<path:name>/rename")
def confirm(name: str):
    """Say what renaming a player to the name asked (or merging them) will do."""
    new_name = request.args.get("new_name")
    if new_name is None and merging.has_played(f"{name}/rename"):
        return player(f"{name}/rename")  # a player named 'Ann/rename' has a page
    club.require(current_app.config["CLUB_PASSWORD"])
    if new_name is None:
        return asked(name, "")
    return confirmation(name, RenameForm(new_name=new_name))


@bp.post("/players/<path:name>/rename")
def rename(name: str):
    """Rename the player, or make them one with another, given the club password."""
    form = RenameForm()
    form.validate_on_submit()  # the CSRF token, checked already for every POST
    try:
        club.check(form.password.data, current_app.config["CLUB_PASSWORD"])
    except (Forbidden, TooMany) as error:
        form.password.errors = [error.message]
        return confirmation(name, form, error.status)
    new_name = form.new_name.data or ""
    try:
        done = merging.change(name, new_name, whole_number(form.games.data))
    except NotFound:
        if not merging.has_played(new_name):
            raise
        # A second tap, or Back and send again: the first did it.
        flash(gettext("%(name)s is %(new)s already.", name=name, new=new_name))
        return redirect(url_for("players.player", name=new_name))
    except AppError as error:
        if error.field != merging.FIELD:
            raise
        return asked(name, new_name, error)
    flash(done.done)
    return redirect(url_for("players.player", name=done.new))
