"""The tables of results kept beside the hands: per hand, side, player; standings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from ..db.models import Base, db
from ..scoring import ENDINGS

# Results: derived from the hands by replay, written in the same transaction as
# every write that changes them (game_rows.py), rebuilt by `flask rescore`, and
# checked against a fresh replay by a test. Listing pages and statistics read
# them so they never replay every game; they are never trusted over a replay.
TEAM_KEY_LENGTH = 3 * 160 + 2


class SideResult(db.Model):  # type: ignore[name-defined,misc]
    """A side's result in one game: its total, the others' and whether it won."""

    __tablename__ = "side_result"
    # A team's statistics and the game it first played read this index alone.
    __table_args__ = (
        Index("ix_side_result_team", "team_key", "created", "finished", "win"),
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    # A team's players' name keys, sorted, one a line; None for a lone player.
    team_key: Mapped[str | None] = mapped_column(String(TEAM_KEY_LENGTH))
    created: Mapped[datetime]  # the game's, for listing and seasons without a join
    total: Mapped[int]
    against: Mapped[int]  # every other side's total, added up
    finished: Mapped[bool]
    win: Mapped[str | None] = mapped_column(String(20))  # the ending, if it won


class PlayerResult(db.Model):  # type: ignore[name-defined,misc]
    """A player's result in one game: their side's, beside their name key."""

    __tablename__ = "player_result"
    # Games by player (and status), newest first, and a player's statistics.
    __table_args__ = (
        Index(
            "ix_player_result_name", "name_key", "created", "game_id", "finished", "win"
        ),
        Index("ix_player_result_status", "name_key", "finished", "created", "game_id"),
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    name_key: Mapped[str] = mapped_column(String(160), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    side: Mapped[int]
    created: Mapped[datetime]
    total: Mapped[int]
    against: Mapped[int]
    finished: Mapped[bool]
    win: Mapped[str | None] = mapped_column(String(20))


class HandResultRow(db.Model):  # type: ignore[name-defined,misc]
    """One hand scored (the engine's HandResult, stored): who bid what, and how."""

    __tablename__ = "hand_result"
    # Contracts by bidder and by team, counted from these indexes alone.
    __table_args__ = (
        Index(
            "ix_hand_result_bidder",
            *("bidder_key", "kind", "suit", "level", "made", "taken"),
        ),
        Index(
            "ix_hand_result_team",
            *("team_key", "kind", "suit", "level", "made", "taken"),
        ),
    )

    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    contract: Mapped[str] = mapped_column(String(40))
    # pass, normal (a number of tricks in a suit), misere (made by taking none,
    # or exactly some) or special
    kind: Mapped[str] = mapped_column(String(10))
    side: Mapped[int | None]
    bidder: Mapped[str | None] = mapped_column(String(40))
    bidder_key: Mapped[str | None] = mapped_column(String(160))
    team_key: Mapped[str | None] = mapped_column(String(TEAM_KEY_LENGTH))
    partner_key: Mapped[str | None] = mapped_column(String(160))
    suit: Mapped[str | None] = mapped_column(String(2))
    level: Mapped[int | None]  # the tricks a normal contract needs
    made: Mapped[bool | None]
    taken: Mapped[int | None]  # the contracting sides' tricks
    points: Mapped[int | None]  # what the bidder's side scored on it


# What a player's or team's statistics count, every game they sat in added up:
# games and wins; contracts bid and made, in all, by kind, suit and level; and
# the tricks bid and taken on trick contracts. Then what a player's page adds:
# their sides' points for and against; games lost, by how the winners won;
# contracts set (two tricks short, or a misere lost) and ralphed (three); hands
# their side bid and its points on them; hands another side bid.
COUNTERS = (
    *("games", "finished", "wins", "front_door", "back_door", "other_wins"),
    *("bid", "made", "misere_bid", "misere_made", "special_bid", "special_made"),
    *("tricks_bid", "tricks_taken"),
    *(f"{c}_{k}" for k in ("s", "c", "d", "h", "nt") for c in ("bid", "made")),
    *(f"{c}_{n}" for n in range(6, 11) for c in ("bid", "made")),
    *("points_for", "points_against", *(f"lost_{e}" for e in ENDINGS)),
    *("set", "ralphed", "contracted", "contract_points", "defended"),
)
# One row per player (by name key) or team (by team key) in each scope: all
# time, and each season (its id) that has their games. Kept up to date by
# every write (standings.py), so the statistics page reads a row per name
# instead of every hand ever played. Named as in their first game there.
ALL_TIME = 0
standing = Table(
    "standing",
    Base.metadata,
    Column("scope", Integer, primary_key=True, autoincrement=False),
    Column("who", String(TEAM_KEY_LENGTH), primary_key=True),
    Column("team", Boolean, nullable=False),
    Column("name", String(3 * 40 + 6), nullable=False),
    Column("players", String(3 * 40 + 2), nullable=False),
    Column("first_created", DateTime, nullable=False),
    Column("first_game", String(32), nullable=False),
    *(Column(counter, Integer, nullable=False) for counter in COUNTERS),
    # The statistics page reads the most games, then wins, first: a page of rows.
    Index("ix_standing_rank", "scope", "team", "games", "wins"),
)
# A season's standings read most wins first, then fewest games: a page of rows.
Index(
    "ix_standing_wins",
    *(standing.c.scope, standing.c.team, standing.c.wins.desc()),
    *(standing.c.games, standing.c.who),
)


# Beside the standings, per player: each other player met in a finished game,
# beside them or against them, with the games and that other's wins (a
# player's best partners and toughest opponents); and how often each spelling
# of their name was typed (a player is shown as most often typed). Moved with
# the standings by every write (tallies.py).
pair = Table(
    "pair",
    Base.metadata,
    Column("who", String(160), primary_key=True),
    Column("beside", Boolean, primary_key=True),
    Column("other", String(160), primary_key=True),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)
spelling = Table(
    "spelling",
    Base.metadata,
    Column("who", String(160), primary_key=True),
    Column("name", String(40), primary_key=True),
    Column("games", Integer, nullable=False),
)


class RatingRow(db.Model):  # type: ignore[name-defined,misc]
    """A player's rating just after one finished game: derived, rebuilt by rescore."""

    __tablename__ = "rating"
    __table_args__ = (
        Index("ix_rating_player", "name_key", "games"),
        Index("ix_rating_created", "created", "game_id"),
        # A player's first and last rating in a season: two seeks.
        Index("ix_rating_player_created", "name_key", "created", "game_id"),
    )

    name_key: Mapped[str] = mapped_column(String(160), primary_key=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    created: Mapped[datetime]
    mu: Mapped[float]
    sigma: Mapped[float]
    games: Mapped[int]  # rated games so far, this one included


class PlayerRating(db.Model):  # type: ignore[name-defined,misc]
    """A player's rating now: their last RatingRow, kept for the leaderboard."""

    __tablename__ = "player_rating"
    __table_args__ = (Index("ix_player_rating_rank", "ordinal", "name_key"),)

    name_key: Mapped[str] = mapped_column(String(160), primary_key=True)
    mu: Mapped[float]
    sigma: Mapped[float]
    ordinal: Mapped[float]  # mu - 3 sigma: the rating shown and ranked by
    games: Mapped[int]


# How many games each scope holds (all time, each season: its id), how many of
# them ended and how many have a hand (the statistics count those): the
# listing pages' totals, one row read instead of every game counted. Moved by
# every write that makes, ends, reopens, starts or deletes a game (seasonal.py).
game_count = Table(
    "game_count",
    Base.metadata,
    Column("scope", Integer, primary_key=True, autoincrement=False),
    Column("games", Integer, nullable=False),
    Column("finished", Integer, nullable=False),
    Column("played", Integer, nullable=False),
)


# The statements that add rows' counters to a table, inserting the rows not
# there yet: built once for each table and database (ON CONFLICT, PostgreSQL's
# and SQLite's alike).
_ADDING: dict[tuple[str, str], Any] = {}


def add_counters(table: Table, rows: list[dict[str, Any]]) -> None:
    """Add rows' counters (every column but the table's key) to the table's,
    inserting the rows not there yet, in one statement."""
    dialect = db.session.get_bind().dialect.name
    if (table.name, dialect) not in _ADDING:
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        statement = insert(table)
        added = {
            c.name: c + statement.excluded[c.name] for c in table.c if not c.primary_key
        }
        keys = [c.name for c in table.primary_key]
        _ADDING[(table.name, dialect)] = statement.on_conflict_do_update(
            index_elements=keys, set_=added
        )
    db.session.execute(_ADDING[(table.name, dialect)], rows)
