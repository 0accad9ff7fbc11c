"""Installing and offline: the web manifest and the service worker at the root."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, jsonify, request, url_for
from flask_babel import gettext

from . import assets

bp = Blueprint("pwa", __name__)

SHELL_LINE = "const SHELL = [];"
CACHE_LINE = 'const CACHE = "scorekeeper-dev";'
LIGHT = {"theme": "#0b5d3b", "background": "#fbfaf7"}
ICONS = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """Describe the app to a phone that installs it."""
    response = jsonify(
        id="/",
        name=gettext("Five Hundred Scorekeeper"),
        short_name="500",
        description=gettext("Keeps the score of a game of 500 at the table."),
        start_url="/",
        scope="/",
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
    return filled


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the root, so its scope is the whole app.

    One worker for every language: its "No connection" page speaks the words
    the last page opened sent it (static/pwa.js), so switching language never
    installs a worker anew (a page loaded while workers change over could hang).
    """
    response = Response(
        current_app.extensions["scorekeeper.worker"], mimetype="text/javascript"
    )
    response.headers["Service-Worker-Allowed"] = "/"
    # Always ask the server, so a new worker replaces the old one at once.
    response.cache_control.no_cache = True
    response.add_etag()
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    """Add the manifest and the service worker routes."""
    app.register_blueprint(bp)
    app.extensions["scorekeeper.worker"] = worker_script(app)
