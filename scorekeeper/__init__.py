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
    if os.environ.get("CLUB_PASSWORD"):
        app.config["CLUB_PASSWORD"] = os.environ["CLUB_PASSWORD"]
    if test_config is not None:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from . import cli, errors, fastread, pages
    from .api import routes
    from .db import migration, models
    from .house_rules import api as house_rules_api
    from .players import api as players_api
    from .web import compress, pwa, security

    security.init_app(app)
    compress.init_app(app)
    errors.init_app(app)

    models.db.init_app(app)
    migration.migrate.init_app(app)
    with app.app_context():
        if models.db.engine.dialect.name == "sqlite":
            event.listen(models.db.engine, "connect", config.sqlite_pragmas)
        if app.config["AUTO_MIGRATE"]:
            migration.upgrade_database()

    csrf = CSRFProtect(app)
    # API writes carry a Bearer token a cross-site form cannot.
    apis = (routes.bp, house_rules_api.bp, players_api.bp)
    for blueprint in apis:
        csrf.exempt(blueprint)
    # The hand forms check their own token, so a stale one re-shows the taps.
    for view in pages.CHECKS_OWN_CSRF:
        csrf.exempt(view)
    for blueprint in apis:
        app.register_blueprint(blueprint)
    pages.init_app(app)
    pwa.init_app(app)
    cli.init_app(app)
    fastread.init_app(app)
    security.trust_proxy(app)
    return app
