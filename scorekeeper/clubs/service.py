"""A many-clubs server's clubs: made with their storage, found, deleted whole."""

from __future__ import annotations

from sqlalchemy import select

from ..db.clubs import scope, storage
from ..db.clubs.models import Club
from ..db.migration import MIGRATIONS
from ..db.models import db
from ..errors import N_, NotFound


def place(club: Club) -> scope.Place:
    """Return where a club's rows are, to run a block inside it (scope.inside)."""
    return scope.Place(club.id, club.slug, club.storage, club.visibility == "members")


def find(slug: str) -> Club:
    """Return the club with this slug, or raise NotFound."""
    club = db.session.execute(select(Club).where(Club.slug == slug)).scalar()
    if club is None:
        raise NotFound(N_("There is no club at that address."))
    return club


def create(slug: str, name: str, adopt: bool = False) -> Club:
    """Make a club and its storage, at the newest migration (or, adopting, the
    app's own database with the one-club rows in it) and commit it."""
    club = Club(slug=slug, name=name, storage=scope.MAIN)
    db.session.add(club)
    db.session.flush()
    if not adopt:
        club.storage = storage.name_for(club.id)
        storage.create(db.engine, club.storage, MIGRATIONS)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        if not adopt:
            storage.drop(db.engine, storage.name_for(club.id))
        raise

    return club


def delete(club: Club) -> None:
    """Delete a club and everything of it; other clubs are untouched."""
    kept = club.storage
    db.session.delete(club)
    db.session.commit()
    if kept != scope.MAIN:
        storage.drop(db.engine, kept)
