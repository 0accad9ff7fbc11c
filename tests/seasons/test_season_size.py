"""A season's reads cost statements of one size, however many players it ranks."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta

import pytest
from api_helpers import import_past
from sqlalchemy import event

from scorekeeper.db.models import db
from scorekeeper.results import archive, ratings
from scorekeeper.results.models import RatingRow
from scorekeeper.scoring import make_hand, make_table, rules_from_dict
from scorekeeper.seasons import service as seasons
from scorekeeper.seasons import table as season_table

RULES = rules_from_dict({"preset": "australian"})
PLAYERS = 1200  # past SQLite's expression depth of 1,000: one term a player failed


def won(number: int, on: datetime) -> archive.PastGame:
    """Return game `number`, four new players: the first pair makes 10NT and wins."""
    names = [f"P{4 * number + seat:04}" for seat in range(4)]
    table = make_table([("Us", names[:2]), ("Them", names[2:])])
    hand = make_hand(RULES, table, contract="10NT", bidder=names[0], tricks=[10, 0])
    return archive.PastGame("Night", RULES, table, [hand], created=on)


@pytest.fixture
def big_season(app) -> int:
    """Return a season of 1,200 rated players, a game each: 40 play twice, 20
    of them played once before the season too."""
    day = datetime(2021, 4, 1, 20)
    games = [won(n, day + timedelta(minutes=n)) for n in range(PLAYERS // 4)]
    games += [won(n, day + timedelta(days=1, minutes=n)) for n in range(10)]
    games += [won(n, datetime(2021, 2, 1, 20, n)) for n in range(5)]
    with app.app_context():
        import_past(games)
        return seasons.save_season("Spring", date(2021, 3, 1), date(2021, 5, 31)).id


def expected_changes() -> dict[str, float]:
    """Return each player's rating after the season less before it, row by row."""
    rated = RatingRow
    rows = db.session.execute(
        db.select(rated.name_key, rated.created, rated.mu, rated.sigma).order_by(
            rated.name_key, rated.games
        )
    )
    before: dict[str, float] = {}
    after: dict[str, float] = {}
    for key, created, mu, sigma in rows:
        into = before if created < datetime(2021, 3, 1) else after
        into[key] = ratings.shown(mu, sigma)  # the last one stays
    return {key: now - before.get(key, 0.0) for key, now in after.items()}


def test_a_season_of_1200_rated_players_answers_both_reads(app, client, big_season):
    answer = client.get(f"/api/seasons/{big_season}")
    assert answer.status_code == 200, answer.text[:300]
    players = answer.json["standings"]["players"]
    assert len(players) == PLAYERS
    assert sum(p["wins"] for p in players) == PLAYERS // 2 + 20
    assert players[0]["wins"] == 2 and players[0]["name"] == "P0000"
    with app.app_context():
        changes = expected_changes()
    for player in players:
        change = changes[player["name"].casefold()]
        assert player["rating_change"] == pytest.approx(round(change, 3))
    assert players[0]["rating_change"] > 0 > players[-1]["rating_change"]
    sheet = client.get(f"/seasons/{big_season}/standings.csv")
    assert sheet.status_code == 200, sheet.text[:300]
    rows = list(csv.reader(io.StringIO(sheet.data.decode("utf-8-sig"), newline="")))
    assert len(rows) == 1 + PLAYERS + PLAYERS // 2  # a header, players, pairs
    assert client.get(f"/seasons/{big_season}").status_code == 200


@contextmanager
def statements() -> Iterator[list[str]]:
    """Collect the SQL text of every statement run meanwhile."""
    seen: list[str] = []

    def keep(conn, cursor, statement, parameters, context, many) -> None:
        seen.append(statement)

    event.listen(db.engine, "before_cursor_execute", keep)
    try:
        yield seen
    finally:
        event.remove(db.engine, "before_cursor_execute", keep)


def test_the_standings_statements_do_not_grow_with_the_players_shown(app, big_season):
    with app.app_context():
        season = db.session.get(seasons.Season, big_season)
        sizes = []
        for shown in (10, PLAYERS):
            with statements() as seen:
                page = season_table.table(season, False, 1, shown)
            assert len(page.items) == shown
            sizes.append(sorted(len(text) for text in seen))
        assert sizes[0] == sizes[1]
