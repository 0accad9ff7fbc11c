"""The phone pages: every blueprint a player sees."""

from __future__ import annotations

from flask import Flask

from . import downloads, games, newgame, present, share
from .history import pages as history
from .house_rules import pages as houserules
from .players import pages as players
from .seasons import pages as season_pages
from .web import access, assets, conditional

BLUEPRINTS = (
    games.bp,
    newgame.bp,
    houserules.bp,
    history.bp,
    share.bp,
    downloads.bp,
    players.bp,
    season_pages.bp,
)
# Views whose FlaskForm validates the CSRF token itself (not CSRFProtect).
CHECKS_OWN_CSRF = (games.record_hand, games.edit_hand)


def init_app(app: Flask) -> None:
    """Register the page blueprints and the template helpers they share."""
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    access.init_app(app)
    conditional.init_app(app)
    assets.init_app(app)
    app.add_template_global(present.suit_class)
