"""The JSON API (API.md): a thin adapter from HTTP to the services."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.exceptions import UnsupportedMediaType

from . import rulesets, schema, services
from .errors import BadInput, Forbidden, Stale
from .services import Loaded

bp = Blueprint("api", __name__, url_prefix="/api")

ETAG = re.compile(r'^\s*(?:W/)?"?([0-9]{1,9})"?\s*$')


def body() -> Any:
    """Return the request's JSON body, or raise a 4xx naming the problem."""
    if not request.is_json:
        raise UnsupportedMediaType()
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested thousands deep: not a game or a hand
        data = None
    if data is None:
        raise BadInput("The body is not valid JSON.")
    schema.check_text(data)
    return data


def expected_version() -> int | None:
    """Return the version an If-Match header names, or None without one."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    match = ETAG.match(header)
    if match is None:
        raise Stale()
    return int(match.group(1))


def writable_game(game_id: str) -> Loaded:
    """Return the game if the request carries its write token, else 403."""
    game = services.load(game_id)
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden(
            "Writing to this game needs its write token: "
            "send Authorization: Bearer <token>."
        )
    if not services.may_write(game, token.strip()):
        raise Forbidden("That write token does not belong to this game.")
    return game


def game_answer(game: Loaded, status: int = 200) -> Response:
    """Return the whole game, with its version as the ETag."""
    response = jsonify(schema.game_to_dict(game))
    response.status_code = status
    response.set_etag(str(game.version))
    return response


@bp.get("/presets")
def presets() -> Response:
    """List the preset rule sets."""
    return jsonify(schema.presets())


def page_arg(name: str, default: int, top: int) -> int:
    """Return a page number or size from the query, or name it as wrong."""
    number = schema.whole_number(request.args.get(name, str(default)), top)
    if not number:
        raise BadInput(f"{name} must be a whole number from 1 to {top}.", name)
    return number


@bp.get("/games")
def list_games() -> Response:
    """List games, newest first, a page at a time."""
    page = services.list_games(
        page_arg("page", 1, 10**6),
        page_arg("per_page", 20, 100),
        request.args.get("player"),
        request.args.get("status"),
    )
    args = {k: v for k, v in request.args.items() if k != "page"}

    def link(number: int | None) -> str | None:
        return url_for(".list_games", page=number, **args) if number else None

    return jsonify(
        games=[schema.game_summary(g) for g in page.items],
        page=page.page,
        pages=page.pages,
        per_page=page.per_page,
        total=page.total,
        next=link(page.next_num),
        prev=link(page.prev_num),
    )


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    """Create a game; the answer alone carries its write token."""
    asked = schema.new_game(body(), rulesets.saved_rules)
    game, token = services.create_game(asked.name, asked.rules, asked.table)
    data = schema.game_to_dict(game)
    data["write_token"] = token
    data["links"] = {
        "view": f"/games/{game.id}",
        "play": f"/games/{game.id}/play/{token}",
    }
    location = url_for(".game", game_id=game.id)
    return jsonify(data), 201, {"Location": location, "ETag": f'"{game.version}"'}


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """Show a game with every hand; answer 304 when the ETag still matches."""
    if "If-Match" not in request.headers:
        # The version alone answers a client that has it: no replay, no JSON.
        version = str(services.head(game_id).version)
        if request.if_none_match.contains_weak(version):
            unchanged = Response(status=304)
            unchanged.set_etag(version)
            return unchanged
    response = game_answer(services.load(game_id)).make_conditional(request)
    if response.status_code == 412:  # If-Match on a read: an error like any other
        raise Stale()
    return response


@bp.delete("/games/<game_id>")
def delete_game(game_id: str) -> tuple[str, int]:
    """Delete a game."""
    game = writable_game(game_id)
    expected = expected_version()
    if expected is not None and expected != game.version:
        raise Stale()
    services.delete_game(game)
    return "", 204


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    """Record the next hand."""
    game = writable_game(game_id)
    hand = schema.hand(game.rules, game.table, body())
    return game_answer(services.record_hand(game, hand, expected_version()), 201)


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int) -> Response:
    """Replace a hand and recompute what follows."""
    game = writable_game(game_id)
    data, expected = body(), expected_version()
    hand = schema.hand(game.rules, game.table, data)
    return game_answer(services.replace_hand(game, number, hand, expected))


@bp.delete("/games/<game_id>/hands/<int:number>")
def undo_hand(game_id: str, number: int) -> Response:
    """Undo the last hand."""
    game = writable_game(game_id)
    return game_answer(services.undo_hand(game, expected_version(), number))


@bp.get("/rulesets")
def list_rulesets() -> Response:
    """List the saved house rules."""
    saved = rulesets.list_rulesets()
    return jsonify(rulesets=[schema.ruleset_to_dict(r) for r in saved])


@bp.post("/rulesets")
def create_ruleset() -> tuple[Response, int, dict[str, str]]:
    """Save house rules under a name."""
    ruleset = rulesets.save_ruleset(*schema.ruleset_body(body()))
    location = url_for(".ruleset", ruleset_id=ruleset.id)
    return jsonify(schema.ruleset_to_dict(ruleset)), 201, {"Location": location}


@bp.get("/rulesets/<int:ruleset_id>")
def ruleset(ruleset_id: int) -> Response:
    """Show saved house rules."""
    return jsonify(schema.ruleset_to_dict(rulesets.get_ruleset(ruleset_id)))


@bp.put("/rulesets/<int:ruleset_id>")
def replace_ruleset(ruleset_id: int) -> Response:
    """Rename or change saved house rules; games already started keep theirs."""
    rulesets.get_ruleset(ruleset_id)
    name, rules = schema.ruleset_body(body())
    ruleset = rulesets.save_ruleset(name, rules, ruleset_id=ruleset_id)
    return jsonify(schema.ruleset_to_dict(ruleset))


@bp.delete("/rulesets/<int:ruleset_id>")
def delete_ruleset(ruleset_id: int) -> tuple[str, int]:
    """Delete saved house rules."""
    rulesets.delete_ruleset(ruleset_id)
    return "", 204
