"""What a night's reads cost at a club night's size (issue 31.4): its pages, its
API and its tables' scoreboards read the night's own rows as plain values, its
games' versions once, and the standings once per ETag."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from api_helpers import statements
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event
from sqlalchemy.orm import Mapper
from test_nights_api import director, get, make, play

HALL = [f"Player {n:03}" for n in range(1, 41)]


@contextmanager
def built() -> Iterator[Counter[str]]:
    """Count the ORM objects built while reading, by their class's name."""
    made: Counter[str] = Counter()

    def loaded(target: object, _context: object) -> None:
        made[type(target).__name__] += 1

    event.listen(Mapper, "load", loaded)
    try:
        yield made
    finally:
        event.remove(Mapper, "load", loaded)


def forget() -> None:
    """Forget what this worker keeps of nights and games: a first read."""
    from scorekeeper.db import store
    from scorekeeper.nights import board, tables
    from scorekeeper.nights.reading import frame, rounds

    tables.forget()
    frame.forget()
    rounds.forget()
    board._KEPT.clear()
    store._REPLAYS.clear()
    store._TABLES.clear()


NIGHT_ROWS = {"Night", "NightPlayer", "NightRound", "NightTable"}


def test_a_night_s_pages_and_api_build_no_orm_rows_of_its_roster_or_rounds(client):
    # A 30-table night's eighth round is 369 rows of its own (roster, rounds,
    # tables): as ORM objects they cost more than the rest of a draw.
    night = make(client, players=HALL)
    play(client, night, night["rounds"][0]["tables"][0])
    forget()
    with built() as made:
        for path in ("/api/nights/{}", "/nights/{}/screen", "/nights/{}"):
            assert client.get(path.format(night["id"])).status_code == 200
    assert not NIGHT_ROWS & set(made), made


def test_a_night_s_table_s_scoreboard_loads_not_its_night(client):
    # Every phone at every table draws its scoreboard after each hand; its
    # round clock loaded the whole night and read its round's games.
    night = make(client, players=HALL)
    table = night["rounds"][0]["tables"][0]
    play(client, night, table)
    with built() as made:
        page = client.get(f"/games/{table['game']}")
    assert page.status_code == 200 and 'data-clock="' in page.text
    assert not {"Night", "NightPlayer", "NightRound"} & set(made), made


# The games' rows a night's draw reads (nights/tables.py `HEAD`).
ROWS = "SELECT game.id, game.ending, game.winner, game.hand_count, game.version"


def two_rounds(client: FlaskClient) -> dict[str, Any]:
    """Set up a night of ten tables and start its second round: round 1 played
    out (one hand a table), round 2 not begun; return the night as started."""
    night = make(client, players=HALL, round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)
    path = f"/api/nights/{night['id']}/rounds"
    started = client.post(path, headers=director(night))
    assert started.status_code == 201, started.json
    return {**started.json, "director_token": night["director_token"]}


def test_a_night_drawn_after_a_hand_reads_the_rows_of_that_hand_s_round_only(
    client, app
):
    # The ETag read every game's row (240 at a 30-table night's eighth round),
    # on every poll; now it reads one row a round (its games' count and
    # versions' sum), and a draw after a hand reads the rows of its round alone.
    night = two_rounds(client)
    get(client, night["id"])
    play(client, night, night["rounds"][1]["tables"][0])
    asked = statements(app, lambda: get(client, night["id"]))
    (etag,) = [s for s in asked if "sum(game.version)" in s]
    assert "GROUP BY" in etag
    (rows,) = [s for s in asked if s.startswith(ROWS)]
    # By the night and the round: not its ten games' ids one by one.
    asked_for = re.findall(r"\?|%\(\w+\)s", rows)  # SQLite's or psycopg's
    assert len(asked_for) == 2 and "night_table.round = " in rows
    again = statements(app, lambda: get(client, night["id"]))
    assert [s for s in again if s.startswith(ROWS)] == []


def test_a_hand_mended_in_an_earlier_round_shows_at_once(client):
    # Each round is kept by what the night's ETag read of it: a correction to a
    # round already ended moves that round's sum, and the night shows it.
    night = two_rounds(client)
    before = get(client, night["id"])
    table = before["rounds"][0]["tables"][0]
    bidder = table["sides"][0]["players"][0]
    mended = client.put(
        f"/api/games/{table['game']}/hands/1",
        json={"bidder": bidder, "contract": "6S", "tricks": 10},
        headers=director(night),
    )
    assert mended.status_code == 200, mended.json
    after = get(client, night["id"])
    old, new = (
        r["rounds"][0]["tables"][0]["sides"][0]["score"] for r in (before, after)
    )
    assert (old, new) == (40, 250)
    row = next(s for s in after["standings"] if s["player"] == bidder)
    assert row["points"] == 250
    forget()
    assert get(client, night["id"]) == after


def test_the_api_and_the_big_screen_at_one_etag_count_the_standings_once(
    client, monkeypatch
):
    from scorekeeper.nights import standings

    night = make(client, players=HALL)
    play(client, night, night["rounds"][0]["tables"][0])
    counted = []
    count = standings.ranked
    monkeypatch.setattr(standings, "ranked", lambda *a: counted.append(1) or count(*a))
    api = get(client, night["id"])
    screen = client.get(f"/nights/{night['id']}/screen").text
    assert len(counted) == 1
    assert all(s["player"] in screen for s in api["standings"])


def statements_to_read_cold(client: FlaskClient, app: Flask, players: list[str]) -> int:
    """Count what a worker that never saw a night of level games asks to read it."""
    night = make(client, players=players, round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)  # 40 all: the tie rule replays each game
    forget()
    asked = statements(app, lambda: get(client, night["id"]))
    read = get(client, night["id"])
    assert all(t["winner"] is not None for t in read["rounds"][0]["tables"])
    return len(asked)


def test_a_first_read_of_level_games_asks_as_many_statements_however_many(client, app):
    # Each level game was loaded and its hands read on their own, one or two
    # queries a table when the worker remembered no replay of it.
    two = statements_to_read_cold(client, app, HALL[:8])
    ten = statements_to_read_cold(client, app, HALL)
    assert ten == two


def test_a_night_drawn_after_a_hand_draws_that_hand_s_round_only(client, monkeypatch):
    # Every round of the night was drawn again after any hand: eight rounds of
    # thirty tables at a club night's last round, for one table's hand.
    from scorekeeper.nights.clock import times

    night = make(client, players=HALL[:8], round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)
    path = f"/api/nights/{night['id']}/rounds"
    started = client.post(path, headers=director(night))
    assert started.status_code == 201, started.json
    get(client, night["id"])
    drawn: list[int] = []
    kept = times.round_times
    monkeypatch.setattr(
        times, "round_times", lambda one: drawn.append(one.number) or kept(one)
    )
    play(client, night, started.json["rounds"][1]["tables"][0])
    again = get(client, night["id"])
    assert drawn == [2]
    assert again["rounds"][1]["tables"][0]["status"] == "finished"


def test_an_ended_table_s_word_on_where_to_go_loads_not_its_night(client):
    # Each ended table's scoreboard and its "where next" page, which its phones
    # poll until the next round, loaded the whole night as ORM objects again
    # after every hand at any table.
    night = make(client, players=HALL, round_hands=1)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    play(client, night, second)
    with built() as made:
        board = client.get(f"/games/{first['game']}")
        after = client.get(f"/nights/{night['id']}/rounds/1/tables/1/next")
    assert board.status_code == after.status_code == 200
    assert "Round 1 is over at this table." in after.text
    assert "still being played at tables 3, 4" in after.text
    assert not NIGHT_ROWS & set(made), made


def dict_attributes_read(app: Flask, client: FlaskClient, players: list[str]) -> int:
    """Count the dicts' attributes the big screen and night page of a night
    read (each a raised error in Jinja, which then reads the key)."""
    night = make(client, players=players)
    play(client, night, night["rounds"][0]["tables"][0])
    env = app.jinja_env
    read = env.getattr
    count = [0]

    def counting(obj: Any, attribute: str) -> Any:
        count[0] += isinstance(obj, dict)
        return read(obj, attribute)

    env.getattr = counting  # type: ignore[method-assign]
    try:
        for path in ("/nights/{}/screen", "/nights/{}"):
            assert client.get(path.format(night["id"])).status_code == 200
    finally:
        env.getattr = read  # type: ignore[method-assign]
    return count[0]


def test_the_big_screen_reads_its_tables_and_standings_by_key(app, client):
    # A round's tables and the standings are the API's dicts: read as
    # attributes, each cost Jinja an error raised, twelve hundred on a
    # 30-table night's big screen (half its drawing time).
    assert dict_attributes_read(app, client, HALL) == dict_attributes_read(
        app, client, HALL[:8]
    )


def test_the_big_screen_after_a_hand_draws_that_hand_s_table_again_only(
    client, monkeypatch
):
    # Each of the round's tables was drawn again on every draw of the big screen
    # and the night page, after a hand at any one of them.
    from scorekeeper.nights.reading import drawn

    night = make(client, players=HALL)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    screen = f"/nights/{night['id']}/screen"
    assert client.get(screen).status_code == 200
    kept: list[tuple[Any, ...]] = []
    keep = drawn._KEPT.keep
    monkeypatch.setattr(
        drawn._KEPT, "keep", lambda key, value: kept.append(key) or keep(key, value)
    )
    play(client, night, second)
    page = client.get(screen)
    assert page.status_code == 200
    tables = [key[-1] for key in kept if key[0] == "table"]
    assert [(t[0], t[4]) for t in tables] == [(second["number"], 1)]
    assert page.text.count('<li class="night-table ') == len(
        night["rounds"][0]["tables"]
    )


def test_the_api_writes_a_night_round_by_round_as_it_would_whole(app, client):
    # Each round's JSON is written once and kept: the answer is the same text,
    # byte for byte, as the whole night written at once.
    from scorekeeper.nights import board
    from scorekeeper.nights.reading import frame

    players = [*HALL[:6], 'Zoë "the ace"', "Renée, ♥"]
    night = make(client, players=players, round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)
    path = f"/api/nights/{night['id']}/rounds"
    assert client.post(path, headers=director(night)).status_code == 201
    answer = client.get(f"/api/nights/{night['id']}")
    with app.test_request_context():
        whole = board.night_to_dict(frame.load(night["id"]))
        assert answer.text == f"{app.json.dumps(whole)}\n"
    assert len(answer.json["rounds"]) == 2 and answer.json["standings"]


def test_a_night_s_answer_after_a_hand_writes_that_hand_s_round_only(
    app, client, monkeypatch
):
    # The whole night was written as JSON at every draw: eight rounds of thirty
    # tables, 70 KB, at a 30-table night's last round.
    night = two_rounds(client)
    get(client, night["id"])
    written: list[Any] = []
    dumps = app.json.dumps
    monkeypatch.setattr(
        app.json, "dumps", lambda obj, **kw: written.append(obj) or dumps(obj, **kw)
    )
    play(client, night, night["rounds"][1]["tables"][0])
    read = get(client, night["id"])
    heads = [o for o in written if isinstance(o, dict) and "called" in o]
    rounds = [o["number"] for o in heads if "number" in o]
    assert rounds == [2]
    # And of that round, the table played alone.
    parts = [o for o in written if isinstance(o, dict) and "sides" in o]
    tables = [o["number"] for o in parts if "number" in o]
    assert tables == [1]
    assert read["rounds"][1]["tables"][0]["hands"] == 1
