"""Five Hundred Scorekeeper: the app factory."""

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event

from . import config


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE") or None,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.config.from_mapping(config.DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env()
    if os.environ.get("DATABASE_URL"):
        url = config.database_url(os.environ["DATABASE_URL"])
        app.config["SQLALCHEMY_DATABASE_URI"] = url
    for name in ("CLUB_PASSWORD", "CLUBS", "CLUBS_SIGNUP", "CLUBS_SIGNUP_CODE"):
        if os.environ.get(name):
            app.config[name] = os.environ[name]
    if test_config is not None:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from . import cli, errors, language
    from .db import migration, models
    from .db.clubs import models as _clubs  # noqa: F401  (the service's tables)
    from .db.clubs import people as _people  # noqa: F401
    from .games import fastread
    from .nights import models as _nights  # noqa: F401  (its tables)
    from .web import compress, inputs, pwa, security
    from .web.clubs import prefix

    security.init_app(app)
    inputs.init_app(app)
    compress.init_app(app)
    errors.init_app(app)

    models.db.init_app(app)
    migration.migrate.init_app(app)
    with app.app_context():
        if models.db.engine.dialect.name == "sqlite":
            event.listen(models.db.engine, "connect", config.sqlite_pragmas)
        if app.config["AUTO_MIGRATE"]:
            migration.upgrade_database()

    register_features(app)
    language.init_app(app)
    pwa.init_app(app)
    cli.init_app(app)
    fastread.init_app(app)
    prefix.init_app(app)
    security.trust_proxy(app)
    return app


def register_features(app: Flask) -> None:
    """Register every feature's pages and JSON API, and what their pages share."""
    from .games import api as games_api
    from .games import new, present, share
    from .games import pages as games
    from .history import pages as history
    from .house_rules import api as house_rules_api
    from .house_rules import pages as house_rules
    from .nights import api as nights_api
    from .nights import pages as nights
    from .nights.clock import api as night_clock_api
    from .nights.clock import pages as night_clock
    from .nights.printing import pages as night_printing
    from .nights.room import names
    from .nights.room import pages as room
    from .players import api as players_api
    from .players import pages as players
    from .seasons import api as seasons_api
    from .seasons import pages as seasons
    from .web import access, assets, conditional
    from .web.clubs import password, prefix

    pages = (games.bp, new.bp, share.bp, house_rules.bp, history.bp, players.bp)
    pages += (seasons.bp, nights.bp, room.bp, night_printing.bp, night_clock.bp)
    apis = (games_api.bp, house_rules_api.bp, players_api.bp, nights_api.bp)
    apis += (seasons_api.bp, night_clock_api.bp)
    csrf = CSRFProtect(app)
    # API writes carry a Bearer token a cross-site form cannot.
    for blueprint in apis:
        csrf.exempt(blueprint)
    for view in games.CHECKS_OWN_CSRF:
        csrf.exempt(view)
    for blueprint in (*apis, *pages):
        app.register_blueprint(blueprint)
    if prefix.many(app):  # the service's own pages, and each club's settings
        from .clubs import api as clubs_api
        from .clubs import commands, settings
        from .clubs import pages as clubs

        csrf.exempt(clubs_api.bp)
        for blueprint in (clubs.bp, clubs_api.bp, settings.bp):
            app.register_blueprint(blueprint)
        commands.init_app(app)
    access.init_app(app)
    password.init_app(app)
    conditional.init_app(app)
    assets.init_app(app)
    app.add_template_global(present.suit_class)
    app.add_template_filter(names.game_title, "named")
    if prefix.many(app):
        register_people(app)


def register_people(app: Flask) -> None:
    """Many clubs: accounts, signing in, roles in clubs (CLUBS.md, "People")."""
    from .accounts import gate, people, sessions
    from .accounts import pages as accounts
    from .web.clubs import prefix

    for blueprint in (accounts.bp, people.bp):
        app.register_blueprint(blueprint)
    # Signing in, one's account and the one-use links are the service's, outside
    # the clubs; a club's people page is inside its club alone.
    prefix.SERVICE_BLUEPRINTS.add("accounts")
    prefix.SERVICE_ONLY.add("accounts")
    sessions.init_app(app)
    gate.init_app(app)
