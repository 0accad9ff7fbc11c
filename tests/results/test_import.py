"""Import refuses a file it cannot read whole (issue 21, item 6): it names the
game and the field, and writes nothing. What it writes, it writes in bulk."""

from __future__ import annotations

import copy
import json
import random
from datetime import date
from typing import Any

import pytest
from api_helpers import FRIDAY, import_past, statements
from test_results import (
    CONTRACTS,
    PLAYED_ON,
    RULES,
    TABLES,
    built,
    normal,
    replayed,
    stored,
)

from scorekeeper.games import service as services
from scorekeeper.results import archive
from scorekeeper.scoring import ScoringError, replay
from scorekeeper.seasons import service as seasons

SPEC = {"contract": "7H", "bidder": 1, "partner": None, "tricks": 8, "spread": 0}


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


# Written in bulk (issue 32.10): a batch of games in a few statements a table,
# its rows those each game's own write would keep.


def archive_games(count: int, seed: int) -> list[archive.PastGame]:
    """Return `count` games at every table shape, of 0 to 8 hands each, some
    dated alike, some in the season below, some now."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        rules, table = RULES[number % len(RULES)], TABLES[number % len(TABLES)]
        hands: list[Any] = []
        for _ in range(rng.randrange(9)):
            spec = {
                "contract": rng.choice(CONTRACTS),
                "bidder": rng.randrange(6),
                "partner": rng.choice([None, rng.randrange(6)]),
                "tricks": rng.randrange(11),
                "spread": 0,
            }
            try:
                hand = built(rules, table, spec)
                replay(rules, table, [*hands, hand])
            except ScoringError:  # a barred bid, or past the game's end
                continue
            hands.append(hand)
        created = rng.choice(PLAYED_ON)
        games.append(archive.PastGame("Old", rules, table, tuple(hands), None, created))
    return games


def test_an_import_keeps_the_rows_each_games_own_write_would(app):
    with app.app_context():
        seasons.save_season("Then", date(2019, 12, 1), date(2020, 6, 30))
        seasons.save_season("Always", date(2000, 1, 1), date(2100, 1, 1))
        # Players already standing, from a game scored the ordinary way.
        game, _ = services.create_game("", RULES[0], TABLES[1])
        services.record_hand(game, built(game.rules, game.table, SPEC))
        import_past(archive_games(250, 32))  # three batches, names shared across
        import_past(archive_games(30, 33))  # rows of the same names to add to
        assert normal(stored()) == normal(replayed())


def test_a_batch_is_written_in_as_many_statements_for_ten_games_as_for_a_hundred(
    app,
):
    games = archive_games(110, 34)
    ten = statements(app, lambda: import_past(games[:10]))
    hundred = statements(app, lambda: import_past(games[10:]))
    # Each table's rows in one statement: none a game (once about fifteen).
    assert len(hundred) == len(ten)
    assert sum(s.startswith("INSERT INTO hand ") for s in hundred) == 1
