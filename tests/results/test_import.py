"""Import refuses a file it cannot read whole (issue 21, item 6): it names the
game and the field, and writes nothing."""

from __future__ import annotations

import copy
import json

import pytest
from api_helpers import FRIDAY


@pytest.fixture
def exported(api, runner, client, tmp_path):
    """Return a finished-looking export of two games, then empty the database."""
    games = []
    for name in ("Friday", "Saturday"):
        api.create(name=name)
        api.hand(bidder="Bob", contract="7H", tricks=7)
        api.hand(bidder="Ann", contract="8S", tricks=6)
        games.append(api.game())
        client.delete(f"/api/games/{api.game_id}", headers=api.headers())
    assert client.get("/api/games").json["total"] == 0
    return games


def import_file(runner, tmp_path, games):
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": games}))
    return runner.invoke(args=["import-games", str(path)])


def test_an_export_as_written_imports(runner, client, tmp_path, exported):
    result = import_file(runner, tmp_path, exported)
    assert result.exit_code == 0, result.output
    assert client.get("/api/games").json["total"] == 2


def side_as_text(game):
    game["sides"][1] = "Them: Bob and Dan"


def score_wrong(game):
    game["sides"][0]["score"] += 10


def score_as_text(game):
    game["sides"][0]["score"] = str(game["sides"][0]["score"])


def score_missing(game):
    del game["sides"][1]["score"]


def totals_wrong(game):
    game["hands"][1]["totals"] = [500, 0]


def points_wrong(game):
    game["hands"][0]["points"] = [0, 0]


def points_as_booleans(game):
    game["hands"][0]["points"] = [x == 0 for x in game["hands"][0]["points"]]


def created_unreadable(game):
    game["created"] = "last Friday"


def created_a_number(game):
    game["created"] = 1700000000


def hands_not_a_list(game):
    game["hands"] = {"1": game["hands"][0]}


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (side_as_text, "game 2 (sides): List the sides, each an object"),
        (score_wrong, "game 2 (score): The sides' scores in the file, ["),
        (score_as_text, "game 2 (score): The sides' scores in the file, ['"),
        (score_missing, "game 2 (score): The sides' scores in the file"),
        (totals_wrong, "game 2, hand 2 (totals): Hand 2's totals in the file, [500"),
        (points_wrong, "game 2, hand 1 (points): Hand 1's points in the file"),
        (points_as_booleans, "game 2, hand 1 (points): Hand 1's points"),
        (created_unreadable, "game 2 (created): 'last Friday' is not a date"),
        (created_a_number, "game 2 (created): '1700000000' is not a date"),
        (hands_not_a_list, "game 2 (hands): The hands must be a list"),
    ],
)
def test_a_file_with_a_field_it_cannot_take_imports_nothing(
    runner, client, tmp_path, exported, spoil, says
):
    games = copy.deepcopy(exported)
    spoil(games[1])
    result = import_file(runner, tmp_path, games)
    assert result.exit_code == 1
    # The refusal names the game by its place in the file and by its id.
    named = says.replace("game 2", f"game 2 (id {games[1]['id']})", 1)
    assert f"Nothing imported: {named}" in result.output
    assert client.get("/api/games").json["total"] == 0


def test_a_file_without_scores_or_dates_still_imports(runner, client, tmp_path):
    """Scores and dates are checked when given; a hand-written file needs neither."""
    game = {**FRIDAY, "hands": [{"bidder": "Bob", "contract": "7H", "tricks": [3, 7]}]}
    result = import_file(runner, tmp_path, [game])
    assert result.exit_code == 0, result.output
    assert client.get("/api/games").json["games"][0]["totals"] == [30, 200]
