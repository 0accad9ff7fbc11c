"""The phone pages: every blueprint a player sees, and their error pages."""

from __future__ import annotations

from flask import Flask, render_template
from werkzeug.exceptions import HTTPException

from . import api, games, history, houserules, newgame, present

BLUEPRINTS = (games.bp, newgame.bp, houserules.bp, history.bp)


def error_page(error: HTTPException) -> object:
    """Answer a page's error in words, inside the layout; the API answers in JSON."""
    answer = api.http_error(error)  # JSON under /api, else the error itself
    if answer is not error:
        return answer
    return render_template("error.html", error=error), error.code or 500


def init_app(app: Flask) -> None:
    """Register the page blueprints and their error pages."""
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.register_error_handler(HTTPException, error_page)
    app.add_template_global(present.suit_class)
