"""What a night shows (NIGHTS.md `GET /api/nights/<id>`): each table's score and
winner, the standings and the awards, read from the games' kept result rows
(tables.py), not by replaying every table's hands; and its ETag, with what each
worker drew last for it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from flask import Response, request, session

from .. import language
from ..api.schema import created as stamp
from ..db.kept import Kept
from ..db.models import Game, db
from ..errors import N_, NotFound
from . import standings, tables
from .clock import times
from .models import Night, NightTable
from .reading.frame import Shown
from .standings import RoundResult, Standing, TableResult
from .tables import Played


def night_games(night: Shown) -> list[str]:
    """Return the ids of every table's game, round by round."""
    return [t.game_id for r in night.rounds for t in r.tables]


def tables_playing(night: Shown) -> list[int]:
    """Return the numbers of the current round's tables still playing."""
    if not night.rounds:
        return []
    current = night.rounds[-1].tables
    ids = [t.game_id for t in current]
    # A poll's draw (`drawing`) shows the games as committed at its ETag: what
    # is kept by their versions, read from the ETag's rows; a write reads afresh.
    games = tables.shown(ids)[0] if _drawn(night) else tables.played(ids)
    return [t.number for t in current if games[t.game_id].ending is None]


def _heads(night_id: str) -> tuple[str, list[tables.Head]] | None:
    """Return a night's ETag, its own version and every table's game's, and its
    games' rows as `tables.shown` reads them, in one query (a hand at any table
    moves it); None when there is no such night."""
    query = (
        db.select(Night.version, *tables.HEAD)
        .select_from(Night)
        .outerjoin(NightTable, NightTable.night_id == Night.id)
        .outerjoin(Game, Game.id == NightTable.game_id)
        .where(Night.id == night_id)
        .order_by(Game.id)
    )
    rows = db.session.execute(query).all()
    if not rows:
        return None
    seen = ",".join(f"{row[1]}:{row[-1]}" for row in rows)
    digest = hashlib.sha256(f"{night_id}:{rows[0][0]}:{seen}".encode())
    heads = [tables.Head(*row[1:]) for row in rows if row[1] is not None]
    return digest.hexdigest()[:32], heads


def tag(night_id: str) -> str | None:
    """Return a night's ETag (see `_heads`); None when there is no such night."""
    found = _heads(night_id)
    return found[0] if found else None


# The ETag a poll is drawing its answer for (`polled`): the page drawn shows it
# rather than asking again.
_DRAWING: ContextVar[tuple[str, str] | None] = ContextVar("drawing", default=None)


def _drawn(night: Shown) -> str | None:
    """Return the ETag a poll is drawing this night at, if it is drawing it."""
    drawing = _DRAWING.get()
    return drawing[1] if drawing is not None and drawing[0] == night.id else None


def etag(night: Shown) -> str:
    """Return a night's ETag (see `tag`)."""
    return _drawn(night) or tag(night.id) or ""


# What each worker drew last for each night, its API answer and its big screen,
# kept by the ETag it was drawn at: a watcher's poll after any change draws it
# once, every other poll until the next hand is served from here.
_KEPT: Kept[tuple[str, str], tuple[str, Any]] = Kept(256)


def polled(
    night_id: str, kind: str, draw: Callable[[], str], **headers: str
) -> Response:
    """Answer a poll of a night: a 304 while its ETag holds, else what `draw`
    makes of it, drawn once per ETag (a page with a line flashed for this phone
    is drawn for it alone)."""
    found = _heads(night_id)
    if found is None:
        raise NotFound(N_("There is no club night with that id."))
    at = language.tagged(found[0])  # a page in French is another page
    if session.get("_flashes"):  # said once: drawn anew, never answered by a 304
        return Response(drawing(night_id, found, draw), headers=headers)
    if at in request.if_none_match:
        response = Response(status=304)
    else:
        kind = f"{kind}:{language.current()}"
        drawn = kept(kind, night_id, at, lambda: drawing(night_id, found, draw))
        response = Response(drawn, headers=headers)
    response.set_etag(at)
    return response


def drawing(
    night_id: str, found: tuple[str, list[tables.Head]], draw: Callable[[], Any]
) -> Any:
    """Draw a night at the ETag just read, from the games' rows read with it."""
    token = _DRAWING.set((night_id, found[0]))
    try:
        with tables.tagged(found[1]):
            return draw()
    finally:
        _DRAWING.reset(token)


def kept(kind: str, night_id: str, at: str, draw: Callable[[], Any]) -> Any:
    """Return what `draw` makes of a night at ETag `at`, drawn once per ETag."""
    found = _KEPT.get((kind, night_id))
    if found is not None and found[0] == at:
        return found[1]
    drawn = draw()
    _KEPT.keep((kind, night_id), (at, drawn))
    return drawn


def round_results(night: Shown, games: dict[str, Played]) -> list[RoundResult]:
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


def night_standings(night: Shown, games: dict[str, Played]) -> list[Standing]:
    """Return the night's standings, every player on the roster."""
    roster = [p.name for p in night.players]
    return standings.standings(roster, round_results(night, games), night.rank_by)


def _status(games: dict[str, Played], game_ids: list[str]) -> str:
    done = all(games[g].ending is not None for g in game_ids)
    return "finished" if done else "in_progress"


def night_status(night: Shown, rounds: list[dict[str, Any]]) -> str:
    """Return a night's status: finished by the director, or when every planned
    round has ended (NIGHTS.md `rounds`)."""
    planned = night.rounds_planned
    if planned is not None and len(rounds) >= planned:
        if all(r["status"] == "finished" for r in rounds):
            return "finished"
    return night.status


def night_to_dict(night: Shown) -> dict[str, Any]:
    """Return the night as the API shows it to everyone (no token); in a poll's
    draw, built once per ETag for the API and every page alike (read, never
    changed: it holds no words of the reader's language, and no clock)."""
    at = _drawn(night)
    if at is None:
        return _night_to_dict(night)
    found: dict[str, Any] = kept("dict", night.id, at, lambda: _night_to_dict(night))
    return found


def _round_to_dict(one: Any, games: dict[str, Played]) -> dict[str, Any]:
    listed = []
    for t in one.tables:
        game = games[t.game_id]
        listed.append(
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
    return {
        "number": one.number,
        "status": _status(games, [t.game_id for t in one.tables]),
        "called": one.called,
        "tables": listed,
        "sitting_out": list(one.sitting_out),
        **times.round_times(one),
    }


# Each round as a poll's draw shows it, by the night's version and its games'
# versions: a hand draws its own round again, not the seven before it.
_ROUNDS: Kept[tuple[Any, ...], dict[str, Any]] = Kept(1024)


def _round_drawn(night: Shown, one: Any, games: dict[str, Played]) -> dict[str, Any]:
    if _drawn(night) is None:  # a write's answer: drawn afresh
        return _round_to_dict(one, games)
    seen = tuple(games[t.game_id].version for t in one.tables)
    key = (night.id, night.version, one.number, seen)
    found = _ROUNDS.get(key)
    if found is None:
        found = _round_to_dict(one, games)
        _ROUNDS.keep(key, found)
    return found


def _night_to_dict(night: Shown) -> dict[str, Any]:
    ids = night_games(night)
    games, tallies = tables.shown(ids)
    rounds = [_round_drawn(night, one, games) for one in night.rounds]
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
        "awards": standings.awarded(tallies),
    }
