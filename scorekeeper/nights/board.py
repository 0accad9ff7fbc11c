"""What a night shows (NIGHTS.md `GET /api/nights/<id>`): each table's score and
winner, the standings and the awards, read from the games' kept result rows
(tables.py), not by replaying every table's hands, round by round
(reading/rounds.py); and its ETag, with what each worker drew last for it.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from flask import Response, current_app, request, session
from sqlalchemy import bindparam, func

from .. import language
from ..api.schema import created as stamp
from ..db.kept import Kept
from ..db.models import Game, db
from ..errors import N_, NotFound
from ..web import compress
from . import tables
from .models import Night, NightTable
from .reading import packed, ranks, rounds
from .reading.frame import Shown
from .reading.rounds import Drawn, Seen

# An answer in parts (`night_parts`), one text once joined.
Parts = tuple[str, ...]
T = TypeVar("T")


def tables_playing(night: Shown) -> list[int]:
    """Return the numbers of the current round's tables still playing."""
    if not night.rounds:
        return []
    current = night.rounds[-1]
    # A poll's draw (`drawing`) shows the games as committed at its ETag; a
    # write reads them afresh.
    if _drawn(night) is not None:
        games = _round(night, current).games
    else:
        games = tables.played([t.game_id for t in current.tables])
    return [t.number for t in current.tables if games[t.game_id].ending is None]


# A night's ETag is read from its own version and, round by round, its games'
# count and versions' sum: one row a round, however many tables.
_HEADS = (
    db.select(
        Night.version,
        NightTable.round,
        func.count(Game.id),
        func.coalesce(func.sum(Game.version), 0),
    )
    .select_from(Night)
    .outerjoin(NightTable, NightTable.night_id == Night.id)
    .outerjoin(Game, Game.id == NightTable.game_id)
    .where(Night.id == bindparam("night"))
    .group_by(Night.version, NightTable.round)
    .order_by(NightTable.round)
)


def _heads(night_id: str) -> tuple[str, dict[int, Seen]] | None:
    """Return a night's ETag, which a write to the night or any of its games
    moves, and what it read of each round (`rounds.Seen`); None when there is
    no such night."""
    found = db.session.execute(_HEADS, {"night": night_id}).all()
    if not found:
        return None
    seen = ",".join(f"{number}:{count}:{total}" for _, number, count, total in found)
    digest = hashlib.sha256(f"{night_id}:{found[0][0]}:{seen}".encode())
    return digest.hexdigest()[:32], {n: (c, t) for _, n, c, t in found if n}


def tag(night_id: str) -> str | None:
    """Return a night's ETag (see `_heads`); None when there is no such night."""
    found = _heads(night_id)
    return found[0] if found else None


# The night a poll is drawing its answer for (`polled`), the ETag it draws it at
# and what that read of each round: the page drawn shows it rather than asking
# again.
Drawing = tuple[str, str, dict[int, Seen]]
_DRAWING: ContextVar[Drawing | None] = ContextVar("drawing", default=None)


def _drawn(night: Shown) -> str | None:
    """Return the ETag a poll is drawing this night at, if it is drawing it."""
    drawing = _DRAWING.get()
    return drawing[1] if drawing is not None and drawing[0] == night.id else None


def _round(night: Shown, one: Any) -> Drawn:
    """Return a round as this read shows it: kept by what the ETag read of it
    in a poll's draw, else drawn afresh."""
    drawing = _DRAWING.get()
    if drawing is None or drawing[0] != night.id or one.number not in drawing[2]:
        return rounds.draw(one)
    return rounds.kept(night.id, night.version, one, drawing[2][one.number])


def etag(night: Shown) -> str:
    """Return a night's ETag (see `tag`)."""
    return _drawn(night) or tag(night.id) or ""


def drawn_at(night: Shown) -> str | None:
    """Return the ETag a read draws this night at (`at_etag`, a poll), if any."""
    return _drawn(night)


def games_of(night: Shown, one: Any) -> dict[str, tables.Played]:
    """Return a round's games as this read shows them (`_round`)."""
    return _round(night, one).games


def at_etag(night_id: str, read: Callable[[], T]) -> T:
    """Return what `read` makes of a night as a poll's draw reads it: at its
    ETag, read first, each round kept by what that read of it."""
    found = _heads(night_id)
    if found is None:
        raise NotFound(N_("There is no club night with that id."))
    return drawing(night_id, found, read)  # type: ignore[no-any-return]


# What each worker drew last for each night, its API answer and its big screen,
# kept by the ETag it was drawn at: a watcher's poll after any change draws it
# once, every other poll until the next hand is served from here.
_KEPT: Kept[tuple[str, str], tuple[str, Any]] = Kept(256)


def polled(
    night_id: str, kind: str, draw: Callable[[], str | Parts], **headers: str
) -> Response:
    """Answer a poll of a night: a 304 while its ETag holds, else what `draw`
    makes of it (a page, or an answer in parts: `night_parts`), drawn once per
    ETag (a page with a line flashed for this phone is drawn for it alone)."""
    found = _heads(night_id)
    if found is None:
        raise NotFound(N_("There is no club night with that id."))
    at = language.tagged(found[0])  # a page in French is another page
    if session.get("_flashes"):  # said once: drawn anew, never answered by a 304
        return Response(_whole(drawing(night_id, found, draw))[0], headers=headers)
    if at in request.if_none_match:
        response = Response(status=304)
    else:
        kind = f"{kind}:{language.current()}"
        text, parts = kept(
            kind, night_id, at, lambda: _whole(drawing(night_id, found, draw))
        )
        response = Response(text, headers=headers)
        if compress.accepted(request) and len(text) >= compress.SMALLEST:
            gzipped = kept(f"{kind}:gzip", night_id, at, lambda: _packed(text, parts))
            response.set_data(gzipped)
            response.headers["Content-Encoding"] = "gzip"
            response.vary.add("Accept-Encoding")
    response.set_etag(at)
    return response


def _whole(drawn: str | Parts) -> tuple[str, Parts]:
    """Return what a draw made as one text, and in its parts."""
    if isinstance(drawn, str):
        return drawn, (drawn,)
    return "".join(drawn), drawn


def _packed(text: str, parts: Parts) -> bytes:
    """Return an answer gzipped, once per ETag (web/compress.py, which leaves an
    answer already gzipped alone, gzipped an 80-table night's 150 KB at every
    answer: more than drawing it again after a hand); one in parts, part by
    part, each part packed once (reading/packed.py)."""
    if len(parts) == 1:
        return gzip.compress(text.encode(), compresslevel=compress.LEVEL)
    return packed.packed(parts)


def drawing(
    night_id: str, found: tuple[str, dict[int, Seen]], draw: Callable[[], Any]
) -> Any:
    """Draw a night at the ETag just read, each round kept by what it read."""
    token = _DRAWING.set((night_id, *found))
    try:
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


def night_json(night: Shown) -> str:
    """Return the night as the API writes it (`night_to_dict`, in JSON)."""
    return "".join(night_parts(night))


def night_parts(night: Shown) -> Parts:
    """Return the night as the API writes it (`night_to_dict`, in JSON), in
    parts: in a poll's draw, each round's part is written once
    (reading/rounds.py), not the 70 KB of a 30-table night's eight rounds at
    every draw, and gzipped once (reading/packed.py)."""
    shown = night_to_dict(night)
    dumps = current_app.json.dumps
    if _drawn(night) is None:
        return (str(dumps(shown)),)
    # The night's own fields, then its rounds, standings and awards, as
    # json.dumps writes a dict (`", "` between items, `": "` after a key).
    own = dumps({k: v for k, v in shown.items() if k not in LAST})[:-1]
    # The roster (312 names, 14 KB) is written once a version of the night.
    roster = _ROSTER.made(
        (night.id, night.version), lambda: str(dumps(shown["players"]))
    )
    written = [", "] * max(2 * len(night.rounds) - 1, 0)
    written[::2] = [_round(night, one).text for one in night.rounds]
    standing, awards = ranks.written(shown["standings"]), dumps(shown["awards"])
    return (
        f'{own}, "players": ',
        roster,
        ', "rounds": [',
        *written,
        '], "standings": ',
        standing,
        f', "awards": {awards}}}',
    )


# The last of a night's fields, in this order (`_night_to_dict`).
LAST = ("players", "rounds", "standings", "awards")
# By night and version: its roster as the API writes it.
_ROSTER: Kept[tuple[str, int], str] = Kept(64)


def _night_to_dict(night: Shown) -> dict[str, Any]:
    drawn = [_round(night, one) for one in night.rounds]
    shown = [one.shown for one in drawn]
    return {
        "id": night.id,
        "name": night.name,
        "created": stamp(night.created),
        "status": night_status(night, shown),
        "movement": night.movement,
        "round_hands": night.round_hands,
        "rank_by": night.rank_by,
        "odd_players": night.odd_players,
        "rounds_planned": night.rounds_planned,
        "round_minutes": night.round_minutes,
        "rules": night.rules,
        "players": [{"name": p.name, "present": p.present} for p in night.players],
        "rounds": shown,
        "standings": ranks.ranked(night, drawn),
        "awards": ranks.awarded(night, drawn),
    }
