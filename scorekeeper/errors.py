"""The app's one family of errors and its one handler: JSON under /api/, else a page."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from .scoring import GameOver, ScoringError


class AppError(Exception):
    """An answer the app gives on purpose: a status, a sentence, the field at fault."""

    status = 400
    default = ""

    def __init__(
        self, message: str = "", field: str | None = None, hand: int | None = None
    ) -> None:
        super().__init__(message or self.default)
        self.message = message or self.default
        self.field = field
        self.hand = hand

    def __str__(self) -> str:
        return self.message


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
    default = "The game has changed since you loaded it: reload and try again."


class Busy(AppError):
    """The database stayed locked past the busy timeout: nothing was written."""

    status = 503
    default = "The database is busy; nothing was changed: try again."


def app_error(error: Exception) -> AppError:
    """Return any error the app raises as one of the family (engine errors too)."""
    if isinstance(error, AppError):
        return error
    if isinstance(error, GameOver):
        return Conflict(error.message, error.field, error.hand)
    if isinstance(error, ScoringError):
        return BadInput(error.message, error.field, error.hand)
    raise TypeError(f"{error!r} is not an app error")


# What the API says for HTTP errors that come from routing and the request.
API_MESSAGES = {
    404: "There is no such address in the API.",
    405: "This address does not accept {method}.",
    413: "The body is larger than {limit} KB; nothing was changed.",
    415: "Send the body as JSON, with Content-Type: application/json.",
    500: "Something went wrong on the server; nothing was changed.",
}


@dataclass(frozen=True)
class Problem:
    """What went wrong, ready to be shown as JSON or as a page."""

    code: int
    description: str
    field: str | None = None

    @property
    def name(self) -> str:
        """Return the status in words, such as Not Found."""
        return HTTP_STATUS_CODES.get(self.code, "Error")


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
    message = error.description or ""
    if is_api():
        limit = (current_app.config.get("MAX_CONTENT_LENGTH") or 0) // 1024
        message = API_MESSAGES.get(code, message).format(
            method=request.method, limit=limit
        )
    return Problem(code, message)


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
