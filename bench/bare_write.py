"""A bare write of a hand: the least any write must do, with no Flask or ORM.

Not the app: a bare WSGI app that bench/server.py serves beside it, on the
same SQLite file, to show how near to a hello any write of a hand can come in
Python. Per POST /api/games/<id>/hands it does, with the driver alone, what
every write must: read the JSON body, take the write lock by bumping the
game's version, check the write token, check and score the hand with the
engine (the game's replay kept in memory by version), insert the hand and its
result row, move its sides', players' and standings' counters, read the
seasons holding its day, set its count and ending, commit, and answer the whole
game as the API does. No security headers, sessions, retries' keys, error pages
or If-Match: each of those only adds to the app's cost.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from scorekeeper.api import schema
from scorekeeper.db import tokens
from scorekeeper.results import counting, game_rows
from scorekeeper.scoring import GameState, Hand, make_table, replay, rules_from_dict

DATABASE = os.environ["BARE_DATABASE"]
MOVING = ("total", "against", "finished", "win")
connection: sqlite3.Connection | None = None
kept: dict[tuple[str, int], GameState] = {}  # each worker's replays, by version
tables: dict[tuple[str, str], tuple[Any, Any]] = {}  # rules and table, built once


def connect() -> sqlite3.Connection:
    """Open the database as the app does (WAL, foreign keys, a busy timeout)."""
    opened = sqlite3.connect(DATABASE, isolation_level=None)
    for pragma in ("foreign_keys = ON", "journal_mode = WAL", "synchronous = NORMAL"):
        opened.execute(f"PRAGMA {pragma}")
    opened.execute("PRAGMA busy_timeout = 5000")
    return opened


def table_of(cursor: sqlite3.Cursor, game_id: str, first_dealer: str) -> Any:
    """Return a game's sides and seats."""
    sides: dict[int, tuple[str, list[str]]] = {}
    for position, side, player in cursor.execute(
        "SELECT s.position, s.name, p.name FROM game_side s "
        "JOIN player p ON p.side_id = s.id WHERE s.game_id = ? "
        "ORDER BY s.position, p.position",
        (game_id,),
    ):
        sides.setdefault(position, (side, []))[1].append(player)
    return make_table(list(sides.values()), first_dealer)


def replayed(cursor: sqlite3.Cursor, game: Any) -> GameState:
    """Return the game's replay at its version before this write."""
    found = kept.pop((game.id, game.version - 1), None)
    if found is not None:
        return found
    hands = [
        Hand(c, tuple(json.loads(t)), side=s, bidder=b, partner=p, first_out=f)
        for c, t, s, b, p, f in cursor.execute(
            "SELECT contract, tricks, side, bidder, partner, first_out FROM hand "
            "WHERE game_id = ? ORDER BY number",
            (game.id,),
        )
    ]
    return replay(game.rules_kept, game.table, hands)


def record(game_id: str, token: str, body: bytes) -> tuple[str, bytes]:
    """Record a hand; return the status and the game as JSON."""
    global connection
    connection = connection or connect()
    data = json.loads(body)
    cursor = connection.cursor()
    cursor.execute("BEGIN IMMEDIATE")
    try:
        row = cursor.execute(
            "UPDATE game SET version = version + 1 WHERE id = ? RETURNING "
            "version, token_hash, name, notes, created, rules, first_dealer",
            (game_id,),
        ).fetchone()
        if row is None or not tokens.grants(token, row[1]):
            cursor.execute("ROLLBACK")
            return "403 FORBIDDEN", b"{}"
        game = SimpleNamespace(id=game_id, version=row[0], name=row[2], notes=row[3])
        game.created = datetime.fromisoformat(row[4])
        game.rules, game.first_dealer = json.loads(row[5]), row[6]
        if (game_id, row[1]) not in tables:
            table = table_of(cursor, game_id, game.first_dealer)
            tables[game_id, row[1]] = rules_from_dict(game.rules), table
        game.rules_kept, game.table = tables[game_id, row[1]]
        before = replayed(cursor, game)
        hand = schema.hand(game.rules_kept, game.table, data)
        state = replay(game.rules_kept, game.table, [hand], since=before)
        write(cursor, game, hand, before, state)
        cursor.execute("COMMIT")
    except BaseException:
        cursor.execute("ROLLBACK")
        raise
    kept[(game_id, game.version)] = state
    loaded = SimpleNamespace(id=game_id, game=game, table=game.table, state=state)
    return "201 CREATED", json.dumps(schema.game_to_dict(loaded)).encode()  # type: ignore[arg-type]


def write(
    cursor: sqlite3.Cursor, game: Any, hand: Hand, before: GameState, state: GameState
) -> None:
    """Store the hand and move its results and standings."""
    number, table = len(state.hands), game.table
    cursor.execute(
        "INSERT INTO hand (game_id, number, contract, side, bidder, partner, "
        "first_out, tricks) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game.id, number, hand.contract, hand.side, hand.bidder, hand.partner)
        + (hand.first_out, json.dumps(list(hand.tricks))),
    )
    hands = game_rows.hand_rows(game.id, table, state, number)
    columns = list(hands[0])
    cursor.executemany(
        f"INSERT INTO hand_result ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' * len(columns))})",
        [tuple(h.values()) for h in hands],
    )
    was, sides = (
        game_rows.side_rows(game, table, before),
        game_rows.side_rows(game, table, state),
    )
    players = game_rows.player_rows(sides, table)
    for name, rows, place in (
        ("side", sides, "position"),
        ("player", players, "name_key"),
    ):
        cursor.executemany(
            f"UPDATE {name}_result SET total = ?, against = ?, finished = ?, win = ? "
            f"WHERE game_id = ? AND {place} = ?",
            [(*(r[k] for k in MOVING), game.id, r[place]) for r in rows],
        )
    old = counting.counts([], was, game_rows.player_rows(was, table))
    for who, change in counting.moved(
        old, counting.counts(hands, sides, players)
    ).items():
        added = ", ".join(f'"{c}" = "{c}" + ?' for c in change)
        cursor.execute(
            f"UPDATE standing SET {added} WHERE scope = 0 AND who = ?",
            (*change.values(), who),
        )
    day = game.created.date().isoformat()
    cursor.execute(
        "SELECT id FROM season WHERE first_day <= ? AND last_day >= ?", (day, day)
    ).fetchall()
    cursor.execute(
        "UPDATE game SET hand_count = ?, ending = ?, winner = ? WHERE id = ?",
        (number, state.ending, state.winner, game.id),
    )


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """Answer POST /api/games/<id>/hands."""
    game_id = environ["PATH_INFO"].split("/")[3]
    token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")[2]
    body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    status, answer = record(game_id, token, body)
    headers = [("Content-Type", "application/json")]
    start_response(status, headers + [("Content-Length", str(len(answer)))])
    return [answer]
