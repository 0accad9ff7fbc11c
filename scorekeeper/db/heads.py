"""The one light read a conditional GET makes: a game's version, and a phone's grant."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Dialect, Engine, Select, and_, bindparam, select

from ..errors import N_, NotFound
from .clubs import scope
from .clubs.bound import engine_for
from .models import DeviceGrant, Game, db

# Ids are secrets.token_urlsafe(16); anything else cannot be a game.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


@dataclass(frozen=True)
class Head:
    """What a conditional read needs of a game: its version and its token's hash.

    With a phone's device hash it also carries that phone's sealed grant, if any.
    """

    id: str
    version: int
    token_hash: str
    sealed: str | None = None
    # What else the game's page draws, read in the same query when asked for
    # (a club night's: nights/reading/heads.py PAGE_HEAD).
    beside: tuple[Any, ...] = ()

    @property
    def drawn(self) -> str:
        """Return what the game's page is kept by: its version, and what else it
        draws ("12", a night's table "12.3.40")."""
        seen = (self.version, *self.beside)
        return ".".join(str(value) for value in seen if value is not None)


HEAD, GRANT = Game.__table__.c, DeviceGrant.__table__
HEAD_QUERY = (
    select(HEAD.version, HEAD.token_hash, GRANT.c.sealed)
    .select_from(
        Game.__table__.outerjoin(
            GRANT,
            and_(
                GRANT.c.device == bindparam("device"),
                GRANT.c.kind == "game",
                GRANT.c.target == HEAD.id,
            ),
        )
    )
    .where(HEAD.id == bindparam("id"))
)


def _head_sql(
    engine: Engine, query: Select[Any]
) -> tuple[str, dict[str, Any], tuple[str, ...] | None]:
    """Return a head query as the driver takes it: its SQL, defaults, order."""
    translated = engine.get_execution_options().get("schema_translate_map")
    return _compiled(engine.dialect, query, translated and translated[None])


@functools.lru_cache(maxsize=4096)  # by dialect, query and club schema
def _compiled(
    dialect: Dialect, query: Select[Any], schema: str | None
) -> tuple[str, dict[str, Any], tuple[str, ...] | None]:
    # A club's schema written into the SQL, as its engine's statements have it.
    translate = {"schema_translate_map": {None: schema}} if schema else {}
    compiled = query.compile(
        dialect=dialect, **translate, render_schema_translate=bool(schema)
    )
    order = tuple(compiled.positiontup or ()) if compiled.positional else None
    return str(compiled), compiled.construct_params({"id": "", "device": ""}), order


def head(
    game_id: str,
    device_hash: str | None = None,
    engine: Engine | None = None,
    query: Select[Any] = HEAD_QUERY,
) -> Head:
    """Return a game's version and token hash alone (one row, no hands), or 404.

    Given a phone's device hash, the same read brings that phone's sealed grant.
    Given the app's engine, it needs no app context (games/fastread.py has none);
    it reads the current club's game either way.
    Given `HEAD_QUERY` with more columns, the head carries them (`beside`).
    """
    found = None
    if GAME_ID.fullmatch(game_id):
        # The current club's rows (db/clubs/bound.py), as the session's are.
        engine = engine_for(engine or db.engine, scope.storage())
        # One statement on a pooled driver connection: a fifth of the cost of
        # a Core query, for the one read a conditional GET makes.
        sql, defaults, order = _head_sql(engine, query)
        values = {**defaults, "id": game_id, "device": device_hash}
        connection = engine.raw_connection()
        try:
            cursor = connection.cursor()
            cursor.execute(sql, values if order is None else [values[n] for n in order])
            found = cursor.fetchone()
            cursor.close()
            # Ended here, the read leaves the pool no transaction to roll back:
            # psycopg forgets the statements it prepared at a ROLLBACK, and
            # PostgreSQL would plan this one again at every poll.
            connection.commit()
        finally:
            connection.close()
    if found is None:
        raise NotFound(N_("There is no game with that id."))
    return Head(game_id, found[0], found[1], found[2], tuple(found[3:]))


def engine() -> Engine:
    """Return the app's engine (in an app context), to read heads outside one."""
    return db.engine
