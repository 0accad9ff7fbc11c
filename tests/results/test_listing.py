"""Listing pages read the rows they show: as many statements at 200 games as at 10."""

from __future__ import annotations

import re

import pytest
from api_helpers import import_past, statements
from sqlalchemy import event

from scorekeeper.db.models import db
from scorekeeper.games import service as services
from scorekeeper.results import archive
from scorekeeper.scoring import PRESETS, make_hand, make_table

PAGES = [
    "/",
    "/history",
    "/history?player=ann",
    "/history?status=finished",
    "/history?player=Ann&status=in_progress&page=2",
    "/api/games",
    "/api/games?player=Ann&status=finished",
    "/api/games?status=in_progress&per_page=5&page=2",
    "/rules/",
    "/new/2x2",
    "/stats",
]
# The hand table itself, not hand_result or game.hand_count.
HANDS = re.compile(r"\bhand\b", re.IGNORECASE)


def games(count: int, start: int) -> list[archive.PastGame]:
    """Return games to import: every other one won, each with a few hands."""
    rules, made = PRESETS["australian"], []
    for number in range(start, start + count):
        others = [f"P{number % 7}", f"Q{number % 5}", f"R{number % 3}"]
        table = make_table([("Us", ["Ann", others[0]]), ("Them", others[1:])])
        bids = [("Ann", "7H", 7), (others[1], "6S", 5)]
        if number % 2:
            bids.append(("Ann", "10NT", 10))
        hands = tuple(
            make_hand(rules, table, bidder=b, contract=c, tricks=t) for b, c, t in bids
        )
        made.append(archive.PastGame(f"Game {number}", rules, table, hands))
    return made


def page_statements(app, client, path: str) -> list[str]:
    """Return every SQL statement a GET of a page runs."""

    def get() -> None:
        assert client.get(path).status_code == 200, path

    return statements(app, get)


def test_listing_pages_run_as_many_statements_at_200_games_as_at_10(app, client):
    with app.app_context():
        import_past(games(10, 0))
    client.post("/api/rulesets", json={"name": "Club", "rules": {}})
    for path in PAGES:  # a first visit may give the phone its cookies
        page_statements(app, client, path)
    at_ten = {path: page_statements(app, client, path) for path in PAGES}
    with app.app_context():
        import_past(games(190, 10))
    at_200 = {path: page_statements(app, client, path) for path in PAGES}
    assert {p: len(s) for p, s in at_200.items()} == {
        p: len(s) for p, s in at_ten.items()
    }
    for path, seen in at_200.items():
        assert not [s for s in seen if HANDS.search(s)], path


def test_a_players_totals_count_their_games_by_status(app):
    with app.app_context():
        import_past(games(30, 0))
        for player in ("ann", "P3", "R1", "Zed"):
            for status in (None, "finished", "in_progress"):
                page = services.list_games(1, 100, player, status)
                assert page.total == len(page.items), (player, status)
        assert services.list_games(1, 100, "ann", "finished").total == 15


@pytest.mark.parametrize(
    "path", ["/", "/history", "/history?player=Ann", "/api/games", "/history/games.csv"]
)
def test_a_page_of_games_reads_one_set_whatever_is_created_between_its_reads(
    app, client, path
):
    with app.app_context():
        import_past(games(3, 0))
    made = iter(range(100, 200))
    creating = False

    def create_game_after(_connection, _cursor, statement: str, *_args) -> None:
        # After each read of the games a list runs, another phone starts a game.
        nonlocal creating
        if creating or not statement.lstrip().upper().startswith("SELECT"):
            return
        if not re.search(r"\b(FROM|JOIN) game\b", statement):
            return
        creating = True
        try:
            with app.app_context():
                import_past(games(1, next(made)))
        finally:
            creating = False

    with app.app_context():
        event.listen(db.engine, "after_cursor_execute", create_game_after)
        try:
            answer = client.get(path)
        finally:
            event.remove(db.engine, "after_cursor_execute", create_game_after)
    assert answer.status_code == 200, answer.text
    assert next(made) > 100  # games were created while the page was read
    if path == "/api/games":
        shown = answer.get_json()["games"]
        assert shown and all(len(game["sides"]) == 2 for game in shown)
