"""A game's reads answered before Flask runs: a 304, or an answer kept by its ETag.

Phones poll a scoreboard every 1.5 s and nearly always have it already. Flask's
request, session and after-request work cost several times a bare "hello", so
a scoreboard and the API's game are answered here from one light read (the
game's version, with this phone's grant), with no Flask at all. Whatever that
read cannot settle goes on to Flask: a message to show once, a writer with no
CSRF token yet, tokens an older version kept in the session, a game not found,
a page not kept yet. A scoreboard Flask draws is kept here by its ETag (which
names the game's version, a night's table's night as the same read found it,
the phone's role and its CSRF token), so it is never stale, and given again,
bytes and headers as Flask made them; phones asking for a page while another's
ask draws it wait for that one draw.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.wrappers import Request
from itsdangerous import BadSignature

from ..db import grants, heads
from ..db.clubs import scope
from ..db.kept import Drawing, Kept
from ..errors import NotFound
from ..web import access, compress, conditional, security
from . import saved, service

ROUTE = re.compile(r"/(?:(api)/)?games/([^/]+)")
# A session holding any of these has its page drawn by Flask (then never kept).
DRAWN_ANEW = ("_flashes", saved.KEY, access.OLD_SESSION_KEY)
KEPT = 128
WAIT = 5  # s a phone waits for the page another's ask is drawing

Headers = list[tuple[str, str]]
StartResponse = Callable[..., Any]
Key = tuple[str, str, str, bool]


@dataclass(frozen=True)
class Answer:
    """An answer to give without Flask: its status, headers and body."""

    status: str
    headers: Headers
    body: bytes = b""


def not_modified(tag: str, headers: Mapping[str, str]) -> Answer:
    """Return a 304: what RFC 9110 asks of one (the ETag, Cache-Control, Vary),
    and the security headers its 200 carries, as Flask's answers all do."""
    return Answer(
        "304 Not Modified",
        [("ETag", tag), *headers.items(), *security.HEADERS.items()],
    )


class FastReads:
    """The WSGI app in front of Flask's, for the reads of one game."""

    def __init__(self, app: Flask) -> None:
        self.app, self.next = app, app.wsgi_app
        self.build = app.extensions["scorekeeper.build"]
        with app.app_context():  # none is pushed for the reads answered here
            self.engine = heads.engine()
        # The version is in every key, so a kept answer is never stale; a game
        # deleted and imported again under its id has a new token hash.
        self.kept: Kept[Key, Answer] = Kept(KEPT)
        # A page not kept yet is drawn by the first phone to ask for it; the
        # others asking meanwhile (a table's phones after a hand) wait for it.
        self.drawing: Drawing[Key] = Drawing()
        # Sessions as each signed cookie says, with when it was signed: a
        # writer's every poll sends the same cookie, checked here once.
        self.max_age = app.permanent_session_lifetime.total_seconds()
        self.sessions: Kept[str, tuple[dict[str, Any], float]] = Kept(KEPT)
        # Whether a phone's grant opens a game: a pure function of the phone,
        # the game and the grant and token hash read with its head, so each
        # poll of the scoring phone does not unseal and hash it again.
        self.writers: Kept[tuple[str, str, str, str], bool] = Kept(KEPT)

    def __call__(
        self, environ: dict[str, Any], start_response: StartResponse
    ) -> Iterable[bytes]:
        """Answer a game's read from its version if it can; else ask Flask."""
        route = ROUTE.fullmatch(environ.get("PATH_INFO", ""))
        place = scope.current()
        if environ["REQUEST_METHOD"] != "GET" or route is None:
            return self.next(environ, start_response)
        if place is not None and place.members_only:  # Flask checks who asks
            return self.next(environ, start_response)
        asked = self.app.request_class(environ)
        keep: Key | None = None
        try:
            if route[1]:
                answer = self.api_game(asked, route[2])
            else:
                answer, keep = self.scoreboard(asked, route[2])
        except NotFound:  # Flask says so, on its page
            answer = None
        if answer is not None:
            start_response(answer.status, answer.headers)
            return [answer.body]
        if keep is None:
            return self.next(environ, start_response)
        return self.keeping(keep, environ, start_response)

    def api_game(self, asked: Request, game_id: str) -> Answer | None:
        """Answer 304 to a client that has the game's version."""
        if not asked.if_none_match or "If-Match" in asked.headers:
            return None
        version = str(heads.head(game_id, engine=self.engine).version)
        if not asked.if_none_match.contains_weak(version):
            return None
        return not_modified(f'"{version}"', {"Vary": "Accept-Encoding"})

    def cookie_name(self, app: Flask) -> str:
        """Return the session cookie's name: each club's own (web/clubs/prefix.py,
        whose session is set after this layer is made, so asked at each request)."""
        return app.session_interface.get_cookie_name(app)

    def session(self, asked: Request) -> Mapping[str, Any] | None:
        """Return the phone's session, or None if Flask must draw its page.

        As Flask opens it: a cookie badly signed or too old is no session.
        """
        cookie = asked.cookies.get(self.cookie_name(self.app))
        if cookie is None:
            return {}
        found = self.sessions.get(cookie)
        if found is None:
            try:
                # Signed for the club asked in: another club's is no session.
                signer = self.app.session_interface.get_signing_serializer(self.app)  # type: ignore[attr-defined]
                data, signed = signer.loads(cookie, return_timestamp=True)
            except BadSignature:
                return {}
            found = (data, signed.timestamp())
            self.sessions.keep(cookie, found)
        data, signed_at = found
        if time.time() - signed_at > self.max_age:
            return {}
        return None if any(key in data for key in DRAWN_ANEW) else data

    def scoreboard(
        self, asked: Request, game_id: str
    ) -> tuple[Answer | None, Key | None]:
        """Answer a scoreboard: 304, or a kept answer, or the key to keep Flask's."""
        phone = self.session(asked)
        if phone is None:
            return None, None
        device = access.device_in(asked.cookies)
        device_hash = device and grants.device_hash(device)
        head = service.head(game_id, device_hash, self.engine)
        writer = self.writer(head, device)
        csrf = phone.get("csrf_token") if writer else None
        if writer and not csrf:  # drawing the page gives the phone one
            return None, None
        tag = conditional.etag(head.drawn, conditional.host(asked), self.build, csrf)
        if asked.if_none_match.contains_weak(tag):
            return not_modified(f'W/"{tag}"', conditional.headers(writer)), None
        key = (game_id, head.token_hash, f'W/"{tag}"', compress.accepted(asked))
        kept = self.kept.get(key)
        if kept is None:
            making = self.drawing.claim(key)
            if making is None:  # this ask draws it: `keeping` says when drawn
                return None, key
            making.wait(WAIT)  # another's ask draws it: its page is this one's
            kept = self.kept.get(key)
            if kept is None:  # drawn but not to be kept: Flask draws this one
                return None, None
        renew: Headers = []
        if writer and device:  # the scoring phone's cookie is renewed as it reads
            secure = security.cookie_secure(self.app, asked)
            renew = [("Set-Cookie", access.cookie(device, secure))]
        return Answer(kept.status, kept.headers + renew, kept.body), None

    def writer(self, head: heads.Head, device: str | None) -> bool:
        """Return whether a phone's grant (read with the head) opens the game."""
        if device is None or head.sealed is None:
            return False
        key = (device, head.id, head.sealed, head.token_hash)
        return self.writers.made(
            key, lambda: service.owns(head, access.head_token(head, device))
        )

    def keeping(
        self, key: Key, environ: dict[str, Any], start_response: StartResponse
    ) -> Iterable[bytes]:
        """Draw the page this ask claimed (`scoreboard`), then wake the asks
        waiting for it."""
        try:
            return self.drawn(key, environ, start_response)
        finally:
            self.drawing.done(key)

    def drawn(
        self, key: Key, environ: dict[str, Any], start_response: StartResponse
    ) -> Iterable[bytes]:
        """Ask Flask for the page, keeping it if it is the page that ETag names."""
        given: dict[str, Any] = {}

        def start(status: str, headers: Headers, *rest: Any) -> Any:
            given.update(status=status, headers=headers)
            return start_response(status, headers, *rest)

        body = self.next(environ, start)
        try:
            data = b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()
        headers: Headers = given.get("headers", [])
        cookies = [v for k, v in headers if k.lower() == "set-cookie"]
        if (
            given.get("status", "").startswith("200")
            and ("ETag", key[2]) in headers
            # A page that changed the session is this request's alone.
            and not any(c.startswith(self.cookie_name(self.app) + "=") for c in cookies)
        ):
            kept = [(k, v) for k, v in headers if k.lower() != "set-cookie"]
            self.kept.keep(key, Answer(given["status"], kept, data))
        return [data]


def init_app(app: Flask) -> None:
    """Answer a game's reads before Flask runs."""
    app.wsgi_app = FastReads(app)  # type: ignore[method-assign]
