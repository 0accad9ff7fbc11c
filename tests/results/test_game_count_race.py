"""Games made while a season is counted afresh, on PostgreSQL: each is counted
once in every scope that holds it (the kept counts equal a fresh count)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from api_helpers import TEST_DATABASE_URL
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.db.models import Game, Season, db, utcnow
from scorekeeper.games import service as services
from scorekeeper.results import seasonal
from scorekeeper.results.models import ALL_TIME
from scorekeeper.scoring import make_table, rules_from_dict
from scorekeeper.seasons import service as seasons

pytestmark = pytest.mark.skipif(
    not (TEST_DATABASE_URL or "").startswith("postgresql"),
    reason="SQLite has one writer at a time: a count cannot interleave a write",
)

RULES = rules_from_dict({"preset": "australian"})
TABLE = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
MADE, SAVES = 30, 15


def test_games_made_while_seasons_are_counted_afresh_are_counted_once(app: Flask):
    today = utcnow().date()
    go = threading.Barrier(2)

    def make() -> None:
        with app.app_context():
            go.wait()
            for _ in range(MADE):
                services.create_game("", RULES, TABLE)

    def save() -> None:
        with app.app_context():
            go.wait()
            for n in range(SAVES):  # a new season, then its days moved: a recount
                season = db.session.execute(select(Season)).scalar()
                last = today + timedelta(days=n % 2)
                seasons.save_season("Now", today, last, None, season)
                db.session.remove()

    threads = [threading.Thread(target=work) for work in (make, save)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with app.app_context():
        season = db.session.execute(select(Season)).scalar_one()
        made = db.session.execute(select(func.count()).select_from(Game)).scalar()
        assert made == MADE
        assert seasonal.counted(ALL_TIME)["games"] == MADE
        assert seasonal.counted(season.id)["games"] == MADE
