"""The statistics from SQL equal the old figures, from replaying every game."""

from __future__ import annotations

from typing import Any

import stats_replay
from api_helpers import import_past
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete
from test_results import RULES, TABLES, built, hands

from scorekeeper.db.models import Game, db
from scorekeeper.games import service as services
from scorekeeper.results import archive, game_rows, stats
from scorekeeper.scoring import ScoringError, replay

games = st.lists(
    st.tuples(st.integers(0, len(TABLES) - 1), st.integers(0, 2), st.lists(hands)),
    max_size=10,
)


def past(table_index: int, rules_index: int, specs: list[Any]) -> archive.PastGame:
    """Return a game of the hands a spec list gives, up to the first refused one."""
    rules, table = RULES[rules_index], TABLES[table_index]
    played: list[Any] = []
    for spec in specs:
        try:
            hand = built(rules, table, spec)
            replay(rules, table, [*played, hand])
        except ScoringError:
            continue
        played.append(hand)
    return archive.PastGame("", rules, table, tuple(played))


def test_the_sql_statistics_equal_a_replay_of_every_game(app: Flask):
    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(games)
    def run(specs: list[tuple[int, int, list[Any]]]) -> None:
        with app.app_context():
            game_rows.clear()  # the standings too: they have no game to cascade from
            db.session.execute(delete(Game))
            import_past([past(*spec) for spec in specs])
            # A game with no hand counts for no one.
            every = services.all_games()
            played = [(g.table, g.state) for g in every if g.state.hands]
            assert stats.games_counted() == len(played)
            assert stats.player_stats() == stats_replay.player_stats(played)
            assert stats.team_stats() == stats_replay.team_stats(played)

    run()
