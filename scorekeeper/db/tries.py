"""Tries at the club password: a few wrong ones per client, then a wait.

Kept in the database, so every worker and server of a club counts alike (a
limiter's memory in one process is not: each gunicorn worker has its own).
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, insert, select

from . import store
from .models import PasswordTry, db, utcnow

# Five wrong tries in a quarter of an hour, then one more as each ages out.
ALLOWED = 5
WINDOW = timedelta(minutes=15)
TRIES = PasswordTry.__table__


@dataclass(frozen=True)
class Try:
    """One try under way, counted as wrong unless it proves right."""

    client: str


def client_hash(address: str, secret: str) -> str:
    """Return the hash kept for a client's address (keyed: not read back)."""
    return hmac.new(secret.encode(), address.encode(), hashlib.sha256).hexdigest()


def begin(client: str, now: datetime | None = None) -> Try | int:
    """Count a try before it is checked; return it, or the seconds left to wait.

    The try is committed before the count, so tries racing from several
    workers see each other: at most ALLOWED of them reach the check.
    """
    now = now or utcnow()

    def record() -> int:
        db.session.execute(delete(PasswordTry).where(PasswordTry.at < now - WINDOW))
        made = db.session.execute(
            insert(TRIES).values(client=client, at=now).returning(TRIES.c.id)
        )
        return int(made.scalar_one())

    made = store.transaction(record)
    others = db.session.execute(
        select(PasswordTry.at)
        .where(PasswordTry.client == client, PasswordTry.at >= now - WINDOW)
        .where(PasswordTry.id != made)
        .order_by(PasswordTry.at)
    ).scalars()
    earlier = list(others)
    db.session.commit()  # end the read, as every request's work does
    if len(earlier) < ALLOWED:
        return Try(client)
    # Refused tries are not counted: the wait ends when enough tries age out
    # that this one would be among the allowed.
    store.transaction(lambda: forget(made))
    frees = earlier[len(earlier) - ALLOWED] + WINDOW
    return max(1, math.ceil((frees - now).total_seconds()))


def right(attempt: Try) -> None:
    """Forget a client's tries: it knew the password."""
    store.transaction(
        lambda: db.session.execute(
            delete(PasswordTry).where(PasswordTry.client == attempt.client)
        )
    )


def forget(made: int) -> None:
    """Drop one try (in the caller's transaction)."""
    db.session.execute(delete(PasswordTry).where(PasswordTry.id == made))
