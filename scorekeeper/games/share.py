"""A game's other pages: sharing it (the view link as a QR code, a chat summary,
notes, the play link), the table display for a tablet between the players, the
downloads (its hands as CSV, the game as JSON), and deleting it."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    flash,
    jsonify,
    redirect,
    render_template,
    url_for,
)
from flask_babel import gettext, pgettext

from ..api import schema, sheets
from ..api.sheets import attachment, csv_file
from ..errors import AppError, Forbidden
from ..nights.room import names
from ..web import conditional
from ..web.assets import qr_code
from . import exports, present, service
from .forms import ConfirmForm, NotesForm
from .pages import held_token, writable_game
from .service import Loaded

bp = Blueprint("share", __name__)


def share_page(game: Loaded, form: NotesForm | None = None, status: int = 200):
    """Render the share page; the scoring phone also gets the notes form."""
    url = url_for("games.scoreboard", game_id=game.id, _external=True)
    writer = held_token(game) is not None
    if writer and form is None:
        form = NotesForm(notes=game.game.notes)
    page = render_template(
        "games/share_view.html",
        game=game.game,
        url=url,
        qr=qr_code(url),
        writer=writer,
        form=form if writer else None,
        summary=exports.summary(played(game)),
    )
    # The writer's page holds its form's CSRF token: no cache may keep a copy.
    return page, status, {"Cache-Control": "no-store"} if writer else {}


@bp.get("/games/<game_id>/share")
def view_link(game_id: str):
    """Show the view link (read only) as a QR code, to copy or to share."""
    return share_page(service.load(game_id))


@bp.post("/games/<game_id>/notes")
def save_notes(game_id: str):
    """Change the game's notes (the scoring phone only), then show them."""
    game = writable_game(game_id)
    form = NotesForm()
    if not form.validate_on_submit():
        return share_page(game, form, 400)
    try:
        service.set_notes(game, form.notes.data or "")
    except AppError as error:
        form.notes.errors = [*form.notes.errors, error.message]
        return share_page(game, form, error.status)
    flash(gettext("Notes saved."))
    return redirect(url_for(".view_link", game_id=game.id, _anchor="notes"))


@bp.get("/games/<game_id>/share/play")
def play_link(game_id: str):
    """Show the play link, which lets another phone score, with a warning."""
    game = service.load(game_id)
    token = held_token(game)
    if token is None:
        raise Forbidden(
            gettext("Only a phone that scores this game can let another score.")
        )
    url = url_for("games.play_link", game_id=game.id, token=token, _external=True)
    page = render_template(
        "games/share_play.html", game=game.game, url=url, qr=qr_code(url)
    )
    # The page holds the write token: no cache may keep a copy.
    return page, 200, {"Cache-Control": "no-store"}


# Downloads


def played(game: Loaded) -> exports.Played:
    """Return a loaded game as the exports take it, named as the page says it."""
    row = game.game
    name = names.title(row.id, row.name, [side.name for side in game.table.sides])
    return exports.Played(row.created, name, row.notes, game.table, game.state)


def stem(game: Loaded) -> str:
    """Return a game's file name stem: its name and the day it started."""
    return sheets.file_stem(played(game).name, f"{game.game.created:%Y-%m-%d}")


@bp.get("/games/<game_id>/hands.csv")
def hands_csv(game_id: str) -> Response:
    """Download a game's hands, with each side's points and running totals."""
    game = service.load(game_id)
    text = exports.hands_csv(game.table, game.state)
    hands = sheets.file_stem(pgettext("file name", "hands"))
    return csv_file(text, f"{stem(game)}-{hands}.csv")


@bp.get("/games/<game_id>/game.json")
def game_json(game_id: str) -> Response:
    """Download a game as GET /api/games/<id> shows it."""
    game = service.load(game_id)
    return attachment(jsonify(schema.game_to_dict(game)), f"{stem(game)}.json")


# The table display: the game for a tablet (or phone) lying between the
# players. A view of the same game, live as any watcher's scoreboard
# (static/live.js asks for this page again and swaps its parts), the totals
# large enough to read across the table, the deal and the last hand;
# static/table.js keeps the screen on and opens the hand entry at a tap.


def table_page(game: Loaded) -> str:
    """Render the table display of a game."""
    state, table = game.state, game.table
    last = state.hands[-1] if state.hands else None
    return render_template(
        "games/table.html",
        game=game.game,
        table=table,
        state=state,
        number=len(state.hands) + 1,
        limit=game.rules.hands_limit,
        last=present.confirmation(table, last) if last else None,
        banner=present.ending([side.name for side in table.sides], state),
    )


@bp.get("/games/<game_id>/table")
def table_view(game_id: str) -> Response:
    """Show a game for the middle of the table; 304 while it has not changed."""
    head = service.head(game_id)

    def render() -> tuple[str, int]:
        game = service.load(game_id)
        return table_page(game), game.version

    # The same page for every phone: it holds no form and no play link.
    return conditional.scoreboard(head, False, render)


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str):
    """Ask once, then delete the game: only a phone that may score it can."""
    game = writable_game(game_id)
    service.check_not_kept(game.id, "delete")  # a night's game: 409
    form = ConfirmForm(version=str(game.version))
    if form.validate_on_submit():
        if form.expected_version() != game.version:
            flash(gettext("The score changed on another phone; nothing was deleted."))
            return redirect(url_for("games.scoreboard", game_id=game.id))
        service.delete_game(game)
        flash(gettext("“%(name)s” is deleted.", name=game.game.name))
        return redirect(url_for("games.home"))
    page = render_template(
        "games/delete.html", game=game.game, state=game.state, form=form
    )
    return page, 200, {"Cache-Control": "no-store"}
