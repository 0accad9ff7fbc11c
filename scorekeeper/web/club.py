"""The club password: what lets a member merge and rename players and name seasons.

The server's owner sets it (`CLUB_PASSWORD` in the environment, or in
`instance/config.py`); with none set, nothing that needs it can be done.
"""

from __future__ import annotations

import hmac

from ..errors import Forbidden

NO_PASSWORD = (
    "This server has no club password: its owner sets CLUB_PASSWORD to allow this."
)
WRONG = "That is not the club password."


def require(configured: str | None) -> str:
    """Return the club password, or raise Forbidden when the server has none."""
    if not configured:
        raise Forbidden(NO_PASSWORD, "password")
    return configured


def check(given: str | None, configured: str | None) -> None:
    """Raise Forbidden (naming the password field) unless `given` is the password."""
    configured = require(configured)
    if not given or not hmac.compare_digest(given.encode(), configured.encode()):
        raise Forbidden(WRONG, "password")
