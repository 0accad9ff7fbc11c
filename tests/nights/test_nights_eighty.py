"""A national day's night (issue 40.11): 312 players, 80 tables. Its standings
move only when a game ends, so a draw after a hand in play ranks, writes and
draws no standings again; the awards add the rounds before the last as one."""

from __future__ import annotations

import json
import re
from typing import Any

from flask.testing import FlaskClient
from test_nights_api import director, get, make, play

HALL = [f"Player {n:03}" for n in range(1, 41)]


def ranked_calls(monkeypatch: Any) -> list[int]:
    """Count each ranking of a night's standings from here on."""
    from scorekeeper.nights import standings

    counted: list[int] = []
    rank = standings.ranked
    monkeypatch.setattr(standings, "ranked", lambda *a: counted.append(1) or rank(*a))
    return counted


def test_a_hand_that_ends_no_game_ranks_the_standings_again_nowhere(
    client, monkeypatch
):
    night = make(client, players=HALL, round_hands=3)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    before = get(client, night["id"])
    counted = ranked_calls(monkeypatch)
    play(client, night, second)
    after = get(client, night["id"])
    screen = client.get(f"/nights/{night['id']}/screen")
    assert screen.status_code == 200
    assert counted == []
    assert after["standings"] == before["standings"]
    assert after["rounds"][0]["tables"][1]["hands"] == 1
    assert after == drawn_afresh(client, night["id"])


def test_a_hand_that_ends_a_game_moves_the_standings_at_once(client, monkeypatch):
    night = make(client, players=HALL, round_hands=2)
    table = night["rounds"][0]["tables"][0]
    play(client, night, table)
    get(client, night["id"])
    counted = ranked_calls(monkeypatch)
    play(client, night, table)  # the game's last hand: its players' rows move
    after = get(client, night["id"])
    assert counted == [1]
    won = [s for s in after["standings"] if s["wins"] == 1]
    assert [s["rank"] for s in won] == [1, 1] and won[0]["points"] == 80
    page = client.get(f"/nights/{night['id']}/screen").text
    for row in won:  # the player's row, its wins cell (labelled on a phone) 1
        name = re.escape(row["player"])
        assert re.search(
            rf'<td class="name">{name}</td><td class="num"[^>]*>1</td>', page
        )


def test_the_big_screen_after_a_hand_in_play_draws_no_standings_row(
    client, monkeypatch
):
    # Each of 312 rows was looked up (its key built, its kept part found) at
    # every draw, after every hand at any table.
    from scorekeeper.nights.reading import drawn

    night = make(client, players=HALL, round_hands=3)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    screen = f"/nights/{night['id']}/screen"
    before = client.get(screen).text
    parts: list[str] = []
    part = drawn._drawn
    monkeypatch.setattr(
        drawn, "_drawn", lambda name, *a: parts.append(name) or part(name, *a)
    )
    play(client, night, second)
    after = client.get(screen).text
    assert "standing" not in parts and "table" in parts
    rows = before[before.index("<tbody>") : before.index("</tbody>")]
    assert rows in after and rows.count("<tr>") == len(HALL)


def three_rounds(client: FlaskClient) -> dict[str, Any]:
    """Play two rounds of a two-table night out; return it with round 3 begun."""
    night = make(client, round_hands=1)
    for _ in range(2):
        for table in night["rounds"][-1]["tables"]:
            play(client, night, table)
        path = f"/api/nights/{night['id']}/rounds"
        started = client.post(path, headers=director(night))
        assert started.status_code == 201, started.json
        night = {**started.json, "director_token": night["director_token"]}
    return night


def test_a_draw_after_a_hand_adds_up_the_earlier_rounds_awards_as_one(
    client, monkeypatch
):
    from scorekeeper.nights import standings

    night = three_rounds(client)
    get(client, night["id"])
    summed: list[int] = []
    add = standings.summed

    def counting(games: Any) -> Any:
        games = list(games)
        summed.append(len(games))
        return add(games)

    monkeypatch.setattr(standings, "summed", counting)
    play(client, night, night["rounds"][2]["tables"][0])
    after = get(client, night["id"])
    assert max(summed) == 2  # the round's two games; rounds 1 and 2, then 3
    assert after["awards"] and after == drawn_afresh(client, night["id"])


def drawn_afresh(client: FlaskClient, night_id: str) -> dict[str, Any]:
    """Return the night as a worker that kept nothing of it draws it."""
    from scorekeeper.nights import board
    from scorekeeper.nights.reading import ranks, rounds

    board._KEPT.clear()
    rounds.forget()
    ranks.forget()
    return get(client, night_id)


def test_a_night_s_answer_is_gzipped_once_an_etag(client, monkeypatch):
    # An 80-table night's answer is 150 KB of JSON: gzipped again at every
    # answer, it cost more than drawing it again after a hand.
    import gzip

    night = make(client, players=HALL)
    play(client, night, night["rounds"][0]["tables"][0])
    packed: list[int] = []
    pack = gzip.compress
    monkeypatch.setattr(
        gzip, "compress", lambda data, **kw: packed.append(1) or pack(data, **kw)
    )
    for path in (f"/api/nights/{night['id']}", f"/nights/{night['id']}/screen"):
        answers = [client.get(path, headers={"Accept-Encoding": "gzip"}) for _ in "ab"]
        assert [a.headers["Content-Encoding"] for a in answers] == ["gzip", "gzip"]
        assert answers[0].data == answers[1].data
        assert gzip.decompress(answers[0].data) == client.get(path).data
    assert len(packed) == 1  # the big screen's; the API's is packed in parts


def unzipped(data: bytes) -> bytes:
    """Return a gzip answer read as a browser reads it: one gzip stream, whole."""
    import zlib

    reader = zlib.decompressobj(wbits=31)
    body = reader.decompress(data)
    assert reader.eof and not reader.unused_data
    return body


def test_a_draw_after_a_hand_gzips_that_hand_s_round_alone(client, monkeypatch):
    # An 80-table night's 190 KB, gzipped whole after every hand, took 1.6 ms
    # of each draw: each round is packed once, the answer put together.
    from scorekeeper.nights.reading import packed

    night = three_rounds(client)
    path = f"/api/nights/{night['id']}"
    gzipped = {"Accept-Encoding": "gzip"}
    first = client.get(path, headers=gzipped)
    assert unzipped(first.data) == client.get(path).data
    parts: list[str] = []
    pack = packed._pack
    monkeypatch.setattr(packed, "_pack", lambda part: parts.append(part) or pack(part))
    play(client, night, night["rounds"][2]["tables"][0])
    after = client.get(path, headers=gzipped)
    assert after.headers["Content-Encoding"] == "gzip"
    assert unzipped(after.data) == client.get(path).data
    assert after.data != first.data
    rounds = [part[:14] for part in parts if part.startswith('{"number": ')]
    assert rounds == ['{"number": 3, '], rounds  # rounds 1 and 2 were packed


def test_a_draw_after_a_hand_in_play_counts_its_round_again_nowhere(
    client, monkeypatch
):
    # Counting an 80-table round's results again after each hand in play (and
    # comparing them with the last count) found nothing new: none moves.
    from scorekeeper.nights import standings

    night = make(client, players=HALL, round_hands=3)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    get(client, night["id"])
    counted: list[int] = []
    count = standings.counted
    monkeypatch.setattr(
        standings, "counted", lambda one: counted.append(1) or count(one)
    )
    play(client, night, second)
    after = get(client, night["id"])
    assert counted == []
    assert after["rounds"][0]["tables"][1]["hands"] == 1
    assert after == drawn_afresh(client, night["id"])


def test_between_rounds_every_table_s_page_seats_the_next_round_once(
    client, monkeypatch
):
    # Once a round has ended every table's page says where its players go next:
    # each of 80 pages seated the whole next round again (20 ms apiece).
    from scorekeeper.nights import seating

    night = make(client, players=HALL, round_hands=1)
    for table in night["rounds"][0]["tables"]:
        play(client, night, table)
    seated: list[int] = []
    seat = seating.next_seating
    monkeypatch.setattr(
        seating, "next_seating", lambda *a, **k: seated.append(1) or seat(*a, **k)
    )
    pages = [client.get(f"/games/{t['game']}") for t in night["rounds"][0]["tables"]]
    assert all(page.status_code == 200 for page in pages)
    assert seated == [1]
    mover = pages[0].text  # where its players go next, as the big screen says
    screen = client.get(f"/nights/{night['id']}/screen").text
    assert "Round 2" in mover and "Round 2" in screen


def test_a_draw_after_a_hand_writes_the_roster_again_nowhere(app, client, monkeypatch):
    # 312 names, 14 KB of JSON, written again at every draw after a hand.
    night = make(client, players=HALL, round_hands=3)
    first, second = night["rounds"][0]["tables"][:2]
    play(client, night, first)
    get(client, night["id"])
    play(client, night, second)
    written: list[Any] = []
    dumps = app.json.dumps
    monkeypatch.setattr(
        app.json, "dumps", lambda data, **kw: written.append(data) or dumps(data, **kw)
    )
    after = get(client, night["id"])
    assert after["players"][0] == {"name": HALL[0], "present": True}
    lists = [d.get("players") if isinstance(d, dict) else d for d in written]
    rosters = [r for r in lists if isinstance(r, list) and len(r) == len(HALL)]
    assert not [r for r in rosters if "present" in r[0]]  # standings rows are not


def test_a_round_is_written_as_json_dumps_writes_it_each_table_once(app, client):
    # Each table's part is written once a version of its game and the round
    # put together from them: the answer is still what json.dumps writes.
    from scorekeeper.nights.reading import rounds

    night = three_rounds(client)
    path = f"/api/nights/{night['id']}"
    client.get(path)
    play(client, night, night["rounds"][2]["tables"][0])
    text = client.get(path).text
    assert text == app.json.dumps(json.loads(text)) + "\n"
    written = len(rounds._TEXTS._values)
    play(client, night, night["rounds"][2]["tables"][1])
    again = client.get(path).text
    assert again == app.json.dumps(json.loads(again)) + "\n"
    assert len(rounds._TEXTS._values) == written + 1  # the table played
