"""Reading a game cheaply: ETags from its version, and 304s; the lines flashed
once, which make a page drawn anew and are said only to a page the phone shows."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from flask import (
    Flask,
    Response,
    current_app,
    g,
    get_flashed_messages,
    make_response,
    request,
    session,
)
from werkzeug.wrappers import Request

from .. import language
from ..db.heads import Head

PACKAGE = Path(__file__).resolve().parents[1]  # the whole package: its code draws pages


def build_digest(app: Flask) -> str:
    """Return a digest of the code, templates and static files that draw a page."""
    digest = hashlib.sha256()
    folders = [PACKAGE, Path(app.template_folder or ""), Path(app.static_folder or "")]
    for folder in folders:
        root = folder if folder.is_absolute() else PACKAGE / folder
        for path in sorted(p for p in root.resolve().rglob("*") if p.is_file()):
            if path.suffix != ".pyc":
                digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def headers(writer: bool) -> dict[str, str]:
    """Return how a scoreboard may be kept: by the phone alone for the writer.

    Both must be asked again each time (no-cache) and answer 304 while the game
    has not changed. The writer's page holds the play link: `private` keeps it
    out of every shared cache, while the phone, which holds the token in its
    cookie anyway, may keep its own copy and revalidate it.
    """
    return {
        "Cache-Control": "private, no-cache" if writer else "no-cache",
        # compress.py gzips it when accepted; its words are in the phone's language.
        "Vary": "Cookie, Accept-Encoding, Accept-Language",
    }


def etag(drawn: str, host: str, build: str, csrf: str | None = None) -> str:
    """Return a scoreboard's ETag: the writer's (with a CSRF token) or a watcher's.

    It names what the page draws (`Head.drawn`: the game's version, and a
    night's table's night) and tells the writer's page from a watcher's; it
    changes with the code (a new release) and the host the links name, and for
    the writer with the CSRF token the page's forms carry.
    """
    parts = [build, host] if csrf is None else [build, host, csrf]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]
    return f"{drawn}-{'view' if csrf is None else 'play'}-{digest}"


def host(asked: Request) -> str:
    """Return the host the page's absolute links name (request.host_url costs more),
    and the language its words are in, if not English: both change the page."""
    spoken = language.asked_for(asked)
    where = f"{asked.scheme}://{asked.host}{asked.root_path}"
    return where if spoken == language.DEFAULT else f"{where} {spoken}"


def flashed() -> list[str]:
    """Return the lines flashed for this phone ("Hand 3 saved."), once, to a page
    it shows.

    A read in the background (the service worker keeping its copy of the page,
    live.js asking for news: a Sec-Fetch-Mode other than navigate) leaves them
    for the page the phone opens, where a person reads them.
    """
    if request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate":
        return []
    return get_flashed_messages()


def page_etag(head: Head, writer: bool) -> str | None:
    """Return a scoreboard's ETag for this phone, or None if it must be drawn anew."""
    if session.get("_flashes"):  # a message is shown once, then gone
        return None
    if writer and "csrf_token" not in session:  # drawing the page makes one
        return None
    build = current_app.extensions["scorekeeper.build"]
    csrf = session["csrf_token"] if writer else None
    return etag(head.drawn, host(request), build, csrf)


def scoreboard(
    head: Head, writer: bool, render: Callable[[], tuple[str, int]]
) -> Response:
    """Answer a scoreboard: 304 if the phone has it, else a new render.

    `render` loads and draws the game, returning the page and the version drawn.
    (games/fastread.py keeps the answers given here and gives them again.)
    """
    tag = page_etag(head, writer)
    if tag is not None and request.if_none_match.contains_weak(tag):
        response = Response(status=304, headers=headers(writer))
        response.set_etag(tag, weak=True)
        return response
    page, version = render()
    response = make_response(page, 200, headers(writer))
    if tag is not None and version == head.version:  # no write landed meanwhile
        response.set_etag(tag, weak=True)
    return response


def private(response: Response) -> Response:
    """Keep a page drawn from this phone's cookies out of every shared cache.

    A page that read the phone's grants (an owner's controls, an edit link) or
    its session (a form's CSRF token, a message) is this phone's alone: without
    `private` a shared cache could hand it to the next phone. A view that says
    how it may be kept (the scoreboard, the pages with a link) is left alone.
    """
    page = response.mimetype == "text/html"  # the API's answers say their own
    if (
        page
        and "Cache-Control" not in response.headers
        and (session.accessed or g.get("device") is not None)
    ):
        response.headers["Cache-Control"] = "private, no-cache"
        response.vary.add("Cookie")
    return response


def init_app(app: Flask) -> None:
    """Work out the build digest once; keep pages drawn for one phone private;
    give the pages their flashed lines."""
    app.extensions["scorekeeper.build"] = build_digest(app)
    app.after_request(private)
    app.add_template_global(flashed)
