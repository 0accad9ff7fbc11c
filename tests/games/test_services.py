"""The services behind the API and the pages: transactions, races, queries."""

import pytest
from api_helpers import FRIDAY, statements

from scorekeeper.api import schema
from scorekeeper.db import store
from scorekeeper.db.models import HandRow, db
from scorekeeper.errors import BadInput, NotFound, Stale
from scorekeeper.games import service as services
from scorekeeper.house_rules import service as rulesets
from scorekeeper.scoring import GameOver, ScoringError

SEVEN_HEARTS = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def create(body=FRIDAY):
    """Create a game as the API would, from a JSON body."""
    asked = schema.new_game(body)
    return services.create_game(asked.name, asked.rules, asked.table)


def record(game, data, expected_version=None):
    """Record a hand given as the API's JSON body."""
    hand = schema.hand(game.rules, game.table, data)
    return services.record_hand(game, hand, expected_version)


def test_create_game_returns_the_game_and_a_token_only_it_accepts(app):
    with app.app_context():
        game, token = create()
        other, _ = create()
        assert services.may_write(game, token)
        assert not services.may_write(other, token)
        assert not services.may_write(game, "") and token not in game.game.token_hash
        assert game.table.seats == ("Ann", "Bob", "Cat", "Dan")
        assert services.load(game.id).table == game.table


def test_a_write_that_lost_the_race_is_a_version_mismatch(app):
    with app.app_context():
        game, _ = create()
        record(game, SEVEN_HEARTS, expected_version=1)
        with pytest.raises(Stale):
            record(game, SEVEN_HEARTS, expected_version=1)
        assert game.version == 2 and len(game.game.hands) == 1


def test_a_duplicate_hand_number_is_a_version_mismatch_and_writes_nothing(app):
    with app.app_context():
        game, _ = create()
        record(game, SEVEN_HEARTS)

        def duplicate():
            row = HandRow(game_id=game.id, number=1, contract="6S", tricks=[6, 4])
            db.session.add(row)

        with pytest.raises(Stale):
            store.transaction(duplicate)
        assert [h.contract for h in services.load(game.id).game.hands] == ["7H"]


def test_an_error_rolls_back_the_version_bump(app):
    with app.app_context():
        game, _ = create()

        def fail():
            raise ScoringError("tricks", "Say how many tricks were taken.")

        with pytest.raises(ScoringError):
            services.locked_write(game, None, fail)
        assert services.load(game.id).version == 1


def test_game_over_is_raised_for_a_hand_after_the_end(app):
    with app.app_context():
        game, _ = create()
        record(game, {"bidder": "Ann", "contract": "10NT", "tricks": 10})
        with pytest.raises(GameOver):
            record(game, SEVEN_HEARTS)
        assert services.load(game.id).state.winner == 0


def count_queries(app, work):
    return len(statements(app, work))


def test_hand_fifty_takes_as_many_queries_as_hand_two(app, client, api):
    api.create(rules={"target": None, "floor": None, "hands_limit": 1000})
    api.hand(**SEVEN_HEARTS)  # the first hand brings the players into the standings
    first = count_queries(app, lambda: api.hand(**SEVEN_HEARTS))
    for _ in range(47):
        api.hand(**SEVEN_HEARTS)
    fiftieth = count_queries(app, lambda: api.hand(**SEVEN_HEARTS))
    assert fiftieth == first
    reads = count_queries(app, lambda: client.get(f"/api/games/{api.game_id}"))
    assert reads <= 5


def test_recording_a_hand_reads_no_stored_result_back(app, api):
    """A hand's results move from the replay the write started from, not a read."""
    api.create()
    api.hand(**SEVEN_HEARTS)
    sql = statements(app, lambda: api.hand(**SEVEN_HEARTS))
    reads = [s for s in sql if s.lstrip().upper().startswith("SELECT")]
    assert not any("_result" in s for s in reads), reads
    assert any("UPDATE side_result" in s for s in sql)


def test_list_games_and_player_names(app, api):
    api.create()
    api.hand(contract="pass")
    api.create(
        sides=[{"name": "E", "players": ["Eve"]}, {"name": "A", "players": ["Ann"]}],
        first_dealer=None,
    )
    api.hand(contract="pass")
    with app.app_context():
        assert services.player_names()[0] == "Ann"
        assert set(services.player_names()) == {"Ann", "Bob", "Cat", "Dan", "Eve"}
        page = services.list_games(per_page=1, player="ANN")
        assert page.total == 2 and page.pages == 2 and len(page.items) == 1
        with pytest.raises(BadInput):
            services.list_games(status="won")


def test_not_found_is_a_404(app):
    with app.app_context():
        with pytest.raises(NotFound) as raised:
            services.load("x" * 100)
        assert raised.value.status == 404
        with pytest.raises(NotFound):
            rulesets.get_ruleset(3)


def test_listing_games_takes_as_many_queries_for_six_games_as_for_one(app, client, api):
    api.create()
    api.hand(**SEVEN_HEARTS)
    one = count_queries(app, lambda: client.get("/api/games"))
    for _ in range(5):
        api.create()
        api.hand(**SEVEN_HEARTS)
    assert count_queries(app, lambda: client.get("/api/games")) == one
