"""Standings: every player's and team's counters, moved by each write's results.

Kept in scopes: all time, and each season (by its id) whose days (and house
rules, if it keeps to some) cover the game. A write moves the same counters
by the same change in every scope its game falls in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import and_, bindparam, case, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from .models import Game, Season, db
from .result_models import ALL_TIME, COUNTERS, PlayerResult, SideResult, standing
from .seasonal import in_season, scopes

WIN_KINDS = ("front_door", "back_door")
SIDE = (SideResult.created, SideResult.game_id)
PLAYER = (PlayerResult.created, PlayerResult.game_id)
Row = Mapping[str, Any]
Rows = tuple[list[Row], list[Row], list[Row]]  # a game's hands, sides, players


def team_name(players: Iterable[str]) -> str:
    """Return a team's name from its players, the same whatever the seating."""
    return " & ".join(sorted(players, key=str.casefold))


def _outcome(counts: Counter[str], row: Row) -> None:
    counts["games"] += 1
    counts["finished"] += int(bool(row["finished"]))
    counts["points_for"] += row["total"]
    counts["points_against"] += row["against"]
    if row["win"] is not None:
        counts["wins"] += 1
        counts[row["win"] if row["win"] in WIN_KINDS else "other_wins"] += 1


def _bid(counts: Counter[str], row: Row) -> None:
    made = int(bool(row["made"]))
    counts["bid"] += 1
    counts["made"] += made
    if row["kind"] == "normal":
        for key in (row["suit"].lower(), row["level"]):
            counts[f"bid_{key}"] += 1
            counts[f"made_{key}"] += made
        counts["tricks_bid"] += row["level"]
        counts["tricks_taken"] += row["taken"]
    else:
        kind = "misere" if row["kind"] == "misere" else "special"
        counts[f"{kind}_bid"] += 1
        counts[f"{kind}_made"] += made


def counts(
    hands: Iterable[Row], sides: Iterable[Row], players: Iterable[Row]
) -> dict[str, Counter[str]]:
    """Return what result rows add to each player's (name key) and team's counters."""
    found: dict[str, Counter[str]] = {}
    for row in players:
        _outcome(found.setdefault(row["name_key"], Counter()), row)
    for row in sides:
        if row["team_key"] is not None:
            _outcome(found.setdefault(row["team_key"], Counter()), row)
    for row in hands:
        if row["kind"] == "pass":
            continue
        for who in (row["bidder_key"], row["team_key"]):
            if who is not None:
                _bid(found.setdefault(who, Counter()), row)
    return found


def labels(players: Iterable[Row]) -> dict[str, tuple[str, str]]:
    """Return each player's and team's name and players in one game's results."""
    sides: dict[int, list[Row]] = {}
    found = {}
    for row in players:
        found[row["name_key"]] = (row["name"], row["name"])
        sides.setdefault(row["side"], []).append(row)
    for rows in sides.values():
        if len(rows) > 1:  # a team: keyed as results.team_key keys it
            key = "\n".join(sorted(r["name_key"] for r in rows))
            ordered = sorted((r["name"] for r in rows), key=str.casefold)
            found[key] = (team_name(ordered), "\n".join(ordered))
    return found


def fold(
    games: Iterable[tuple[str, Any, Rows]], scope: int = ALL_TIME
) -> list[dict[str, Any]]:
    """Return the standings of games' results, given oldest first, as rows."""
    found: dict[str, dict[str, Any]] = {}
    for game_id, created, (hands, sides, players) in games:
        named = labels(players)
        for who, counted in counts(hands, sides, players).items():
            if who not in found:
                name, seated = named[who]
                found[who] = {
                    "scope": scope,
                    "who": who,
                    "team": "\n" in who,
                    "name": name,
                    "players": seated,
                    "first_created": created,
                    "first_game": game_id,
                    **dict.fromkeys(COUNTERS, 0),
                }
            for counter, value in counted.items():
                found[who][counter] += value
    return list(found.values())


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
    """Add changes to names already standing: one UPDATE per set of counters."""
    alike: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for who, change in changes.items():
        alike.setdefault(tuple(sorted(change)), []).append({"who_": who, **change})
    for counters, rows in alike.items():
        moved = {c: standing.c[c] + bindparam(c) for c in counters}
        query = update(standing).where(
            standing.c.scope == scope, standing.c.who == bindparam("who_")
        )
        db.session.execute(query.values(moved), rows)


def apply(game: Game, before: Rows, after: Rows, fresh: bool = False) -> None:
    """Move the standings by what a write changed in one game's results.

    A fresh game may bring names never seen; any other write moves the
    counters of names its game already added. All time first: its rows are
    locked before the seasons are read, so a season being built waits for
    this write, or this write for it (see rebuild).
    """
    old, new = counts(*before), counts(*after)
    changes = {}
    # In key order: concurrent writes lock the same rows in the same order.
    for who in sorted(old.keys() | new.keys()):
        was, now = old.get(who, Counter()), new.get(who, Counter())
        change = {c: now[c] - was[c] for c in was.keys() | now.keys()}
        change = {c: moved for c, moved in change.items() if moved}
        if change:
            changes[who] = change
    if not changes:
        return
    _move(game, after, changes, fresh, None)
    for season in scopes(game):
        _move(game, after, changes, fresh, season)


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
        _forget(game, sorted(changes), season)


def _forget(game: Game, whos: list[str], season: Season | None) -> None:
    """After a game's removal: drop names with no game left, rename the rest."""
    scope = ALL_TIME if season is None else season.id
    here = (standing.c.scope == scope, standing.c.who.in_(whos))
    db.session.execute(delete(standing).where(*here, standing.c.games == 0))
    firsts = select(standing.c.who).where(*here, standing.c.first_game == game.id)
    for who in db.session.execute(firsts).scalars().all():
        if "\n" in who:
            within = [] if season is None else in_season(season, *SIDE)
            side = db.session.execute(
                select(SideResult.game_id, SideResult.position, SideResult.created)
                .where(
                    SideResult.team_key == who, SideResult.game_id != game.id, *within
                )
                .order_by(SideResult.created, SideResult.game_id)
                .limit(1)
            ).one()
            names = db.session.execute(
                select(PlayerResult.name).where(
                    PlayerResult.game_id == side.game_id,
                    PlayerResult.side == side.position,
                )
            ).scalars()
            ordered = sorted(names, key=str.casefold)
            name, players = team_name(ordered), "\n".join(ordered)
            first_game, first_created = side.game_id, side.created
        else:
            within = [] if season is None else in_season(season, *PLAYER)
            first = db.session.execute(
                select(PlayerResult.name, PlayerResult.game_id, PlayerResult.created)
                .where(
                    PlayerResult.name_key == who,
                    PlayerResult.game_id != game.id,
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


def clear(scope: int | None = None) -> None:
    """Delete every standing (or one scope's), before a rebuild."""
    gone = delete(standing)
    if scope is not None:
        gone = gone.where(standing.c.scope == scope)
    db.session.execute(gone)
