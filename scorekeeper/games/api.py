"""The JSON API (API.md): a thin adapter from HTTP to the services."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from ..api import schema
from ..api.http import bearer, body, expected_version, page_arg, paged, unkept
from ..db import idempotency
from ..db.idempotency import Answer, Keyed
from ..errors import N_, Forbidden, Stale
from ..house_rules import service as rulesets
from ..results import listing
from ..web import repeats
from . import service
from .service import Loaded

bp = Blueprint("games_api", __name__, url_prefix="/api")


def writable_game(game_id: str) -> Loaded:
    """Return the game if the request carries its write token, else 403."""
    game = service.load(game_id)
    if not service.may_write(game, bearer(N_("this game"))):
        raise Forbidden(N_("That write token does not belong to this game."))
    return game


def game_answer(
    data: dict[str, Any], status: int = 200, token: str | None = None
) -> Response:
    """Answer with a game, its version as the ETag; a new one with its token."""
    if token is not None:
        links = {
            "view": url_for("games.scoreboard", game_id=data["id"]),
            "play": url_for("games.play_link", game_id=data["id"], token=token),
        }
        data = {**data, "write_token": token, "links": links}
    response = jsonify(data)
    response.status_code = status
    response.set_etag(str(data["version"]))
    if token is not None:
        response.headers["Location"] = url_for(".game", game_id=data["id"])
        unkept(response)
    return response


def answer_again(answer: Answer) -> Response:
    """Answer a repeated keyed write as the first time (422 if it asks otherwise)."""
    answer = idempotency.same_request(answer)
    return game_answer(json.loads(answer.body), answer.status, answer.token)


def keeping(keyed: Keyed | None, status: int) -> Callable[..., None] | None:
    """Return what keeps a keyed write's answer in the write's own transaction."""
    if keyed is None:
        return None

    def also(game: Loaded, token: str | None = None) -> None:
        answer = Answer(status, json.dumps(schema.game_to_dict(game)), token)
        idempotency.keep(keyed, answer)

    return also


@bp.get("/games")
def list_games() -> Response:
    """List games, newest first, a page at a time."""
    page = service.list_games(
        page_arg("page", 1, 10**6),
        page_arg("per_page", 20, 100),
        request.args.get("player"),
        request.args.get("status"),
    )
    return paged("games", page, [schema.game_summary(g) for g in page.items])


@bp.post("/games")
def create_game() -> Response:
    """Create a game; the answer alone carries its write token."""
    data = body()
    keyed = repeats.api_key(data)

    def write() -> Response:
        asked = schema.new_game(data, rulesets.saved_rules)
        listing.refuse_lookalikes(asked.table.players, "players", asked.new_players)
        also = keeping(keyed, 201)
        game, token = service.create_game(
            asked.name, asked.rules, asked.table, asked.notes, also, data.get("ruleset")
        )
        rulesets.used(data.get("ruleset"))
        return game_answer(schema.game_to_dict(game), 201, token)

    return idempotency.once(keyed, write, answer_again)


@bp.get("/games/<game_id>")
def game(game_id: str) -> Response:
    """Show a game with every hand; answer 304 when the ETag still matches.

    A client that has the version is mostly answered before this runs
    (fastread.py), from the version alone: no replay, no JSON.
    """
    data = schema.game_to_dict(service.load(game_id))
    response = game_answer(data).make_conditional(request)
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
    service.delete_game(game)
    return "", 204


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    """Record the next hand."""
    game = writable_game(game_id)
    data = body()
    keyed = repeats.api_key(data)

    def write() -> Response:
        hand = schema.hand(game.rules, game.table, data)
        also = keeping(keyed, 201)
        after = service.record_hand(game, hand, expected_version(), also)
        return game_answer(schema.game_to_dict(after), 201)

    return idempotency.once(keyed, write, answer_again)


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int) -> Response:
    """Replace a hand and recompute what follows."""
    game = writable_game(game_id)
    data, expected = body(), expected_version()
    hand = schema.hand(game.rules, game.table, data)
    after = service.replace_hand(game, number, hand, expected)
    return game_answer(schema.game_to_dict(after))


@bp.delete("/games/<game_id>/hands/<int:number>")
def undo_hand(game_id: str, number: int) -> Response:
    """Undo the last hand."""
    game = writable_game(game_id)
    after = service.undo_hand(game, expected_version(), number)
    return game_answer(schema.game_to_dict(after))
