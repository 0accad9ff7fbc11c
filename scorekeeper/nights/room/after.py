"""A table's word at its round's end (NIGHTS.md "Who may do what"): once a
night's game has ended, its scoreboard says which tables still play the
round, then where each of its players goes next, then the table's next game."""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Row

from ...db.models import db
from .. import board, seating
from ..models import NightTable
from ..reading import frame

TABLES = NightTable.__table__.c

# A seated table as the movements name one (seating re-exports their module).
Table = seating.movement.Table


# Built once: every draw of a game's scoreboard asks it.
_TABLE_OF = select(TABLES.night_id, TABLES.round, TABLES.number).where(
    TABLES.game_id == bindparam("game")
)


def table_of(game_id: str) -> Row[Any] | None:
    """Return the night's table that plays this game (its night, round and
    number), if it is a night's."""
    return db.session.execute(_TABLE_OF, {"game": game_id}).first()


def after_round(game_id: str, ended: bool) -> dict[str, Any] | None:
    """Return what a night game's scoreboard says of the night (None for a game
    outside one): once it has ended, the tables still playing its round, or
    where each of its players goes next (NIGHTS.md "Who may do what")."""
    table = table_of(game_id)
    if table is None:
        return None
    said: dict[str, Any] = {"night": table.night_id, "round": table.round}
    said.update(table=table.number, game=game_id, ended=ended, settled=False)
    if not ended:
        return said
    # Read as a poll of the night reads it (its rounds kept by its ETag, the
    # next seating seated once an ETag): after each hand at any table of the
    # round every ended table's page is drawn again, at 80 tables 80 of them.
    return board.at_etag(table.night_id, lambda: _after(table, game_id, said))


def _after(table: Row[Any], game_id: str, said: dict[str, Any]) -> dict[str, Any]:
    night = frame.load(table.night_id)  # its rows as read, not as ORM objects
    one = night.rounds[table.round - 1]
    games = board.games_of(night, one)
    playing = [t.number for t in one.tables if games[t.game_id].ending is None]
    later = night.rounds[table.round] if len(night.rounds) > table.round else None
    planned = night.rounds_planned is not None and night.rounds_planned <= table.round
    finished = later is None and (
        night.status == "finished" or (planned and not playing)
    )
    going = None
    if later is not None:
        seated = board.games_of(night, later)
        seats = tuple(Table(t.number, seated[t.game_id].sides) for t in later.tables)
        going = seating.Seating(seats, tuple(later.sitting_out))
    elif not finished and not playing:
        going = seating.upcoming(night)  # between rounds: as the big screen shows it
    onward = later is not None and any(t.number == table.number for t in later.tables)
    said.update(playing=playing, finished=finished, settled=finished or bool(later))
    said["onward"] = onward  # the table plays on: its card opens its next game
    if going is not None:
        present = {p.name for p in night.players if p.present}
        said["next"] = table.round + 1
        names = [name for side in games[game_id].sides for name in side]
        said["players"] = [
            {"name": n, "present": n in present, **seating.next_table(going, n)}
            for n in names
        ]
    return said
