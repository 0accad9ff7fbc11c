"""Games in bulk: import from an export file; rebuild what is kept beside hands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from . import store
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
    notes: str = ""


def import_games(games: Sequence[PastGame]) -> list[tuple[str, str]]:
    """Recreate exported games in one transaction; return each id and new token."""

    def work() -> list[tuple[str, str]]:
        made = []
        for past in games:
            game, token = game_row(past.name, past.rules, past.table, past.notes)
            if past.id is not None:
                if db.session.get(Game, past.id) is not None:
                    raise Conflict(f"Game {past.id} is already in the database.")
                game.id = past.id
            if past.created is not None:
                game.created = past.created
            for number, played in enumerate(past.hands, start=1):
                game.hands.append(store.hand_row(number, played))
            store.keep_ending(game, replay(past.rules, past.table, past.hands))
            db.session.add(game)
            db.session.flush()
            made.append((game.id, token))
        return made

    return store.transaction(work, Conflict("Two games in the file share an id."))


def rescore() -> int:
    """Rebuild every value stored beside the hands from a replay; return the count."""

    def work() -> int:
        games = db.session.execute(db.select(Game)).scalars().all()
        for game in games:
            # Replay the rows themselves: a remembered replay is not a rebuild.
            rules, table = rules_from_dict(game.rules), store.game_table(game)
            store.keep_ending(game, store.replay_rows(game, rules, table))
        return len(games)

    return store.transaction(work)
