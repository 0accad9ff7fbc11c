"""Games in bulk: import from an export file; rebuild the results kept beside hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import selectinload

from . import results, store
from .errors import Conflict
from .models import Game, db
from .scoring import Hand, Rules, Table, replay, rules_from_dict
from .services import game_row


@dataclass(frozen=True)
class PastGame:
    """A game from an export file: its table, rules and hands, maybe its id and date."""

    name: str
    rules: Rules
    table: Table
    hands: tuple[Hand, ...]
    id: str | None = None
    created: datetime | None = None


def import_games(games: Sequence[PastGame]) -> list[tuple[str, str]]:
    """Recreate exported games in one transaction; return each id and new token."""

    def work() -> list[tuple[str, str]]:
        made = []
        for past in games:
            game, token = game_row(past.name, past.rules, past.table)
            if past.id is not None:
                if db.session.get(Game, past.id) is not None:
                    raise Conflict(f"Game {past.id} is already in the database.")
                game.id = past.id
            if past.created is not None:
                game.created = past.created
            for number, played in enumerate(past.hands, start=1):
                game.hands.append(store.hand_row(number, played))
            db.session.add(game)
            db.session.flush()
            results.keep(game, past.table, replay(past.rules, past.table, past.hands))
            made.append((game.id, token))
        return made

    return store.transaction(work, Conflict("Two games in the file share an id."))


def rescore() -> int:
    """Rebuild every result stored beside the hands by replay; return the count."""

    def work() -> int:
        results.clear()
        query = db.select(Game).options(selectinload(Game.hands))
        games = db.session.execute(query).scalars().all()
        for game in games:
            # Replay the rows themselves: a remembered replay is not a rebuild.
            rules, table = rules_from_dict(game.rules), store.game_table(game)
            results.keep(game, table, store.replay_rows(game, rules, table))
        return len(games)

    return store.transaction(work)
