"""The club password: what lets a member merge and rename players and name seasons.

The server's owner sets it (`CLUB_PASSWORD` in the environment, or in
`instance/config.py`); with none set, nothing that needs it can be done.
A few wrong tries from one client, then it waits (db/tries.py): a `429` with
`Retry-After`, whichever worker or server it asks; a few more from everyone
together, and every client waits.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response

from ...db import tokens, tries
from ...errors import Forbidden, TooMany
from ...language import N_
from .. import access

# Marked for the catalogue; each is said in the request's language when raised.
NO_PASSWORD = N_(
    "This server has no club password: its owner sets CLUB_PASSWORD to allow this."
)
WRONG = N_("That is not the club password.")


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
    """Return the club password, or raise Forbidden when the server has none."""
    if not configured:
        raise Forbidden(gettext(NO_PASSWORD), "password")
    return configured


def check(given: str | None, configured: str | None) -> None:
    """Raise Forbidden (naming the password field) unless `given` is the password.

    Raise TooMany, before looking at it, after a few wrong tries from here.
    """
    configured = require(configured)
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
    """Add Retry-After to the answers that refuse a try."""
    app.after_request(retry_after)
