"""The app's one family of errors and its one handler: JSON under /api/, else a page."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from babel.lists import format_list
from babel.numbers import format_decimal
from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import get_locale, get_translations, gettext
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from .scoring import GameOver, ScoringError

# The marks for an error's words, for every module that raises one.
from .scoring.errors import N_ as N_
from .scoring.errors import QUOTES
from .scoring.errors import Listed as Listed
from .scoring.errors import Quoted as Quoted
from .scoring.errors import Word as Word


class AppError(Exception):
    """An answer the app gives on purpose: a status, a sentence, the field at fault.

    The sentence is an English template marked N_, its values apart (`%(name)s`);
    `message` says it in the language of the page or API answer being made
    (English outside a request). A value given as a Word is translated too.
    """

    status = 400
    default = ""

    def __init__(
        self,
        message: str = "",
        field: str | None = None,
        hand: int | None = None,
        **params: object,
    ) -> None:
        self.template = message or self.default
        self.params = params
        self.field = field
        self.hand = hand
        super().__init__(self.english)

    @property
    def english(self) -> str:
        """Return the sentence in English, as logs and commands show it."""
        return self.template % self.params if self.params else self.template

    @property
    def message(self) -> str:
        """Return the sentence in the language of the request being answered."""
        if not self.template:  # gettext("") is the catalogue's header
            return ""
        return gettext(
            self.template, **{k: in_words(v) for k, v in self.params.items()}
        )

    def __str__(self) -> str:
        return self.english


class BadInput(AppError):
    """The request is not a valid game, hand, rule set or query."""


class Forbidden(AppError):
    """This phone or client may not write here."""

    status = 403


class NotFound(AppError):
    """There is no such game, hand or rule set."""

    status = 404


class Conflict(AppError):
    """The request contradicts the game as it stands (undoing a middle hand)."""

    status = 409


class Unprocessable(AppError):
    """An Idempotency-Key sent again with a different request."""

    status = 422


class TooMany(AppError):
    """Too many wrong tries at a password from here: wait before the next."""

    status = 429


class Stale(AppError):
    """The game changed since the client read it (If-Match), or a write raced."""

    status = 412
    default = N_("The game has changed since you loaded it: reload and try again.")


class Busy(AppError):
    """The database stayed locked past the busy timeout: nothing was written."""

    status = 503
    default = N_("The database is busy; nothing was changed: try again.")


def listed(items: Iterable[object]) -> str:
    """Return items joined as the page's language lists them: 1, 2 et 3 in French."""
    said = [str(item) for item in items]
    if len(said) < 2:
        return "".join(said)
    spoken = str(get_locale() or "en")
    # The app's English lists with no serial comma, as Australia does.
    return format_list(said, locale="en_AU" if spoken == "en" else spoken)


def in_words(value: object) -> object:
    """Return a value of an error's sentence as the sentence shows it: a marked
    word or an error within it in the request's language, anything else as is."""
    if isinstance(value, Word):
        return gettext(value)
    if isinstance(value, Listed):
        return listed([in_words(item) for item in value])
    if isinstance(value, Quoted):
        # English keeps Python's quotes; a catalogue that says QUOTES, its own.
        if get_translations().gettext(QUOTES) == QUOTES:
            return str(value)
        return gettext(QUOTES, value=value.inner)
    if isinstance(value, AppError | ScoringError):
        return app_error(value).message
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        # A number as the language writes it: « 1 000 » in French, as the pages
        # do; English keeps the plain digits its pages show (1000).
        spoken = str(get_locale() or "en")
        return value if spoken == "en" else format_decimal(value, locale=spoken)
    return value


def app_error(error: Exception) -> AppError:
    """Return any error the app raises as one of the family (engine errors too)."""
    if isinstance(error, AppError):
        return error
    if isinstance(error, GameOver):
        return Conflict(error.template, error.field, error.hand, **error.params)
    if isinstance(error, ScoringError):
        return BadInput(error.template, error.field, error.hand, **error.params)
    raise TypeError(f"{error!r} is not an app error")


# What the API says for HTTP errors that come from routing and the request.
API_MESSAGES = {
    404: N_("There is no such address in the API."),
    405: N_("This address does not accept %(method)s."),
    413: N_("The body is larger than %(limit)s KB; nothing was changed."),
    415: N_("Send the body as JSON, with Content-Type: application/json."),
    500: N_("Something went wrong on the server; nothing was changed."),
}
# HTTP's own words for the errors an answer can carry, marked so that a page
# in another language says them too (werkzeug's names and descriptions; a
# description werkzeug changes stays English until the catalogue follows).
STATUS_NAMES = {
    400: N_("Bad Request"),
    403: N_("Forbidden"),
    404: N_("Not Found"),
    405: N_("Method Not Allowed"),
    409: N_("Conflict"),
    412: N_("Precondition Failed"),
    413: N_("Request Entity Too Large"),
    415: N_("Unsupported Media Type"),
    422: N_("Unprocessable Entity"),
    429: N_("Too Many Requests"),
    500: N_("Internal Server Error"),
    503: N_("Service Unavailable"),
}
DESCRIPTIONS = (
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_(
        "The requested URL was not found on the server. If you entered the URL "
        "manually please check your spelling and try again."
    ),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_(
        "The server encountered an internal error and was unable to complete your "
        "request. Either the server is overloaded or there is an error in the "
        "application."
    ),
    N_("The CSRF token is missing."),
    N_("The CSRF token is invalid."),
    N_("The CSRF token has expired."),
    N_("The CSRF tokens do not match."),
    N_("The CSRF session token is missing."),
    N_("The referrer header is missing."),
    N_("The referrer does not match the host."),
)


@dataclass(frozen=True)
class Problem:
    """What went wrong, ready to be shown as JSON or as a page."""

    code: int
    description: str
    field: str | None = None

    @property
    def name(self) -> str:
        """Return the status in words, such as Not Found, in the request's language."""
        return gettext(
            STATUS_NAMES.get(self.code) or HTTP_STATUS_CODES.get(self.code, "Error")
        )


def is_api() -> bool:
    """Return whether the request is for the JSON API."""
    return request.path == "/api" or request.path.startswith("/api/")


def wants_json() -> bool:
    """Return whether to answer in JSON: the API, or a page's script asking for it."""
    return is_api() or request.accept_mimetypes.best == "application/json"


def problem(error: Exception) -> Problem:
    """Return the problem an error describes, in the words its audience reads."""
    if not isinstance(error, HTTPException):
        mine = app_error(error)
        return Problem(mine.status, mine.message, mine.field)
    code = error.code or 500
    if is_api() and code in API_MESSAGES:
        limit = (current_app.config.get("MAX_CONTENT_LENGTH") or 0) // 1024
        said = gettext(API_MESSAGES[code], method=request.method, limit=limit)
        return Problem(code, said)
    # gettext("") would be the catalogue's header, not an empty sentence.
    description = error.description or ""
    return Problem(code, gettext(description) if description else "")


def handle(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """Answer an error: JSON under /api/ (or when asked for), else the error page."""
    found = problem(error)
    headers = {"Retry-After": "1"} if isinstance(error, Busy) else {}
    if isinstance(error, HTTPException) and getattr(error, "valid_methods", None):
        headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
    if wants_json():
        body = jsonify(error=found.description, field=found.field)
        return body, found.code, headers
    return render_template("error.html", error=found), found.code, headers


def init_app(app: Flask) -> None:
    """Answer every error, the app's own and HTTP's, through the one handler."""
    for kind in (AppError, ScoringError, HTTPException):
        app.register_error_handler(kind, handle)
