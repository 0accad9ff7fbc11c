"""Standings: every player's and team's counters, moved by each write's results.

Kept in scopes: all time, and each season (by its id) whose days (and house
rules, if it keeps to some) cover the game. A write moves the same counters
by the same change in every scope its game falls in.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, bindparam, case, delete, insert, or_, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.expression import Update

from ..db.models import Game, Season, db
from ..scoring import reading_order
from .counting import Rows, counts, fold, labels, moved, team_name
from .models import ALL_TIME, COUNTERS, PlayerResult, SideResult, standing
from .seasonal import holds, in_season, scopes

SIDE = (SideResult.created, SideResult.game_id)
PLAYER = (PlayerResult.created, PlayerResult.game_id)


# The most names one statement binds (SQLite takes 32,766 values at most).
CHUNK = 500
# The statement that adds a new game's counters, built once for each dialect.
_UPSERTS: dict[str, Any] = {}


def _upsert(rows: list[dict[str, Any]]) -> None:
    """Add rows' counters to the standings, inserting new names; keep the first."""
    dialect = db.session.get_bind().dialect.name
    if dialect not in _UPSERTS:
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        statement = insert(standing)
        new = statement.excluded
        earlier = or_(
            new.first_created < standing.c.first_created,
            and_(
                new.first_created == standing.c.first_created,
                new.first_game < standing.c.first_game,
            ),
        )
        kept: dict[str, Any] = {c: standing.c[c] + new[c] for c in COUNTERS}
        for column in ("name", "players", "first_created", "first_game"):
            kept[column] = case((earlier, new[column]), else_=standing.c[column])
        _UPSERTS[dialect] = statement.on_conflict_do_update(
            index_elements=["scope", "who"], set_=kept
        )
    db.session.execute(_UPSERTS[dialect], rows)


def _add(changes: dict[str, dict[str, int]], scope: int) -> None:
    """Add changes to names already standing: one UPDATE, the rows in key order.

    One statement for every row (a counter a row did not change adds 0), so
    the rows are locked in the changes' key order, never a set of counters
    at a time: two writes sharing players cannot lock them crosswise.
    """
    counters = tuple(sorted(set().union(*changes.values())))
    rows = [
        {"scope_": scope, "who_": who, **dict.fromkeys(counters, 0), **change}
        for who, change in changes.items()
    ]
    db.session.execute(_adding(counters), rows)


@functools.lru_cache(maxsize=256)
def _adding(counters: tuple[str, ...]) -> Update:
    """Return the UPDATE that adds to these counters, built once for each set."""
    added = {c: standing.c[c] + bindparam(c) for c in counters}
    here = (
        standing.c.scope == bindparam("scope_"),
        standing.c.who == bindparam("who_"),
    )
    return update(standing).where(*here).values(added)


def apply(game: Game, before: Rows, after: Rows, fresh: bool = False) -> None:
    """Move the standings by what a write changed in one game's results.

    A fresh game may bring names never seen; any other write moves the
    counters of names its game already added. All time first: its rows are
    locked before the seasons are read, so a season being built waits for
    this write, or this write for it (see rebuild).
    """
    changes = moved(counts(*before), counts(*after))
    if not changes:
        return
    _move(game, after, changes, fresh, None)
    for season in scopes(game):
        _move(game, after, changes, fresh, season)


def add(games: Sequence[tuple[str, datetime, Rows]]) -> None:
    """Add new games' results to the standings (an import's batch, no house
    rules), given oldest first: one statement a scope, as apply would leave them.

    All time first, its names in key order, as apply moves them; the seasons
    are read after, so a season being built waits for this batch, or it for
    the season.
    """
    rows = fold(games)
    if not rows:
        return
    _upsert(sorted(rows, key=lambda row: row["who"]))
    for season in db.session.execute(select(Season).order_by(Season.id)).scalars():
        held = [game for game in games if holds(season, game[1], None)]
        rows = fold(held, season.id)
        if rows:
            _upsert(sorted(rows, key=lambda row: row["who"]))


def _move(
    game: Game,
    after: Rows,
    changes: dict[str, dict[str, int]],
    fresh: bool,
    season: Season | None,
) -> None:
    """Move one scope's standings by a write's changes."""
    scope = ALL_TIME if season is None else season.id
    if fresh:
        named = labels(after[2])
        _upsert(
            [
                {
                    "scope": scope,
                    "who": who,
                    "team": "\n" in who,
                    "name": named[who][0],
                    "players": named[who][1],
                    "first_created": game.created,
                    "first_game": game.id,
                    **dict.fromkeys(COUNTERS, 0),
                    **change,
                }
                for who, change in changes.items()
            ]
        )
    else:
        _add(changes, scope)
    if not after[2]:
        _forget([game.id], sorted(changes), season)


def take(games: Sequence[tuple[str, datetime, Rows]]) -> None:
    """Take games just deleted out of the standings (an import undone), as add
    put them in: one statement a scope, then the names they leave or renamed."""
    gone = [game_id for game_id, _, _ in games]
    every: list[Season | None] = [None]
    every += db.session.execute(select(Season).order_by(Season.id)).scalars()
    for season in every:
        held = [g for g in games if season is None or holds(season, g[1], None)]
        rows = fold(held, ALL_TIME if season is None else season.id)
        changes = {r["who"]: {c: -r[c] for c in COUNTERS} for r in rows}
        if changes:
            _add(dict(sorted(changes.items())), rows[0]["scope"])
            _forget(gone, sorted(changes), season)


def _forget(gone: list[str], whos: list[str], season: Season | None) -> None:
    """After games' removal: drop names with no game left, rename the rest."""
    scope = ALL_TIME if season is None else season.id
    here = (standing.c.scope == scope, standing.c.who.in_(whos))
    db.session.execute(delete(standing).where(*here, standing.c.games == 0))
    firsts = select(standing.c.who).where(*here, standing.c.first_game.in_(gone))
    for who in db.session.execute(firsts).scalars().all():
        if "\n" in who:
            within = [] if season is None else in_season(season, *SIDE)
            side = db.session.execute(
                select(SideResult.game_id, SideResult.position, SideResult.created)
                .join(Game, Game.id == SideResult.game_id)
                .where(
                    SideResult.team_key == who,
                    SideResult.game_id.not_in(gone),
                    *within,
                )
                .where(Game.hand_count > 0)
                .order_by(SideResult.created, SideResult.game_id)
                .limit(1)
            ).one()
            names = db.session.execute(
                select(PlayerResult.name).where(
                    PlayerResult.game_id == side.game_id,
                    PlayerResult.side == side.position,
                )
            ).scalars()
            ordered = sorted(names, key=reading_order)
            name, players = team_name(ordered), "\n".join(ordered)
            first_game, first_created = side.game_id, side.created
        else:
            within = [] if season is None else in_season(season, *PLAYER)
            first = db.session.execute(
                select(PlayerResult.name, PlayerResult.game_id, PlayerResult.created)
                .join(Game, Game.id == PlayerResult.game_id)
                .where(Game.hand_count > 0)
                .where(
                    PlayerResult.name_key == who,
                    PlayerResult.game_id.not_in(gone),
                    *within,
                )
                .order_by(PlayerResult.created, PlayerResult.game_id)
                .limit(1)
            ).one()
            name = players = first.name
            first_game, first_created = first.game_id, first.created
        db.session.execute(
            update(standing)
            .where(standing.c.scope == scope, standing.c.who == who)
            .values(
                name=name,
                players=players,
                first_game=first_game,
                first_created=first_created,
            )
        )


def hold() -> None:
    """Let the writes in flight finish and later ones wait, before a fold is read.

    So each game is counted once: by the fold, or by its own write (see
    apply, which moves all time first, then reads seasons). SQLite has one
    writer at a time already.
    """
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("LOCK TABLE standing IN SHARE ROW EXCLUSIVE MODE"))


def touches(who: str, persons: set[str]) -> bool:
    """Return whether a standing's key is one of these persons or a team of theirs."""
    return not persons.isdisjoint(who.split("\n"))


def refold(
    persons: set[str],
    gone: Iterable[str],
    games: Sequence[tuple[str, datetime, Rows]],
    kept_to: dict[str, int | None],
) -> None:
    """Build afresh, in every scope, the standings of persons and of their teams.

    `games` holds every game any of them played, oldest first, with its
    results; `kept_to` each game's saved house rules. `gone` names the keys
    that may have left (their rows go, unless the games still hold them).
    """
    rows = fold(games)
    for season in db.session.execute(select(Season)).scalars():
        held = [game for game in games if holds(season, game[1], kept_to[game[0]])]
        rows += fold(held, season.id)
    rows = [row for row in rows if touches(row["who"], persons)]
    whos = sorted({*gone, *persons, *(row["who"] for row in rows)})
    # A chunk at a time: a player of a thousand teams bound a value a team.
    for start in range(0, len(whos), CHUNK):
        chunk = whos[start : start + CHUNK]
        db.session.execute(delete(standing).where(standing.c.who.in_(chunk)))
    if rows:
        db.session.execute(insert(standing), rows)


def clear(scope: int | None = None) -> None:
    """Delete every standing (or one scope's), before a rebuild."""
    gone = delete(standing)
    if scope is not None:
        gone = gone.where(standing.c.scope == scope)
    db.session.execute(gone)
