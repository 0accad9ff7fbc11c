"""Games in the database: transactions, the lock, remembered replays, loading."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import bindparam, insert, inspect, select, update
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import lazyload
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import N_, AppError, Busy, NotFound, Stale
from ..scoring import (
    GameState,
    Hand,
    Rules,
    Table,
    make_table,
    name_key,
    replay,
    rules_from_dict,
    rules_to_dict,
)
from ..text import TEXT_LIMIT, clean_text, default_name
from . import last, tokens
from .heads import GAME_ID
from .kept import Kept
from .models import Game, GameSide, HandRow, Player, db

T = TypeVar("T")


@dataclass
class Loaded:
    """A game as one request sees it: its row, rules, table and replayed state."""

    game: Game
    rules: Rules
    table: Table
    state: GameState

    @property
    def id(self) -> str:
        """Return the game's id."""
        return self.game.id

    @property
    def version(self) -> int:
        """Return the game's version, bumped by every write."""
        return self.game.version

    @property
    def token_hash(self) -> str:
        """Return the hash of the game's write token."""
        return self.game.token_hash


def game_table(game: Game) -> Table:
    """Return a stored game's sides, seats and first dealer."""
    sides = [(s.name, [p.name for p in s.players]) for s in game.sides]
    return make_table(sides, game.first_dealer, kept=True)


def stored_hand(row: HandRow | Row[Any]) -> Hand:
    """Return a stored hand (its row, or HAND_QUERY's) as the engine takes it."""
    return Hand(
        row.contract,
        tuple(row.tricks),
        side=row.side,
        bidder=row.bidder,
        partner=row.partner,
        first_out=row.first_out,
    )


def hand_values(number: int, hand: Hand) -> dict[str, Any]:
    """Return a hand as the columns of its row."""
    return {
        "number": number,
        "contract": hand.contract,
        "side": hand.side,
        "bidder": hand.bidder,
        "partner": hand.partner,
        "first_out": hand.first_out,
        "tricks": list(hand.tricks),
    }


def hand_row(number: int, hand: Hand) -> HandRow:
    """Return a hand as a row to store."""
    return HandRow(**hand_values(number, hand))


# A game's hands, and a new one, in Core: a third of the cost of ORM rows.
HANDS = HandRow.__table__.c
HAND_QUERY = (
    select(
        HANDS.contract,
        HANDS.tricks,
        HANDS.side,
        HANDS.bidder,
        HANDS.partner,
        HANDS.first_out,
    )
    .where(HANDS.game_id == bindparam("game"))
    .order_by(HANDS.number)
)
ADD_HAND = insert(HandRow.__table__)


def add_hand(game: Game, number: int, hand: Hand) -> None:
    """Store a game's next hand (not through game.hands: that loads every row)."""
    db.session.execute(ADD_HAND, {"game_id": game.id, **hand_values(number, hand)})


# Replays remembered by game and version, so a long game is not replayed on
# every request. An entry is made only by a write, from the rows it read while
# holding the game's lock, and only once that write has committed; every write
# bumps the version, and a game re-created with the same id has a new token
# hash. So an entry always describes exactly the hands of its version. It is
# derived state, never a second truth: a miss replays the rows.
_REPLAYS: Kept[tuple[str, str, int], GameState] = Kept(256)


def remembered(game: Game, version: int) -> GameState | None:
    """Return the remembered replay of a game at a version, if any."""
    return _REPLAYS.get((game.id, game.token_hash, version))


def remember(game: Game, version: int, state: GameState) -> None:
    """Remember a committed game's replay at its version."""
    _REPLAYS.keep((game.id, game.token_hash, version), state)


def replay_rows(game: Game, rules: Rules, table: Table) -> GameState:
    """Replay a game's stored hands (read in Core, unless loaded with the game)."""
    if "hands" in inspect(game).unloaded:
        rows: Iterable[HandRow | Row[Any]] = db.session.execute(
            HAND_QUERY, {"game": game.id}
        )
    else:
        rows = game.hands
    return replay(rules, table, [stored_hand(h) for h in rows], called=game.called)


# A game's rules and table change only when a player in it is renamed, which
# counts in `renames` (a game made again under its id has a new token hash):
# built once, they are kept by those, so a request reads the game's row alone,
# not its sides and players.
_TABLES: Kept[tuple[str, str, int], tuple[Rules, Table]] = Kept(1024)


def keep_table(game: Game, rules: Rules, table: Table) -> None:
    """Keep a game's rules and table, as it was made or first read."""
    _TABLES.keep((game.id, game.token_hash, game.renames), (rules, table))


def rules_and_table(game: Game) -> tuple[Rules, Table]:
    """Return a game's rules and table, built from its rows once."""
    found = _TABLES.get((game.id, game.token_hash, game.renames))
    if found is None:
        found = rules_from_dict(game.rules), game_table(game)
        keep_table(game, *found)
    return found


def loaded(game: Game) -> Loaded:
    """Return a game row with its rules, table and state, each built once."""
    rules, table = rules_and_table(game)
    state = remembered(game, game.version) or replay_rows(game, rules, table)
    return Loaded(game, rules, table, state)


def load(game_id: str) -> Loaded:
    """Return the game with this id, loaded, or raise NotFound."""
    # Its sides load only if its table is not kept already.
    lazily = [lazyload(Game.sides)]
    game = (
        db.session.get(Game, game_id, options=lazily)
        if GAME_ID.fullmatch(game_id)
        else None
    )
    if game is None:
        raise NotFound(N_("There is no game with that id."))
    return loaded(game)


def game_columns(name: str, table: Table, notes: str) -> dict[str, Any]:
    """Return a new game's own columns but its rules: name, notes, first dealer."""
    name = clean_text(name, "name") or default_name(s.name for s in table.sides)
    return {
        "name": name[:TEXT_LIMIT],
        "notes": clean_text(notes, "notes"),
        "first_dealer": table.first_dealer,
    }


def game_row(
    name: str, rules: Rules, table: Table, notes: str = ""
) -> tuple[Game, str]:
    """Return a new game's row, with its sides and players, and its write token."""
    token, token_hash = tokens.new_token()
    game = Game(
        **game_columns(name, table, notes),
        rules=rules_to_dict(rules),
        token_hash=token_hash,
    )
    for position, side in enumerate(table.sides):
        players = [
            Player(position=i, name=p, name_key=name_key(p))
            for i, p in enumerate(side.players)
        ]
        game.sides.append(GameSide(position=position, name=side.name, players=players))
    return game, token


def called(game_id: str) -> bool:
    """Return whether time was called on a game, as the database has it now."""
    query = select(GAMES.called).where(GAMES.id == game_id)
    return bool(db.session.execute(query).scalar())


# On SQLite, this process's writes take turns on a lock of its own. SQLite lets
# one connection write at a time, and one that finds another writing sleeps in
# growing steps (1, 2, 5 ... 100 ms) before it tries again: a room's hands saved
# in the same instant waited up to 700 ms, where a lock wakes the next at once.
# (PostgreSQL queues writers on the game's row lock itself.)
_WRITING = threading.RLock()


def one_writer() -> AbstractContextManager[Any]:
    """Return what a write holds while it runs: this process's turn on SQLite."""
    return _WRITING if db.engine.dialect.name == "sqlite" else nullcontext()


def transaction(work: Callable[[], T], duplicate: AppError | None = None) -> T:
    """Run work and commit, in this process's turn on SQLite (`one_writer`);
    roll everything back on any error."""
    with one_writer():
        try:
            result = work()
            last.commit()
        except IntegrityError:
            # A racing write took the same hand number or name first.
            last.rollback()
            raise duplicate or Stale() from None
        except OperationalError as error:
            last.rollback()
            if "locked" in str(error.orig) or "lock timeout" in str(error.orig):
                raise Busy() from None
            raise
        except BaseException:
            last.rollback()
            raise
    return result


KEPT = ("version", "ending", "winner", "hand_count", "called")
GAMES = Game.__table__.c
# Built once, in Core: building an ORM update on every write cost a third of a ms.
# The row as it now stands comes back with the bump: another write may have
# landed between the request's first read and the lock (a hand, or a club
# night's call of time, which a hand must see under the lock).
BUMP = (
    update(Game.__table__)
    .where(GAMES.id == bindparam("game"))
    .values(version=GAMES.version + 1)
    .returning(*(GAMES[name] for name in KEPT))
)
BUMP_IF = BUMP.where(GAMES.version == bindparam("expected"))


def lock(game: Game, expected_version: int | None) -> int:
    """Bump the version first: it takes the write lock and checks If-Match."""
    if expected_version is None:
        bumped = db.session.execute(BUMP, {"game": game.id})
    else:
        bumped = db.session.execute(
            BUMP_IF, {"game": game.id, "expected": expected_version}
        )
    found = bumped.first()
    if found is None:
        raise Stale()
    for name, value in zip(KEPT, found, strict=True):
        set_committed_value(game, name, value)
    # Read the hands again inside the locked transaction, should a write need them.
    db.session.expire(game, ["hands"])
    return game.version


# What else a write keeps in its own transaction, given the game it leaves (and
# a new game's write token): the answer to a repeat, a phone's right to write.
Also = Callable[[Loaded], None] | None
AlsoMade = Callable[[Loaded, str], None] | None
