"""The service's own tables, in the app's database for every club: the clubs."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, true
from sqlalchemy.orm import Mapped, mapped_column

from ..models import NAME_LENGTH, db, utcnow

SERVICE = {"info": {"service": True}}  # db/clubs/bound.py: in the app's database
SLUG_LENGTH = 40


class Club(db.Model):  # type: ignore[name-defined,misc]
    """A club of a many-clubs server (CLUBS.md): its address, name and storage."""

    __tablename__ = "club"
    __table_args__ = SERVICE

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(SLUG_LENGTH), unique=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # Where its rows are (db/clubs/scope.Place): a PostgreSQL schema or a
    # SQLite file named for its id; "" for the club adopted from one-club data.
    storage: Mapped[str] = mapped_column(String(SLUG_LENGTH))
    # The language of its pages for visitors who chose none.
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # "public": anyone with the address; "members": signed-in members only.
    visibility: Mapped[str] = mapped_column(
        String(10), default="public", server_default="public"
    )
    # Found by name in the service's directory (GET /api/clubs?q=).
    listed: Mapped[bool] = mapped_column(default=True, server_default=true())
    created: Mapped[datetime] = mapped_column(default=utcnow)
