"""A club night's tables: the night, its roster, its rounds and their tables.

Each table of a round is an ordinary game (db/models.py `Game`): its hands,
totals and results live there, so the standings read the games' result rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Engine,
    ForeignKey,
    String,
    UniqueConstraint,
    bindparam,
    case,
    func,
    select,
)
from sqlalchemy.orm import Mapped, aliased, mapped_column, relationship

from ..db import heads
from ..db.models import NAME_LENGTH, Game, db, new_game_id, utcnow
from ..errors import N_, Conflict


class Night(db.Model):  # type: ignore[name-defined,misc]
    """A club night: its rules, movement and roster; a version bumped by each write."""

    __tablename__ = "night"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    created: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # the full rule set, copied
    ruleset_id: Mapped[int | None]
    movement: Mapped[str] = mapped_column(String(20))
    round_hands: Mapped[int | None]
    rank_by: Mapped[str] = mapped_column(String(10))
    odd_players: Mapped[str] = mapped_column(String(20))
    rounds_planned: Mapped[int | None]
    round_minutes: Mapped[int | None]  # the round clock, when the night has one
    shuffle: Mapped[bool] = mapped_column(default=False)
    status: Mapped[str] = mapped_column(String(20), default="in_progress")
    token_hash: Mapped[str] = mapped_column(String(64))  # the director's token
    # Moved by every write of the night itself (a round, the roster); a hand at
    # a table moves its game's version, which the night's ETag reads too.
    version: Mapped[int] = mapped_column(default=1)

    players: Mapped[list[NightPlayer]] = relationship(
        order_by="NightPlayer.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )
    rounds: Mapped[list[NightRound]] = relationship(
        order_by="NightRound.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class NightPlayer(db.Model):  # type: ignore[name-defined,misc]
    """One name on a night's roster, in the order given; gone players stay."""

    __tablename__ = "night_player"
    __table_args__ = (UniqueConstraint("night_id", "name_key"),)

    night_id: Mapped[str] = mapped_column(
        ForeignKey("night.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(160))
    present: Mapped[bool] = mapped_column(default=True)
    pair: Mapped[int | None]  # fixed_pairs: the partnership's number, from 0


class NightRound(db.Model):  # type: ignore[name-defined,misc]
    """One round of a night: who sat out, whether time was called; its tables."""

    __tablename__ = "night_round"

    night_id: Mapped[str] = mapped_column(
        ForeignKey("night.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    sitting_out: Mapped[list[str]] = mapped_column(JSON)
    called: Mapped[bool] = mapped_column(default=False)
    # When the round was seated, by the server's clock (None: seated before the
    # round clock was kept).
    started: Mapped[datetime | None] = mapped_column(default=utcnow)
    # Its clock (clock/times.py): the night's minutes when it was seated, and
    # its pauses (the one under way since `paused_at`, the seconds of those over).
    minutes: Mapped[int | None] = mapped_column(default=None)
    paused_at: Mapped[datetime | None] = mapped_column(default=None)
    paused_seconds: Mapped[int] = mapped_column(default=0, server_default="0")

    tables: Mapped[list[NightTable]] = relationship(
        order_by="NightTable.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class NightTable(db.Model):  # type: ignore[name-defined,misc]
    """One table of one round: its game, and that game's token sealed for the night."""

    __tablename__ = "night_table"
    __table_args__ = (
        db.ForeignKeyConstraint(
            ["night_id", "round"],
            ["night_round.night_id", "night_round.number"],
            ondelete="CASCADE",
        ),
    )

    night_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    round: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), unique=True
    )
    # The game's write token sealed with the server's key: the table card and
    # the director's phone are granted it.
    sealed: Mapped[str] = mapped_column(String(128))


# NIGHTS.md: a night's table games belong to it; none is deleted or rematched.
KEPT_BY_NIGHT = {
    "delete": N_(
        "This game is table %(table)s of round %(round)s of the club night "
        "“%(night)s”: a night's games cannot be deleted."
    ),
    "rematch": N_(
        "This game is table %(table)s of round %(round)s of the club night "
        "“%(night)s”: the night seats its next round, so it has no rematch."
    ),
}


# Built once, for a list of games and for one alike: every page of a night's
# game asks, and a list of games asks for all it shows.
_NIGHTS_OF = (
    select(NightTable.game_id, Night.name, NightTable.round, NightTable.number)
    .join(Night, Night.id == NightTable.night_id)
    .where(NightTable.game_id.in_(bindparam("games", expanding=True)))
)


def nights_of(game_ids: Iterable[str]) -> dict[str, tuple[str, int, int]]:
    """Return the night each of these games is a table of (its name, round,
    table), for those that are one, in one query (asked for no games too)."""
    found = db.session.execute(_NIGHTS_OF, {"games": list(game_ids)})
    return {game: (night, at, table) for game, night, at, table in found}


def night_of(game_id: str) -> tuple[str, int, int] | None:
    """Return the night a game is a table of (its name, round, table), if any."""
    return nights_of([game_id]).get(game_id)


def check_not_kept(game_id: str, action: str) -> None:
    """Refuse to delete or rematch a club night's game (409 naming the night)."""
    found = night_of(game_id)
    if found is not None:
        night, number, table = found
        raise Conflict(
            KEPT_BY_NIGHT[action], "night", night=night, round=number, table=table
        )


# A night game's page draws the night too (its round's clock; once it has
# ended, which tables still play the round and where everyone goes next), so
# the light read that keeps the page (db/heads.py) reads in the same statement
# the night's version, moved by every write of the night, and once the game
# has ended its round's games' versions (their sum: a version only grows).
_OTHER, _ITS = aliased(NightTable), aliased(Game)
_ROUND_VERSIONS = (
    select(func.sum(_ITS.version))
    .join(_OTHER, _OTHER.game_id == _ITS.id)
    .where(_OTHER.night_id == NightTable.night_id, _OTHER.round == NightTable.round)
    .scalar_subquery()
)
PAGE_HEAD = (
    heads.HEAD_QUERY.add_columns(
        Night.version,
        case((Game.ending.is_(None), None), else_=_ROUND_VERSIONS),
    )
    .outerjoin(NightTable, NightTable.game_id == Game.id)
    .outerjoin(Night, Night.id == NightTable.night_id)
)


def page_head(
    game_id: str, device_hash: str | None = None, engine: Engine | None = None
) -> heads.Head:
    """Return a game's head as its page is kept by: with its night's state, if
    it is a night's table (`heads.head`, one light read all the same)."""
    return heads.head(game_id, device_hash, engine, PAGE_HEAD)
