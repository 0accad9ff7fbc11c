"""A club's storage: made at the newest migration, upgraded with the app, dropped whole.

On PostgreSQL a club's rows are in a schema of their own (`club_<id>`), on
SQLite in a file of their own (`instance/clubs/club_<id>.sqlite`); the club
adopted from one-club data keeps the app's database (scope.MAIN). Its tables
are the app's, less the service's own (bound.is_service).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, Table, text

from ..models import db
from . import bound, scope


def name_for(club_id: int) -> str:
    """Return the storage of a new club: its schema or its file's name."""
    return f"club_{club_id}"


def club_tables() -> list[Table]:
    """Return the tables every club has (the service's stay in the app's database)."""
    return [t for t in db.metadata.sorted_tables if not bound.is_service(t)]


def version_schema(connection: Connection, storage: str) -> str | None:
    """Return where a club's storage keeps its migration's version: in its own
    schema on PostgreSQL (Alembic looks for its table by its schema's name)."""
    return storage if connection.dialect.name == "postgresql" else None


def alembic_config(migrations: str, connection: Connection, storage: str) -> Config:
    """Return Alembic's config for one club's storage, on a connection to it."""
    config = Config()
    config.set_main_option("script_location", migrations)
    config.attributes["connection"] = connection
    config.attributes["club_storage"] = storage  # the service's migrations skip it
    config.attributes["version_table_schema"] = version_schema(connection, storage)
    return config


def migration_context(connection: Connection, storage: str) -> MigrationContext:
    """Return Alembic's view of a club's storage: its current version."""
    schema = version_schema(connection, storage)
    return MigrationContext.configure(connection, opts={"version_table_schema": schema})


@contextmanager
def connected(app_engine: Engine, storage: str) -> Iterator[Connection]:
    """Yield a connection to a club's storage in a transaction, committed at the end."""
    with bound.engine_for(app_engine, storage).begin() as connection:
        yield connection


def create(app_engine: Engine, storage: str, migrations: str) -> None:
    """Make a new club's storage: its tables, at the newest migration."""
    if app_engine.dialect.name == "postgresql":
        with app_engine.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{storage}"'))
    else:
        os.makedirs(bound.sqlite_folder(app_engine), exist_ok=True)
    with connected(app_engine, storage) as connection:
        db.metadata.create_all(connection, tables=club_tables())
        command.stamp(alembic_config(migrations, connection, storage), "head")


def drop(app_engine: Engine, storage: str) -> None:
    """Delete a club's storage and every row in it."""
    assert storage != scope.MAIN, "the adopted club's rows are deleted row by row"
    bound.forget(app_engine, storage)
    if app_engine.dialect.name == "postgresql":
        with app_engine.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{storage}" CASCADE'))
        return
    path = os.path.join(bound.sqlite_folder(app_engine), f"{storage}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.unlink(path + suffix)


def behind(connection: Connection, storages: list[str], heads: set[str]) -> list[str]:
    """Return the storages not at the newest migration: on PostgreSQL read in one
    query (a server of 1,000 clubs asked each its own at every worker's start,
    some 10 ms a club, past gunicorn's 30 s), elsewhere each file then says."""
    if connection.dialect.name != "postgresql" or not storages:
        return storages
    each = (f"SELECT '{s}', version_num FROM \"{s}\".alembic_version" for s in storages)
    found: dict[str, set[str]] = {s: set() for s in storages}
    for storage, version in connection.execute(text(" UNION ALL ".join(each))):
        found[storage].add(version)
    return [storage for storage in storages if found[storage] != heads]


def upgrade(app_engine: Engine, storage: str, migrations: str, heads: set[str]) -> bool:
    """Bring one club's storage to the newest migration; return whether it ran."""
    with connected(app_engine, storage) as connection:
        if set(migration_context(connection, storage).get_current_heads()) == heads:
            return False
        command.upgrade(alembic_config(migrations, connection, storage), "head")
        return True
