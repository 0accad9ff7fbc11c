"""The director's console (NIGHTS.md "Pages"): each table's progress, live like
the big screen (a 304 while nothing moved), and asking once before calling
time, finishing the night or marking a player gone."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from test_nights_api import get, hand, make
from test_nights_pages import csrf, set_up


def test_each_table_in_the_api_says_how_many_hands_it_has_played(client):
    night = make(client)
    first, second = (t["game"] for t in night["rounds"][0]["tables"])
    hand(client, first, night["director_token"], "Ann", 7)
    tables = get(client, night["id"])["rounds"][0]["tables"]
    assert [t["hands"] for t in tables] == [1, 0]
    assert night["rounds"][0]["tables"][1]["game"] == second


def test_the_console_the_night_and_the_big_screen_show_each_tables_progress(client):
    night = set_up(client)
    games = get(client, night)["rounds"][0]["tables"]
    console = client.get(f"/nights/{night}/direct").text
    token = re.search(r'href="http://localhost/nights/[^/]+/direct/([^"]+)"', console)
    assert token
    client.post(
        f"/api/games/{games[0]['game']}/hands",
        json={"bidder": "Ann", "contract": "7H", "tricks": 7},
        headers={"Authorization": f"Bearer {token.group(1)}"},
    )
    for path in ("direct", "", "screen"):
        page = client.get(f"/nights/{night}/{path}".rstrip("/")).text
        assert "1 of 4 hands played" in page, path
        assert "0 of 4 hands played" in page, path
        assert '<progress value="1" max="4"' in page, path


def test_a_whole_game_round_counts_its_hands_without_a_limit(client):
    night = set_up(client, round_hands="")
    assert "0 hands played" in client.get(f"/nights/{night}").text


def test_the_console_answers_304_until_the_night_moves_and_a_hand_moves_it(client):
    night = make(client)
    client.get(f"/nights/{night['id']}/direct/{night['director_token']}")
    first = client.get(f"/nights/{night['id']}/direct")
    assert first.status_code == 200 and "This phone directs the night." in first.text
    drawn = client.get(f"/nights/{night['id']}/direct")  # no line flashed now
    tag = {"If-None-Match": drawn.headers["ETag"]}
    assert client.get(f"/nights/{night['id']}/direct", headers=tag).status_code == 304
    game = night["rounds"][0]["tables"][0]["game"]
    hand(client, game, night["director_token"], "Ann", 7)
    moved = client.get(f"/nights/{night['id']}/direct", headers=tag)
    assert moved.status_code == 200 and "1 of 2 hands played" in moved.text


def test_a_line_flashed_for_the_director_is_shown_even_when_the_night_did_not_move(
    client,
):
    night = set_up(client)
    page = client.get(f"/nights/{night}/direct")
    tag = {"If-None-Match": page.headers["ETag"]}
    # Starting a round while tables play changes nothing, and says why.
    started = client.post(
        f"/nights/{night}/direct/round",
        data={"csrf_token": csrf(page.text), "round": "2"},
    )
    again = client.get(started.headers["Location"], headers=tag)
    assert again.status_code == 200
    assert "Tables 1 and 2 are still playing this round." in again.text


def test_the_other_directors_console_is_not_drawn_with_this_ones_forms(client, app):
    night = make(client)
    phones = [app.test_client(), app.test_client()]
    tokens = []
    for phone in phones:
        phone.get(f"/nights/{night['id']}/direct/{night['director_token']}")
        phone.get(f"/nights/{night['id']}/direct")  # the line flashed, said
        tokens.append(csrf(phone.get(f"/nights/{night['id']}/direct").text))
    assert tokens[0] != tokens[1]


def asked(client: FlaskClient, path: str) -> str:
    """Follow a console link that asks: the page asked, with nothing done yet."""
    page = client.get(path)
    assert page.status_code == 200, page.text
    return page.text


def test_calling_time_asks_once_naming_the_round_and_each_tables_progress(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    link = f"/nights/{night}/direct/close?round=1"
    assert f'href="{link}"' in console
    page = asked(client, link)
    assert "<h1>Call time on round 1?</h1>" in page
    assert "Table 1</strong> · 0 of 4 hands played" in page
    assert 'name="round" value="1"' in page  # the round it names (NIGHTS.md)
    assert "Time called" not in client.get(f"/nights/{night}/direct").text
    assert get(client, night)["rounds"][0]["status"] == "in_progress"  # not yet
    client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": csrf(page), "round": "1"}
    )
    assert get(client, night)["rounds"][0]["status"] == "finished"
    # Between rounds the console's first button starts round 2, and names it.
    console = client.get(f"/nights/{night}/direct").text
    start = console.index("Start round 2")
    assert console.rindex('name="round" value="2"', 0, start) > console.index("<form")


def test_a_call_time_link_for_a_round_no_longer_in_play_asks_nothing(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    client.post(
        f"/nights/{night}/direct/close",
        data={"csrf_token": csrf(console), "round": "1"},
    )
    stale = client.get(f"/nights/{night}/direct/close?round=1")
    assert stale.status_code == 302
    page = client.get(stale.headers["Location"]).text
    assert "Round 1 is not in play: no time to call." in page


def test_finishing_the_night_asks_once(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    assert f'href="/nights/{night}/direct/finish"' in console
    assert f'action="/nights/{night}/direct/finish"' not in console  # a link: it asks
    page = asked(client, f"/nights/{night}/direct/finish")
    assert "<h1>Finish the night?</h1>" in page and "Yes, finish the night" in page
    assert get(client, night)["status"] == "in_progress"
    client.post(f"/nights/{night}/direct/finish", data={"csrf_token": csrf(page)})
    assert get(client, night)["status"] == "finished"


def test_marking_a_player_gone_asks_once(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    assert f'href="/nights/{night}/direct/players/Eve/gone"' in console
    page = asked(client, f"/nights/{night}/direct/players/eve/gone")
    assert "<h1>Mark Eve gone?</h1>" in page
    assert [p["present"] for p in get(client, night)["players"]].count(False) == 0
    client.post(
        f"/nights/{night}/direct/players/Eve/gone", data={"csrf_token": csrf(page)}
    )
    players = get(client, night)["players"]
    assert [p["name"] for p in players if not p["present"]] == ["Eve"]
    again = client.get(f"/nights/{night}/direct/players/Eve/gone")
    assert again.status_code == 302  # gone already: nothing to ask
    assert client.get(f"/nights/{night}/direct/players/Zed/gone").status_code == 404


def test_only_the_director_is_asked(client, app):
    night = set_up(client)
    stranger = app.test_client()
    for path in ("close?round=1", "finish", "players/Eve/gone"):
        assert stranger.get(f"/nights/{night}/direct/{path}").status_code == 403, path


def test_the_console_puts_the_next_step_before_the_tables_and_the_roster(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    call = console.index("Call time on round 1")
    assert call < console.index("Table 1") < console.index("Mark Ann gone")
    assert console.index("Finish the night") < console.index("Mark Ann gone")


def test_the_console_carries_the_director_s_link_and_is_kept_by_no_cache(client):
    night = make(client)
    client.get(f"/nights/{night['id']}/direct/{night['director_token']}")
    for _ in range(2):  # the first draw, then the one kept for this phone
        console = client.get(f"/nights/{night['id']}/direct")
        assert night["director_token"] in console.text
        assert console.headers["Cache-Control"] == "no-store"
