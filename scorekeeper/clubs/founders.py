"""STAND-IN for accounts/service.py (another branch): the few things about people
that starting and running clubs needs, written against the tables of
db/clubs/people.py. Each has the name and signature the accounts service gives
(`create_account`, `grant`, `reset_link`, `new_token`, `signed_in`,
`can_admin`), so at the merge this module's callers import that one instead.
"""

from __future__ import annotations

import importlib
import re
import secrets
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from flask import current_app, has_request_context, request
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select

from ..db import tokens
from ..db.clubs.models import Club
from ..db.clubs.people import (
    ROLES,
    AccessToken,
    Account,
    Membership,
    OneUseLink,
    includes,
)
from ..db.models import db, utcnow
from ..errors import N_, BadInput
from ..text import clean_text

HASHER = PasswordHasher()  # Argon2id at argon2-cffi's defaults
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
SHORTEST_PASSWORD = 10
LINK_LASTS = timedelta(days=7)
COOKIE = "founder"  # STAND-IN: the founder's sign-in until Flask-Login's


def clean_email(email: str) -> str:
    """Return an email address as its account keeps it, or refuse it."""
    email = email.strip().lower()
    if not EMAIL.fullmatch(email) or len(email) > 254:
        raise BadInput(N_("Give an email address, such as ann@example.org."), "email")
    return email


def check_password(password: str, email: str, club_name: str = "") -> None:
    """Refuse a weak password, naming `password`: under 10 characters, the
    email address or the club's name."""
    if len(password) < SHORTEST_PASSWORD:
        raise BadInput(
            N_("The password must have at least %(most)s characters."),
            "password",
            most=SHORTEST_PASSWORD,
        )
    said = password.strip().casefold()
    if said in (email.casefold(), club_name.strip().casefold()):
        raise BadInput(
            N_("The password must be neither the email address nor the club's name."),
            "password",
        )


def find_account(email: str) -> Account | None:
    """Return the account of an email address, if there is one."""
    found = select(Account).where(Account.email == email.strip().lower())
    return db.session.execute(found).scalar()


def create_account(email: str, name: str, password: str | None) -> Account:
    """Add an account (no password yet with None: a link sets it); uncommitted."""
    account = Account(
        email=clean_email(email),
        name=clean_text(name, "name") or email.split("@")[0],
        password_hash=HASHER.hash(password) if password else "",
        session_key=secrets.token_hex(32),
    )
    db.session.add(account)
    db.session.flush()
    return account


def grant(account: Account, club: Club, role: str) -> None:
    """Give an account a role in a club (uncommitted)."""
    assert role in ROLES, role
    found = select(Membership).where(
        Membership.account_id == account.id, Membership.club_id == club.id
    )
    membership = db.session.execute(found).scalar()
    if membership is None:
        db.session.add(Membership(account_id=account.id, club_id=club.id, role=role))
    else:
        membership.role = role
    db.session.flush()


def reset_link(account: Account, made_by: int | None = None) -> str:
    """Make a one-use link that sets an account's password; return its path."""
    token, kept = tokens.new_token()
    db.session.add(
        OneUseLink(
            kind="reset",
            token_hash=kept,
            account_id=account.id,
            made_by=made_by,
            expires=utcnow() + LINK_LASTS,
        )
    )
    db.session.commit()
    return f"/reset/{token}"


def new_token(account: Account, club: Club, role: str, name: str) -> str:
    """Make a personal access token for one club and role; return it (shown once)."""
    token, kept = tokens.new_token()
    db.session.add(
        AccessToken(
            account_id=account.id,
            club_id=club.id,
            role=role,
            name=name,
            token_hash=kept,
        )
    )
    db.session.commit()
    return token


def role_in(account: Account | None, club_id: int) -> str | None:
    """Return an account's role in a club, if it has one."""
    if account is None:
        return None
    found = select(Membership.role).where(
        Membership.account_id == account.id, Membership.club_id == club_id
    )
    return db.session.execute(found).scalar()


def clubs_of(account: Account) -> list[tuple[Club, str]]:
    """Return the clubs an account has a role in, with the role, by name."""
    found = (
        select(Club, Membership.role)
        .join(Membership, Membership.club_id == Club.id)
        .where(Membership.account_id == account.id)
        .order_by(Club.name)
    )
    return [(club, role) for club, role in db.session.execute(found).all()]


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(str(current_app.secret_key), salt="clubs.founder")


def _login() -> Any:
    """Return Flask-Login's module once the accounts feature set it up, else None."""
    if not hasattr(current_app, "login_manager"):
        return None
    return importlib.import_module("flask_login")


def signed_in() -> Account | None:
    """HOOK: return the signed-in account (Flask-Login's current_user once the
    accounts feature is merged; until then the founder's cookie)."""
    if not has_request_context():
        return None
    login = _login()
    if login is not None:
        user = login.current_user
        return user if getattr(user, "is_authenticated", False) else None
    try:
        account_id, key = _serializer().loads(request.cookies.get(COOKIE, ""))
    except (BadSignature, ValueError, TypeError):
        return None
    account = db.session.get(Account, account_id)
    if account is None or not tokens.same(str(key), account.session_key):
        return None
    return account


def sign_in(account: Account, response: Any) -> None:
    """HOOK: sign the founder in (Flask-Login's login_user once merged)."""
    login = _login()
    if login is not None:
        login.login_user(account)
        return
    response.set_cookie(
        COOKIE,
        _serializer().dumps([account.id, account.session_key]),
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
        path="/",
    )


def can_admin(club: Club, owner: bool = False) -> bool:
    """HOOK: return whether the signed-in person is an admin (or owner) of a club."""
    role = role_in(signed_in(), club.id)
    return role is not None and includes(role, "owner" if owner else "admin")
