"""Who a request is (Flask-Login): the account signed in at /login, and its role
in the club the request is in; or the personal access token it carries.

A session carries the account's session key (Account.session_key), read from
the database at every request: a new key (signing out everywhere, a new
password) ends every session on every server at its next request. Signing in
happens outside the clubs, in the service's cookie (`session`, path `/`); a
club's pages have a cookie of their own, so under `/c/<slug>/` the service's
cookie is read too (`from_service_cookie`) and `current_user` is the same person.
"""

from __future__ import annotations

from flask import Flask, current_app, g, jsonify, request, session, url_for
from flask.wrappers import Response
from flask_babel import gettext
from flask_login import LoginManager, UserMixin, current_user, login_user
from itsdangerous import BadSignature

from ..db.clubs import scope
from ..db.clubs.people import Account
from ..errors import N_, is_api
from . import persons, roles, tokens

UNKNOWN_TOKEN = N_("That token is not known here: it was revoked, or never made.")


class Person(UserMixin):  # type: ignore[misc]
    """A signed-in account as Flask-Login holds it."""

    def __init__(self, account: Account) -> None:
        self.account = account
        self.id = account.id
        self.name = account.name
        self.email = account.email

    def get_id(self) -> str:
        """Return the account's session key: a new one ends every session."""
        return str(self.account.session_key)


def load(key: str) -> Person | None:
    """Return the person whose sessions carry this key, if it is still theirs."""
    account = persons.by_session_key(key)
    return None if account is None else Person(account)


def from_service_cookie(asked: object) -> Person | None:
    """Inside a club, return the person signed in at /login (the service's cookie)."""
    if scope.current() is None:
        return None
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    value = request.cookies.get(app.config["SESSION_COOKIE_NAME"])
    with scope.inside(None):  # the service's cookie, signed for no club
        serializer = app.session_interface.get_signing_serializer(app)
    if not value or serializer is None:
        return None
    lifetime = int(app.permanent_session_lifetime.total_seconds())
    try:
        data = serializer.loads(value, max_age=lifetime)
    except BadSignature:
        return None
    key = data.get("_user_id") if isinstance(data, dict) else None
    return load(key) if isinstance(key, str) else None


def service_url(endpoint: str, **values: object) -> str:
    """Return the address of one of the service's pages, outside any club's prefix."""
    url = url_for(endpoint, **values)
    place, root = scope.current(), request.script_root
    prefix = "" if place is None else f"/c/{place.slug}"
    if prefix and root.endswith(prefix) and url.startswith(root):
        return root[: -len(prefix)] + url[len(root) :]
    return url


def sign_in_url() -> str:
    """Return the sign-in page's address, back to the page asked once signed in."""
    here = request.script_root + request.full_path.rstrip("?")
    return service_url("accounts.login", next=here)


def safe_next(asked: str | None) -> str | None:
    """Return a page to go back to after signing in: this server's, or None."""
    if not asked or not asked.startswith("/") or asked.startswith("//"):
        return None
    if "\\" in asked or any(c.isspace() for c in asked):
        return None
    return asked


def sign_in(account: Account) -> None:
    """Start a new session for the account: nothing of the one before is kept."""
    session.clear()
    session.permanent = True
    login_user(Person(account), fresh=True)


def club_role() -> str | None:
    """Return the role in the request's club of whoever the request is, or None.

    The API knows a client by its token alone: its routes take no CSRF token,
    so a browser's session grants nothing there.
    """
    if g.get("token_holder") is not None:
        return str(g.token_holder.role)
    return None if is_api() else member_role()


def member_role() -> str | None:
    """Return the role in the request's club of its token or signed-in person."""
    place = scope.current()
    if place is None:
        return None
    if g.get("token_holder") is not None:
        return str(g.token_holder.role)
    if not current_user.is_authenticated:
        return None
    return roles.role_of(current_user.id, place.club_id)


def bearer_token() -> Response | None:
    """Read a personal access token the request carries, in its club; refuse an
    unknown one (another club's is unknown here) before anything runs."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    place = scope.current()
    if scheme.lower() != "bearer" or not token.startswith(tokens.PREFIX):
        return None
    found = None if place is None else tokens.holder(token, place.club_id)
    if found is None:
        answer = jsonify(error=gettext(UNKNOWN_TOKEN), field="Authorization")
        answer.status_code = 401
        answer.headers["WWW-Authenticate"] = "Bearer"
        return answer
    g.token_holder = found
    return None


def init_app(app: Flask) -> None:
    """Recognise the signed-in person on every page, the service's and the clubs'."""
    manager = LoginManager()
    # Sessions end by their key (above), not by a change of address: a phone
    # moves between networks all evening.
    manager.session_protection = None
    manager.user_loader(load)
    manager.request_loader(from_service_cookie)
    manager.init_app(app)
    app.before_request(bearer_token)
    app.extensions["club_role"] = club_role
    app.add_template_global(sign_in_url, "sign_in_link")
    app.add_template_global(service_url)
