"""A night's standings and awards as its reads show them, added up from its
rounds (reading/rounds.py) and kept while the rounds they came from are the
same objects.

A round kept for a poll keeps its counts while no game of it ends (a hand in
play counts towards no row, standings.counted), so the standings of a
312-player night are ranked again, written as JSON again and drawn again only
when a game ends, not after every hand. The awards move with every hand; the
rounds before the last are added up once, and the last round added to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import current_app

from ...db.kept import Kept
from .. import standings
from ..standings import Counts, Tallies
from .frame import Shown
from .rounds import Drawn

# By night, version and ranking: the rounds' counts ranked, and the rows.
_RANKED: Kept[tuple[str, int, str], tuple[tuple[Counts, ...], list[Any]]] = Kept(64)
# By night and version: the tallies of the rounds before the last, and their sum.
_SUMMED: Kept[tuple[str, int], tuple[tuple[Tallies, ...], Tallies]] = Kept(64)
# By the rows' identity: the rows and their JSON.
_WRITTEN: Kept[int, tuple[list[Any], str]] = Kept(64)


def same(these: Sequence[object], those: Sequence[object]) -> bool:
    """Return whether two sequences hold the very same objects, in order."""
    return len(these) == len(those) and all(
        a is b for a, b in zip(these, those, strict=True)
    )


def ranked(night: Shown, drawn: list[Drawn]) -> list[dict[str, Any]]:
    """Return the night's standings rows from its rounds' counts, ranked again
    only when a round's counts are new (read, never changed: they are kept)."""
    counts = tuple(one.counts for one in drawn)
    key = (night.id, night.version, night.rank_by)
    found = _RANKED.get(key)
    if found is not None and same(found[0], counts):
        return found[1]
    roster = [p.name for p in night.players]
    rows = [vars(s) for s in standings.ranked(roster, counts, night.rank_by)]
    _RANKED.keep(key, (counts, rows))
    return rows


def awarded(night: Shown, drawn: list[Drawn]) -> list[dict[str, Any]]:
    """Return the night's awards: the rounds before the last added up once
    while they stay the same, then the last round added to them."""
    if not drawn:
        return standings.awarded([])
    before = tuple(one.awards for one in drawn[:-1])
    key = (night.id, night.version)
    found = _SUMMED.get(key)
    if found is None or not same(found[0], before):
        found = (before, standings.summed(before))
        _SUMMED.keep(key, found)
    return standings.awarded([found[1], drawn[-1].awards])


def written(rows: list[Any]) -> str:
    """Return the standings' rows as the API writes them (JSON), written once
    for these rows."""
    found = _WRITTEN.get(id(rows))
    if found is not None and found[0] is rows:
        return found[1]
    text = str(current_app.json.dumps(rows))
    _WRITTEN.keep(id(rows), (rows, text))
    return text


def forget() -> None:
    """Forget what is kept (tests that count what a first draw does)."""
    _RANKED.clear()
    _SUMMED.clear()
    _WRITTEN.clear()
