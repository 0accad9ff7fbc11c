"""Which phone may write what: one long-lived device cookie and its grants."""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import Flask, current_app, g, request, session
from werkzeug.http import dump_cookie
from werkzeug.wrappers import Response

from ..db import grants
from ..db.grants import GAME, RULESET
from ..db.heads import Head
from ..db.store import AlsoMade

__all__ = ["GAME", "RULESET"]
COOKIE = "device"
# Chromium keeps a cookie at most 400 days; every use renews it.
MAX_AGE = 400 * 24 * 60 * 60
DEVICE = re.compile(r"[A-Za-z0-9_-]{43}")
# Where versions before device grants kept write tokens: {game id: token}.
OLD_SESSION_KEY = "tokens"


def device_in(cookies: Mapping[str, str]) -> str | None:
    """Return the device id a request's cookies carry, if it is well formed."""
    found = cookies.get(COOKIE, "")
    return found if DEVICE.fullmatch(found) else None


def device(create: bool = False) -> str | None:
    """Return this phone's device id, from its cookie or (if asked) a new one."""
    if "device" not in g:
        g.device = device_in(request.cookies)
        g.device_renew = False
    if g.device is None and create:
        g.device, g.device_renew = secrets.token_urlsafe(32), True
    return g.device  # type: ignore[no-any-return]


def address() -> str:
    """Return who a request comes from on the network: its address, IPv6 by /64.

    Behind a proxy this is the client's only with PROXY_FIX set (security.py).
    A phone on IPv6 may change address within its /64 at will, so that counts.
    """
    found = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(found)
    except ValueError:
        return found
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def caller() -> str:
    """Return what only a request's sender holds: its device cookie, else a hash
    of its Authorization header, else "" (none).

    Never its address: a NAT, a proxy or a forged header shares it (issue 32.6).
    """
    found = device()
    if found:
        return f"device:{found}"
    credentials = request.headers.get("Authorization", "").strip()
    if credentials:
        return "credentials:" + hashlib.sha256(credentials.encode()).hexdigest()
    return ""


def held(kind: str, targets: Iterable[str]) -> dict[str, str]:
    """Return the write tokens this phone holds, by target (to be checked)."""
    adopt_session_tokens()
    found = grants.held(device(), kind, targets)
    if found:
        g.device_renew = True
    return found


def held_token(kind: str, target: str) -> str | None:
    """Return the write token this phone holds for a game or house rules, if any."""
    return held(kind, [target]).get(target)


def head_token(head: Head, device: str | None) -> str | None:
    """Return the write token a phone's grant, read with the game's head, seals."""
    if device is None or head.sealed is None:
        return None
    return grants.opened(device, GAME, head.id, head.sealed)


def grant(kind: str, target: str, token: str) -> None:
    """Let this phone write a game or house rules, now (a play or edit link)."""
    grants.grant_now(str(device(create=True)), kind, target, token)


def granting(kind: str, then: AlsoMade = None) -> Callable[[Any, str], None]:
    """Return what lets this phone write what it makes, in the same transaction."""
    phone = str(device(create=True))

    def also(made: Any, token: str) -> None:  # a new game or new house rules
        grants.grant(phone, kind, str(made.id), token)
        if then is not None:
            then(made, token)

    return also


def latest(kind: str, count: int) -> list[str]:
    """Return what this phone was last granted, newest first (to offer it)."""
    return grants.latest(device(), kind, count)


def adopt_session_tokens() -> None:
    """Move write tokens an older version kept in the session into grants."""
    if current_app.config["SESSION_COOKIE_NAME"] not in request.cookies:
        return  # no session to look in (and no Vary: Cookie for nothing)
    if OLD_SESSION_KEY not in session:
        return
    kept = session.pop(OLD_SESSION_KEY)
    if isinstance(kept, dict) and kept:
        tokens = {str(k): str(v) for k, v in kept.items()}
        grants.adopt(str(device(create=True)), tokens)


def cookie(device: str, secure: bool) -> str:
    """Return the Set-Cookie value that keeps (or renews) a phone's device id."""
    return dump_cookie(
        COOKIE, device, max_age=MAX_AGE, httponly=True, samesite="Lax", secure=secure
    )


def keep_cookie(response: Response) -> Response:
    """Set (or renew) the device cookie when this request made or used it."""
    if g.get("device") and g.get("device_renew"):
        # Secure over HTTPS, as the session cookie is (security.py).
        secure = current_app.session_interface.get_cookie_secure(current_app)
        response.headers.add("Set-Cookie", cookie(g.device, secure))
    return response


def init_app(app: Flask) -> None:
    """Set the device cookie on the answers that need it."""
    app.after_request(keep_cookie)
