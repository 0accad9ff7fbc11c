"""The tables: games, sides, players, hands, house rules, seasons, repeats, tries."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    Date,
    ForeignKey,
    Index,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy import false as sa_false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from .clubs.bound import ClubSession

NAME_LENGTH = 80


def utcnow() -> datetime:
    """Return the time now in UTC, without a zone (SQLite keeps none)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_game_id() -> str:
    """Return an unguessable game id."""
    return secrets.token_urlsafe(16)


class Base(DeclarativeBase):
    """Every model; constraints get stable names so migrations can refer to them."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


# Objects keep what was just written after a commit: a request answers from the
# game it wrote instead of loading every hand again. Every statement goes to
# the current club's rows (db/clubs/bound.py), in one-club mode the app's.
db = SQLAlchemy(
    model_class=Base,
    session_options={"expire_on_commit": False, "class_": ClubSession},
)


class Game(db.Model):  # type: ignore[name-defined,misc]
    """A game: its frozen rules, its table and a version bumped by every write."""

    __tablename__ = "game"
    # Listing by status, newest first, reads the index alone.
    __table_args__ = (
        # The listing pages read newest first, then by id among equal dates.
        Index("ix_game_created_id", "created", "id"),
        Index("ix_game_ending_created", "ending", "created", "id"),
        Index("ix_game_ruleset_created", "ruleset_id", "created", "id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # One line of the table's own words: where, who brought the cards.
    notes: Mapped[str] = mapped_column(
        String(NAME_LENGTH), default="", server_default=""
    )
    created: Mapped[datetime] = mapped_column(default=utcnow)
    # The full rule set (rules_to_dict), so a later preset change cannot touch it.
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    first_dealer: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(default=1)
    # How often a player in it was renamed or merged (merging.py): its kept
    # table is found by it, so no worker draws the game with the old names.
    renames: Mapped[int] = mapped_column(default=0, server_default="0")
    token_hash: Mapped[str] = mapped_column(String(64))
    # How the game ended, who won and how many hands, as of its last write:
    # results for listing and filtering (results/models.py); the scoreboard's
    # totals and winner are always derived by replaying the hands.
    ending: Mapped[str | None] = mapped_column(String(20))
    winner: Mapped[int | None]
    hand_count: Mapped[int] = mapped_column(default=0)
    # Time was called on it (a club night's round, nights/): it ended as it
    # stood, and takes no more hands; its hands can still be corrected.
    called: Mapped[bool] = mapped_column(default=False, server_default=sa_false())
    # The saved house rules it was started from (a season may keep to them);
    # no foreign key: deleting them leaves the game's own rules as they were.
    ruleset_id: Mapped[int | None]

    sides: Mapped[list[GameSide]] = relationship(
        back_populates="game",
        order_by="GameSide.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )
    # Loaded on first use, in one query: a write reads them once, after its lock.
    hands: Mapped[list[HandRow]] = relationship(
        back_populates="game",
        order_by="HandRow.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class GameSide(db.Model):  # type: ignore[name-defined,misc]
    """A team or lone player of one game, in seating order."""

    __tablename__ = "game_side"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="sides")
    players: Mapped[list[Player]] = relationship(
        back_populates="side",
        order_by="Player.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
    )


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A player on a side; a table so games can be found by who played."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("side_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    side_id: Mapped[int] = mapped_column(ForeignKey("game_side.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    # The name in NFKC, case-folded (name_key): one person however it is typed
    # (fullwidth or plain), compared alike on SQLite and PostgreSQL.
    name_key: Mapped[str] = mapped_column(String(160), index=True)

    side: Mapped[GameSide] = relationship(back_populates="players")


class HandRow(db.Model):  # type: ignore[name-defined,misc]
    """One recorded hand, as reported; its score is derived by replay."""

    __tablename__ = "hand"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int]
    contract: Mapped[str] = mapped_column(String(40))
    side: Mapped[int | None]
    bidder: Mapped[str | None] = mapped_column(String(40))
    partner: Mapped[str | None] = mapped_column(String(40))
    first_out: Mapped[int | None]
    tricks: Mapped[list[int]] = mapped_column(JSON)

    game: Mapped[Game] = relationship(back_populates="hands")


class RuleSet(db.Model):  # type: ignore[name-defined,misc]
    """Saved house rules: a preset and the settings that override it."""

    __tablename__ = "ruleset"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # Unique, so two case variants of a name cannot both be saved, even racing.
    name_key: Mapped[str] = mapped_column(String(4 * NAME_LENGTH), unique=True)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(default=utcnow)
    # A hash of the write token changing them needs; none for rules saved
    # before tokens, which only `flask edit-link` opens again.
    token_hash: Mapped[str | None] = mapped_column(String(64))
    # When a game last started from them, so the new-game page offers those.
    used: Mapped[datetime | None] = mapped_column(index=True)


class Season(db.Model):  # type: ignore[name-defined,misc]
    """A club's season: its games are those started from its first to its last day."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # Unique, so two case variants of a name cannot both be saved, even racing.
    name_key: Mapped[str] = mapped_column(String(4 * NAME_LENGTH), unique=True)
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)  # included
    # Only games started from these saved house rules, when set.
    ruleset_id: Mapped[int | None]
    created: Mapped[datetime] = mapped_column(default=utcnow)
    # The ladder of its club nights (NIGHTS.md): best nights counted (all when
    # None), nights needed to be ranked, and what ranks first.
    best_nights: Mapped[int | None]
    min_nights: Mapped[int] = mapped_column(default=1, server_default="1")
    rank_by: Mapped[str] = mapped_column(
        String(10), default="wins", server_default="wins"
    )


class RequestKey(db.Model):  # type: ignore[name-defined,misc]
    """What a write sent with an Idempotency-Key or a form id answered, for repeats."""

    __tablename__ = "request_key"

    # A hash of where the request went and its key: the key itself is not kept.
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    # A hash of what the request asked, so a repeat asking otherwise is told.
    digest: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    # The JSON answered (without a write token), or the page redirected to.
    answer: Mapped[str] = mapped_column(Text)
    # A write token the answer carried, sealed with the server's secret key.
    sealed: Mapped[str | None] = mapped_column(String(128))
    created: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class DeviceGrant(db.Model):  # type: ignore[name-defined,misc]
    """What one phone may write: a game or saved house rules, and its sealed token."""

    __tablename__ = "device_grant"
    __table_args__ = (UniqueConstraint("device", "kind", "target"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # A hash of the phone's device id: the id itself lives only in its cookie.
    device: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(10))  # "game" or "ruleset"
    target: Mapped[str] = mapped_column(String(32))  # the game's or rule set's id
    # The write token sealed with the device id: only that phone can open it.
    sealed: Mapped[str] = mapped_column(String(128))
    created: Mapped[datetime] = mapped_column(default=utcnow)


class GameKey(db.Model):  # type: ignore[name-defined,misc]
    """Another token that writes a game: a club night director's, for its tables."""

    __tablename__ = "game_key"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)


class PasswordTry(db.Model):  # type: ignore[name-defined,misc]
    """A try at the club password, kept a while so guessing is slowed down.

    In the database, so every worker and server of a club counts the same tries.
    """

    __tablename__ = "password_try"
    __table_args__ = (Index("ix_password_try_client_at", "client", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # A keyed hash of where the try came from: the address itself is not kept.
    client: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
