"""Each round of a night as a read draws it (board.py): its tables' games, the
round as the API shows it, and what it counts towards the standings and the
awards.

A poll's draw keeps each round by what the night's ETag read of it: the night's
version and the round's games' count and versions' sum, one row a round (a
write to a game moves its version up by one, so a hand moves its round's sum).
A night drawn after a hand then reads, shows and counts again that hand's round
alone, not the seven before it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from flask import current_app

from ...db.kept import Kept
from .. import standings, tables
from ..clock import times
from ..standings import Counts, RoundResult, TableResult, Tallies
from ..tables import Played
from .frame import RoundFrame

# A round's games' count and versions' sum, as the night's ETag read them.
Seen = tuple[int, int]
# A table's number, its game and the game's version.
Key = tuple[int, str, int]


@dataclass(frozen=True)
class Drawn:
    """One round as a night's read shows and counts it."""

    games: dict[str, Played]
    shown: dict[str, Any]  # as GET /api/nights/<id> shows it
    counts: Counts  # towards the standings
    awards: Tallies  # its games' tallies, summed
    keys: tuple[Key, ...] = ()  # each table's number, game and version

    @cached_property
    def text(self) -> str:
        """Return the round as the API writes it (JSON), written once, each
        table's part once a version of its game (`_TEXTS`), as json.dumps
        writes a dict (`", "` between items, `": "` after a key)."""
        dumps, shown = current_app.json.dumps, self.shown
        listed = ", ".join(
            _TEXTS.made(key, lambda t=t: str(dumps(t)))
            for key, t in zip(self.keys, shown["tables"], strict=True)
        )
        head = dumps({k: shown[k] for k in ("number", "status", "called")})[:-1]
        rest = dumps({k: v for k, v in shown.items() if k not in HEAD})[1:]
        return f'{head}, "tables": [{listed}], {rest}'


# A round's first fields, then its tables, then the rest (`_shown`).
HEAD = ("number", "status", "called", "tables")
# By table number, game and version: a table as the API shows it, and written.
_TABLES: Kept[Key, dict[str, Any]] = Kept(2048)
_TEXTS: Kept[Key, str] = Kept(2048)


def _shown(one: Any, games: dict[str, Played], keys: tuple[Key, ...]) -> dict[str, Any]:
    listed = [
        _TABLES.made(key, lambda t=t: _table(t, games[t.game_id]))
        for key, t in zip(keys, one.tables, strict=True)
    ]
    done = all(games[t.game_id].ending is not None for t in one.tables)
    return {
        "number": one.number,
        "status": "finished" if done else "in_progress",
        "called": one.called,
        "tables": listed,
        "sitting_out": list(one.sitting_out),
        **times.round_times(one),
    }


def _table(t: Any, game: Played) -> dict[str, Any]:
    """Return a round's table as the API shows it (read, never changed)."""
    return {
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


def draw(one: Any, night_id: str | None = None, last: Drawn | None = None) -> Drawn:
    """Draw a round (a night's ORM round or its frame's) from its games as
    committed, read again only where written since this worker read them
    (`night_id`: the round's night, its games then read by the round).

    Drawn again after a hand in play (`last`: the round as drawn before, the
    night as it was), its counts are the very object counted before: a game in
    play counts towards no row, so while every game written since plays on,
    nothing counted moves (standings.counted)."""
    ids = [t.game_id for t in one.tables]
    heads = tables.round_heads(night_id, one.number) if night_id else None
    games, tallies = tables.shown(ids, heads)
    if last is not None and _in_play(games, last.games):
        counts = last.counts
    else:
        result = RoundResult(
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
        counts = standings.counted(result)
    keys = tuple((t.number, t.game_id, games[t.game_id].version) for t in one.tables)
    shown = _shown(one, games, keys)
    return Drawn(games, shown, counts, standings.summed(tallies), keys)


def _in_play(games: dict[str, Played], before: dict[str, Played]) -> bool:
    """Return whether every game not as it was before is in play, now and
    before (the same games: a game as kept is one object a version)."""
    for game_id, game in games.items():
        was = before.get(game_id)
        if game is not was and (
            was is None or game.winner is not None or was.winner is not None
        ):
            return False
    return len(games) == len(before)


# By night, its version, the round's number and what the ETag read of it.
_KEPT: Kept[tuple[str, int, int, Seen], Drawn] = Kept(1024)
# By night, its version and the round's number: the round as last drawn.
_LAST: Kept[tuple[str, int, int], Drawn] = Kept(1024)


def kept(night_id: str, version: int, one: RoundFrame, seen: Seen) -> Drawn:
    """Return a round as drawn for a poll at the ETag that read `seen` of it,
    drawn once per worker; its counts the very object drawn before while they
    are the same (a hand in play counts towards no row): the standings ranked
    from them are then kept (reading/ranks.py)."""

    def drawn() -> Drawn:
        last = _LAST.get((night_id, version, one.number))
        new = draw(one, night_id, last)
        if last is not None and new.counts is not last.counts:
            if last.counts == new.counts:
                new = replace(new, counts=last.counts)
        _LAST.keep((night_id, version, one.number), new)
        return new

    return _KEPT.made((night_id, version, one.number, seen), drawn)


def forget() -> None:
    """Forget what is kept (tests that count what a first read asks)."""
    _KEPT.clear()
    _LAST.clear()
    _TABLES.clear()
    _TEXTS.clear()
