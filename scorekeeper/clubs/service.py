"""A many-clubs server's clubs: made with their storage, found, listed, deleted."""

from __future__ import annotations

import secrets
import threading
from datetime import timedelta

from sqlalchemy import delete as delete_rows
from sqlalchemy import func, or_, select, text
from sqlalchemy.exc import IntegrityError

from ..db.clubs import bound, scope, storage
from ..db.clubs.models import Club
from ..db.migration import MIGRATIONS
from ..db.models import db, utcnow
from ..errors import N_, Conflict, NotFound
from ..results.listing import Page
from .names import check_name, check_slug

__all__ = ["Club", "check_name", "check_slug"]  # for the pages and commands


def place(club: Club) -> scope.Place:
    """Return where a club's rows are, to run a block inside it (scope.inside)."""
    members_only = club.visibility == "members"
    return scope.Place(
        club.id, club.slug, club.storage, members_only, club.name, club.language
    )


def find(slug: str) -> Club:
    """Return the club with this slug, or raise NotFound."""
    club = db.session.execute(select(Club).where(Club.slug == slug)).scalar()
    if club is None:
        raise NotFound(N_("There is no club at that address."))
    return club


def by_id(club_id: int) -> Club:
    """Return the club with this id (the one a request is in), or raise NotFound."""
    club = db.session.get(Club, club_id)
    if club is None:
        raise NotFound(N_("There is no club at that address."))
    return club


# Alembic's environment is one per process (alembic.context): two clubs made
# at once by two threads of a worker take turns at stamping their storage.
_alembic = threading.Lock()
TAKEN = N_("The address %(slug)s is taken: choose another.")


def adopted() -> Club | None:
    """Return the club made of the server's one-club data, if one was."""
    return db.session.execute(select(Club).where(Club.storage == scope.MAIN)).scalar()


def create(slug: str, name: str, adopt: bool = False) -> Club:
    """Make a club and its storage, at the newest migration (or, adopting, the
    app's own database with the one-club rows in it) and commit it.

    A slug taken, even by a club made at the same moment, is a Conflict
    naming `slug`. A new club's storage is named for its id and a few random
    letters, so a club made with the id of one deleted (SQLite reuses the
    highest id) never finds what a worker kept of the one before.
    """
    club = Club(slug=slug, name=name, storage=scope.MAIN)
    db.session.add(club)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(TAKEN, "slug", slug=slug) from None
    if not adopt:
        club.storage = f"{storage.name_for(club.id)}_{secrets.token_hex(3)}"
        with _alembic:
            storage.create(db.engine, club.storage, MIGRATIONS)
    try:
        db.session.commit()
    except BaseException:
        made = club.storage
        db.session.rollback()
        if made != scope.MAIN:
            storage.drop(db.engine, made)
        raise
    return club


def slug_taken(slug: str) -> bool:
    """Return whether a club has this slug already."""
    return (
        db.session.execute(select(Club.id).where(Club.slug == slug)).first() is not None
    )


def made_lately(within: timedelta) -> int:
    """Return how many clubs were made on the server lately (sign-up's throttle)."""
    since = utcnow() - within
    found = db.session.execute(select(func.count()).where(Club.created >= since))
    return int(found.scalar_one())


def directory(asked: str, page: int, per_page: int) -> tuple[Page, list[Club]]:
    """Return one page of the listed clubs whose name or slug holds the words
    asked, by name, and the page's place among the others."""
    found = select(Club).where(Club.listed)
    for word in asked.split():
        like = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        like += "%"
        found = found.where(
            or_(
                func.lower(Club.name).like(like.lower(), escape="\\"),
                Club.slug.like(like.lower(), escape="\\"),
            )
        )
    total = db.session.execute(
        select(func.count()).select_from(found.subquery())
    ).scalar_one()
    clubs = db.session.execute(
        found.order_by(func.lower(Club.name), Club.slug)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return Page([], page, per_page, int(total)), list(clubs.scalars())


def change(club: Club, **settings: object) -> None:
    """Change a club's settings (name, language, visibility, listed) and commit."""
    for key, value in settings.items():
        setattr(club, key, value)
    db.session.commit()


def delete(club: Club) -> None:
    """Delete a club and everything of it, in one transaction; other clubs are
    untouched.

    On PostgreSQL its schema is dropped in the transaction that deletes its
    row; on SQLite its file goes once that transaction committed. The club
    adopted from one-club data has its rows in the app's database: they are
    deleted with its row, table by table.
    """
    kept, club_id = club.storage, club.id
    db.session.rollback()  # what the request read: the deleting is one transaction
    postgres = db.engine.dialect.name == "postgresql"
    with db.engine.begin() as connection:
        if kept == scope.MAIN:
            for table in reversed(storage.club_tables()):
                connection.execute(delete_rows(table))
        connection.execute(delete_rows(Club.__table__).where(Club.id == club_id))
        if postgres and kept != scope.MAIN:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{kept}" CASCADE'))
    if kept != scope.MAIN:
        bound.forget(db.engine, kept)
        if not postgres:
            storage.drop(db.engine, kept)
