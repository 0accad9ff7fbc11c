"""The round clock's JSON routes (docs/api.md "The round clock"): the clock as
every screen asks for it, and the director's pause, resume and minutes."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from ...api.http import body
from ...api.schema import fields
from ...errors import N_, BadInput
from ..api import _whole, directed
from ..service import Night
from . import service

bp = Blueprint("night_clock_api", __name__, url_prefix="/api")


def answer(night: Night) -> Response:
    """Answer with the night's clock now: never kept, its seconds are the server's."""
    response = jsonify(service.clock(night))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/nights/<night_id>/clock")
def clock(night_id: str) -> Response:
    """The night's clock: the round in play, its seconds left, *last hand*."""
    response = jsonify(service.clock_of(night_id))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/nights/<night_id>/rounds/<int:number>/clock")
def pause(night_id: str, number: int) -> Response:
    """Pause or resume round `number`'s clock ({"action": "pause"|"resume"})."""
    found = directed(night_id)
    data = fields(body(), {"action"}, N_("a clock action"))
    return answer(service.set_clock(found, number, data.get("action")))


@bp.patch("/nights/<night_id>/clock")
def minutes(night_id: str) -> Response:
    """Change the next rounds' clock ({"round_minutes": 5 to 120, or null})."""
    found = directed(night_id)
    data = fields(body(), {"round_minutes"}, N_("the round clock"))
    if "round_minutes" not in data:
        raise BadInput(N_("Send round_minutes: 5 to 120, or null."), "round_minutes")
    return answer(service.set_minutes(found, _whole(data, "round_minutes")))
