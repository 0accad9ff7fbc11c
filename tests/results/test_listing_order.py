"""Listing pages read a page of games from an index, even when all start together.

Ten thousand games that share a start time (an import of dates alone) were
sorted whole for every page: these check that each listing query's order is
one an index gives, on SQLite and PostgreSQL, and that paging by id among
equal times shows every game once.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

import pytest
from api_helpers import import_past
from test_listing import games

from scorekeeper.db.models import Season, db
from scorekeeper.games import service as services
from scorekeeper.results import listing

SAME_TIME = datetime(2024, 6, 1, 19, 30)
FILTERS = [
    (None, None),
    (None, "finished"),
    (None, "in_progress"),
    ("Ann", None),
    ("Ann", "finished"),
    ("Ann", "in_progress"),
]


def plan(query) -> str:
    """Return how the database would run a query, as its EXPLAIN says it."""
    connection = db.session.connection()
    postgres = connection.dialect.name == "postgresql"
    sql = str(query.compile(connection, compile_kwargs={"literal_binds": True}))
    if postgres:
        # A test's tables are tiny, so a sort of them looks cheap: forbid what
        # can be avoided, and a sort stays only if no index gives the order.
        connection.exec_driver_sql("SET LOCAL enable_seqscan = off")
        connection.exec_driver_sql("SET LOCAL enable_sort = off")
        rows = connection.exec_driver_sql(f"EXPLAIN {sql}").all()
        return "\n".join(row[0] for row in rows)
    rows = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}").all()
    return "\n".join(row[-1] for row in rows)


@pytest.fixture
def same_time(app):
    """Import games that all started at one moment, and a season of that day."""
    with app.app_context():
        import_past([replace(g, created=SAME_TIME) for g in games(25, 0)])
        day = SAME_TIME.date()
        db.session.add(
            Season(name="June", name_key="june", first_day=day, last_day=day)
        )
        db.session.commit()
    return app


@pytest.mark.parametrize(("player", "status"), FILTERS)
@pytest.mark.parametrize("in_season", [False, True])
def test_each_listing_reads_its_order_from_an_index(
    same_time, player, status, in_season
):
    with same_time.app_context():
        season = db.session.execute(db.select(Season)).scalar() if in_season else None
        query, order = listing.chosen(player, status, season)
        found = plan(query.order_by(*order).limit(20))
        assert "TEMP B-TREE" not in found and "Sort" not in found, found


@pytest.mark.parametrize(("player", "status"), FILTERS)
def test_paging_games_that_started_together_shows_each_once_greatest_id_first(
    same_time, player, status
):
    with same_time.app_context():
        whole = services.list_games(1, 100, player, status)
        paged = [
            game.id
            for page in range(1, 10)
            for game in services.list_games(page, 4, player, status).items
        ]
    ids = [game.id for game in whole.items]
    assert paged == ids == sorted(ids, reverse=True) and len(ids) == whole.total
