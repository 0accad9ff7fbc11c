"""Personal access tokens: one club, a role no higher than the person's, kept hashed.

A token begins with PREFIX, so the API tells it from a game's or a night's
write token without a lookup. It acts with the lower of its role and the
person's role in the club now: a role taken away takes the token's with it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select, update

from ..db import tokens
from ..db.clubs.models import Club
from ..db.clubs.people import ROLES, AccessToken, Account, Membership, includes
from ..db.models import db, utcnow
from ..errors import N_, BadInput, Forbidden, NotFound
from ..text import clean_text
from . import roles
from .persons import role_named

PREFIX = "sk_pat_"
USED_EVERY = timedelta(hours=1)  # how often a token's last use is written down


@dataclass(frozen=True)
class Holder:
    """Who a token speaks for in its club, and with what role."""

    account_id: int
    role: str


@dataclass(frozen=True)
class Listed:
    """A token as the account page lists it (never the token itself)."""

    id: int
    name: str
    club: str
    slug: str
    role: str


def new_token(account: Account, club: Club, role: str, name: str) -> str:
    """Make a token for one club and a role the person holds; return it (shown once)."""
    role = role_named(role)
    held = roles.role_of(account.id, club.id)
    if held is None or not includes(held, role):
        raise Forbidden(
            N_("A token's role can be no higher than your own role in its club."),
            "role",
        )
    name = clean_text(name, "name") if name.strip() else "API"
    token = PREFIX + secrets.token_urlsafe(32)
    db.session.add(
        AccessToken(
            account_id=account.id,
            club_id=club.id,
            role=role,
            name=name,
            token_hash=tokens.token_hash(token),
        )
    )
    db.session.commit()
    return token


def holder(token: str, club_id: int) -> Holder | None:
    """Return who a token acts for in this club, or None (another club's: unknown)."""
    query = (
        select(
            AccessToken.id,
            AccessToken.account_id,
            AccessToken.role,
            AccessToken.last_used,
            Membership.role,
        )
        .join(
            Membership,
            (Membership.account_id == AccessToken.account_id)
            & (Membership.club_id == AccessToken.club_id),
        )
        .where(
            AccessToken.token_hash == tokens.token_hash(token),
            AccessToken.club_id == club_id,
        )
    )
    found = db.session.execute(query).first()
    if found is None:
        return None
    token_id, account_id, role, used, held = found
    now = utcnow()
    if used is None or used < now - USED_EVERY:  # a write an hour, not a request
        db.session.execute(
            update(AccessToken).where(AccessToken.id == token_id).values(last_used=now)
        )
        db.session.commit()
    return Holder(account_id, max(role, held, key=ROLES.index))


def listed(account: Account) -> list[Listed]:
    """Return an account's tokens, newest first."""
    query = (
        select(AccessToken.id, AccessToken.name, Club.name, Club.slug, AccessToken.role)
        .join(Club, Club.id == AccessToken.club_id)
        .where(AccessToken.account_id == account.id)
        .order_by(AccessToken.id.desc())
    )
    return [Listed(*row) for row in db.session.execute(query)]


def revoke(account: Account, token_id: object) -> None:
    """Take back one of the account's tokens; refused from its next request on."""
    if not isinstance(token_id, int):
        raise BadInput(N_("Say which token to revoke."), "token")
    gone = db.session.execute(
        delete(AccessToken).where(
            AccessToken.id == token_id, AccessToken.account_id == account.id
        )
    )
    db.session.commit()
    if gone.rowcount != 1:  # type: ignore[attr-defined]
        raise NotFound(N_("There is no such token."), "token")
