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
# And twenty an hour from everyone together: a client that changes its address
# at every try (a forged X-Forwarded-For, many machines) is slowed down too.
CLUB_ALLOWED = 20
CLUB_WINDOW = timedelta(hours=1)
TRIES = PasswordTry.__table__


@dataclass(frozen=True)
class Try:
    """One try under way, counted as wrong unless it proves right."""

    client: str


@dataclass(frozen=True)
class Wait:
    """A try refused before its check: the seconds to wait, and whose tries
    made it wait (the client's own, or the whole club's)."""

    seconds: int
    club: bool = False


def client_hash(address: str, secret: str) -> str:
    """Return the hash kept for a client's address (keyed: not read back)."""
    return hmac.new(secret.encode(), address.encode(), hashlib.sha256).hexdigest()


def begin(client: str, now: datetime | None = None) -> Try | Wait:
    """Count a try before it is checked; return it, or how long to wait.

    The try is committed before the count, so tries racing from several
    workers see each other: at most ALLOWED of a client's (and CLUB_ALLOWED
    of everyone's) reach the check.
    """
    now = now or utcnow()

    def record() -> int:
        db.session.execute(
            delete(PasswordTry).where(PasswordTry.at < now - CLUB_WINDOW)
        )
        made = db.session.execute(
            insert(TRIES).values(client=client, at=now).returning(TRIES.c.id)
        )
        return int(made.scalar_one())

    made = store.transaction(record)
    others = db.session.execute(
        select(PasswordTry.client, PasswordTry.at)
        .where(PasswordTry.at >= now - CLUB_WINDOW, PasswordTry.id != made)
        .order_by(PasswordTry.at)
    ).all()
    db.session.commit()  # end the read, as every request's work does
    mine = [at for who, at in others if who == client and at >= now - WINDOW]
    everyone = [at for _, at in others]
    if len(mine) >= ALLOWED:
        wait = Wait(waited(mine, ALLOWED, WINDOW, now))
    elif len(everyone) >= CLUB_ALLOWED:
        wait = Wait(waited(everyone, CLUB_ALLOWED, CLUB_WINDOW, now), club=True)
    else:
        return Try(client)
    # Refused tries are not counted: the wait ends when enough tries age out
    # that this one would be among the allowed.
    store.transaction(lambda: forget(made))
    return wait


def waited(
    earlier: list[datetime], allowed: int, window: timedelta, now: datetime
) -> int:
    """Return the seconds until enough of the earlier tries age out for one more."""
    frees = earlier[len(earlier) - allowed] + window
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
