"""Installing and offline: the web manifest and the service worker at the root.

With many clubs (CLUBS.md), each club is an app of its own to a phone: its
manifest, its worker and the worker's scope are at its prefix (`/c/<slug>/`),
so a club's offline copies, shell and words are its own; one club's worker
never controls, keeps or empties another's. With one club the prefix is "".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, jsonify, request, url_for
from flask_babel import gettext

from ..db.clubs import scope
from . import assets

bp = Blueprint("pwa", __name__)

SHELL_LINE = "const SHELL = [];"
CACHE_LINE = 'const CACHE = "scorekeeper-dev";'
ROOT_LINE = 'const ROOT = "";'
LIGHT = {"theme": "#0b5d3b", "background": "#fbfaf7"}
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Describe the app to a phone that installs it (a club: the club's own)."""
    home = request.script_root + "/"
    place = scope.current()
    response = jsonify(
        id=home,
        # Installed, each club is an app of its own on the phone, by its name.
        name=gettext("Five Hundred Scorekeeper") if place is None else place.name,
        short_name="500",
        description=gettext("Keeps the score of a game of 500 at the table."),
        start_url=home,
        scope=home,
        display="standalone",
        theme_color=LIGHT["theme"],
        background_color=LIGHT["background"],
        icons=[
            {
                "src": url_for("static", filename=path),
                "sizes": sizes,
                "type": "image/png",
                "purpose": purpose,
            }
            for path, sizes, purpose in ICONS
        ],
    )
    response.mimetype = "application/manifest+json"
    # The phone installs the app in its own language: caches keep one per language.
    response.vary.add("Accept-Language")
    return response


def worker_script(app: Flask) -> str:
    """Return the service worker with the fingerprinted shell and its cache's name."""
    assert app.static_folder is not None
    script = Path(app.static_folder, "sw.js").read_text(encoding="utf-8")
    with app.app_context():
        shell = [url for url in assets.shell() if not url.startswith("/static/sw.")]
    digest = hashlib.sha256(json.dumps(shell).encode()).hexdigest()[:12]
    filled = script.replace(SHELL_LINE, f"const SHELL = {json.dumps(shell)};")
    filled = filled.replace(CACHE_LINE, f'const CACHE = "scorekeeper-{digest}";')
    assert SHELL_LINE not in filled and CACHE_LINE not in filled, "sw.js changed"
    assert ROOT_LINE in filled, "sw.js changed"
    return filled


def rooted(script: str, root: str) -> str:
    """Return the worker for the app at a prefix ("/c/<slug>"; "" with one club)."""
    if not root:
        return script
    return script.replace(ROOT_LINE, f"const ROOT = {json.dumps(root)};")


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the root, so its scope is the whole app (a
    club's: its prefix).

    One worker for every language: its "No connection" page speaks the words
    the last page opened sent it (static/pwa.js), so switching language never
    installs a worker anew (a page loaded while workers change over could hang).
    """
    script = current_app.extensions["scorekeeper.worker"]
    response = Response(rooted(script, request.script_root), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = request.script_root + "/"
    # Always ask the server, so a new worker replaces the old one at once.
    response.cache_control.no_cache = True
    response.add_etag()
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    """Add the manifest and the service worker routes."""
    app.register_blueprint(bp)
    app.extensions["scorekeeper.worker"] = worker_script(app)
