"""Installing and offline: the web manifest and the service worker at the root."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, current_app, jsonify, url_for

bp = Blueprint("pwa", __name__)

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
        name="Five Hundred Scorekeeper",
        short_name="500",
        description="Keeps the score of a game of 500 at the table.",
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
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """Serve the service worker from the root, so its scope is the whole app."""
    response = current_app.send_static_file("sw.js")
    response.mimetype = "text/javascript"
    response.headers["Service-Worker-Allowed"] = "/"
    # Always ask the server, so a new worker replaces the old one at once.
    response.cache_control.no_cache = True
    response.cache_control.max_age = None
    return response


def init_app(app: Flask) -> None:
    """Add the manifest and the service worker routes."""
    app.register_blueprint(bp)
