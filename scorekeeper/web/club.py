"""The club password: what lets a member merge and rename players and name seasons.

The server's owner sets it (`CLUB_PASSWORD` in the environment, or in
`instance/config.py`); with none set, nothing that needs it can be done.
A few wrong tries from one client, then it waits (db/tries.py): a `429` with
`Retry-After`, whichever worker or server it asks.
"""

from __future__ import annotations

import hmac

from flask import Flask, current_app, g
from werkzeug.wrappers import Response

from ..db import tries
from ..errors import Forbidden, TooMany
from . import access

NO_PASSWORD = (
    "This server has no club password: its owner sets CLUB_PASSWORD to allow this."
)
WRONG = "That is not the club password."
WAIT = (
    "Too many wrong club passwords from here: nothing was changed. "
    "Try again in {minutes} minute{s}."
)


def require(configured: str | None) -> str:
    """Return the club password, or raise Forbidden when the server has none."""
    if not configured:
        raise Forbidden(NO_PASSWORD, "password")
    return configured


def check(given: str | None, configured: str | None) -> None:
    """Raise Forbidden (naming the password field) unless `given` is the password.

    Raise TooMany, before looking at it, after a few wrong tries from here.
    """
    configured = require(configured)
    if not given:
        raise Forbidden(WRONG, "password")
    client = tries.client_hash(access.address(), str(current_app.secret_key))
    attempt = tries.begin(client)
    if not isinstance(attempt, tries.Try):
        g.retry_after = attempt
        minutes = -(-attempt // 60)
        message = WAIT.format(minutes=minutes, s="" if minutes == 1 else "s")
        raise TooMany(message, "password")
    if not hmac.compare_digest(given.encode(), configured.encode()):
        raise Forbidden(WRONG, "password")
    tries.right(attempt)


def retry_after(response: Response) -> Response:
    """Say when to try again on a refusal for too many tries, page or API."""
    if response.status_code == 429 and g.get("retry_after"):
        response.headers["Retry-After"] = str(g.retry_after)
    return response


def init_app(app: Flask) -> None:
    """Add Retry-After to the answers that refuse a try."""
    app.after_request(retry_after)
