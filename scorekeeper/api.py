"""The JSON API (API.md): a thin adapter from HTTP to the services."""

import re
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for
from werkzeug.exceptions import Forbidden, HTTPException, UnsupportedMediaType

from . import services
from .models import Game
from .scoring import PRESET_NAMES, PRESETS, GameOver, ScoringError, rules_to_dict

bp = Blueprint("api", __name__, url_prefix="/api")

MESSAGES = {
    404: "There is no such address in the API.",
    405: "This address does not accept {method}.",
    413: "The body is larger than {limit} KB; nothing was changed.",
    415: "Send the body as JSON, with Content-Type: application/json.",
    500: "Something went wrong on the server; nothing was changed.",
}
ETAG = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')


def error(status: int, message: str, field: str | None = None) -> Response:
    """Return an API error: a plain sentence and the field at fault."""
    response = jsonify(error=message, field=field)
    response.status_code = status
    return response


@bp.app_errorhandler(HTTPException)
def http_error(e: HTTPException) -> Response | HTTPException:
    """Answer every HTTP error under /api/ in JSON; leave the pages' alone."""
    if request.path != "/api" and not request.path.startswith("/api/"):
        return e
    status = e.code or 500
    mine = services.NotFound | services.Conflict | services.VersionMismatch
    mine = mine | services.Busy
    if isinstance(e, mine | Forbidden):
        message = e.description or ""
    else:
        message = MESSAGES.get(status, e.description or "")
    limit = (current_app.config.get("MAX_CONTENT_LENGTH") or 0) // 1024
    message = message.format(method=request.method, limit=limit)
    response = error(status, message, getattr(e, "field", None))
    if isinstance(e, services.Busy):
        response.headers["Retry-After"] = "1"
    if status == 405 and e.valid_methods:  # type: ignore[attr-defined]
        response.headers["Allow"] = ", ".join(e.valid_methods)  # type: ignore[attr-defined]
    return response


@bp.errorhandler(ScoringError)
def bad_input(e: ScoringError) -> Response:
    """Answer bad input with 400, and a hand after the end with 409."""
    return error(409 if isinstance(e, GameOver) else 400, e.message, e.field)


def body() -> Any:
    """Return the request's JSON body, or raise a 4xx naming the problem."""
    if not request.is_json:
        raise UnsupportedMediaType()
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # nested thousands deep: not a game or a hand
        data = None
    if data is None:
        raise ScoringError(None, "The body is not valid JSON.")
    services.check_text(data)
    return data


def expected_version() -> int | None:
    """Return the version an If-Match header names, or None without one."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    match = ETAG.match(header)
    if match is None:
        raise services.VersionMismatch()
    return int(match.group(1))


def writable_game(game_id: str) -> Game:
    """Return the game if the request carries its write token, else 403."""
    game = services.get_game(game_id)
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden(
            "Writing to this game needs its write token: "
            "send Authorization: Bearer <token>."
        )
    if not services.check_write_token(game, token.strip()):
        raise Forbidden("That write token does not belong to this game.")
    return game


def game_answer(game: Game, status: int = 200, state: Any = None) -> Response:
    """Return the whole game, with its version as the ETag."""
    state = state or services.game_state(game)
    response = jsonify(services.game_to_dict(game, state))
    response.status_code = status
    response.set_etag(str(game.version))
    return response


@bp.get("/presets")
def presets() -> Response:
    """List the preset rule sets."""
    return jsonify(
        [
            {"key": key, "name": PRESET_NAMES[key], "rules": rules_to_dict(rules)}
            for key, rules in PRESETS.items()
        ]
    )


def _page_arg(name: str, default: int, top: int) -> int:
    value = request.args.get(name, str(default))
    if not value.isdigit() or not 1 <= int(value) <= top:
        raise ScoringError(name, f"{name} must be a whole number from 1 to {top}.")
    return int(value)


@bp.get("/games")
def list_games() -> Response:
    """List games, newest first, a page at a time."""
    page = services.list_games(
        _page_arg("page", 1, 10**6),
        _page_arg("per_page", 20, 100),
        request.args.get("player"),
        request.args.get("status"),
    )
    args = {k: v for k, v in request.args.items() if k != "page"}

    def link(number: int | None) -> str | None:
        return url_for(".list_games", page=number, **args) if number else None

    return jsonify(
        games=[services.game_summary(g, services.game_state(g)) for g in page.items],
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
    game, token = services.create_game(body())
    data = services.game_to_dict(game, services.game_state(game))
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
    response = game_answer(services.get_game(game_id)).make_conditional(request)
    if response.status_code == 412:  # If-Match on a read: an error like any other
        raise services.VersionMismatch()
    return response


@bp.delete("/games/<game_id>")
def delete_game(game_id: str) -> tuple[str, int]:
    """Delete a game."""
    game = writable_game(game_id)
    expected = expected_version()
    if expected is not None and expected != game.version:
        raise services.VersionMismatch()
    services.delete_game(game)
    return "", 204


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    """Record the next hand."""
    game = writable_game(game_id)
    state = services.add_hand(game, body(), expected_version())
    return game_answer(game, 201, state)


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int) -> Response:
    """Replace a hand and recompute what follows."""
    game = writable_game(game_id)
    state = services.replace_hand(game, number, body(), expected_version())
    return game_answer(game, 200, state)


@bp.delete("/games/<game_id>/hands/<int:number>")
def undo_hand(game_id: str, number: int) -> Response:
    """Undo the last hand."""
    game = writable_game(game_id)
    state = services.undo_hand(game, expected_version(), number)
    return game_answer(game, 200, state)


@bp.get("/rulesets")
def list_rulesets() -> Response:
    """List the saved house rules."""
    rulesets = services.list_rulesets()
    return jsonify(rulesets=[services.ruleset_to_dict(r) for r in rulesets])


def _ruleset_body() -> tuple[Any, Any]:
    data = body()
    if not isinstance(data, dict):
        raise ScoringError(None, "Send the house rules as a JSON object.")
    for key in data:
        if key not in ("name", "rules"):
            raise ScoringError(str(key), f"{str(key)[:40]!r} is not a field of rules.")
    return data.get("name"), data.get("rules", {})


@bp.post("/rulesets")
def create_ruleset() -> tuple[Response, int, dict[str, str]]:
    """Save house rules under a name."""
    ruleset = services.save_ruleset(*_ruleset_body())
    location = url_for(".ruleset", ruleset_id=ruleset.id)
    return jsonify(services.ruleset_to_dict(ruleset)), 201, {"Location": location}


@bp.get("/rulesets/<int:ruleset_id>")
def ruleset(ruleset_id: int) -> Response:
    """Show saved house rules."""
    return jsonify(services.ruleset_to_dict(services.get_ruleset(ruleset_id)))


@bp.put("/rulesets/<int:ruleset_id>")
def replace_ruleset(ruleset_id: int) -> Response:
    """Rename or change saved house rules; games already started keep theirs."""
    services.get_ruleset(ruleset_id)
    ruleset = services.save_ruleset(*_ruleset_body(), ruleset_id=ruleset_id)
    return jsonify(services.ruleset_to_dict(ruleset))


@bp.delete("/rulesets/<int:ruleset_id>")
def delete_ruleset(ruleset_id: int) -> tuple[str, int]:
    """Delete saved house rules."""
    services.delete_ruleset(ruleset_id)
    return "", 204
