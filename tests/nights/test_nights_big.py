"""A 30-table night (issue 31.4): 120 players set up on the page and through
the API, a round started, and every page of the night drawn for 30 tables."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import event
from sqlalchemy.orm import Session
from test_nights_api import director, get, make, play
from test_nights_pages import csrf

HALL = [f"Player {n:03}" for n in range(1, 121)]


def seated(night: dict[str, Any], number: int) -> Counter[str]:
    tables = night["rounds"][number - 1]["tables"]
    return Counter(p for t in tables for s in t["sides"] for p in s["players"])


def test_a_hall_of_120_players_sets_up_and_starts_a_round_at_30_tables(client):
    night = make(client, players=HALL, movement="rotation", rounds=8, round_hands=10)
    assert len(night["rounds"][0]["tables"]) == 30
    assert seated(night, 1) == Counter(HALL)
    path = f"/api/nights/{night['id']}"
    closed = client.post(f"{path}/rounds/1/close", headers=director(night))
    assert closed.status_code == 200, closed.json
    started = client.post(f"{path}/rounds", headers=director(night))
    assert started.status_code == 201, started.json
    after = get(client, night["id"])
    assert [len(r["tables"]) for r in after["rounds"]] == [30, 30]
    assert seated(after, 2) == Counter(HALL)
    assert len(after["standings"]) == 120
    # Nobody partners the same player twice in a rotation.
    partners = [
        frozenset(s["players"])
        for r in after["rounds"]
        for t in r["tables"]
        for s in t["sides"]
    ]
    assert len(set(partners)) == len(partners) == 120


def test_a_hall_of_120_players_sets_up_on_the_page_and_every_page_draws(
    client: FlaskClient,
):
    page = client.get("/nights/new").text
    form = {
        "csrf_token": csrf(page),
        "name": "Charity drive",
        "rules": "preset:australian",
        "movement": "rotation",
        "round_hands": "10",
        "rank_by": "wins",
        "odd_players": "sit_out",
        "rounds": "8",
        "players": "\n".join(HALL),
    }
    answer = client.post("/nights/new", data=form)
    assert answer.status_code == 302, answer.text
    night = answer.headers["Location"].split("/")[2]
    console = client.get(answer.headers["Location"]).text
    assert "Night started: round 1 at 30 tables." in console
    assert "Still playing: tables 1, 2, 3" in console and "29 and 30." in console
    screen = client.get(f"/nights/{night}/screen").text
    assert screen.count('class="night-table') >= 30
    assert all(name in screen for name in HALL)
    cards = client.get(f"/nights/{night}/cards").text
    assert cards.count('class="qr"') == 30
    schedule = client.get(f"/nights/{night}/schedule").text
    assert all(f"Round {n}" in schedule for n in range(1, 9))
    tallies = client.get(f"/nights/{night}/tallies").text
    assert all(name in tallies for name in HALL)
    assert client.get(f"/nights/{night}").status_code == 200


def flushes_to_start_a_round(client: FlaskClient, players: list[str]) -> int:
    night = make(client, players=players)
    path = f"/api/nights/{night['id']}"
    client.post(f"{path}/rounds/1/close", headers=director(night))
    count = [0]

    def flushed(*_: object) -> None:
        count[0] += 1

    event.listen(Session, "after_flush", flushed)
    try:
        answer = client.post(f"{path}/rounds", headers=director(night))
    finally:
        event.remove(Session, "after_flush", flushed)
    assert answer.status_code == 201, answer.json
    return count[0]


def test_a_rounds_tables_games_are_written_together_however_many_tables(client):
    # Each table's game was flushed on its own (two flushes a table): starting
    # a round of 30 tables took about a second and a half.
    two = flushes_to_start_a_round(client, HALL[:8])
    eight = flushes_to_start_a_round(client, HALL[8:40])
    assert eight == two


def statements_to_read(client: FlaskClient, app: Any, players: list[str]) -> int:
    """Set up a night whose tables all end level (6 spades made 6: 40 all),
    and count the SQL statements its first read asks."""
    from scorekeeper.db.models import db
    from scorekeeper.nights import board, tables

    night = make(client, players=players, round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)
    tables.forget()
    board._KEPT.clear()
    count = [0]

    def asked(*_: object) -> None:
        count[0] += 1

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", asked)
    try:
        read = get(client, night["id"])
    finally:
        event.remove(engine, "before_cursor_execute", asked)
    tables = read["rounds"][0]["tables"]
    assert all(len({s["score"] for s in t["sides"]}) == 1 for t in tables)
    assert all(t["winner"] is not None for t in tables)
    return count[0]


def test_a_night_whose_tables_ended_level_is_read_in_as_many_queries_however_many(
    client, app
):
    # The tie rule replays each level game once a version: its row was asked
    # for alone, one query a table (30 at a 30-table night's round's end).
    two = statements_to_read(client, app, HALL[:8])
    eight = statements_to_read(client, app, HALL[8:40])
    assert eight == two


def test_a_night_read_again_after_a_hand_reads_that_hand_s_table_only(
    client, app, monkeypatch
):
    # Every read after a hand read each of the night's games again (240 at a
    # 30-table night's last round): now what a worker read of a game is kept
    # by its version, and a hand moves only its own game's.
    from scorekeeper.nights import tables

    night = make(client, players=HALL[:24], round_hands=2)
    first, second = night["rounds"][0]["tables"][:2]
    for table in (first, second):
        bidder = table["sides"][0]["players"][0]
        hand = {"bidder": bidder, "contract": "7H", "tricks": 7}
        path = f"/api/games/{table['game']}/hands"
        assert client.post(path, json=hand, headers=director(night)).status_code == 201
    get(client, night["id"])  # every table read once
    asked: list[list[str]] = []
    read = tables._played
    monkeypatch.setattr(
        tables,
        "_played",
        lambda rows: asked.append([row[0] for row in rows]) or read(rows),
    )
    hand = {"bidder": first["sides"][1]["players"][0], "contract": "6S", "tricks": 6}
    path = f"/api/games/{first['game']}/hands"
    assert client.post(path, json=hand, headers=director(night)).status_code == 201
    kept = get(client, night["id"])
    assert asked == [[first["game"]]]
    # What is kept is what a fresh read shows: scores, hands, winners, awards.
    tables.forget()
    from scorekeeper.nights import board

    board._KEPT.clear()
    assert get(client, night["id"]) == kept
    table = kept["rounds"][0]["tables"][0]
    assert table["hands"] == 2 and table["status"] == "finished"
    assert {"Most contracts made", "Highest hand"} <= {
        a["name"] for a in kept["awards"]
    }


def test_the_big_screen_at_a_round_s_end_reads_no_earlier_round_again(
    client, app, monkeypatch
):
    # The next round's seating, which the screen shows between rounds, read
    # the sides of every game of the night again on each draw (240 games at a
    # 30-table night's eighth round); now only the round's own games are read.
    from scorekeeper.nights import tables

    def play(tables_: list[dict[str, Any]]) -> None:
        for table in tables_:
            bidder = table["sides"][0]["players"][0]
            hand = {"bidder": bidder, "contract": "7H", "tricks": 7}
            path = f"/api/games/{table['game']}/hands"
            saved = client.post(path, json=hand, headers=director(night))
            assert saved.status_code == 201, saved.json

    night = make(client, players=HALL[:12], round_hands=1)
    earlier = {t["game"] for t in night["rounds"][0]["tables"]}
    play(night["rounds"][0]["tables"])
    path = f"/api/nights/{night['id']}/rounds"
    started = client.post(path, headers=director(night))
    assert started.status_code == 201, started.json
    first, *others = started.json["rounds"][1]["tables"]
    play(others)
    screen = f"/nights/{night['id']}/screen"
    assert client.get(screen).status_code == 200  # every table read once
    asked: set[str] = set()
    read = tables.seated
    monkeypatch.setattr(tables, "seated", lambda ids: asked.update(ids) or read(ids))
    play([first])
    drawn = client.get(screen)
    assert drawn.status_code == 200 and "Round 3" in drawn.text
    assert asked and not asked & earlier
