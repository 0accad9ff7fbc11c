"""One-use links: an invitation to a club for a role, a link to set a password.

Only a link's hash is kept; it works once, for a week. A reset link made by a
club's admin is for a person whose every role, in every club, is one the admin
holds there too: no admin of one club takes over an owner of another.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from ..db import store, tokens
from ..db.clubs.models import Club
from ..db.clubs.people import Account, Membership, OneUseLink, includes
from ..db.models import db, utcnow
from ..errors import N_, Forbidden, NotFound
from . import roles
from .persons import role_named, set_password

LASTS = timedelta(days=7)
INVITE, RESET = "invite", "reset"
GONE = N_(
    "That link is not valid: it was used already, it expired, or it was never made."
)


def invite_link(club: Club, role: str, made_by: Account | None = None) -> str:
    """Make an invitation to a club for a role; return its path (/invite/<token>)."""
    return "/invite/" + _make(
        INVITE, club_id=club.id, role=role_named(role), made_by=made_by
    )


def reset_link(account: Account, made_by: Account | None = None) -> str:
    """Make a link that sets an account's password; return its path (/reset/<token>).

    Made by a club's admin (`made_by`), only for someone whose roles they hold
    in every club the person belongs to; the operator's command makes any.
    """
    if made_by is not None:
        query = select(Membership.club_id, Membership.role).where(
            Membership.account_id == account.id
        )
        for club_id, role in db.session.execute(query).all():
            theirs = roles.role_of(made_by.id, club_id)
            if (
                theirs is None
                or not includes(theirs, "admin")
                or not includes(theirs, role)
            ):
                raise Forbidden(
                    N_(
                        "That person has a role you do not hold in one of their "
                        "clubs: the server's operator makes their reset link."
                    ),
                    "account",
                )
    return "/reset/" + _make(RESET, account_id=account.id, made_by=made_by)


def _make(kind: str, made_by: Account | None, **where: object) -> str:
    token, kept = tokens.new_token()
    link = OneUseLink(
        kind=kind,
        token_hash=kept,
        made_by=made_by.id if made_by is not None else None,
        expires=utcnow() + LASTS,
        **where,
    )
    db.session.add(link)
    db.session.commit()
    return token


def opened(kind: str, token: str) -> OneUseLink:
    """Return the unused, unexpired link a token opens, or raise NotFound."""
    query = select(OneUseLink).where(
        OneUseLink.token_hash == tokens.token_hash(token), OneUseLink.kind == kind
    )
    link = db.session.execute(query).scalar()
    if link is None or link.used is not None or link.expires < utcnow():
        raise NotFound(GONE)
    return link


def _use(link: OneUseLink) -> None:
    """Mark a link used, in the caller's transaction; refuse it if a race used it."""
    used = db.session.execute(
        update(OneUseLink)
        .where(OneUseLink.id == link.id, OneUseLink.used.is_(None))
        .values(used=utcnow())
    )
    if used.rowcount != 1:  # type: ignore[attr-defined]
        raise NotFound(GONE)


def accept(token: str, account: Account) -> Club:
    """Make the account a member of the invitation's club, in its role; one use."""
    link = opened(INVITE, token)
    club = db.session.get(Club, link.club_id)
    if club is None:
        raise NotFound(GONE)

    def work() -> None:
        _use(link)
        held = roles.role_of(account.id, club.id)
        if held is None:
            db.session.add(
                Membership(account_id=account.id, club_id=club.id, role=link.role)
            )
        elif not includes(held, link.role or "member"):
            db.session.execute(
                update(Membership)
                .where(
                    Membership.account_id == account.id, Membership.club_id == club.id
                )
                .values(role=link.role)
            )

    store.transaction(work)
    return club


def club_of(link: OneUseLink) -> Club | None:
    """Return the club an invitation is for."""
    return db.session.get(Club, link.club_id) if link.club_id else None


def reset(token: str, password: str) -> Account:
    """Set the password a reset link is for, once; sign the account out everywhere."""
    link = opened(RESET, token)
    account = db.session.get(Account, link.account_id)
    if account is None:
        raise NotFound(GONE)
    _use(link)  # held uncommitted: the new password commits it, or a refusal drops it
    try:
        set_password(account, password)
    except BaseException:
        db.session.rollback()
        raise
    return account
