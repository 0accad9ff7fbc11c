"""Sharing a game: the view link as a QR code, and the play link behind a tap."""

from __future__ import annotations

import segno
from flask import Blueprint, render_template, url_for
from markupsafe import Markup

from . import services
from .errors import Forbidden
from .games import held_token

bp = Blueprint("share", __name__)


def qr_code(url: str) -> Markup:
    """Return a URL as a QR code in inline SVG that scales to its box."""
    code = segno.make(url, error="m")
    # Black on white with the quiet zone, in dark mode too: scanners need it.
    return Markup(
        code.svg_inline(scale=1, omitsize=True, svgclass="qr", lineclass=None)
    )


@bp.get("/games/<game_id>/share")
def view_link(game_id: str) -> str:
    """Show the view link (read only) as a QR code, to copy or to share."""
    game = services.load(game_id)
    url = url_for("games.scoreboard", game_id=game.id, _external=True)
    return render_template(
        "share/view.html",
        game=game.game,
        url=url,
        qr=qr_code(url),
        writer=held_token(game) is not None,
    )


@bp.get("/games/<game_id>/share/play")
def play_link(game_id: str):
    """Show the play link, which lets another phone score, with a warning."""
    game = services.load(game_id)
    token = held_token(game)
    if token is None:
        raise Forbidden("Only a phone that scores this game can let another score.")
    url = url_for("games.play_link", game_id=game.id, token=token, _external=True)
    page = render_template("share/play.html", game=game.game, url=url, qr=qr_code(url))
    # The page holds the write token: no cache may keep a copy.
    return page, 200, {"Cache-Control": "no-store"}
