"""Results kept beside the hands: per hand, side and player, written with each write."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql.expression import Update

from ..db import store
from ..db.models import Game, db
from ..db.store import Also, Loaded
from ..scoring import GameState, HandResult, Table, contracting_sides, name_key
from . import counting, ratings, seasonal, standings, tallies
from .models import HandResultRow, PlayerResult, SideResult

Row = dict[str, Any]


class Dated(Protocol):
    """A game as its results name it: its row, or one about to be written."""

    @property
    def id(self) -> str: ...
    @property
    def created(self) -> datetime: ...


def team_key(players: tuple[str, ...]) -> str | None:
    """Return what a team's games share: its players' name keys, or None if alone."""
    return "\n".join(sorted(name_key(p) for p in players)) if len(players) > 1 else None


def kind(result: HandResult) -> str:
    """Return a hand's kind of contract: pass, normal, misere or special."""
    if result.contract is None:
        return "pass"
    if result.contract.is_normal:
        return "normal"
    return "misere" if result.contract.is_misere else "special"


def hand_rows(game_id: str, table: Table, state: GameState, since: int) -> list[Row]:
    """Return the results of hands `since` onwards, as rows."""
    rows = []
    for result in state.hands[since - 1 :]:
        hand, bid, side = result.hand, result.contract, result.hand.side
        bidding = bid is not None and side is not None
        rows.append(
            {
                "game_id": game_id,
                "number": result.number,
                "contract": hand.contract,
                "kind": kind(result),
                "side": side,
                "bidder": hand.bidder,
                "bidder_key": hand.bidder and name_key(hand.bidder),
                "team_key": team_key(table.sides[side].players) if bidding else None,
                "partner_key": hand.partner and name_key(hand.partner),
                "suit": bid and bid.suit,
                "level": bid.tricks if bid and bid.is_normal else None,
                "made": result.made,
                "taken": sum(hand.tricks[s] for s in contracting_sides(table, hand))
                if bidding
                else None,
                "points": result.points[side] if bidding else None,
            }
        )
    return rows


def side_rows(game: Dated, table: Table, state: GameState) -> list[Row]:
    """Return each side's result as rows: totals for and against, and any win."""
    everyone = sum(state.totals)
    return [
        {
            "game_id": game.id,
            "position": position,
            "team_key": team_key(side.players),
            "created": game.created,
            "total": state.totals[position],
            "against": everyone - state.totals[position],
            "finished": state.finished,
            "win": state.ending if state.winner == position else None,
        }
        for position, side in enumerate(table.sides)
    ]


def player_rows(sides: list[Row], table: Table) -> list[Row]:
    """Return each player's result: their side's, with their name and its key."""
    return [
        {
            "game_id": row["game_id"],
            "name_key": name_key(player),
            "name": player,
            "side": row["position"],
            **{k: row[k] for k in ("created", "total", "against", "finished", "win")},
        }
        for row, side in zip(sides, table.sides, strict=True)
        for player in side.players
    ]


def from_replay(
    game: Dated, table: Table, state: GameState, since: int = 1
) -> counting.Rows:
    """Return a game's results from its replay: its hands from `since` on (none
    past its last), its sides' and its players'."""
    sides = side_rows(game, table, state)
    return hand_rows(game.id, table, state, since), sides, player_rows(sides, table)


MODELS = (HandResultRow, SideResult, PlayerResult)
# What a write may change in a side's or a player's row.
MOVING = ("total", "against", "finished", "win")
QUIET = {"synchronize_session": False}


def _moving(model: Any, place: str) -> tuple[str, Update]:
    """Return what finds a game's side or player, and the UPDATE that moves it."""
    table = model.__table__
    found = (table.c.game_id == bindparam("game_"), table.c[place] == bindparam("at_"))
    return place, update(table).where(*found)


# The statements every write runs, built once (building them cost more than SQL).
MOVES = {SideResult: _moving(SideResult, "position")}
MOVES[PlayerResult] = _moving(PlayerResult, "name_key")
ENDED = update(Game.__table__).where(Game.__table__.c.id == bindparam("game_"))


def stored_rows(model: Any, game: Game, since: int = 1) -> list[Row]:
    """Return a game's stored results of one kind (hands from `since` on)."""
    rows = model.__table__
    query = select(rows).where(rows.c.game_id == game.id)
    query = query.order_by(*rows.primary_key)  # sides by position, as tables seat them
    if model is HandResultRow:
        query = query.where(rows.c.number >= since)
    return [dict(row) for row in db.session.execute(query).mappings()]


def stored(game: Game) -> counting.Rows:
    """Return a game's stored results: its hands, sides and players."""
    hands, sides, players = (stored_rows(model, game) for model in MODELS)
    return hands, sides, players


def keep(
    game: Game,
    table: Table,
    state: GameState,
    since: int = 1,
    was: GameState | None = None,
    *,
    fresh: bool = False,
) -> None:
    """Store a game's results after a write that changed its hands from `since` on.

    A fresh game (just made, imported or being rebuilt) has none yet. Any other
    has the rows its last write kept: those of the replay the write started from,
    if it gives it (`was`), else its sides' (the players' are theirs) and its
    hands from `since` on are read back."""
    after = from_replay(game, table, state, since)
    before: counting.Rows = ([], [], [])
    had = 0 if fresh else game.hand_count
    if not fresh:
        kept = since <= game.hand_count  # a hand recorded at the end replaces none
        if was is not None:
            before = from_replay(game, table, was, since)
        else:
            hands = stored_rows(HandResultRow, game, since) if kept else []
            stood = stored_rows(SideResult, game)
            before = (hands, stood, player_rows(stood, table))
        if kept:
            gone = delete(HandResultRow).where(
                HandResultRow.game_id == game.id, HandResultRow.number >= since
            )
            db.session.execute(gone.execution_options(**QUIET))
    rated = not fresh and (game.ending is not None or state.finished)
    marked = seasonal.NO_GAME if fresh else seasonal.mark(game.ending is not None, had)
    ended = {"ending": state.ending, "winner": state.winner}
    ended["hand_count"] = len(state.hands)
    if fresh:  # the game's row is about to be written with them
        for name, value in ended.items():
            setattr(game, name, value)
    else:  # the game's row is written already: set them alone, in Core
        db.session.execute(ENDED, {"game_": game.id, **ended})
        for name, value in ended.items():
            set_committed_value(game, name, value)
    # Core statements on the tables: the ORM's bulk paths cost more than SQL.
    if after[0]:
        db.session.execute(insert(HandResultRow.__table__), after[0])
    # Sides and players are the game's for good: inserted once, then updated.
    for model, rows in ((SideResult, after[1]), (PlayerResult, after[2])):
        if fresh:
            db.session.execute(insert(model.__table__), rows)
            continue
        place, moving = MOVES[model]
        changed = [
            {"game_": row["game_id"], "at_": row[place], **{k: row[k] for k in MOVING}}
            for row in rows
        ]
        db.session.execute(moving, changed)
    # A game without a hand counts for no one: its first hand brings its
    # players (perhaps new names), its last undone takes them away.
    counted = counting.played(after, len(state.hands))
    before = counting.played(before, had)
    standings.apply(game, before, counted, fresh or not had)
    tallies.apply(before, counted)
    seasonal.move(game, marked, seasonal.mark(state.finished, len(state.hands)))
    if rated:  # a game finished, or a finished one changed: its ratings move
        ratings.refresh(game.created)


def drop(game: Game) -> None:
    """Take a game about to be deleted out of the standings (its rows cascade)."""
    before, gone = counting.played(stored(game), game.hand_count), counting.NOTHING
    standings.apply(game, before, gone)
    tallies.apply(before, gone)
    had = seasonal.mark(game.ending is not None, game.hand_count)
    seasonal.move(game, had, seasonal.NO_GAME)


def replace(game_ids: list[str], rows: counting.Rows) -> None:
    """Store games' results afresh, in bulk: their hands', sides' and players' rows.

    The standings and tallies are left as they were: the caller builds those
    of the names that changed afresh (a merge, merging.py).
    """
    for model, new in zip(MODELS, rows, strict=True):
        gone = delete(model).where(model.game_id.in_(game_ids))
        db.session.execute(gone.execution_options(**QUIET))
        if new:
            db.session.execute(insert(model.__table__), new)


def clear() -> None:
    """Delete every stored result and standing, before a rebuild."""
    for model in MODELS:
        db.session.execute(delete(model).execution_options(synchronize_session=False))
    standings.clear()
    tallies.clear()
    seasonal.forget()
    ratings.clear()


class Change(NamedTuple):
    """What a write to a game did (under its lock, its results kept in the same
    transaction): the state it left, the first hand it changed, and the replay
    it started from if it had one (else its results are read back)."""

    state: GameState
    since: int
    before: GameState | None = None


def locked_write(
    target: Loaded,
    expected_version: int | None,
    work: Callable[[], Change],
    also: Also = None,
    first: Callable[[], object] | None = None,
) -> Loaded:
    """Lock the game, run a write, keep its results, commit; return the new state.
    `first` runs in the same transaction before the game's lock (a night's game
    takes its night's lock first, as a call of time does)."""

    def both() -> tuple[int, GameState]:
        if first is not None:
            first()
        return locked_change(target, expected_version, work, also)

    return kept_change(target, *store.transaction(both))


def locked_change(
    target: Loaded,
    expected_version: int | None,
    work: Callable[[], Change],
    also: Also = None,
) -> tuple[int, GameState]:
    """Lock the game and run a write in the caller's transaction (a night's call
    of time ends all its tables in one); return its version and state."""
    version = store.lock(target.game, expected_version)
    state, since, before = work()
    keep(target.game, target.table, state, since, before)
    if also is not None:
        also(Loaded(target.game, target.rules, target.table, state))
    return version, state


def kept_change(target: Loaded, version: int, state: GameState) -> Loaded:
    """Remember a write's replay once its transaction committed; return the game."""
    db.session.expire(target.game, ["hands"])
    store.remember(target.game, version, state)
    return Loaded(target.game, target.rules, target.table, state)
