"""The session bound to the club a request is in: the one place the scope is applied.

Every statement the session runs, ORM or Core, goes to the engine of the
current club's place (db/clubs/scope.py): on PostgreSQL the app's engine with
its tables translated to the club's schema, on SQLite the club's own file.
No query names a club, so none can forget it. The service's own tables (the
clubs, accounts and roles: `info={"service": True}`) stay in the app's
database, whoever asks.
"""

from __future__ import annotations

import os
import threading
import weakref
from typing import Any

import flask_sqlalchemy.session
from sqlalchemy import Engine, Table, UpdateBase, create_engine, event, inspect
from sqlalchemy.sql import Select

from ...config import sqlite_pragmas
from . import scope

# A club's engine is made once per app engine and storage: on PostgreSQL it
# shares the app engine's pool, on SQLite it has one of its own.
_engines: weakref.WeakKeyDictionary[Engine, dict[str, Engine]] = (
    weakref.WeakKeyDictionary()
)
_making = threading.Lock()


def is_service(table: Any) -> bool:
    """Return whether a table is the service's own (kept in the app's database)."""
    return isinstance(table, Table) and bool(table.info.get("service"))


def _asks_service(mapper: Any, clause: Any) -> bool:
    if mapper is not None:
        return is_service(inspect(mapper).local_table)
    if isinstance(clause, Table):
        return is_service(clause)
    if isinstance(clause, UpdateBase):
        return is_service(clause.table)
    if isinstance(clause, Select):
        return any(is_service(t) for t in clause.get_final_froms())
    return False


def sqlite_folder(app_engine: Engine) -> str:
    """Return the folder of the clubs' SQLite files, beside the app's database."""
    return os.path.join(os.path.dirname(app_engine.url.database or "."), "clubs")


def engine_for(app_engine: Engine, storage: str) -> Engine:
    """Return the engine of one club's storage (the app engine for MAIN)."""
    if storage == scope.MAIN:
        return app_engine
    with _making:
        made = _engines.setdefault(app_engine, {})
        if storage not in made:
            if app_engine.dialect.name == "sqlite":
                path = os.path.join(sqlite_folder(app_engine), f"{storage}.sqlite")
                engine = create_engine(f"sqlite:///{path}", pool_pre_ping=True)
                event.listen(engine, "connect", sqlite_pragmas)
            else:
                engine = app_engine.execution_options(
                    schema_translate_map={None: storage}
                )
            made[storage] = engine
        return made[storage]


def forget(app_engine: Engine, storage: str) -> None:
    """Forget a club's engine (its storage was deleted), closing its connections."""
    with _making:
        engine = _engines.get(app_engine, {}).pop(storage, None)
    if engine is not None and app_engine.dialect.name == "sqlite":
        engine.dispose()


class ClubSession(flask_sqlalchemy.session.Session):
    """Flask-SQLAlchemy's session, its every statement sent to the current club."""

    def get_bind(  # type: ignore[override]
        self,
        mapper: Any | None = None,
        clause: Any | None = None,
        bind: Engine | Any | None = None,
        **kwargs: Any,
    ) -> Any:
        """Return the engine a statement runs on: the current club's, or the
        app's for the service's tables and outside any club."""
        app_engine = super().get_bind(mapper, clause, bind, **kwargs)
        if bind is not None or _asks_service(mapper, clause):
            return app_engine
        return engine_for(app_engine, scope.storage())
