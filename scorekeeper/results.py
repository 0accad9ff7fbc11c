"""Results kept beside the hands: per hand, side and player, written with each write."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, select

from . import standings
from .models import Game, db
from .result_models import HandResultRow, PlayerResult, SideResult
from .scoring import GameState, HandResult, Table, contracting_sides, name_key

Row = dict[str, Any]


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


def side_rows(game: Game, table: Table, state: GameState) -> list[Row]:
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


MODELS = (HandResultRow, SideResult, PlayerResult)


def stored(game: Game, since: int = 1) -> standings.Rows:
    """Return a game's stored results: hands from `since` on, sides, players."""
    found = []
    for model in MODELS:
        rows = model.__table__
        query = select(rows).where(rows.c.game_id == game.id)
        if model is HandResultRow:
            query = query.where(rows.c.number >= since)
        found.append([dict(row) for row in db.session.execute(query).mappings()])
    return found[0], found[1], found[2]


def keep(game: Game, table: Table, state: GameState, since: int = 1) -> None:
    """Store a game's results after a write that changed its hands from `since` on."""
    game.ending, game.winner, game.hand_count = (
        state.ending,
        state.winner,
        len(state.hands),
    )
    before = stored(game, since)
    sides = side_rows(game, table, state)
    after = (hand_rows(game.id, table, state, since), sides, player_rows(sides, table))
    quiet = {"synchronize_session": False}
    for model, rows in zip(MODELS, after, strict=True):
        gone = delete(model).where(model.game_id == game.id)
        if model is HandResultRow:
            gone = gone.where(HandResultRow.number >= since)
        db.session.execute(gone.execution_options(**quiet))
        if rows:
            db.session.execute(insert(model), rows)
    standings.apply(game, before, after)


def drop(game: Game) -> None:
    """Take a game about to be deleted out of the standings (its rows cascade)."""
    standings.apply(game, stored(game), ([], [], []))


def clear() -> None:
    """Delete every stored result and standing, before a rebuild."""
    for model in MODELS:
        db.session.execute(delete(model).execution_options(synchronize_session=False))
    standings.clear()
