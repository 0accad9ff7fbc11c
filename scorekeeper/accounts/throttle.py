"""Wrong sign-ins: a few per account, per address and over the whole server.

Kept in the service's table (SignInTry), so every worker and server counts
alike, as the club password's tries are (db/tries.py): a try is counted
before its check and forgotten when it proves right.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, insert, select

from ..db import store
from ..db.clubs.people import SignInTry
from ..db.models import db, utcnow
from ..db.tries import waited

EVERYONE = "*"
# (allowed, window) per who: an account's five in a quarter of an hour (one
# guesser); an address's twenty (a club's hall shares one); and the server's
# three hundred an hour, which slows a guesser spread over many addresses.
ACCOUNT = (5, timedelta(minutes=15))
ADDRESS = (20, timedelta(minutes=15))
SERVER = (300, timedelta(hours=1))
TRIES = SignInTry.__table__


@dataclass(frozen=True)
class Try:
    """One sign-in under way: the rows that count it, dropped if it proves right."""

    made: tuple[int, ...]
    account: str


@dataclass(frozen=True)
class Wait:
    """A sign-in refused before its check: the seconds to wait, and whose tries."""

    seconds: int
    whose: str  # "account", "address" or "server"


def keyed(text: str, secret: str) -> str:
    """Return the hash kept of an email or an address (keyed: not read back)."""
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()


def begin(
    email: str, address: str, secret: str, now: datetime | None = None
) -> Try | Wait:
    """Count a sign-in before its check; return it, or how long to wait."""
    now = now or utcnow()
    account, place = (
        keyed("email:" + email, secret),
        keyed("address:" + address, secret),
    )
    limits = {account: ACCOUNT, place: ADDRESS, EVERYONE: SERVER}

    def record() -> list[int]:
        db.session.execute(delete(SignInTry).where(SignInTry.at < now - SERVER[1]))
        made = db.session.execute(
            insert(TRIES).returning(TRIES.c.id),
            [{"who": who, "at": now} for who in limits],
        )
        return [int(i) for i in made.scalars()]

    made = store.transaction(record)
    whose = zip(("account", "address", "server"), limits.items(), strict=True)
    for name, (who, (allowed, window)) in whose:
        earlier = (
            db.session.execute(
                select(SignInTry.at)
                .where(SignInTry.who == who, SignInTry.at >= now - window)
                .where(SignInTry.id.not_in(made))
                .order_by(SignInTry.at)
            )
            .scalars()
            .all()
        )
        if len(earlier) >= allowed:
            db.session.commit()
            forget(made)
            return Wait(waited(list(earlier), allowed, window, now), name)
    db.session.commit()
    return Try(tuple(made), account)


def right(attempt: Try) -> None:
    """Forget this try and the account's wrong ones: it knew its password."""
    store.transaction(
        lambda: db.session.execute(
            delete(SignInTry).where(
                SignInTry.id.in_(attempt.made) | (SignInTry.who == attempt.account)
            )
        )
    )


def forget(made: list[int] | tuple[int, ...]) -> None:
    """Drop a try's rows."""
    store.transaction(
        lambda: db.session.execute(delete(SignInTry).where(SignInTry.id.in_(made)))
    )


def counted(who: str) -> int:
    """Return how many tries are kept for a hash (for tests and the operator)."""
    query = select(func.count()).where(SignInTry.who == who)
    return int(db.session.execute(query).scalar_one())
