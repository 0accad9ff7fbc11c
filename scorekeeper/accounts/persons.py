"""Accounts: an email address as the login, a name, a password hashed with Argon2id.

No Flask here: the pages, the API and the operator's commands call the same
functions. Each write commits; a refusal names its field.
"""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..db.clubs.models import Club
from ..db.clubs.people import EMAIL_LENGTH, ROLES, Account, Membership
from ..db.models import db
from ..errors import N_, BadInput, NotFound
from ..scoring.table import clean_name

# OWASP's first choice for Argon2id (19 MiB, 2 passes, 1 lane): 65-80 ms a hash
# or check on this project's 2-core machine under load, a sign-in's POST about
# 120 ms, against 650 ms and more at argon2-cffi's default (bench/sign_in.py).
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
SHORTEST = 10
LONGEST = 200  # Argon2 reads any length: a bound keeps a sign-in's work bounded
# Checked instead of a hash when no account has the email typed, so that a
# wrong email takes as long as a wrong password (and says the same).
DECOY = HASHER.hash(secrets.token_urlsafe(16))
TAKEN = N_("An account with that email address exists already.")


def normal_email(value: object) -> str:
    """Return an email address as kept (stripped, lower-cased), or refuse it."""
    email = value.strip().lower() if isinstance(value, str) else ""
    local, at, domain = email.partition("@")
    if (
        not at
        or not local
        or "." not in domain
        or len(email) > EMAIL_LENGTH
        or any(c.isspace() or not c.isprintable() for c in email)
    ):
        raise BadInput(N_("Give an email address, such as ann@example.org."), "email")
    return email


def clean_person_name(value: object) -> str:
    """Return a person's display name, cleaned as a player's name is."""
    return clean_name(value, "name", N_("person"))


def check_password(
    password: object, email: str, club_names: tuple[str, ...] = ()
) -> str:
    """Return a password good enough to keep, or refuse it naming the field."""
    if not isinstance(password, str) or len(password) < SHORTEST:
        raise BadInput(
            N_("The password needs at least %(least)s characters."),
            "password",
            least=SHORTEST,
        )
    if len(password) > LONGEST:
        raise BadInput(
            N_("The password must be at most %(most)s characters."),
            "password",
            most=LONGEST,
        )
    said = password.strip().casefold()
    if said == email.casefold() or said == email.partition("@")[0].casefold():
        raise BadInput(N_("The password must not be your email address."), "password")
    if any(said == name.strip().casefold() for name in club_names):
        raise BadInput(N_("The password must not be the club's name."), "password")
    return password


def clubs_named(account: Account | None) -> tuple[str, ...]:
    """Return the names of the clubs an account belongs to (a password is none)."""
    if account is None or account.id is None:
        return ()
    query = select(Club.name).join(Membership, Membership.club_id == Club.id)
    return tuple(
        db.session.execute(query.where(Membership.account_id == account.id)).scalars()
    )


def find(email: str) -> Account | None:
    """Return the account with this email address, however it was typed."""
    try:
        email = normal_email(email)
    except BadInput:
        return None
    return db.session.execute(select(Account).where(Account.email == email)).scalar()


def by_session_key(key: str) -> Account | None:
    """Return the account whose sessions carry this key (none once signed out)."""
    if not key:
        return None
    return db.session.execute(
        select(Account).where(Account.session_key == key)
    ).scalar()


def _valid(
    email: str, name: str, password: str | None, club_name: str | None
) -> tuple[str, str]:
    """Return an account's email and name as kept, or refuse what is wrong."""
    email = normal_email(email)
    name = clean_person_name(name)
    if password is not None:
        check_password(password, email, (club_name,) if club_name else ())
    return email, name


def _added(email: str, name: str, password: str | None) -> Account:
    account = Account(
        email=email,
        name=name,
        password_hash=HASHER.hash(password) if password is not None else "",
        session_key=secrets.token_urlsafe(32),
    )
    db.session.add(account)
    db.session.flush()
    return account


def new_account(
    email: str, name: str, password: str | None, *, club_name: str | None = None
) -> Account:
    """Add an account (with no password yet: a reset link sets it), uncommitted:
    the caller's transaction commits it (a new club's, with its founder), or
    meets the email's unique key there if another has it."""
    return _added(*_valid(email, name, password, club_name), password)


def create_account(
    email: str, name: str, password: str | None, *, club_name: str | None = None
) -> Account:
    """Make an account (with no password yet: a reset link sets it) and commit it."""
    email, name = _valid(email, name, password, club_name)
    if find(email) is not None:
        raise BadInput(TAKEN, "email")
    try:
        account = _added(email, name, password)
        db.session.commit()
    except IntegrityError:  # the same email, made at the same moment
        db.session.rollback()
        raise BadInput(TAKEN, "email") from None
    return account


def verify(account: Account | None, password: str) -> bool:
    """Return whether the password is the account's (as slow for no account)."""
    kept = account.password_hash if account is not None else ""
    try:
        HASHER.verify(kept or DECOY, password[:LONGEST])
    except (VerificationError, InvalidHashError):
        return False
    if account is None or not kept:
        return False
    if HASHER.check_needs_rehash(kept):  # a cost changed since: keep the new one
        account.password_hash = HASHER.hash(password)
        db.session.commit()
    return True


def set_password(account: Account, password: str, club_name: str | None = None) -> None:
    """Keep a new password and sign the account out everywhere; commit."""
    names = clubs_named(account) + ((club_name,) if club_name else ())
    check_password(password, account.email, names)
    account.password_hash = HASHER.hash(password)
    account.session_key = secrets.token_urlsafe(32)
    db.session.commit()


def sign_out_everywhere(account: Account) -> None:
    """End every session of the account, on every server, from its next request."""
    account.session_key = secrets.token_urlsafe(32)
    db.session.commit()


def role_named(role: object) -> str:
    """Return a role, or refuse one that is not a club's."""
    if role not in ROLES:
        raise BadInput(N_("A role is one of owner, admin, director or member."), "role")
    return str(role)


def email_of(account_id: int | None) -> str:
    """Return an account's email address ("" for none)."""
    account = db.session.get(Account, account_id) if account_id else None
    return account.email if account is not None else ""


def account(account_id: int) -> Account:
    """Return an account by its id, or raise NotFound."""
    found = db.session.get(Account, account_id)
    if found is None:
        raise NotFound(N_("There is no such account."), "account")
    return found
