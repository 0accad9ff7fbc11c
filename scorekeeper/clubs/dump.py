"""Everything of one club as a file, and back (`flask clubs export | import`, and
the owner's download on the settings page).

JSON lines: a header (the format, the migration the rows are at, the club's
settings and its people's roles), then each of the club's tables in the order
their foreign keys need (`sorted_tables`): a line naming the table and its
columns, then one line a row, its values in that order. Days and times are
written in ISO form and read back as the column's type says, so a club
exported and imported again has every row as it was, to the microsecond.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date, datetime
from typing import IO, Any

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    Column,
    Connection,
    Date,
    DateTime,
    Integer,
    Table,
    select,
    text,
)
from sqlalchemy import insert as insert_rows

from ..db.clubs import storage
from ..db.clubs.models import Club
from ..db.clubs.people import Account, Membership
from ..db.migration import MIGRATIONS
from ..db.models import db
from ..errors import N_, BadInput
from . import founders, service

FORMAT = "scorekeeper-club"
ENCODE = json.JSONEncoder(ensure_ascii=False).encode
BATCH = 5000


def heads() -> list[str]:
    """Return the newest migration, as a new club's storage is stamped."""
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return sorted(ScriptDirectory.from_config(config).get_heads())


def _dated(columns: list[Column[Any]]) -> list[tuple[int, Callable[[Any], Any]]]:
    """Return the place of each day or time among columns, and how it is read."""
    readers: list[tuple[int, Callable[[Any], Any]]] = []
    for place, column in enumerate(columns):
        if isinstance(column.type, DateTime):
            readers.append((place, datetime.fromisoformat))
        elif isinstance(column.type, Date):
            readers.append((place, date.fromisoformat))
    return readers


def header(club: Club) -> dict[str, Any]:
    """Return the export's first line: its format, migration, club and people."""
    people = db.session.execute(
        select(Account.email, Account.name, Membership.role)
        .join(Membership, Membership.account_id == Account.id)
        .where(Membership.club_id == club.id)
        .order_by(Account.email)
    )
    return {
        "format": FORMAT,
        "revision": heads(),
        "club": {
            "slug": club.slug,
            "name": club.name,
            "language": club.language,
            "visibility": club.visibility,
            "listed": club.listed,
        },
        "members": [{"email": e, "name": n, "role": r} for e, n, r in people],
    }


def export(club: Club, out: IO[str]) -> int:
    """Write everything of a club to a file; return how many rows."""
    out.write(json.dumps(header(club), ensure_ascii=False) + "\n")
    rows = 0
    with storage.connected(db.engine, club.storage) as connection:
        if connection.dialect.name == "postgresql":  # one moment's rows
            connection.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        for table in storage.club_tables():
            names = [c.name for c in table.columns]
            out.write(json.dumps({"table": table.name, "columns": names}) + "\n")
            dated = [place for place, _ in _dated(list(table.columns))]
            found = connection.execution_options(yield_per=BATCH).execute(
                select(table).order_by(*table.primary_key.columns)
            )
            for batch in found.partitions():
                lines = []
                for row in batch:
                    values = list(row)
                    for place in dated:
                        if values[place] is not None:
                            values[place] = values[place].isoformat()
                    lines.append(ENCODE(values))
                out.write("\n".join(lines) + "\n")
                rows += len(lines)
    return rows


def _lines(source: IO[str]) -> Iterator[Any]:
    for number, line in enumerate(source, start=1):
        if line.strip():
            try:
                yield json.loads(line)
            except ValueError:
                raise BadInput(
                    N_("Line %(number)s of the file is not JSON."), number=number
                ) from None


def _table(said: Any) -> tuple[Table, list[Column[Any]]]:
    tables = {t.name: t for t in storage.club_tables()}
    table = tables.get(said.get("table")) if isinstance(said, dict) else None
    if table is None or not isinstance(said.get("columns"), list):
        raise BadInput(N_("The file names a table this app does not have."))
    try:
        return table, [table.columns[name] for name in said["columns"]]
    except (KeyError, TypeError):
        raise BadInput(N_("The file names a column this app does not have.")) from None


def read_header(lines: Iterator[Any]) -> dict[str, Any]:
    """Return an export's header, or refuse a file that is not one of this app's."""
    first = next(lines, None)
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise BadInput(N_("This file is not a club's export."))
    if first.get("revision") != heads():
        raise BadInput(
            N_("This export was made by another version of the app: import it there.")
        )
    return first


def import_club(slug: str, source: IO[str]) -> tuple[Club, int]:
    """Make a club at `slug` of an export, every row as it was, and its people's
    roles (an account made, without a password, for each one not here yet).
    All or nothing: a bad file leaves no club behind."""
    lines = _lines(source)
    said = read_header(lines)
    settings = said.get("club") or {}
    name = service.check_name(str(settings.get("name") or slug))
    club = service.create(service.check_slug(slug), name)
    try:
        with storage.connected(db.engine, club.storage) as connection:
            rows = _insert_rows(connection, lines)
            _reset_sequences(connection, club.storage)
        keys = ("language", "visibility", "listed")
        service.change(club, **{k: settings[k] for k in keys if k in settings})
        for member in said.get("members") or []:
            account = founders.find_account(member["email"])
            if account is None:
                account = founders.create_account(member["email"], member["name"], None)
            founders.grant(account, club, member["role"])
        db.session.commit()
    except BaseException:
        db.session.rollback()
        service.delete(club)
        raise
    return club, rows


def _write(
    connection: Connection, table: Table, names: list[str], rows: list[Any]
) -> None:
    """Write a batch of a table's rows: by COPY on PostgreSQL (a JSON value as
    the text SQLAlchemy writes), else one INSERT for the batch."""
    if not rows:
        return
    if connection.dialect.name != "postgresql":
        batch = [dict(zip(names, row, strict=True)) for row in rows]
        connection.execute(insert_rows(table), batch)
        return
    kept = [p for p, n in enumerate(names) if isinstance(table.c[n].type, JSON)]
    schema = connection.get_execution_options()["schema_translate_map"][None]
    named = ", ".join(f'"{name}"' for name in names)
    copying = f'COPY "{schema}"."{table.name}" ({named}) FROM STDIN'
    raw = connection.connection.driver_connection
    with raw.cursor() as cursor, cursor.copy(copying) as copy:  # type: ignore[union-attr]
        for row in rows:
            for place in kept:
                if row[place] is not None:
                    row[place] = json.dumps(row[place])
            copy.write_row(row)


def _insert_rows(connection: Connection, lines: Iterator[Any]) -> int:
    table: Table | None = None
    dated: list[tuple[int, Callable[[Any], Any]]] = []
    names: list[str] = []
    batch: list[Any] = []
    rows = 0
    for line in lines:
        if isinstance(line, dict):
            if table is not None:
                _write(connection, table, names, batch)
            table, columns = _table(line)
            dated, names, batch = _dated(columns), line["columns"], []
            continue
        if table is None or not isinstance(line, list) or len(line) != len(names):
            raise BadInput(N_("A row of the file does not fit its table."))
        try:
            for place, read in dated:
                if line[place] is not None:
                    line[place] = read(line[place])
        except (TypeError, ValueError):
            raise BadInput(N_("A row of the file does not fit its table.")) from None
        batch.append(line)
        rows += 1
        if len(batch) >= BATCH:
            _write(connection, table, names, batch)
            batch = []
    if table is not None:
        _write(connection, table, names, batch)
    return rows


def _reset_sequences(connection: Connection, schema: str) -> None:
    """On PostgreSQL, start each table's numbering after the rows imported."""
    if connection.dialect.name != "postgresql":
        return
    for table in storage.club_tables():
        for column in table.primary_key.columns:
            if isinstance(column.type, Integer) and column.autoincrement in (
                True,
                "auto",
            ):
                named = f'"{schema}"."{table.name}"'
                connection.execute(
                    text(
                        "SELECT setval(pg_get_serial_sequence(:t, :c), "
                        f'COALESCE(MAX("{column.name}"), 1), '
                        f'MAX("{column.name}") IS NOT NULL) FROM {named}'
                    ),
                    {"t": named, "c": column.name},
                )
