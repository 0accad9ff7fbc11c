"""Web defences in one place: security headers, cookie flags, a real secret key."""

from __future__ import annotations

import io
import logging
import re
import time
from typing import Any
from urllib.parse import unquote

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Request

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
# The paths that carry a token (a play, edit, director's or table card's link),
# however a client spells the slashes and whatever the number: the token is
# what follows them. Matched in any case, and on the path as the router reads
# it too (percent-decoded, `redact`).
SLASH = r"(?:/|%2[fF])+"
SEGMENT = r"[^/?#\s]+?"
TOKEN_PATH = re.compile(
    rf"((?:{SLASH}games{SLASH}{SEGMENT}{SLASH}play"
    rf"|{SLASH}nights{SLASH}{SEGMENT}{SLASH}(?:direct|tables{SLASH}{SEGMENT})"
    rf"|{SLASH}rules{SLASH}{SEGMENT}{SLASH}edit){SLASH})[^/?#\s\"']+",
    re.IGNORECASE,
)
# What a log line names as one address (a request's path, a Referer).
WORD = re.compile(r"[^\s\"']+")
REDACTED = "[token]"
# Every logger that may name a request's path: the app's own (its errors), the
# development server's, waitress's (make run) and gunicorn's (its access log).
PATH_LOGGERS = ("werkzeug", "waitress", "waitress.queue", "gunicorn.error")
PATH_LOGGERS += ("gunicorn.access",)
WEAK_KEYS = {"", "dev", "development", "test", "secret", "changeme", "change-me"}


def check_secret_key(app: Flask) -> None:
    """Refuse to serve for real with a development secret key."""
    key = app.config.get("SECRET_KEY") or ""
    if app.debug or app.testing:
        return
    if str(key).lower() in WEAK_KEYS or len(str(key)) < 16:
        raise RuntimeError(
            "Refusing to start: SECRET_KEY is a development key. Remove it so one "
            "is generated into the instance folder, or set FLASK_SECRET_KEY."
        )


def cookie_secure(app: Flask, asked: Request) -> bool:
    """Return whether a cookie set in answer to a request may only travel by HTTPS."""
    return bool(app.config["SESSION_COOKIE_SECURE"] or asked.is_secure)


class SessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, marked Secure whenever the page came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Return whether the cookie may only travel over HTTPS."""
        return cookie_secure(app, request)


def read_streamed_body() -> None:
    """Answer 413 to a body sent without Content-Length (chunked) over the limit."""
    environ, limit = request.environ, request.max_content_length
    if (
        limit is None
        or environ.get("CONTENT_LENGTH")
        or not environ.get("wsgi.input_terminated")
    ):
        return
    # Werkzeug cuts such a stream at the limit without a word, so the JSON or
    # form comes out truncated (a 400): read one byte past the limit to tell.
    data = bytearray()
    try:
        while len(data) <= limit:
            chunk = environ["wsgi.input"].read(limit + 1 - len(data))
            if not chunk:
                break
            data += chunk
    except Exception:  # a malformed chunk: gunicorn's ParseException, or OSError
        raise BadRequest(
            "The body could not be read: its chunked encoding is broken."
        ) from None
    if len(data) > limit:
        raise RequestEntityTooLarge()
    environ["wsgi.input"] = io.BytesIO(bytes(data))
    environ["CONTENT_LENGTH"] = str(len(data))


def redact(text: str) -> str:
    """Return text with every token a link's path carries replaced, however
    the path is percent-encoded (`/games/<id>/pl%61y/<token>` is a play link to
    the router, so its token goes too)."""
    if "%" not in text:
        return TOKEN_PATH.sub(rf"\1{REDACTED}", text)
    return WORD.sub(_redact_word, text)


def _redact_word(match: re.Match[str]) -> str:
    """Return one address with its token replaced, decoded if that shows one."""
    word = decoded = match.group()
    for _ in range(3):  # as the server decodes it, and again, to be sure
        once = unquote(decoded, errors="replace")
        if once == decoded:
            break
        decoded = once
    if decoded != word and TOKEN_PATH.search(decoded):
        return TOKEN_PATH.sub(rf"\1{REDACTED}", decoded)
    return TOKEN_PATH.sub(rf"\1{REDACTED}", word)


class Redacting(logging.Filter):
    """Write a log line with the tokens of the paths it names taken out."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Replace the record's message (and its traceback's) by the redacted text."""
        record.msg, record.args = redact(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def redact_logs(app: Flask) -> None:
    """Take the tokens out of every log line the app and its servers write."""
    for logger in (app.logger, *map(logging.getLogger, PATH_LOGGERS)):
        if not any(isinstance(f, Redacting) for f in logger.filters):
            logger.addFilter(Redacting())


def set_headers(response: Response) -> Response:
    """Add the security headers to every answer."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app: Flask) -> None:
    """Check the key, harden the session cookie and add the headers."""
    check_secret_key(app)
    proxy_hops(app.config.get("PROXY_FIX"))  # refuse a wrong setting at once
    redact_logs(app)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.session_interface = SessionInterface()
    app.before_request(read_streamed_body)  # before CSRFProtect reads the form
    app.after_request(set_headers)


def proxy_hops(setting: object) -> int:
    """Return how many proxies' X-Forwarded-* headers PROXY_FIX trusts (true: one)."""
    if setting is None or isinstance(setting, bool):
        return int(bool(setting))
    said = str(setting).strip().lower()
    if said in {"", "false", "no", "off"}:
        return 0
    if said in {"true", "yes", "on"}:
        return 1
    if said.isdigit() and int(said) <= 10:
        return int(said)
    raise RuntimeError(
        "Refusing to start: FLASK_PROXY_FIX is true, false or the number of "
        f"proxies in front of the app, one after the other (got {setting!r})."
    )


FORWARDED_WITH_IT_OFF = (
    "A request from %s came through a proxy (X-Forwarded-For) and "
    "FLASK_PROXY_FIX is off: every client has the proxy's address, so five "
    "wrong club passwords from anyone make the whole club wait. Set "
    "FLASK_PROXY_FIX=true (or the number of proxies in front of the app)."
)
DIRECT_WITH_IT_ON = (
    "A request from %s reached the server without passing its proxies "
    "(FLASK_PROXY_FIX trusts %s hops of X-Forwarded-For, it named %s): a client "
    "that reaches the server directly chooses the address it is counted under. "
    "Let only the proxy reach the server (bind it to 127.0.0.1), or turn "
    "FLASK_PROXY_FIX off."
)


class ProxyCheck:
    """Say loudly when the traffic and PROXY_FIX disagree: forwarded requests
    with it off, requests that skipped the proxy with it on (issue 32.4).

    The first of each kind is logged as a warning, then at most one an hour.
    """

    def __init__(self, app: Flask, hops: int, every: float = 3600) -> None:
        self.app, self.next, self.hops, self.every = app, app.wsgi_app, hops, every
        self.said: dict[str, float] = {}

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        """Check the request's forwarded hops against the setting, then serve it."""
        forwarded = environ.get("HTTP_X_FORWARDED_FOR", "")
        seen = len([hop for hop in forwarded.split(",") if hop.strip()])
        peer = environ.get("REMOTE_ADDR", "?")
        if not self.hops and seen:
            self.warn(FORWARDED_WITH_IT_OFF, peer)
        elif self.hops and seen < self.hops:
            self.warn(DIRECT_WITH_IT_ON, peer, self.hops, seen)
        return self.next(environ, start_response)

    def warn(self, message: str, *args: object) -> None:
        """Log a warning, unless the same was logged within the hour."""
        now = time.monotonic()
        if now - self.said.get(message, -self.every) >= self.every:
            self.said[message] = now
            self.app.logger.warning(message, *args)


def trust_proxy(app: Flask) -> None:
    """Behind TLS-terminating proxies, trust as many hops' X-Forwarded-* headers as
    PROXY_FIX says (true: one), the right-most; warn when the traffic disagrees.

    Called last, so every WSGI layer of the app sees the request as the phone sent it.
    """
    hops = proxy_hops(app.config.get("PROXY_FIX"))
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    app.wsgi_app = ProxyCheck(app, hops)  # type: ignore[method-assign]
