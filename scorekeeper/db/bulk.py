"""New games written many at once (an import's batch): one INSERT a table.

The ORM's unit of work wrote a game in a dozen statements; here each table's
rows for the whole batch go in one statement (an executemany), and the sides'
new ids are read back in one more: a RETURNING in the order sent is no
batch on SQLite (without a sentinel column SQLAlchemy sends it row by row).
Plain SQL, the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, insert, select

from ..scoring import GameState, Hand, Rules, Table, name_key, rules_to_dict
from . import store, tokens
from .models import Game, GameSide, HandRow, Player, db


@dataclass(frozen=True)
class NewGame:
    """A game to write: its id, date, name and notes, rules, table, hands and
    their replay (which says how it ended)."""

    id: str
    created: datetime
    name: str
    notes: str
    rules: Rules
    table: Table
    hands: Sequence[Hand]
    state: GameState


# Built once: building a statement costs more than running it on a batch.
GAMES = insert(Game.__table__)
SIDES = insert(GameSide.__table__)
SIDE = GameSide.__table__.c
SIDE_IDS = select(SIDE.game_id, SIDE.position, SIDE.id).where(
    SIDE.game_id.in_(bindparam("games", expanding=True))
)
PLAYERS = insert(Player.__table__)
HANDS = insert(HandRow.__table__)


def game_values(
    game: NewGame, rules: dict[str, Any], token_hash: str
) -> dict[str, Any]:
    """Return a new game's row as a write of its hands leaves it."""
    state = game.state
    return {
        "id": game.id,
        "created": game.created,
        **store.game_columns(game.name, game.table, game.notes),
        "rules": rules,
        "version": 1,
        "renames": 0,
        "token_hash": token_hash,
        "ending": state.ending,
        "winner": state.winner,
        "hand_count": len(state.hands),
        "called": False,
        "ruleset_id": None,
    }


def write(games: Sequence[NewGame]) -> list[str]:
    """Write new games with their sides, players and hands, in five statements
    whatever their number; return each game's write token."""
    made, rows, sides, seated, hands = [], [], [], [], []
    written: dict[Rules, dict[str, Any]] = {}  # a club plays a few rule sets
    for game in games:
        token, token_hash = tokens.new_token()
        made.append(token)
        if game.rules not in written:
            written[game.rules] = rules_to_dict(game.rules)
        rows.append(game_values(game, written[game.rules], token_hash))
        for position, side in enumerate(game.table.sides):
            sides.append({"game_id": game.id, "position": position, "name": side.name})
            seated.append((game.id, position, side.players))
        hands += [
            {"game_id": game.id, **store.hand_values(number, hand)}
            for number, hand in enumerate(game.hands, start=1)
        ]
    if not rows:
        return made
    db.session.execute(GAMES, rows)
    db.session.execute(SIDES, sides)
    found = db.session.execute(SIDE_IDS, {"games": [row["id"] for row in rows]})
    side_ids = {(game_id, position): side_id for game_id, position, side_id in found}
    players = [
        {
            "side_id": side_ids[game_id, position],
            "position": i,
            "name": name,
            "name_key": name_key(name),
        }
        for game_id, position, names in seated
        for i, name in enumerate(names)
    ]
    db.session.execute(PLAYERS, players)
    if hands:
        db.session.execute(HANDS, hands)
    return made
