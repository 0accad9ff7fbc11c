"""Games in bulk: import from an export file; rebuild the results kept beside hands."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import delete, func, insert, select
from sqlalchemy.orm import selectinload

from ..db import bulk, store
from ..db.models import Game, db, new_game_id, utcnow
from ..errors import N_, BadInput, Conflict
from ..scoring import GameState, Hand, Rules, Table, replay, rules_from_dict
from . import counting, game_rows, ratings, seasonal, standings, tallies
from .models import RatingRow


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
    said: Said | None = None


@dataclass(frozen=True)
class Said:
    """The scores an export file gives beside the hands, to be checked by replay."""

    # Each side's score, or None when the file gives none.
    scores: tuple[object, ...] | None = None
    # Each hand's points and totals as the file gives them (absent ones left out).
    hands: tuple[tuple[tuple[str, object], ...], ...] = ()


# Games written a transaction: the SQLite write lock is held this long only
# (about half a second, each table's rows in one statement), so phones scoring
# while an import runs wait a moment, not the whole import. Fewer would cost
# more: a batch adds each name's standings and tallies once, whatever its games.
BATCH = 500


def replayed(past: PastGame) -> GameState:
    """Return a game from an export file replayed, so every hand is checked,
    and refuse scores the file gives that the hands do not make."""
    state = replay(past.rules, past.table, past.hands)
    said = past.said or Said()
    for number, (given, played) in enumerate(
        zip(said.hands, state.hands, strict=False), start=1
    ):
        for field, value in given:
            made = list(getattr(played, field))
            if value != made or not _whole_numbers(value):
                raise BadInput(
                    N_(
                        "Hand %(number)s's %(named)s in the file, %(shown)s, are not "
                        "what its hand makes, %(made)s."
                    ),
                    field,
                    number,
                    number=number,
                    named=field,
                    shown=_shown(value),
                    made=made,
                )
    totals = list(state.totals)
    if said.scores is not None and (
        list(said.scores) != totals or not _whole_numbers(said.scores)
    ):
        raise BadInput(
            N_(
                "The sides' scores in the file, %(shown)s, are not what the hands "
                "make, %(totals)s."
            ),
            "score",
            shown=_shown(list(said.scores)),
            totals=totals,
        )
    return state


def _whole_numbers(values: object) -> bool:
    """Return whether values are a list of whole numbers (not true or false)."""
    return isinstance(values, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    )


def _shown(value: object) -> str:
    """Return a value from the file as a message shows it, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_ids(games: Sequence[PastGame]) -> None:
    """Refuse ids the file gives twice or the database already has."""
    ids = [past.id for past in games if past.id is not None]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise Conflict(
            N_("Two games in the file share the id %(twice)s."), "id", twice=twice
        )
    for start in range(0, len(ids), 500):
        query = db.select(Game.id).where(Game.id.in_(ids[start : start + 500]))
        there = db.session.execute(query).scalar()
        if there is not None:
            raise Conflict(
                N_("Game %(there)s is already in the database."), "id", there=there
            )


def _write(
    batch: Iterable[tuple[PastGame, GameState]],
) -> tuple[list[tuple[str, str]], datetime | None]:
    """Add a batch of checked games, each table's rows in one statement; return
    each id and new write token, and the earliest date among them."""
    games = [
        bulk.NewGame(
            past.id or new_game_id(),
            past.created or utcnow(),
            past.name,
            past.notes,
            past.rules,
            past.table,
            past.hands,
            state,
        )
        for past, state in batch
    ]
    # In id order: each index on a game's id is then walked one way, a page
    # at a time, not at random (exported ids are random).
    ordered = sorted(games, key=lambda game: game.id)
    tokens = dict(zip((game.id for game in ordered), bulk.write(ordered), strict=True))
    _keep(ordered)
    made = [(game.id, tokens[game.id]) for game in games]  # in the file's order
    return made, min((game.created for game in games), default=None)


def _keep(games: Sequence[bulk.NewGame]) -> None:
    """Store new games' results as each game's own write would (game_rows.keep),
    in one statement a table and scope for the lot."""
    kept: counting.Rows = ([], [], [])
    played = []
    for game in games:
        rows = game_rows.from_replay(game, game.table, game.state)
        for into, new in zip(kept, rows, strict=True):
            into += new
        played.append((game.id, game.created, counting.played(rows, len(game.hands))))
    for model, new in zip(game_rows.MODELS, kept, strict=True):
        if new:
            db.session.execute(insert(model.__table__), new)
    played.sort(key=lambda game: (game[1], game[0]))  # oldest first, as they count
    standings.add(played)
    tallies.add(rows for _, _, rows in played)
    marks = [(g.created, seasonal.mark(g.state.finished, len(g.hands))) for g in games]
    seasonal.add(marks)


def with_ids(
    games: Sequence[tuple[PastGame, GameState]],
) -> list[tuple[PastGame, GameState]]:
    """Return the games each with its id, the file's or a new one, before any
    is written: an import stopped anywhere knows which to take back."""
    return [
        (replace(past, id=past.id or new_game_id()), state) for past, state in games
    ]


def import_games(
    games: Sequence[tuple[PastGame, GameState]],
) -> Iterator[list[tuple[str, str]]]:
    """Check the ids, then write the games a batch a transaction, yielding each;
    then replay the ratings once, from the earliest game written."""
    _check_ids([past for past, _ in games])
    taken = Conflict(N_("A game's id was taken while the import ran."), "id")
    earliest: list[datetime] = []
    try:
        for start in range(0, len(games), BATCH):
            batch = games[start : start + BATCH]
            made, first = store.transaction(lambda b=batch: _write(b), taken)
            if first is not None:
                earliest.append(first)
            yield made
    finally:
        # Once, not a batch at a time: imported games may be older than some
        # kept (or all share a date), and each replay runs to the newest game.
        if earliest:
            store.transaction(lambda: ratings.refresh(min(earliest)))


def take_back(ids: Sequence[str]) -> int:
    """Delete the games of these ids that are in the database, and their
    results, standings and tallies, as an import left them before it was
    stopped; return how many. A batch a transaction, the last written first,
    so each leaves the database as it was before that batch."""
    db.session.rollback()  # whatever the interrupted import left open
    taken, rated = 0, []
    for start in reversed(range(0, len(ids), BATCH)):
        batch = list(ids[start : start + BATCH])
        count, first = store.transaction(lambda b=batch: _take(b))
        taken += count
        rated += [first] if first is not None else []
    if rated:  # a phone's finished game rated them meanwhile: without them now
        store.transaction(lambda: ratings.refresh(min(rated)))
    return taken


def _take(ids: list[str]) -> tuple[int, datetime | None]:
    """Delete these games, those there, and take them out of what is kept; return
    how many, and the earliest of them rated (by a write that ran meanwhile)."""
    there = db.session.execute(
        select(Game.id, Game.created, Game.hand_count, Game.ending).where(
            Game.id.in_(ids)
        )
    ).all()
    if not there:
        return 0, None
    found: dict[str, counting.Rows] = {game.id: ([], [], []) for game in there}
    for slot, model in enumerate(game_rows.MODELS):  # hands, sides, players
        table = model.__table__
        for row in db.session.execute(select(table).where(table.c.game_id.in_(ids))):
            found[row.game_id][slot].append(dict(row._mapping))
    rated = db.session.execute(
        select(func.min(RatingRow.created)).where(RatingRow.game_id.in_(ids))
    ).scalar()
    db.session.execute(delete(Game).where(Game.id.in_(ids)))
    games = sorted(there, key=lambda game: (game.created, game.id))
    played = [
        (g.id, g.created, counting.played(found[g.id], g.hand_count)) for g in games
    ]
    standings.take(played)
    tallies.take(rows for _, _, rows in played)
    ended = [
        (g.created, seasonal.mark(g.ending is not None, g.hand_count)) for g in games
    ]
    seasonal.take(ended)
    return len(there), rated


def rescore() -> int:
    """Rebuild every result stored beside the hands by replay; return the count."""

    def work() -> int:
        game_rows.clear()
        query = db.select(Game).options(selectinload(Game.hands))
        games = db.session.execute(query).scalars().all()
        for game in games:
            # Replay the rows themselves: a remembered replay is not a rebuild.
            rules, table = rules_from_dict(game.rules), store.game_table(game)
            state = store.replay_rows(game, rules, table)
            game_rows.keep(game, table, state, fresh=True)
        ratings.refresh()
        return len(games)

    return store.transaction(work)
