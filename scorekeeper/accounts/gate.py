"""A `members` club (Club.visibility): its pages and API answer its members alone.

Anyone else gets the sign-in page (a page) or a 401 or 403 (the API), never the
club's data: except the phone at the table, which opens a game's play link or
a night's table card and then its game, as in a public club, and a client
holding a game's write token or a night's director's token, for that game or
night.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, jsonify, redirect, request
from flask.wrappers import Response
from flask_babel import gettext
from flask_login import current_user

from ..db import heads
from ..db.clubs import scope
from ..errors import N_, Forbidden, NotFound, is_api
from ..games import service as games
from ..nights import service as nights
from ..web import access
from . import sessions

# Open to the phone at the table with no account: the links that grant it.
TABLE_LINKS = {"games.play_link", "nights.card"}
OPEN = {"static", "language"}
SIGN_IN = N_("This club's pages are for its members: sign in to see them.")
NOT_A_MEMBER = N_(
    "This club's pages are for its members: ask one of its admins for an invitation."
)


def written_with(args: dict[str, Any]) -> bool:
    """Return whether the request carries the write token of the game (or the
    director's token of the night) its address names, as a table's client does."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return False
    try:
        if "game_id" in args:
            return games.may_write(heads.head(str(args["game_id"])), token)
        if "night_id" in args:
            return nights.may_direct(nights.load(str(args["night_id"])), token)
    except NotFound:
        return False
    return False


def at_the_table() -> bool:
    """Return whether the request is the phone at a table: a play link, a table
    card, or a game (or table) whose grant or token the phone holds."""
    if request.endpoint in TABLE_LINKS | OPEN or request.blueprint == "pwa":
        return True
    args = request.view_args or {}
    if written_with(args):
        return True
    if "game_id" in args:
        return access.held_token(access.GAME, str(args["game_id"])) is not None
    if request.endpoint == "nights.table" and "number" in args:
        target = f"{args['night_id']}:{args['number']}"
        return access.held_token("card", target) is not None
    return False


def members_only() -> Response | None:
    """Refuse a members club's page or API to anyone who is not a member."""
    place = scope.current()
    if place is None or request.endpoint is None or not place.members_only:
        return None
    g.members_club = True
    if sessions.member_role() is not None or at_the_table():
        return None
    known = current_user.is_authenticated or g.get("token_holder") is not None
    if is_api():
        said = gettext(NOT_A_MEMBER if known else SIGN_IN)
        answer = jsonify(error=said, field="Authorization")
        answer.status_code = 403 if known else 401
        if not known:
            answer.headers["WWW-Authenticate"] = "Bearer"
        return answer
    if known:
        raise Forbidden(NOT_A_MEMBER)
    return redirect(sessions.sign_in_url())


def init_app(app: Flask) -> None:
    """Keep a members club's pages to its members."""
    app.before_request(members_only)
