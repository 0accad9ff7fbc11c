"""A night's tables as their games' kept rows stand (results/models.py): each
table's sides, totals, hands and the night's winner, and what its hands count
towards the awards, never by replaying every table's hands.

What the night's reads (its page, API, big screen) see of each game is kept by
the game's id and version, which moves with every write to the game as the
night's ETag does: a night drawn again after a hand reads that hand's table
again, not the other tables of its eight rounds. Writes (seating a round,
calling time) read afresh (`played`), never from what is kept.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from sqlalchemy import bindparam
from sqlalchemy.orm import selectinload

from ..db import store
from ..db.kept import Kept
from ..db.models import Game, GameSide, HandRow, Player, db
from ..results.models import HandResultRow, SideResult
from ..scoring import Hand, replay
from . import standings
from .models import NightTable
from .standings import Tallies, tie_winner

Sides = tuple[tuple[str, ...], ...]
HANDS = store.HANDS


@dataclass(frozen=True)
class Played:
    """One table's game as its kept rows stand."""

    game_id: str
    sides: Sides
    totals: tuple[int, ...]
    ending: str | None
    winner: int | None  # the night's winner (the tie rule applied), once ended
    hands: int
    version: int


def seated(game_ids: list[str]) -> dict[str, Sides]:
    """Return these games' sides, each its players in order, in one query."""
    query = (
        db.select(GameSide.game_id, GameSide.position, Player.name)
        .join(Player, Player.side_id == GameSide.id)
        .where(GameSide.game_id.in_(game_ids))
        .order_by(GameSide.game_id, GameSide.position, Player.position)
    )
    found: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for game_id, position, name in db.session.execute(query):
        found[game_id][position].append(name)
    return {g: tuple(tuple(s[p]) for p in sorted(s)) for g, s in found.items()}


# The tie rule's answer for each level game, and what each game shows, by its
# id and version: read once per worker and version, not on every read.
_LEVEL: Kept[tuple[str, int], int] = Kept(4096)
# A 30-table night of 8 rounds is 240 games.
_SHOWN: Kept[tuple[str, int], tuple[Played, Tallies]] = Kept(8192)


def _level_points(game_ids: list[str]) -> dict[str, list[tuple[int, ...]]]:
    """Return each of these games' hands' points, replayed: their rows, sides and
    hands read in four queries however many (a replay this worker remembers at
    the game's version is not made again)."""
    sides = selectinload(Game.sides).selectinload(GameSide.players)
    games = db.session.scalars(
        db.select(Game).where(Game.id.in_(game_ids)).options(sides)
    ).all()
    hands: dict[str, list[Hand]] = defaultdict(list)
    query = db.select(HANDS.game_id, *store.HAND_QUERY.selected_columns)
    for row in db.session.execute(
        query.where(HANDS.game_id.in_(game_ids)).order_by(HANDS.game_id, HANDS.number)
    ):
        hands[row.game_id].append(store.stored_hand(row))
    found = {}
    for game in games:
        rules, table = store.rules_and_table(game)
        state = store.remembered(game, game.version) or replay(
            rules, table, hands[game.id], called=game.called
        )
        found[game.id] = [h.points for h in state.hands]
    return found


def _level_winner(
    game_id: str, version: int, totals: tuple[int, ...], points: list[tuple[int, ...]]
) -> int:
    """The tie rule: the last hand whose points differed decides (a replay, but
    only for a game that ended level, and kept by its version)."""

    def decided() -> int:
        top = max(totals)
        level = [s for s, total in enumerate(totals) if total == top]
        return tie_winner(level, points)

    return _LEVEL.made((game_id, version), decided)


class Head(NamedTuple):
    """A game's row as a night reads it: its ending, winner, hands and version."""

    game_id: str
    ending: str | None
    winner: int | None
    hand_count: int
    version: int


HEAD = (Game.id, Game.ending, Game.winner, Game.hand_count, Game.version)


def _versions(game_ids: list[str]) -> list[Head]:
    rows = db.session.execute(db.select(*HEAD).where(Game.id.in_(game_ids)))
    return [Head(*row) for row in rows]


# A round's games' rows, by the night and the round: one statement built once,
# where a list of 80 games' ids was bound one by one at every read.
_ROUND = (
    db.select(*HEAD)
    .join(NightTable, NightTable.game_id == Game.id)
    .where(NightTable.night_id == bindparam("night"))
    .where(NightTable.round == bindparam("round"))
)


def round_heads(night_id: str, number: int) -> list[Head]:
    """Return the rows (`_versions`) of a night's round's games."""
    rows = db.session.execute(_ROUND, {"night": night_id, "round": number})
    return [Head(*row) for row in rows]


def _played(rows: list[Head]) -> dict[str, Played]:
    """Return these games (their rows of `_versions`) as tables, in two queries
    more (and a replay of each game that ended level, kept by version)."""
    game_ids = [row[0] for row in rows]
    sides = seated(game_ids)
    totals: dict[str, dict[int, int]] = defaultdict(dict)
    query = db.select(SideResult.game_id, SideResult.position, SideResult.total)
    for game_id, position, total in db.session.execute(
        query.where(SideResult.game_id.in_(game_ids))
    ):
        totals[game_id][position] = total
    # The level games the tie rule replays, all at once.
    level = [
        g for g, end, won, _, v in rows if end and won is None and (g, v) not in _LEVEL
    ]
    points = _level_points(level) if level else {}
    found = {}
    for game_id, ending, winner, hands, version in rows:
        seats = sides[game_id]
        score = tuple(totals[game_id].get(s, 0) for s in range(len(seats)))
        if ending is not None and winner is None:
            winner = _level_winner(game_id, version, score, points.get(game_id, []))
        found[game_id] = Played(game_id, seats, score, ending, winner, hands, version)
    return found


def played(game_ids: list[str]) -> dict[str, Played]:
    """Return each of these games as a night's table, read now (for a write)."""
    return _played(_versions(game_ids)) if game_ids else {}


def _tallies(games: dict[str, Played]) -> dict[str, Tallies]:
    """Return what each game's hands count towards the awards, in one query: the
    kept result of each hand beside its tricks, each side's, as reported."""
    rows = HandResultRow.__table__.c
    query = db.select(
        rows.game_id,
        rows.bidder,
        rows.kind,
        rows.level,
        rows.made,
        rows.points,
        HANDS.side,
        HANDS.partner,
        HANDS.tricks,
    ).join(HandRow, (HANDS.game_id == rows.game_id) & (HANDS.number == rows.number))
    hands: dict[str, list[standings.AwardHand]] = defaultdict(list)
    for game_id, *hand, side, partner, tricks in db.session.execute(
        query.where(rows.game_id.in_(list(games)))
    ):
        tens = standings.all_ten(games[game_id].sides, side, partner, tricks)
        hands[game_id].append((*hand, tens))  # type: ignore[arg-type]
    return {g: standings.tallies(hands[g]) for g in games}


def shown(
    game_ids: list[str], heads: list[Head] | None = None
) -> tuple[dict[str, Played], list[Tallies]]:
    """Return each of these games as a night's table and their awards' tallies,
    reading again only the games written since this worker last read them
    (`heads`: their rows, if read already).

    For what a page or an answer shows, never inside a write's transaction:
    what is kept must be what was committed at that version."""
    if not game_ids:
        return {}, []
    rows = _versions(game_ids) if heads is None else heads
    kept = {g: _SHOWN.get((g, v)) for g, *_, v in rows}
    again = [row for row in rows if kept[row[0]] is None]
    if again:
        fresh = _played(again)
        counted = _tallies(fresh)
        for g, *_, v in again:
            kept[g] = (fresh[g], counted[g])
            _SHOWN.keep((g, v), kept[g])
    games = {g: one[0] for g, one in kept.items() if one is not None}
    return games, [one[1] for one in kept.values() if one is not None]


def forget() -> None:
    """Forget what is kept (tests that count what a first read asks)."""
    _LEVEL.clear()
    _SHOWN.clear()
