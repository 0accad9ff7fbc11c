"""Downloads: a game's hands as CSV and its JSON, the history's games as CSV."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from . import exports, services
from .api import schema, sheets
from .api.sheets import attachment, csv_file
from .services import Loaded

bp = Blueprint("downloads", __name__)


def played(game: Loaded) -> exports.Played:
    """Return a loaded game as the exports take it."""
    row = game.game
    return exports.Played(row.created, row.name, row.notes, game.table, game.state)


def stem(game: Loaded) -> str:
    """Return a game's file name stem: its name and the day it started."""
    return sheets.file_stem(game.game.name, f"{game.game.created:%Y-%m-%d}")


@bp.get("/games/<game_id>/hands.csv")
def hands_csv(game_id: str) -> Response:
    """Download a game's hands, with each side's points and running totals."""
    game = services.load(game_id)
    text = exports.hands_csv(game.table, game.state)
    return csv_file(text, f"{stem(game)}-hands.csv")


@bp.get("/games/<game_id>/game.json")
def game_json(game_id: str) -> Response:
    """Download a game as GET /api/games/<id> shows it."""
    game = services.load(game_id)
    return attachment(jsonify(schema.game_to_dict(game)), f"{stem(game)}.json")
