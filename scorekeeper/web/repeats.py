"""Repeats of a write, read from the request: Idempotency-Key and one-time form ids."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

from flask import current_app, flash, redirect, request, url_for
from werkzeug.wrappers import Response

from ..db import idempotency
from ..db.idempotency import Answer, Keyed
from ..db.store import Loaded
from . import access

HEADER = "Idempotency-Key"
FORM_ID = "form_id"
# What a form sends that is not what it asks: its CSRF token and its own id.
NOT_ASKED = {"csrf_token", FORM_ID}
OTHER_TAPS = (
    "That form had already been saved, so these taps were not: "
    "here is what it saved. Enter them again if they are new."
)


def _keyed(key: str | None, asked: str, field: str = HEADER) -> Keyed | None:
    scope = f"{request.method} {request.path}"
    secret = str(current_app.secret_key)
    # A repeat gives a write token back only to the caller that first asked.
    caller = access.caller()
    return idempotency.keyed(
        scope, key, idempotency.digest(asked), secret, caller, field
    )


def api_key(data: object) -> Keyed | None:
    """Return the API request's Idempotency-Key and what its JSON body asks."""
    asked = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return _keyed(request.headers.get(HEADER), asked)


def page_key() -> Keyed | None:
    """Return a page form's key: an Idempotency-Key header, else its form id."""
    header = request.headers.get(HEADER)
    key = header or request.form.get(FORM_ID) or None
    fields = sorted(
        (name, value)
        for name, value in request.form.items(multi=True)
        if name not in NOT_ASKED
    )
    return _keyed(key, json.dumps(fields), HEADER if header else FORM_ID)


def new_form_id() -> str:
    """Return a one-time id for a form about to be shown."""
    return secrets.token_urlsafe(16)


def went_to(location: str) -> Answer:
    """Return a page's answer: the address it redirected to."""
    return Answer(302, location)


def redirect_again(answer: Answer) -> Response:
    """Answer a page form sent again: go where it went the first time."""
    if not answer.same:
        flash(OTHER_TAPS)
    return redirect(answer.body)


def keeping(
    keyed: Keyed | None, anchor: Callable[[Loaded], str | None] = lambda game: None
) -> Callable[..., None] | None:
    """Return what keeps a page write's answer (its game's scoreboard) in the write."""
    if keyed is None:
        return None

    def also(game: Loaded, token: str | None = None) -> None:
        location = url_for("games.scoreboard", game_id=game.id, _anchor=anchor(game))
        idempotency.keep(keyed, went_to(location))

    return also
