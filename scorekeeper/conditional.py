"""Reading a game cheaply: ETags from its version, 304s, and rendered pages kept."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from flask import Flask, Response, current_app, make_response, request, session

from .store import Head

PACKAGE = Path(__file__).resolve().parent
PAGES_KEPT = 128


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
        "Vary": "Cookie",
    }


def page_etag(head: Head, writer: bool) -> str | None:
    """Return a scoreboard's ETag for this phone, or None if it must be drawn anew.

    It names the game's version and tells the writer's page from a watcher's;
    it changes with the code (a new release) and the host the links name, and
    for the writer with the CSRF token the page's forms carry.
    """
    if session.get("_flashes"):  # a message is shown once, then gone
        return None
    # The host the page's absolute links name (request.host_url costs more).
    host = f"{request.scheme}://{request.host}{request.root_path}"
    parts = [current_app.extensions["scorekeeper.build"], host]
    if writer:
        if "csrf_token" not in session:  # drawing the page makes one
            return None
        parts.append(session["csrf_token"])
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]
    return f"{head.version}-{'play' if writer else 'view'}-{digest}"


class Kept:
    """Rendered pages by key, the least recently used dropped past a bound."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.pages: OrderedDict[tuple[str, ...], str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[str, ...]) -> str | None:
        """Return a kept page, if any."""
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
            return page

    def put(self, key: tuple[str, ...], page: str) -> None:
        """Keep a page."""
        with self.lock:
            self.pages[key] = page
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


# The version is in every key, so a kept page is never stale; a game deleted
# and imported again under its id has a new token hash, also in the key.
PAGES = Kept(PAGES_KEPT)


def scoreboard(
    head: Head, writer: bool, render: Callable[[], tuple[str, int]]
) -> Response:
    """Answer a scoreboard: 304 if the phone has it, else a kept or new render.

    `render` loads and draws the game, returning the page and the version drawn.
    """
    tag = page_etag(head, writer)
    if tag is not None and request.if_none_match.contains_weak(tag):
        response = Response(status=304, headers=headers(writer))
        response.set_etag(tag, weak=True)
        return response
    key = (head.id, head.token_hash, tag or "")
    page = PAGES.get(key) if tag else None
    if page is None:
        page, version = render()
        if version != head.version:  # a write landed meanwhile: no ETag, no copy
            tag = None
        elif tag is not None:
            PAGES.put(key, page)
    response = make_response(page, 200, headers(writer))
    if tag is not None:
        response.set_etag(tag, weak=True)
    return response


def init_app(app: Flask) -> None:
    """Work out the build digest once, when the app starts."""
    app.extensions["scorekeeper.build"] = build_digest(app)
