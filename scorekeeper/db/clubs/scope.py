"""The club a request or a command is in, and so where its rows are kept.

One-club mode has none: every row is in the app's database, as it always was.
In many-clubs mode each request under `/c/<slug>/` (web/prefix.py) and each
`flask clubs` command runs inside one club's place, and everything the app
reads, writes or keeps in memory is that club's (db/clubs/bound.py binds the
session to it; db/kept.py keys what a worker keeps by it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

MAIN = ""  # the storage of the app's own database (one-club mode's rows)


@dataclass(frozen=True)
class Place:
    """One club's: its id and slug, and where its rows are kept.

    `storage` names a schema of the server's PostgreSQL database, or a SQLite
    file in `instance/clubs/`; MAIN for the club adopted from one-club data.
    """

    club_id: int
    slug: str
    storage: str
    # A `members` club shows its pages to its signed-in members alone: none is
    # answered before Flask checks who asks (games/fastread.py).
    members_only: bool = False
    name: str = ""  # the club's, as its installed app is named
    # The language of its pages for visitors who chose none ("" none said).
    language: str = ""


_current: ContextVar[Place | None] = ContextVar("club", default=None)


def current() -> Place | None:
    """Return the club this request or command is in, if any."""
    return _current.get()


def storage() -> str:
    """Return where this request's rows are kept: MAIN outside any club."""
    place = _current.get()
    return MAIN if place is None else place.storage


def enter(place: Place | None) -> None:
    """Make every request of this thread from now on the club's (or none's).

    web/prefix.py sets it at the start of every request, so no request ever
    runs in the club of the request before it on the same thread.
    """
    _current.set(place)


@contextmanager
def inside(place: Place | None) -> Iterator[None]:
    """Run a block in a club's place (a command, a test), then leave it."""
    token = _current.set(place)
    try:
        yield
    finally:
        _current.reset(token)
