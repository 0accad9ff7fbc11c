"""Tallies kept per player beside the standings: the pairs met, the spellings typed.

Moved by the same rows and in the same transaction as the standings (each
write's results before and after, game_rows.py), in key order, so a player's
page reads a few rows however many games they played; rebuilt by rescore.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Table, delete, insert, or_

from ..db.models import db
from .counting import Row, Rows, moved
from .models import add_counters, pair, spelling

Key = tuple[Any, ...]


def pairs(players: Iterable[Row]) -> dict[Key, Counter[str]]:
    """Return what a finished game adds to each pair of its players.

    Keyed (player, beside, other): the game, and a win if the other's side won.
    """
    players = list(players)
    found: defaultdict[Key, Counter[str]] = defaultdict(Counter)
    for me in players:
        if not me["finished"]:
            continue
        for them in players:
            if them["name_key"] != me["name_key"]:
                key = (me["name_key"], them["side"] == me["side"], them["name_key"])
                counted = found[key]
                counted["games"] += 1
                counted["wins"] += them["win"] is not None
    return dict(found)


def spellings(players: Iterable[Row]) -> dict[Key, Counter[str]]:
    """Return what a game adds to each spelling of its players' names: a game."""
    return {(row["name_key"], row["name"]): Counter(games=1) for row in players}


TALLIES: tuple[tuple[Table, Callable[[Iterable[Row]], dict[Key, Counter[str]]]], ...]
TALLIES = ((pair, pairs), (spelling, spellings))
TALLIES_BY_NAME = {table.name: table for table, _ in TALLIES}


@functools.cache
def _columns(table: Table) -> tuple[list[str], dict[str, int]]:
    """Return a table's key columns, and its counters at zero."""
    keys = [c.name for c in table.primary_key]
    return keys, dict.fromkeys((c.name for c in table.c if not c.primary_key), 0)


def _row(table: Table, key: Key, counted: dict[str, int]) -> Row:
    keys, zero = _columns(table)
    return {**dict(zip(keys, key, strict=True)), **zero} | counted


def _move(table: Table, changes: dict[Key, dict[str, int]]) -> None:
    """Add changes to a table's rows (inserting new ones), in key order.

    A row left with no game is deleted: the table holds only what was played.
    """
    add_counters(table, [_row(table, k, c) for k, c in changes.items()])
    if any(change.get("games", 0) < 0 for change in changes.values()):
        whos = sorted({key[0] for key in changes})
        empty = delete(table).where(table.c.who.in_(whos), table.c.games == 0)
        db.session.execute(empty)


def apply(before: Rows, after: Rows) -> None:
    """Move every tally by what a write changed in one game's results."""
    for table, count in TALLIES:
        changes = moved(count(before[2]), count(after[2]))
        if changes:
            _move(table, changes)


def add(games: Iterable[Rows]) -> None:
    """Add new games' tallies (an import's batch): one statement a table, its
    rows in key order, as apply would leave them."""
    for name, rows in fold(games).items():
        table = TALLIES_BY_NAME[name]
        keys = [c.name for c in table.primary_key]
        if rows:
            add_counters(table, sorted(rows, key=lambda row: [row[k] for k in keys]))


def take(games: Iterable[Rows]) -> None:
    """Take games just deleted out of the tallies (an import undone), as add
    put them in; a row left with no game goes."""
    for name, rows in fold(games).items():
        table = TALLIES_BY_NAME[name]
        keys, zero = _columns(table)
        changes = {
            tuple(row[k] for k in keys): {c: -row[c] for c in zero} for row in rows
        }
        if changes:
            _move(table, dict(sorted(changes.items())))


def fold(games: Iterable[Rows]) -> dict[str, list[Row]]:
    """Return the tallies of games' results, as each table's rows."""
    found = {t.name: defaultdict[Key, Counter[str]](Counter) for t, _ in TALLIES}
    for rows in games:
        if not rows[0]:  # a game with no hand counts for no one (counting.played)
            continue
        for table, count in TALLIES:
            for key, counted in count(rows[2]).items():
                found[table.name][key].update(counted)
    return {
        table.name: [_row(table, k, c) for k, c in found[table.name].items()]
        for table, _ in TALLIES
    }


def refold(persons: set[str], games: Iterable[Rows]) -> None:
    """Build afresh persons' tallies, and each pair met by one, from all their games."""
    for name, rows in fold(games).items():
        table = TALLIES_BY_NAME[name]
        mine = [table.c.who.in_(sorted(persons))]
        if "other" in table.c:
            mine.append(table.c.other.in_(sorted(persons)))
        db.session.execute(delete(table).where(or_(*mine)))
        kept = [r for r in rows if {r["who"], r.get("other")} & persons]
        if kept:
            db.session.execute(insert(table), kept)


def clear() -> None:
    """Delete every tally, before a rebuild."""
    for table, _ in TALLIES:
        db.session.execute(delete(table))
