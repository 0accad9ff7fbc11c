"""Many clubs on one server (CLUBS.md): each club's pages and API under `/c/<slug>/`.

In front of the whole app, a request under a club's prefix is moved into the
club: the prefix goes to SCRIPT_NAME, so every route of the one-club app
answers the same after it and every address Flask writes (links, `Location`,
QR codes, API `links`) carries it; and the request runs in the club's place
(db/clubs/scope.py), so every row it reads or writes and everything a worker
keeps is that club's. A request outside any club reaches the service's own
pages alone (the front page, signing in, starting a club); anything else is
the 404 of a page that does not exist. In one-club mode (`CLUBS=one`) the app
is served at `/` as it always was, every request in no club's place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, abort, request
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import Engine, select
from werkzeug.wsgi import ClosingIterator

from ...db.clubs import scope
from ...db.clubs.models import Club
from ...db.models import db
from .. import security

ONE, MANY = "one", "many"
CLUB_PATH = re.compile(r"/c/([^/]*)(/.*)?")
# The paths the service answers outside any club (CLUBS.md, "Two modes").
SERVICE_PATHS = re.compile(
    r"/(?:static/.*|login|logout|account(?:/.*)?|clubs(?:/.*)?|api/clubs(?:/.*)?"
    r"|invite/.*|reset/.*|language|manifest\.webmanifest|sw\.js|offline-words)"
)
FRONT = "/clubs/"  # the service's front page, answered at "/" too
NOWHERE = "/c/"  # no route answers it: Flask's own 404

StartResponse = Callable[..., Any]


def many(app: Flask) -> bool:
    """Return whether the app serves many clubs (CLUBS=many)."""
    return app.config["CLUBS"] == MANY


class Clubs:
    """The WSGI layer that moves a request under `/c/<slug>/` into its club."""

    def __init__(self, app: Flask) -> None:
        self.next, self.many = app.wsgi_app, many(app)
        with app.app_context():
            self.engine: Engine = db.engine

    def place(self, slug: str) -> scope.Place | None:
        """Return the place of the club with this slug, if there is one."""
        query = select(
            Club.id, Club.storage, Club.visibility, Club.name, Club.language
        ).where(Club.slug == slug)
        with self.engine.connect() as connection:
            found = connection.execute(query).first()
        if found is None:
            return None
        club_id, storage, visibility, name, language = found
        members_only = visibility == "members"
        return scope.Place(club_id, slug, storage, members_only, name, language)

    def __call__(
        self, environ: dict[str, Any], start_response: StartResponse
    ) -> Iterable[bytes]:
        """Serve a request in its club, the service's outside any, else a 404."""
        if not self.many:  # one club: the app's own rows, whatever ran before
            scope.enter(None)
            return self.next(environ, start_response)
        path = environ.get("PATH_INFO", "") or "/"
        asked = CLUB_PATH.fullmatch(path)
        place = None
        if asked is not None:
            place = self.place(asked[1])
            if place is None:
                path = NOWHERE
            else:
                environ["SCRIPT_NAME"] = (
                    environ.get("SCRIPT_NAME", "") + "/c/" + asked[1]
                )
                path = asked[2] or "/"
        elif path == "/":
            path = FRONT
        elif not SERVICE_PATHS.fullmatch(path):
            path = NOWHERE
        environ["PATH_INFO"] = path
        # Set at every request's start, so none runs in the club of the one
        # before; left once its answer is sent, body and all.
        scope.enter(place)
        try:
            answer = self.next(environ, start_response)
        except BaseException:
            scope.enter(None)
            raise
        return ClosingIterator(answer, lambda: scope.enter(None))


class ClubSessions(security.SessionInterface):
    """A session cookie for each club, sent only under its prefix: a phone's
    tokens, grants and CSRF token of one club are never another's."""

    def get_cookie_name(self, app: Flask) -> str:
        place = scope.current()
        name = super().get_cookie_name(app)
        return name if place is None else f"{name}_{place.club_id}"

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Sign each club's session for that club alone: one club's cookie sent
        under another's name is no session there (its CSRF token, its messages).

        The service's own cookie (outside any club) is read inside a club with
        the signer of no club's place: `with scope.inside(None)`."""
        signer = super().get_signing_serializer(app)
        place = scope.current()
        if signer is not None and place is not None:
            signer.salt = f"{self.salt}:{place.club_id}"
        return signer

    def get_cookie_path(self, app: Flask) -> str:
        if scope.current() is None:
            return super().get_cookie_path(app)
        return request.script_root + "/"


def _only_service_outside_clubs() -> None:
    """In many-clubs mode, refuse a club's page outside a club and the service's
    inside one, as a page that does not exist."""
    service = request.blueprint in SERVICE_BLUEPRINTS or request.endpoint in (
        "static",
        "language",
        None,  # no route: its own 404
    )
    inside = scope.current() is not None
    if (inside and request.blueprint in SERVICE_ONLY) or (not inside and not service):
        abort(404)


# The blueprints the service answers outside clubs (its own, and those every
# page shares), and those it answers there alone (clubs/, accounts/).
SERVICE_BLUEPRINTS: set[str] = {"pwa", "clubs", "clubs_api"}
SERVICE_ONLY: set[str] = {"clubs", "clubs_api"}


def init_app(app: Flask) -> None:
    """In many-clubs mode, serve each club under its prefix."""
    if app.config["CLUBS"] not in (ONE, MANY):
        raise RuntimeError(f"CLUBS is {app.config['CLUBS']!r}: say 'one' or 'many'")
    if many(app):
        app.session_interface = ClubSessions()
        app.before_request(_only_service_outside_clubs)
    app.wsgi_app = Clubs(app)  # type: ignore[method-assign]
