"""The migrations build the tables the models declare, and fill the results."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import select, text
from test_results import normal, replayed, stored

from scorekeeper.db.migration import MIGRATIONS
from scorekeeper.db.models import Player, RuleSet, db


def test_the_migrated_database_has_every_table_column_and_index_of_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, db.metadata) == []


def test_upgrading_a_database_with_games_fills_their_results_by_replay(app, api):
    api.create()
    for hand in (
        {"bidder": "Bob", "contract": "7H", "tricks": 7},
        {"bidder": "Ann", "contract": "10NT", "tricks": 10},
    ):
        api.hand(**hand)
    api.create(name="Still going")
    api.hand(bidder="Cat", contract="misere", tricks=0)
    with app.app_context():
        before = normal(stored())
        # From before the results, and from before the players' counters.
        for revision in ("0004_notes", "0006_players"):
            db.session.remove()  # PostgreSQL: a read's open transaction blocks DROP
            downgrade(MIGRATIONS, revision)
            upgrade(MIGRATIONS)
            assert normal(stored()) == before == normal(replayed())
        assert len(before["hand_result"]) == 3 and len(before["player_result"]) == 8
        assert len(before["pair"]) == 12 and len(before["spelling"]) == 4


def test_upgrading_keys_names_in_nfkc_and_numbers_a_name_now_alike(app, api):
    api.create(
        sides=[{"name": "A", "players": ["Ann"]}, {"name": "B", "players": ["Bob"]}],
        first_dealer="Bob",
    )
    api.hand(bidder="Bob", contract="7H", tricks=7)
    with app.app_context():
        db.session.remove()
        downgrade(MIGRATIONS, "0009_seasons")
        # Before NFKC keys: a fullwidth 'Ａｎｎ' beside 'Ann', and two rule sets.
        with db.engine.begin() as connection:
            for sql in (
                "UPDATE player SET name = 'Ａｎｎ', name_key = 'ａｎｎ' "
                "WHERE name = 'Bob'",
                "UPDATE hand SET bidder = 'Ａｎｎ'",
                "UPDATE game SET first_dealer = 'Ａｎｎ'",
                "INSERT INTO ruleset (name, name_key, rules, created) VALUES "
                "('Club', 'club', '{}', '2026-01-01'), "
                "('Ｃｌｕｂ', 'ｃｌｕｂ', '{}', '2026-01-02')",
            ):
                connection.execute(text(sql))
        upgrade(MIGRATIONS)
        players = db.session.execute(select(Player.name, Player.name_key)).all()
        assert sorted(players) == [("Ann", "ann"), ("Ａｎｎ 2", "ann 2")]
        rulesets = db.session.execute(select(RuleSet.name, RuleSet.name_key)).all()
        assert sorted(rulesets)[0] == ("Club", "club")
        assert sorted(rulesets)[1][1].startswith("club (")
        db.session.remove()
    game = api.game()
    assert (
        game["first_dealer"] == "Ａｎｎ 2" and game["hands"][0]["bidder"] == "Ａｎｎ 2"
    )


def test_upgrading_counts_every_seasons_games_as_a_replay_does(app, api):
    from datetime import date

    from scorekeeper.db.models import utcnow
    from scorekeeper.seasons import service as seasons

    api.create()
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.create(name="Not started")
    with app.app_context():
        today = utcnow().date()  # the day the games were made, in UTC
        seasons.save_season("Now", today, today)
        seasons.save_season("Before", date(2000, 1, 1), date(2000, 12, 31))
        before = normal(stored())["game_count"]
        db.session.remove()
        downgrade(MIGRATIONS, "0016_round_clock_pause")
        upgrade(MIGRATIONS)
        assert (
            normal(stored())["game_count"] == before == normal(replayed())["game_count"]
        )
        assert len(before) == 2  # all time and today's season; no game in 2000
