"""The club nights' JSON routes (NIGHTS.md "JSON API"): an adapter to the service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from ..api.http import bearer, body, page_arg, paged, unkept
from ..api.schema import fields, new_players, rules_object, text
from ..errors import N_, BadInput, Forbidden
from ..house_rules import service as rulesets
from ..results.listing import Page
from ..scoring import rules_from_dict
from ..scoring.table import clean_name
from ..web.clubs import password as club
from . import board, director, service
from .reading import frame
from .service import Night

bp = Blueprint("nights_api", __name__, url_prefix="/api")
DIRECTORS_TOKEN = N_(
    "Setting up a club night needs the personal access token of one of the "
    "club's directors: send Authorization: Bearer <token>."
)
JSON = "application/json"

NIGHT_FIELDS = {
    *("name", "rules", "ruleset", "movement", "round_hands", "rank_by"),
    *("odd_players", "rounds", "players", "pairs", "shuffle", "round_minutes"),
    "new_players",
}


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise BadInput(N_("%(key)s must be a whole number."), key, key=key)
    return value


def _names(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise BadInput(N_("%(named)s must be a list of names."), field, named=field)
    return tuple(clean_name(v, field) for v in value)


def new_night(data: object) -> service.NewNight:
    """Read a night's body, refusing what NIGHTS.md refuses with the field named."""
    data = fields(data, NIGHT_FIELDS, N_("a night"))
    wanted: dict[str, Any] = {}
    if data.get("ruleset") is not None:
        wanted.update(rulesets.saved_rules(data["ruleset"]))
    wanted.update(rules_object(data.get("rules", {})))  # as a new game reads them
    movement = text(data, "movement", "progressive")
    players: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    if movement == "fixed_pairs":
        raw = data.get("pairs")
        if not isinstance(raw, list) or not all(
            isinstance(p, list) and len(p) == 2 for p in raw
        ):
            raise BadInput(N_("pairs must be a list of pairs of names."), "pairs")
        pairs = tuple((a, b) for a, b in (_names(p, "pairs") for p in raw))
    else:
        players = _names(data.get("players"), "players")
    shuffle = data.get("shuffle", False)
    if not isinstance(shuffle, bool):
        raise BadInput(N_("shuffle must be true or false."), "shuffle")
    ruleset = data.get("ruleset")
    return service.NewNight(
        name=text(data, "name").strip() or "Club night",
        rules=rules_from_dict(wanted),
        movement=movement,
        players=players,
        pairs=pairs,
        round_hands=_whole(data, "round_hands"),
        rank_by=text(data, "rank_by", "wins"),
        odd_players=text(data, "odd_players", "sit_out"),
        rounds=_whole(data, "rounds"),
        round_minutes=_whole(data, "round_minutes"),
        shuffle=shuffle,
        ruleset=ruleset if isinstance(ruleset, int) else None,
        new_players=new_players(data),
    )


def links(night: Night, token: str) -> dict[str, str]:
    """Return the night's links; `direct` grants the phone that opens it."""
    return {
        "view": url_for("nights.night", night_id=night.id),
        "screen": url_for("nights.screen", night_id=night.id),
        "direct": url_for("nights.take_direction", night_id=night.id, token=token),
        "cards": url_for("nights.table_cards", night_id=night.id),
    }


def answer(night: Night, status: int = 200, tag: str | None = None) -> Response:
    """Answer with the night, its ETag moved by any of its games' writes."""
    response = jsonify(board.night_to_dict(night))
    response.status_code = status
    response.set_etag(tag or board.etag(night))
    return response


def directed(night_id: str) -> Night:
    """Return the night if the request carries its director's token, else 403."""
    night = service.load(night_id)
    if not service.may_direct(night, bearer(N_("this club night"))):
        raise Forbidden(N_("That token is not this night's director's."))
    return night


@bp.post("/nights")
def create_night() -> Response:
    """Set up a night with round 1 seated; the answer alone carries the token."""
    if not club.asked() and not club.allows("director"):  # many clubs
        raise Forbidden(DIRECTORS_TOKEN, "Authorization")
    night, token = service.create(new_night(body()))
    rulesets.used(night.ruleset_id)
    data = {**board.night_to_dict(night), "director_token": token}
    data["links"] = links(night, token)
    response = jsonify(data)
    response.status_code = 201
    response.headers["Location"] = url_for(".night", night_id=night.id)
    response.set_etag(board.etag(night))
    return unkept(response)


@bp.get("/nights")
def list_nights() -> Response:
    """List nights, newest first, paged like the games."""
    page, per_page = page_arg("page", 1, 10**6), page_arg("per_page", 20, 100)
    nights, total = service.listing(page, per_page)
    status = service.statuses(nights)
    items = [
        {
            "id": n.id,
            "name": n.name,
            "status": status[n.id],
            "movement": n.movement,
            "rounds": len(n.rounds),
            "players": len(n.players),
        }
        for n in nights
    ]
    return paged("nights", Page([], page, per_page, total), items)


@bp.get("/nights/<night_id>")
def night(night_id: str) -> Response:
    """Show the night; 304 when its ETag (its own and its games' versions) matches.

    Drawn once per ETag and kept: polling watchers cost one light query. Drawn
    from the night's frame (reading/frame.py), not its ORM rows.
    """

    def draw() -> board.Parts:
        return (*board.night_parts(frame.load(night_id)), "\n")

    return board.polled(night_id, "api", draw, **{"Content-Type": JSON})


@bp.post("/nights/<night_id>/rounds")
def start_round(night_id: str) -> Response:
    """Seat and start the next round (409 while a table plays); a body naming
    the round (`{"number": N}`) is refused with 409 once that round has started."""
    found = directed(night_id)
    number = None
    if request.get_data():
        number = _whole(fields(body(), {"number"}, N_("a round")), "number")
    return answer(director.start_round(found, number), 201)


@bp.post("/nights/<night_id>/rounds/<int:number>/close")
def close_round(night_id: str, number: int) -> Response:
    """Call time on a round."""
    return answer(director.close_round(directed(night_id), number))


@bp.post("/nights/<night_id>/players")
def add_player(night_id: str) -> Response:
    """Add a late arrival, seated from the next round."""
    found = directed(night_id)
    data = fields(body(), {"name", "new_players"}, N_("a player"))
    added = director.add_player(found, data.get("name"), new_players(data))
    return answer(added, 201)


@bp.delete("/nights/<night_id>/players/<path:name>")
def mark_gone(night_id: str, name: str) -> Response:
    """Mark a player gone: not seated again."""
    return answer(director.mark_gone(directed(night_id), name))


@bp.post("/nights/<night_id>/finish")
def finish(night_id: str) -> Response:
    """Finish the night."""
    return answer(director.finish(directed(night_id)))
