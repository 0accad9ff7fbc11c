"""What starting and running clubs needs of people: the accounts feature's
(accounts/), and the two writes a new club makes in its own transaction (its
founder's account and role are committed with the club, or not at all).
"""

from __future__ import annotations

from flask import has_request_context
from flask_login import current_user

from ..accounts import links, persons, roles, sessions, tokens
from ..db.clubs.models import Club
from ..db.clubs.people import Account, includes

clean_email = persons.normal_email
find_account = persons.find
role_of = roles.role_of


def check_password(password: str, email: str, club_name: str = "") -> None:
    """Refuse a weak password, naming `password` (accounts/persons.py)."""
    persons.check_password(password, email, (club_name,) if club_name else ())


def create_account(email: str, name: str, password: str | None) -> Account:
    """Add an account (no password yet with None: a link sets it), uncommitted:
    a new club commits it with itself."""
    return persons.new_account(email, name or email.split("@")[0], password)


def grant(account: Account, club: Club, role: str) -> None:
    """Give an account a role in a new club, uncommitted (accounts/roles.py)."""
    roles.given(account, club, role)


def reset_link(account: Account) -> str:
    """Make a one-use link that sets an account's password; return its path."""
    return links.reset_link(account)


def new_token(account: Account, club: Club, role: str, name: str) -> str:
    """Make a personal access token for one club and role; return it (shown once)."""
    return tokens.new_token(account, club, role, name)


def role_in(account: Account | None, club_id: int) -> str | None:
    """Return an account's role in a club, if it has one."""
    return None if account is None else role_of(account.id, club_id)


def clubs_of(account: Account) -> list[tuple[Club, str]]:
    """Return the clubs an account has a role in, with the role, by name."""
    return roles.clubs_of(account.id)


def signed_in() -> Account | None:
    """Return the signed-in account, if any."""
    if not has_request_context() or not current_user.is_authenticated:
        return None
    return current_user.account  # type: ignore[no-any-return]


def sign_in(account: Account) -> None:
    """Sign the founder in, in a new session (accounts/sessions.py)."""
    sessions.sign_in(account)


def can_admin(club: Club, owner: bool = False) -> bool:
    """Return whether the signed-in person is an admin (or owner) of a club."""
    role = role_in(signed_in(), club.id)
    return role is not None and includes(role, "owner" if owner else "admin")
