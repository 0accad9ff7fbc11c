"""Players as people: ratings kept by every write, pages counted from results."""

from __future__ import annotations

import re
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from api_helpers import import_past, statements
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select
from test_results import apply, creates, steps
from test_stats_sql import games, past

from scorekeeper.db import store
from scorekeeper.db.models import Game, db
from scorekeeper.games import service as services
from scorekeeper.players import service as players
from scorekeeper.results import game_rows, ratings
from scorekeeper.results.models import PlayerRating, RatingRow
from scorekeeper.scoring import contracting_sides, name_key

FAST = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def kept_ratings() -> tuple[set[tuple[Any, ...]], set[tuple[Any, ...]]]:
    """Return every rating row, history and now, rounded against float noise."""
    history = {
        (r.name_key, r.game_id, r.games, round(r.mu, 9), round(r.sigma, 9))
        for r in db.session.execute(select(RatingRow)).scalars()
    }
    now = {
        (r.name_key, r.games, round(r.ordinal, 9))
        for r in db.session.execute(select(PlayerRating)).scalars()
    }
    return history, now


def empty() -> None:
    game_rows.clear()
    db.session.execute(delete(Game))
    db.session.commit()


def test_ratings_kept_by_every_write_equal_ratings_rebuilt_from_scratch(app: Flask):
    @FAST
    @given(creates, st.lists(steps, min_size=10, max_size=40))
    def run(first: tuple[Any, ...], sequence: list[tuple[Any, ...]]) -> None:
        with app.app_context():
            empty()
            made: list[str] = []
            for step in [first, *sequence]:
                apply(step, made)
            kept = kept_ratings()
            store.transaction(ratings.refresh)
            assert kept_ratings() == kept

    run()


def test_rescore_twice_gives_identical_ratings(app: Flask, runner):
    with app.app_context():
        import_past([past(0, 0, [_win(0)] * 12), past(1, 0, [_win(1)] * 12)])
        first = kept_ratings()
    assert runner.invoke(args=["rescore"]).exit_code == 0
    with app.app_context():
        second = kept_ratings()
    assert runner.invoke(args=["rescore"]).exit_code == 0
    with app.app_context():
        assert kept_ratings() == second == first and first[1]


def _win(bidder: int) -> dict[str, Any]:
    """Return a hand spec: the bidder's side bids ten no trumps and takes all."""
    return {"contract": "10NT", "bidder": bidder, "partner": None, "tricks": 10}


def _game(sides: list[list[str]], winner: int, n: int) -> list[Any]:
    return [
        SimpleNamespace(
            game_id=f"g{n}", created=n, side=s, name_key=k, total=0, win=None
        )
        if s != winner
        else SimpleNamespace(
            game_id=f"g{n}", created=n, side=s, name_key=k, total=500, win="front_door"
        )
        for s, keys in enumerate(sides)
        for k in keys
    ]


def test_a_player_who_wins_more_against_the_same_opponents_rises():
    now: dict[str, Any] = {}
    counts: dict[str, int] = {}
    # Ann and Bob take turns with Cat against Dan and Eve; Ann wins more.
    for n in range(6):
        partner = "ann" if n % 2 == 0 else "bob"
        won = partner == "ann" or n == 1
        ratings.rate(
            _game([[partner, "cat"], ["dan", "eve"]], 0 if won else 1, n), now, counts
        )
    assert now["ann"].ordinal() > now["bob"].ordinal()
    assert counts == {"ann": 3, "bob": 3, "cat": 6, "dan": 6, "eve": 6}


def test_equal_totals_share_a_place_and_the_winner_comes_first():
    assert ratings.ranks({0: (300, False), 1: (520, True), 2: (300, False)}) == [
        2,
        1,
        2,
    ]


def shown_names(played: list[Any]) -> dict[str, str]:
    """Return each player's most typed spelling (the first in order, if tied)."""
    typed = Counter(p for table, _ in played for p in table.players)
    best = sorted(typed, key=lambda name: (-typed[name], name))
    return {k: next(n for n in best if name_key(n) == k) for k in map(name_key, best)}


def replay_met(key: str, played: list[Any]) -> dict[str, Any]:
    """Return a player's best partners and toughest opponents, by replay."""
    met: dict[bool, dict[str, list[int]]] = {True: {}, False: {}}
    for table, state in played:
        mine = [i for i, s in enumerate(table.sides) if key in map(name_key, s.players)]
        if not mine or not state.finished:
            continue
        for i, side in enumerate(table.sides):
            for other in {name_key(p) for p in side.players} - {key}:
                games_wins = met[i == mine[0]].setdefault(other, [0, 0])
                games_wins[0] += 1
                games_wins[1] += state.winner == i
    named = shown_names(played)
    return {
        "partners" if beside else "opponents": [
            (named[k], g, w)
            for k, (g, w) in sorted(
                found.items(), key=lambda m: (-m[1][1], m[1][0], m[0])
            )[: players.NAMED]
        ]
        for beside, found in met.items()
    }


def page_figures(p: Any) -> dict[str, Any]:
    """Return the figures a player's page shows, named as replay_figures names them."""
    return {
        "games": p.stats.games,
        "wins": p.stats.wins,
        "contracted": p.contractor[0],
        "points": p.contractor[1],
        "defended": p.defender[0],
        "set": p.set,
        "ralphed": p.ralphed,
        "total": p.contractor[1] + p.defender[1],
        "losses": Counter(p.losses),
    }


def replay_figures(key: str, played: list[Any]) -> dict[str, Any]:
    """Return a player's page figures counted by replaying their games."""
    out = {"games": 0, "wins": 0, "contracted": 0, "points": 0, "defended": 0}
    out |= {"set": 0, "ralphed": 0, "total": 0, "losses": Counter()}
    for table, state in played:
        sides = [
            i for i, s in enumerate(table.sides) if key in map(name_key, s.players)
        ]
        if not sides:
            continue
        mine = sides[0]
        out["games"] += 1
        out["wins"] += state.winner == mine
        out["total"] += state.totals[mine]
        if state.winner not in (None, mine):
            out["losses"][state.ending] += 1
        for r in state.hands:
            side = r.hand.side
            if r.contract is None or side is None:
                continue
            if side == mine:
                out["contracted"] += 1
                out["points"] += r.points[side]
            else:
                out["defended"] += 1
            if r.hand.bidder and name_key(r.hand.bidder) == key:
                taken = sum(r.hand.tricks[s] for s in contracting_sides(table, r.hand))
                short = r.contract.tricks - taken if r.contract.is_normal else 0
                lost = r.contract.is_misere and taken >= 3
                out["set"] += short >= 2 or lost
                out["ralphed"] += short >= 3 or lost
    return out


def test_a_players_page_numbers_equal_a_fresh_replay_of_their_games(app: Flask):
    @FAST
    @given(games)
    def run(specs: list[Any]) -> None:
        with app.app_context():
            empty()
            import_past([past(*spec) for spec in specs])
            every = services.all_games()  # a game with no hand counts for no one
            played = [(g.table, g.state) for g in every if g.state.hands]
            for key in ("ann", "bob", "cat", "dan", "eve", "fay"):
                want = replay_figures(key, played)
                if not want["games"]:
                    continue
                p = players.profile(key.upper())
                assert p.key == key
                assert page_figures(p) == want
                assert p.name == shown_names(played)[key]
                met = {
                    "partners" if beside else "opponents": [
                        (t.name, t.games, t.wins) for t in found
                    ]
                    for beside, found in ((True, p.partners), (False, p.opponents))
                }
                assert met == replay_met(key, played)

    run()


def test_the_leaderboard_and_a_players_page_and_api(app: Flask, client):
    with app.app_context():  # "Ann" twice, "ANN" once: shown as most spelled
        import_past([past(0, 0, [_win(0)] * 12)] * 2 + [past(1, 0, [_win(1)] * 12)])
    board = client.get("/players")
    assert board.status_code == 200
    assert "Ann" in board.text and "Dan" in board.text and "±" in board.text
    page = client.get("/players/%20aNN%20")
    assert page.status_code == 200 and "<h1>Ann</h1>" in page.text
    assert "<svg" in page.text  # the rating over two games
    # The rating in a player's words, not "2.1 (25.9 ± 23.7)"; the chart's axes named.
    assert "after 3 finished games: a new rating starts low and rises" in page.text
    assert "±" not in page.text.split("<h1>")[1]
    assert (
        ">Rating</text>" in page.text and ">Finished games played</text>" in page.text
    )
    # The contracts by suit and level, drawn by the same macro as /stats.
    assert "<caption>Bid by suit</caption>" in page.text
    assert "<caption>By level</caption>" in client.get("/stats").text
    listed = client.get("/api/players?per_page=2").get_json()
    assert listed["total"] == 4 and len(listed["players"]) == 2 and listed["next"]
    one = client.get("/api/players/ann").get_json()
    assert one["name"] == "Ann" and one["games"] == 3 and one["rating"]["games"] == 3
    missing = client.get("/api/players/Zed")
    assert missing.status_code == 404 and missing.get_json()["field"] == "name"
    assert client.get("/players/Zed").status_code == 404
    assert client.get("/players?page=x").status_code == 400


def test_the_leaderboard_and_a_players_page_read_kept_rows_not_every_result(
    app: Flask, client
):
    with app.app_context():
        import_past([past(0, 0, [_win(0)] * 12)] * 2 + [past(1, 0, [_win(1)] * 12)])
    for path in ("/players", "/players/ann", "/api/players", "/api/players/ann"):
        sql = statements(app, lambda path=path: client.get(path))
        scans = [s for s in sql if re.search(r"\b(player|side|hand)_result\b", s)]
        assert sql and not scans, path


@pytest.mark.parametrize(
    ("sigma", "games", "words"),
    [
        (8.0, 1, "1.0 after 1 finished game: a new rating starts low and rises"),
        (5.0, 40, "1.0 after 40 finished games: taking shape"),
        (2.0, 200, "1.0 after 200 finished games: settled"),
    ],
)
def test_a_rating_is_said_in_a_players_words(sigma, games, words):
    rated = players.Rated("ann", "Ann", 1.0 + 3 * sigma, sigma, 1.0, games)
    assert rated.words.startswith(words)


def test_the_rating_chart_reads_at_most_a_hundred_points_first_and_last_kept():
    assert players.chart_games(3) == [1, 2, 3]
    assert players.chart_games(100) == list(range(1, 101))
    for rated in (101, 250, 10_000):
        shown = players.chart_games(rated)
        assert len(shown) == 100 and shown == sorted(set(shown))
        assert shown[0] == 1 and shown[-1] == rated


def test_the_players_page_lists_everyone_unrated_ones_marked(app: Flask, client, api):
    with app.app_context():  # Ann, Bob, Cat and Dan finished a game: rated
        import_past([past(0, 0, [_win(0)] * 12)])
    api.create(
        sides=[
            {"name": "A", "players": ["Eve", "Fay"]},
            {"name": "B", "players": ["Gus", "Hal"]},
        ],
        first_dealer="Eve",
    )
    api.hand(bidder="Eve", contract="7H", tricks=7)  # started, not finished
    board = client.get("/players")
    assert board.status_code == 200
    rows = re.findall(
        r'<tr><td class="num">\d+</td><th scope="row">(.*?)</tr>', board.text
    )
    names = [re.search(r">([^<]+)</a>", row)[1] for row in rows]  # type: ignore[index]
    assert names[4:] == ["Eve", "Fay", "Gus", "Hal"] and len(names) == 8
    assert all("unrated" in row for row in rows[4:])
    assert not any("unrated" in row for row in rows[:4])
    # The API's leaderboard keeps to the rated.
    assert client.get("/api/players").get_json()["total"] == 4
