"""What a transaction does last, just before it commits.

A row every write may move (the game counts) is locked last: after the
games, the standings and everything else the transaction locks, so no
transaction holds it while it waits for another. A club night's call of
time locks its games one by one; had it locked the counts at its first
game, a hand at its next game, waiting for the counts, would hold the lock
the call waits for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .models import db

KEY = "run last"


def kept(name: str, run: Callable[[list[Any]], None]) -> list[Any]:
    """Return this transaction's list `name`, handed to `run` just before it commits."""
    found = db.session.info.setdefault(KEY, {})
    if name not in found:
        found[name] = (run, [])
    return found[name][1]


def commit() -> None:
    """Run what the transaction keeps for last, then commit."""
    for run, items in db.session.info.pop(KEY, {}).values():
        run(items)
    db.session.commit()


def rollback() -> None:
    """Forget what the transaction kept for last, and roll it back."""
    db.session.info.pop(KEY, None)
    db.session.rollback()
