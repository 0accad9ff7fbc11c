"""The schema's migrations: Alembic through Flask-Migrate, run when the app starts."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import current_app
from flask_migrate import Migrate
from sqlalchemy import select, text

from .clubs import storage
from .clubs.models import Club
from .clubs.scope import MAIN
from .models import db

# The checkout's migrations/ folder, beside the package.
MIGRATIONS = str(Path(__file__).resolve().parents[2] / "migrations")
migrate = Migrate(db=db, directory=MIGRATIONS, render_as_batch=True)


def upgrade_database() -> bool:
    """Bring the app's database to the newest migration, and on a many-clubs
    server every club's storage; return whether any migration ran."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    heads = set(ScriptDirectory.from_config(config).get_heads())
    # Workers starting together must not both create the tables: hold a lock.
    lock = os.path.join(current_app.instance_path, ".migrate.lock")
    with open(lock, "a") as held, db.engine.begin() as connection:
        fcntl.flock(held, fcntl.LOCK_EX)
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(500500500)"))
        context = MigrationContext.configure(connection)
        ran = set(context.get_current_heads()) != heads
        if ran:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        if current_app.config["CLUBS"] == "many":
            found = connection.execute(select(Club.storage).where(Club.storage != MAIN))
            for kept in storage.behind(connection, list(found.scalars()), heads):
                ran |= storage.upgrade(db.engine, kept, MIGRATIONS, heads)
        return ran
