"""A hand the scoreboard's script sends in the background: answered in JSON, not a page.

The script (static/queue.js) must tell a saved hand from a stale one and from a
bad one without reading a page, so it asks for JSON (`Accept: application/json`).
"""

from __future__ import annotations

from flask import Response, jsonify
from flask_babel import gettext
from flask_wtf import FlaskForm

from ..db.idempotency import Answer, same_request
from ..errors import BadInput
from ..language import N_
from . import present, service

MOVED = N_("The score changed on another phone; this hand was not saved.")


def saved(location: str) -> tuple[Response, int]:
    """Answer a recorded hand: where its scoreboard is."""
    return jsonify(location=location), 201


def again(answer: Answer) -> tuple[Response, int]:
    """Answer a hand sent again (its answer was lost) as recorded, recording nothing."""
    return saved(same_request(answer).body)


def moved(game_id: str) -> tuple[Response, int]:
    """Answer a hand tapped against an older version: what the game is now."""
    game = service.load(game_id)
    hands = game.state.hands
    latest = present.confirmation(game.table, hands[-1]) if hands else None
    body = jsonify(
        error=gettext(MOVED),
        field="version",
        version=game.version,
        next=len(hands) + 1,
        latest=latest,
    )
    return body, 412


def refused(form: FlaskForm) -> BadInput:
    """Return the first thing wrong with a hand form, naming its field."""
    for field in form:
        if field.errors:
            return BadInput(str(field.errors[0]), field.name)
    return BadInput(
        str(form.form_errors[0]) if form.form_errors else gettext("Bad hand.")
    )
