"""The service's people (CLUBS.md, "People, roles and signing in"): accounts,
their roles in clubs, their API tokens, the one-use links admins make, and
the wrong sign-in tries. Kept in the app's database for every club (SERVICE),
so every server of a many-clubs service sees the same, at the next request.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..models import NAME_LENGTH, db, utcnow
from .models import SERVICE

EMAIL_LENGTH = 254
# Roles in a club, each including the ones after it.
ROLES = ("owner", "admin", "director", "member")


def includes(role: str, needed: str) -> bool:
    """Return whether a role allows what another needs (owner > ... > member)."""
    return ROLES.index(role) <= ROLES.index(needed)


class Account(db.Model):  # type: ignore[name-defined,misc]
    """A person: an email address as the login, a name, a password's hash."""

    __tablename__ = "account"
    __table_args__ = SERVICE

    id: Mapped[int] = mapped_column(primary_key=True)
    # Stripped and lower-cased: one account however it is typed.
    email: Mapped[str] = mapped_column(String(EMAIL_LENGTH), unique=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    # Argon2id, with its parameters (accounts/service.py); "" until a link sets it.
    password_hash: Mapped[str] = mapped_column(String(200), default="")
    language: Mapped[str | None] = mapped_column(String(8))
    # In every session of the account's (Flask-Login's id): a new one signs
    # every session out, on every server, at its next request.
    session_key: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(default=utcnow)


class Membership(db.Model):  # type: ignore[name-defined,misc]
    """A person's role in a club."""

    __tablename__ = "membership"
    __table_args__ = (UniqueConstraint("account_id", "club_id"), SERVICE)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE")
    )
    club_id: Mapped[int] = mapped_column(
        ForeignKey("club.id", ondelete="CASCADE"), index=True
    )
    role: Mapped[str] = mapped_column(String(10))
    created: Mapped[datetime] = mapped_column(default=utcnow)


class AccessToken(db.Model):  # type: ignore[name-defined,misc]
    """A personal access token for the API: one club, a role, stored hashed."""

    __tablename__ = "access_token"
    __table_args__ = SERVICE

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(default=utcnow)
    last_used: Mapped[datetime | None]


class OneUseLink(db.Model):  # type: ignore[name-defined,misc]
    """An invitation to a club for a role, or a link to set an account's password:
    one use, until it expires; only its token's hash is kept."""

    __tablename__ = "one_use_link"
    __table_args__ = SERVICE

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # "invite" or "reset"
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # An invitation's club and role; a reset's account.
    club_id: Mapped[int | None] = mapped_column(
        ForeignKey("club.id", ondelete="CASCADE")
    )
    role: Mapped[str | None] = mapped_column(String(10))
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE")
    )
    made_by: Mapped[int | None]
    created: Mapped[datetime] = mapped_column(default=utcnow)
    expires: Mapped[datetime]
    used: Mapped[datetime | None]


class SignInTry(db.Model):  # type: ignore[name-defined,misc]
    """A wrong sign-in, kept a while: tries are counted per account, per
    address and over the whole server, by every server of the database."""

    __tablename__ = "sign_in_try"
    __table_args__ = (Index("ix_sign_in_try_who_at", "who", "at"), SERVICE)

    id: Mapped[int] = mapped_column(primary_key=True)
    # A keyed hash of the account's email or of the address; "*" for everyone.
    who: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
