"""What a night shows (NIGHTS.md `GET /api/nights/<id>`): each table's score and
winner, the standings and the awards, read from the games' kept result rows
(results/models.py), not by replaying every table's hands.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask import Response, request, session
from sqlalchemy.orm import lazyload

from .. import language
from ..api.schema import created as stamp
from ..db.models import Game, GameSide, Player, db
from ..db.store import load
from ..errors import N_, NotFound
from ..results.models import HandResultRow, SideResult
from . import standings
from .clock import times
from .models import Night, NightTable
from .standings import RoundResult, Standing, TableResult, tie_winner

Sides = tuple[tuple[str, ...], ...]
LAZY = lazyload(Game.sides)  # a game's sides: read here in one query


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


def _seated(game_ids: list[str]) -> dict[str, Sides]:
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


def seated(game_ids: list[str]) -> dict[str, Sides]:
    """Return these games' sides, each its players in order, in one query."""
    return _seated(game_ids)


# The tie rule's answer for each level game, by its id and version: a replay
# once per worker and version, not on every read of the night.
_LEVEL: OrderedDict[tuple[str, int], int] = OrderedDict()
_LOCK = threading.Lock()
LEVEL_KEPT = 4096


def _level_winner(game_id: str, version: int, totals: tuple[int, ...]) -> int:
    """The tie rule: the last hand whose points differed decides (a replay, but
    only for a game that ended level, and kept by its version)."""
    found = _LEVEL.get((game_id, version))
    if found is None:
        top = max(totals)
        level = [s for s, total in enumerate(totals) if total == top]
        hands = load(game_id).state.hands
        found = tie_winner(level, [h.points for h in hands])
        with _LOCK:
            _LEVEL[(game_id, version)] = found
            while len(_LEVEL) > LEVEL_KEPT:
                _LEVEL.popitem(last=False)
    return found


def played(game_ids: list[str]) -> dict[str, Played]:
    """Return each of these games as a night's table, in three queries."""
    if not game_ids:
        return {}
    seated = _seated(game_ids)
    totals: dict[str, dict[int, int]] = defaultdict(dict)
    query = db.select(SideResult.game_id, SideResult.position, SideResult.total)
    for game_id, position, total in db.session.execute(
        query.where(SideResult.game_id.in_(game_ids))
    ):
        totals[game_id][position] = total
    columns = (Game.id, Game.ending, Game.winner, Game.hand_count, Game.version)
    rows = db.session.execute(db.select(*columns).where(Game.id.in_(game_ids))).all()
    # The level games the tie rule replays: read at once, held while each loads.
    level = [
        g for g, end, won, _, v in rows if end and won is None and (g, v) not in _LEVEL
    ]
    of_level = db.select(Game).where(Game.id.in_(level)).options(LAZY)
    held = db.session.scalars(of_level).all() if len(level) > 1 else []  # noqa: F841
    found = {}
    for game_id, ending, winner, hands, version in rows:
        sides = seated[game_id]
        score = tuple(totals[game_id].get(s, 0) for s in range(len(sides)))
        if ending is not None and winner is None:
            winner = _level_winner(game_id, version, score)
        found[game_id] = Played(game_id, sides, score, ending, winner, hands, version)
    return found


def night_games(night: Night) -> list[str]:
    """Return the ids of every table's game, round by round."""
    return [t.game_id for r in night.rounds for t in r.tables]


def tables_playing(night: Night) -> list[int]:
    """Return the numbers of the current round's tables still playing."""
    if not night.rounds:
        return []
    current = night.rounds[-1].tables
    games = played([t.game_id for t in current])
    return [t.number for t in current if games[t.game_id].ending is None]


def tag(night_id: str) -> str | None:
    """Return a night's ETag, its own version and every table's game's, in one
    query (a hand at any table moves it); None when there is no such night."""
    query = (
        db.select(Night.version, Game.id, Game.version)
        .select_from(Night)
        .outerjoin(NightTable, NightTable.night_id == Night.id)
        .outerjoin(Game, Game.id == NightTable.game_id)
        .where(Night.id == night_id)
        .order_by(Game.id)
    )
    rows = db.session.execute(query).all()
    if not rows:
        return None
    seen = ",".join(f"{g}:{v}" for _, g, v in rows)
    digest = hashlib.sha256(f"{night_id}:{rows[0][0]}:{seen}".encode())
    return digest.hexdigest()[:32]


def etag(night: Night) -> str:
    """Return a night's ETag (see `tag`)."""
    return tag(night.id) or ""


# What each worker drew last for each night, its API answer and its big screen,
# kept by the ETag it was drawn at: a watcher's poll after any change draws it
# once, every other poll until the next hand is served from here.
_KEPT: OrderedDict[tuple[str, str], tuple[str, Any]] = OrderedDict()
KEPT_NIGHTS = 256


def polled(
    night_id: str, kind: str, draw: Callable[[], str], **headers: str
) -> Response:
    """Answer a poll of a night: a 304 while its ETag holds, else what `draw`
    makes of it, drawn once per ETag (a page with a line flashed for this phone
    is drawn for it alone)."""
    found = tag(night_id)
    if found is None:
        raise NotFound(N_("There is no club night with that id."))
    at = language.tagged(found)  # a page in French is another page
    if session.get("_flashes"):  # said once: drawn anew, never answered by a 304
        return Response(draw(), headers=headers)
    if at in request.if_none_match:
        response = Response(status=304)
    else:
        drawn = kept(f"{kind}:{language.current()}", night_id, at, draw)
        response = Response(drawn, headers=headers)
    response.set_etag(at)
    return response


def kept(kind: str, night_id: str, at: str, draw: Callable[[], Any]) -> Any:
    """Return what `draw` makes of a night at ETag `at`, drawn once per ETag."""
    with _LOCK:
        found = _KEPT.get((kind, night_id))
    if found is not None and found[0] == at:
        return found[1]
    drawn = draw()
    with _LOCK:
        _KEPT[(kind, night_id)] = (at, drawn)
        _KEPT.move_to_end((kind, night_id))
        while len(_KEPT) > KEPT_NIGHTS:
            _KEPT.popitem(last=False)
    return drawn


def round_results(night: Night, games: dict[str, Played]) -> list[RoundResult]:
    """Return the rounds as the standings read them."""
    return [
        RoundResult(
            tuple(
                TableResult(
                    games[t.game_id].sides,
                    games[t.game_id].totals,
                    games[t.game_id].winner,
                )
                for t in one.tables
            ),
            tuple(one.sitting_out),
        )
        for one in night.rounds
    ]


def night_standings(night: Night, games: dict[str, Played]) -> list[Standing]:
    """Return the night's standings, every player on the roster."""
    roster = [p.name for p in night.players]
    return standings.standings(roster, round_results(night, games), night.rank_by)


def awards(game_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Return the night's awards from its hands' kept rows (standings.awards)."""
    ids = list(game_ids)
    if not ids:
        return []
    rows = HandResultRow.__table__.c
    query = db.select(
        rows.bidder, rows.kind, rows.level, rows.made, rows.points, rows.taken
    )
    found = db.session.execute(
        query.where(rows.game_id.in_(ids), rows.bidder.is_not(None))
    )
    return standings.awards([tuple(row) for row in found])


def _status(games: dict[str, Played], game_ids: list[str]) -> str:
    done = all(games[g].ending is not None for g in game_ids)
    return "finished" if done else "in_progress"


def night_status(night: Night, rounds: list[dict[str, Any]]) -> str:
    """Return a night's status: finished by the director, or when every planned
    round has ended (NIGHTS.md `rounds`)."""
    planned = night.rounds_planned
    if planned is not None and len(rounds) >= planned:
        if all(r["status"] == "finished" for r in rounds):
            return "finished"
    return night.status


def night_to_dict(night: Night) -> dict[str, Any]:
    """Return the night as the API shows it to everyone (no token)."""
    ids = night_games(night)
    games = played(ids)
    rounds = []
    for one in night.rounds:
        tables = []
        for t in one.tables:
            game = games[t.game_id]
            tables.append(
                {
                    "number": t.number,
                    "game": t.game_id,
                    "status": "in_progress" if game.ending is None else "finished",
                    "winner": game.winner,
                    "hands": game.hands,
                    "sides": [
                        {"players": list(side), "score": game.totals[s]}
                        for s, side in enumerate(game.sides)
                    ],
                }
            )
        status = _status(games, [t.game_id for t in one.tables])
        rounds.append(
            {
                "number": one.number,
                "status": status,
                "called": one.called,
                "tables": tables,
                "sitting_out": list(one.sitting_out),
                **times.round_times(one),
            }
        )
    return {
        "id": night.id,
        "name": night.name,
        "created": stamp(night.created),
        "status": night_status(night, rounds),
        "movement": night.movement,
        "round_hands": night.round_hands,
        "rank_by": night.rank_by,
        "odd_players": night.odd_players,
        "rounds_planned": night.rounds_planned,
        "round_minutes": night.round_minutes,
        "rules": night.rules,
        "players": [{"name": p.name, "present": p.present} for p in night.players],
        "rounds": rounds,
        "standings": [vars(s) for s in night_standings(night, games)],
        "awards": awards(ids),
    }
