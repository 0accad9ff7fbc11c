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
    ForeignKey,
    String,
    UniqueConstraint,
    bindparam,
    func,
    select,
    update,
)
from sqlalchemy.orm import Mapped, aliased, mapped_column, relationship

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


# Every write to a night takes its row lock this way (the version moved on in
# the database, so two writers queue on the row and neither loses the other's).
_LOCK = (
    update(Night)
    .where(Night.id == bindparam("night"))
    .values(version=Night.version + 1)
)


def locked(night: Night) -> None:
    """Lock the night's row, moving its version on from the one stored (not the
    one loaded), and read the night again under the lock (STYLE rule 15)."""
    db.session.execute(_LOCK, {"night": night.id})
    db.session.expire_all()
    db.session.refresh(night)


# An undo on a night's game (docs/nights.md "Ending a round"): only while its
# round is the one being played, before time is called on it or the night ends.
UNDO_CALLED = N_(
    "Time was called on round %(round)s: a hand of its games can no longer be "
    "undone, only corrected (Edit)."
)
UNDO_OVER = N_(
    "Round %(round)s is over: a hand of its games can no longer be undone, only "
    "corrected (Edit)."
)
_TABLE = select(NightTable.night_id, NightTable.round).where(
    NightTable.game_id == bindparam("game")
)
_LOCK_OF = (
    update(Night)
    .where(Night.id == _TABLE.with_only_columns(NightTable.night_id).scalar_subquery())
    .values(version=Night.version + 1)
)
# Whether a table of a night's round still plays (the night and the round are
# the statement's own: an undo's round, the clock's latest round).
PLAYING = (
    select(Game.id)
    .join(NightTable, NightTable.game_id == Game.id)
    .where(NightTable.night_id == Night.id, NightTable.round == NightRound.number)
    .where(Game.ending.is_(None))
    .exists()
)
_LATER = aliased(NightRound)  # the night's other rounds, not the game's
_ROUND = (
    select(
        Night.status,
        Night.rounds_planned,
        select(func.max(_LATER.number))
        .where(_LATER.night_id == Night.id)
        .scalar_subquery(),
        NightRound.called,
        PLAYING,
    )
    .join(NightRound, NightRound.night_id == Night.id)
    .where(Night.id == bindparam("night"), NightRound.number == bindparam("round"))
)


def undo_refused(game_id: str, lock: bool = False) -> Conflict | None:
    """Return why a hand of this night's game cannot be undone now (None for a
    game outside a night, or one whose round is still being played); with
    `lock`, take the night's row lock first, as every director write does, so
    a call of time or a round started orders before or after the undo."""
    table = db.session.execute(_TABLE, {"game": game_id}).first()
    if table is None:
        return None
    if lock:
        db.session.execute(_LOCK, {"night": table.night_id})
    found = db.session.execute(
        _ROUND, {"night": table.night_id, "round": table.round}
    ).one()
    status, planned, latest, called, playing = found
    # A night's last planned round ends the night once every table has ended.
    ended = planned is not None and latest >= planned and not playing
    if called:
        return Conflict(UNDO_CALLED, "round", round=table.round)
    if table.round != latest or status == "finished" or ended:
        return Conflict(UNDO_OVER, "round", round=table.round)
    return None


def check_undo(game_id: str, lock: bool = False) -> None:
    """Raise `undo_refused`'s Conflict, if any (a night's game whose round is
    over); with `lock`, after taking the night's row lock."""
    refused = undo_refused(game_id, lock)
    if refused is not None:
        raise refused


def lock_night_of(game_id: str) -> None:
    """Take the row lock of the night this game is a table of, if any (before
    the game's, as a call of time takes them), its version moved on."""
    db.session.execute(_LOCK_OF, {"game": game_id})


def check_stays_ended(game_id: str) -> None:
    """Refuse a change that would reopen a night's game whose round is over
    (its night's lock already taken): 409 naming `hand`."""
    refused = undo_refused(game_id)
    if refused is not None:  # it names the game's round
        raise Conflict(REOPEN, "hand", round=refused.params["round"])


REOPEN = N_(
    "Round %(round)s is over: its games stay ended, and this change would reopen "
    "this one. Correct the hand so that the game still ends."
)
