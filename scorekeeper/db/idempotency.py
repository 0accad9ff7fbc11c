"""Repeated writes: what a keyed request answered the first time, kept two days."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TypeVar

from sqlalchemy import delete

from ..errors import N_, BadInput, Busy, Stale, Unprocessable
from . import tokens
from .models import RequestKey, db, utcnow

R = TypeVar("R")
KEY_LIMIT = 100
# A random key of 16 base64 characters holds 96 bits; a shorter one, or a word,
# may be guessed, and whoever sends a key repeats its request (issue 21.3).
KEY_LEAST = 16
# API.md promises at least 24 hours; older keys are pruned as new ones come.
KEPT = timedelta(hours=48)


@dataclass(frozen=True)
class Answer:
    """What a write answered: a status and JSON (or the address a page went to)."""

    status: int
    body: str
    token: str | None = None  # a write token the answer carried
    same: bool = True  # whether a repeat asked what the first request asked


@dataclass(frozen=True)
class Keyed:
    """A write sent with a key: where it went, the key, a digest of what it asked."""

    scope: str
    key: str
    digest: str
    secret: str  # the server's: seals a write token the answer carries
    # What only its sender holds (a device cookie, or a hash of its credentials;
    # "" for none): only the same caller is given back the write token a repeat
    # of a new game would carry, and with none, no one is.
    caller: str = ""

    @property
    def id(self) -> str:
        """Return the hash the database keeps instead of the scope and key."""
        return hashlib.sha256(f"{self.scope}\n{self.key}".encode()).hexdigest()

    @property
    def sealing(self) -> str:
        """Return what seals a token for this caller alone."""
        return f"{self.secret}\n{self.caller}"


def keyed(
    scope: str,
    key: str | None,
    digest: str,
    secret: str,
    caller: str = "",
    field: str = "Idempotency-Key",
) -> Keyed | None:
    """Return a keyed request, None without a key, or refuse a key too short or long."""
    if key is None:
        return None
    if not KEY_LEAST <= len(key) <= KEY_LIMIT:
        raise BadInput(
            N_(
                "The %(named)s is %(least)s to %(most)s characters: send a random "
                "one, such as a UUID."
            ),
            field,
            named=field,
            least=KEY_LEAST,
            most=KEY_LIMIT,
        )
    return Keyed(scope, key, digest, secret, caller)


def digest(text: str) -> str:
    """Return the digest of what a request asked."""
    return hashlib.sha256(text.encode()).hexdigest()


def earlier(request: Keyed | None) -> Answer | None:
    """Return what the same keyed request answered before, if it succeeded."""
    if request is None:
        return None
    row = db.session.get(RequestKey, request.id)
    if row is None:
        return None
    token = (
        row.sealed
        and request.caller
        and tokens.unseal_checked(row.sealed, request.sealing, request.id)
    )
    return Answer(row.status, row.answer, token or None, row.digest == request.digest)


def same_request(answer: Answer) -> Answer:
    """Return the answer to repeat, or refuse a key sent again with another body."""
    if not answer.same:
        raise Unprocessable(
            N_(
                "This Idempotency-Key was already used with a different body; "
                "nothing was recorded. Send a new key for a new request."
            ),
            "Idempotency-Key",
        )
    return answer


def keep(request: Keyed | None, answer: Answer) -> None:
    """Keep an answer with the write that made it (in its transaction), if keyed."""
    if request is None:
        return
    db.session.execute(delete(RequestKey).where(RequestKey.created < utcnow() - KEPT))
    sealed = (
        answer.token
        and request.caller
        and tokens.seal_checked(answer.token, request.sealing, request.id)
    )
    row = RequestKey(
        id=request.id,
        digest=request.digest,
        status=answer.status,
        answer=answer.body,
        sealed=sealed or None,
    )
    db.session.add(row)


def once(
    request: Keyed | None, write: Callable[[], R], replay: Callable[[Answer], R]
) -> R:
    """Write unless the keyed request was answered before; else answer as then."""
    before = earlier(request)
    if before is not None:
        return replay(before)
    try:
        return write()
    except (Stale, Busy):
        # Two alike raced: the loser's key clashed, or the winner held the lock.
        db.session.rollback()
        before = earlier(request)
        if before is None:
            raise
        return replay(before)
