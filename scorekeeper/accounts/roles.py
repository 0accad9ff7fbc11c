"""Roles in a club (owner > admin > director > member), and who may change them.

A club always keeps an owner: the change that would leave none is refused, under
the club's row lock, so two owners demoting each other at once leave one.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from ..db import store
from ..db.clubs.models import Club
from ..db.clubs.people import ROLES, Account, Membership, includes
from ..db.models import db
from ..errors import N_, BadInput, Forbidden, NotFound
from .persons import role_named


@dataclass(frozen=True)
class Member:
    """A club's member as its people page lists them."""

    account_id: int
    name: str
    email: str
    role: str


def role_of(account_id: int | None, club_id: int | None) -> str | None:
    """Return a person's role in a club, or None when they have none there."""
    if account_id is None or club_id is None:
        return None
    query = select(Membership.role).where(
        Membership.account_id == account_id, Membership.club_id == club_id
    )
    return db.session.execute(query).scalar()


def members(club_id: int) -> list[Member]:
    """Return a club's members, owners first, then by name."""
    query = (
        select(Account.id, Account.name, Account.email, Membership.role)
        .join(Membership, Membership.account_id == Account.id)
        .where(Membership.club_id == club_id)
    )
    found = [Member(*row) for row in db.session.execute(query)]
    return sorted(
        found, key=lambda m: (ROLES.index(m.role), m.name.casefold(), m.email)
    )


def given(account: Account, club: Club, role: str) -> None:
    """Give a person a role in a club (a member already: the new role), under the
    club's row lock, in the caller's transaction (a new club's, its founder's)."""
    role = role_named(role)
    _lock(club.id)
    kept = _membership(account.id, club.id)
    if kept is None:
        db.session.add(Membership(account_id=account.id, club_id=club.id, role=role))
    else:
        _keep_an_owner(club.id, kept, role)
        kept.role = role


def grant(account: Account, club: Club, role: str) -> None:
    """Give a person a role in a club (a member already: the new role); commit."""
    store.transaction(lambda: given(account, club, role))


def change(club_id: int, account_id: int, role: str | None, by: str | None) -> None:
    """Change a member's role, or take it away (None), as someone of role `by`."""
    if role is not None:
        role = role_named(role)
    if by is None or not includes(by, "admin"):
        raise Forbidden(N_("Only the club's owners and admins change roles."), "role")

    def work() -> None:
        _lock(club_id)
        kept = _membership(account_id, club_id)
        if kept is None:
            raise NotFound(N_("That person is not a member of this club."), "role")
        if "owner" in (role, kept.role) and by != "owner":
            raise Forbidden(N_("Only an owner makes or unmakes an owner."), "role")
        _keep_an_owner(club_id, kept, role)
        if role is None:
            db.session.delete(kept)
        else:
            kept.role = role

    store.transaction(work)


def _lock(club_id: int) -> None:
    """Lock the club's row: its owners are counted and changed one change at a time."""
    query = select(Club.id).where(Club.id == club_id).with_for_update()
    if db.session.execute(query).scalar() is None:
        raise NotFound(N_("There is no club at that address."))


def _membership(account_id: int, club_id: int) -> Membership | None:
    query = select(Membership).where(
        Membership.account_id == account_id, Membership.club_id == club_id
    )
    return db.session.execute(query).scalar()


def _keep_an_owner(club_id: int, kept: Membership, role: str | None) -> None:
    """Refuse a change that leaves the club no owner."""
    if kept.role != "owner" or role == "owner":
        return
    owners = select(func.count()).where(
        Membership.club_id == club_id, Membership.role == "owner"
    )
    if db.session.execute(owners).scalar_one() <= 1:
        raise BadInput(
            N_(
                "A club keeps at least one owner: make someone else an owner "
                "first, then change this one."
            ),
            "role",
        )


def club(club_id: int) -> Club:
    """Return a club by its id (the request's, from its place)."""
    found = db.session.get(Club, club_id)
    if found is None:
        raise NotFound(N_("There is no club at that address."))
    return found


def clubs_of(account_id: int) -> list[tuple[Club, str]]:
    """Return the clubs a person belongs to, with their role in each, by name."""
    query = (
        select(Club, Membership.role)
        .join(Membership, Membership.club_id == Club.id)
        .where(Membership.account_id == account_id)
        .order_by(Club.name)
    )
    return [(c, r) for c, r in db.session.execute(query).all()]
