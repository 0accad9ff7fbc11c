"""Starting a club (CLUBS.md, "Starting, leaving and running clubs"): who may,
and the one path the page and the API share.

`CLUBS_SIGNUP`: `open` (anyone, a few clubs an hour from one address and a
few dozen from everyone), `code` (whoever has the code the operator set in
`CLUBS_SIGNUP_CODE`; the default), `closed` (the operator's `flask clubs
create` alone).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from ..db import tokens, tries
from ..db.clubs.models import Club
from ..db.clubs.people import Account, SignInTry
from ..db.models import db, utcnow
from ..errors import N_, Conflict, Forbidden, TooMany
from ..language import current as page_language
from . import founders, names, service

OPEN, CODE, CLOSED = "open", "code", "closed"
HAS_ACCOUNT = N_("That email address has an account: sign in to start a club.")
# At most this many new clubs an hour from one address, and from everyone.
PER_ADDRESS = 3
PER_SERVER = 30
WINDOW = timedelta(hours=1)
# Rows of the wrong sign-in tries' table (a keyed hash of the address): the
# clubs started from an address, so every server counts them alike.
MARK = "club-made:"


@dataclass(frozen=True)
class Founder:
    """Who starts a club: a new account's email, name and password, or one
    already signed in (`account`)."""

    email: str = ""
    name: str = ""
    password: str = ""
    account: Account | None = None


def policy() -> str:
    """Return who may start a club on this server: open, code or closed."""
    said = str(current_app.config.get("CLUBS_SIGNUP") or CODE).strip().lower()
    return said if said in (OPEN, CODE, CLOSED) else CLOSED


def needs_code() -> bool:
    """Return whether starting a club asks for the operator's code."""
    return policy() == CODE


def allowed(code: str | None) -> None:
    """Refuse starting a club here: closed, or a wrong code (naming `code`)."""
    said = policy()
    if said == CLOSED:
        raise Forbidden(
            N_("This server's operator starts its clubs: ask them for one."), "code"
        )
    if said == CODE:
        kept = current_app.config.get("CLUBS_SIGNUP_CODE") or ""
        if not kept or not code or not tokens.same(code.strip(), str(kept)):
            raise Forbidden(N_("That is not the code for starting a club."), "code")


def _mark(address: str) -> str:
    return tries.client_hash(MARK + address, str(current_app.secret_key))


def throttle(address: str) -> None:
    """Refuse a new club when an address or the server made too many lately."""
    if policy() != OPEN:
        return
    since = utcnow() - WINDOW
    mine = db.session.execute(
        select(func.count()).where(
            SignInTry.who == _mark(address), SignInTry.at >= since
        )
    ).scalar_one()
    if mine >= PER_ADDRESS or service.made_lately(WINDOW) >= PER_SERVER:
        raise TooMany(
            N_("Too many clubs were started from here lately: try again in an hour."),
            "slug",
        )


def kept_words() -> frozenset[str]:
    """Return the words no club's address may be (the service's, every route's)."""
    return names.reserved(rule.rule for rule in current_app.url_map.iter_rules())


def start(
    slug: str, name: str, founder: Founder, code: str | None, address: str
) -> Club:
    """Start a club with its founder as its owner; return it.

    Everything is checked before anything is made, each refusal naming its
    field: the code, the name, the address, the founder's account.
    """
    allowed(code)
    name = service.check_name(name)
    slug = service.check_slug(slug, kept_words())
    if service.slug_taken(slug):
        raise Conflict(service.TAKEN, "slug", slug=slug)
    account = founder.account
    if account is None:
        email = founders.clean_email(founder.email)
        founders.check_password(founder.password, email, name)
        if founders.find_account(email) is not None:
            raise Forbidden(HAS_ACCOUNT, "email")
    throttle(address)
    club = service.create(slug, name)
    try:
        if account is None:
            account = founders.create_account(email, founder.name, founder.password)
        founders.grant(account, club, "owner")
        club.language = page_language()  # the founder's, until its settings say
        if policy() == OPEN:
            db.session.execute(insert(SignInTry).values(who=_mark(address)))
        db.session.commit()
    except BaseException as error:
        db.session.rollback()
        service.delete(club)
        if isinstance(error, IntegrityError):  # the same account, made at once
            raise Conflict(HAS_ACCOUNT, "email") from None
        raise
    return club
