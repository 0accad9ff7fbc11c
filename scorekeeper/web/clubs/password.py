"""The club password: what lets a member merge and rename players and name seasons.

With many clubs (CLUBS=many) there is no club password: a signed-in admin (or
owner) of the club does what it allows, and anyone else is told to sign in as
one; the accounts feature says who the request is (`role`).

The server's owner sets it (`CLUB_PASSWORD` in the environment, or in
`instance/config.py`); with none set, nothing that needs it can be done.
A few wrong tries from one client, then it waits (db/tries.py): a `429` with
`Retry-After`, whichever worker or server it asks; a few more from everyone
together, and every client waits.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response
from wtforms.validators import InputRequired, StopValidation

from ...db import tokens, tries
from ...db.clubs.people import includes
from ...errors import Forbidden, TooMany
from ...language import N_
from .. import access
from . import prefix

# Marked for the catalogue; each is said in the request's language when raised.
NO_PASSWORD = N_(
    "This server has no club password: its owner sets CLUB_PASSWORD to allow this."
)
WRONG = N_("That is not the club password.")
SIGN_IN_AS_ADMIN = N_("Sign in as an admin of this club to do this.")
ROLE = "club_role"  # app.extensions: who the request is, in its club (accounts)


def role() -> str | None:
    """Return the role in the request's club of whoever asks (many clubs), or None."""
    if ROLE not in g:
        find = current_app.extensions.get(ROLE)
        setattr(g, ROLE, find() if find is not None else None)
    found = g.get(ROLE)
    return None if found is None else str(found)


def allows(needed: str) -> bool:
    """Return whether whoever asks holds a role in the club including `needed`."""
    held = role()
    return held is not None and includes(held, needed)


def asked() -> bool:
    """Return whether this server asks the club password (one club) or a role."""
    return not prefix.many(current_app)


def why_not() -> str | None:
    """Return why what the club password allows cannot be done here, or None."""
    if not asked():
        return None if allows("admin") else gettext(SIGN_IN_AS_ADMIN)
    return None if current_app.config.get("CLUB_PASSWORD") else gettext(NO_PASSWORD)


class Given(InputRequired):
    """The club password is required, where the server asks it (one club)."""

    def __call__(self, form: Any, field: Any) -> None:
        if not asked():
            raise StopValidation()  # a signed-in admin: checked by check()
        super().__call__(form, field)


def wait(minutes: int) -> str:
    """Say, in the request's language, how long to wait after too many wrong tries."""
    return ngettext(
        "Too many wrong club passwords from here: nothing was changed. "
        "Try again in %(num)s minute.",
        "Too many wrong club passwords from here: nothing was changed. "
        "Try again in %(num)s minutes.",
        minutes,
    )


def wait_for_everyone(minutes: int) -> str:
    """Say how long to wait after too many wrong tries from everyone together."""
    return ngettext(
        "Too many wrong club passwords on this server lately, from anywhere: "
        "nothing was changed. Try again in %(num)s minute.",
        "Too many wrong club passwords on this server lately, from anywhere: "
        "nothing was changed. Try again in %(num)s minutes.",
        minutes,
    )


def require(configured: str | None) -> str:
    """Return the club password, or raise Forbidden when the server has none
    (many clubs: unless a signed-in admin of the club asks)."""
    if not asked():
        if not allows("admin"):
            raise Forbidden(gettext(SIGN_IN_AS_ADMIN), "password")
        return ""
    if not configured:
        raise Forbidden(gettext(NO_PASSWORD), "password")
    return configured


def check(given: str | None, configured: str | None) -> None:
    """Raise Forbidden (naming the password field) unless `given` is the password.

    Raise TooMany, before looking at it, after a few wrong tries from here.
    With many clubs, a signed-in admin of the club needs none.
    """
    configured = require(configured)
    if not asked():
        return
    if not given:
        raise Forbidden(gettext(WRONG), "password")
    client = tries.client_hash(access.address(), str(current_app.secret_key))
    attempt = tries.begin(client)
    if isinstance(attempt, tries.Wait):
        g.retry_after = attempt.seconds
        minutes = -(-attempt.seconds // 60)
        said = wait_for_everyone(minutes) if attempt.club else wait(minutes)
        raise TooMany(said, "password")
    if not tokens.same(given, configured):
        raise Forbidden(gettext(WRONG), "password")
    tries.right(attempt)


def retry_after(response: Response) -> Response:
    """Say when to try again on a refusal for too many tries, page or API."""
    if response.status_code == 429 and g.get("retry_after"):
        response.headers["Retry-After"] = str(g.retry_after)
    return response


def init_app(app: Flask) -> None:
    """Add Retry-After to the answers that refuse a try; tell the pages whether
    the club password is asked and why it cannot be given."""
    app.after_request(retry_after)
    app.add_template_global(asked, "password_asked")
    app.add_template_global(why_not, "club_closed")
