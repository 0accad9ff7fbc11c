"""NIGHTS.md's pages: set up, the night, the console, cards, a player's night."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from scorekeeper.nights import seating, service

EIGHT = "Ann\nBob\nCat\nDan\nEve\nFay\nGus\nHal"


def csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def set_up(client: FlaskClient, **changes: str) -> str:
    """Set up a night from the page; return its id (this client directs it)."""
    page = client.get("/nights/new").text
    form = {
        "csrf_token": csrf(page),
        "name": "Tuesday club",
        "rules": "preset:australian",
        "movement": "progressive",
        "round_hands": "4",
        "rank_by": "wins",
        "odd_players": "sit_out",
        "rounds": "",
        "players": EIGHT,
        **changes,
    }
    answer = client.post("/nights/new", data=form)
    assert answer.status_code == 302, answer.text
    console = client.get(answer.headers["Location"])
    assert "Night started: round 1 at 2 tables." in console.text
    return answer.headers["Location"].split("/")[2]


def test_a_director_sets_up_a_night_and_starts_rounds_from_the_console(client):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    assert (
        "Call time on round 1" in console and "Still playing: tables 1 and 2" in console
    )
    token = csrf(console)
    called = client.post(f"/nights/{night}/direct/close", data={"csrf_token": token})
    page = client.get(called.headers["Location"]).text
    assert "Time called on round 1" in page and "Start round 2" in page
    # Between rounds the next seating shows: on the console, the night, the screen.
    assert "Round 2: where everyone goes" in page
    assert "Round 2: where everyone goes" in client.get(f"/nights/{night}/screen").text
    started = client.post(f"/nights/{night}/direct/round", data={"csrf_token": token})
    assert "Round 2 started." in client.get(started.headers["Location"]).text


def test_a_typed_name_twice_is_refused_on_the_page_naming_it(client):
    page = client.get("/nights/new").text
    answer = client.post(
        "/nights/new",
        data={
            "csrf_token": csrf(page),
            "name": "Twice",
            "rules": "preset:australian",
            "movement": "progressive",
            "round_hands": "4",
            "rank_by": "wins",
            "odd_players": "sit_out",
            "players": "Ann\nBob\nCat\nann",
        },
    )
    assert answer.status_code == 400
    assert "ann is on the roster twice." in answer.text


def test_a_stranger_cannot_reach_the_console_or_the_cards(client, app):
    night = set_up(client)
    stranger = app.test_client()
    for path in ("direct", "cards"):
        answer = stranger.get(f"/nights/{night}/{path}")
        assert answer.status_code == 403, path
    assert stranger.get(f"/nights/{night}").status_code == 200
    assert stranger.get(f"/nights/{night}/screen").status_code == 200


def test_a_table_card_grants_its_table_only_and_follows_it_to_the_next_round(
    client, app
):
    night = set_up(client)
    cards = client.get(f"/nights/{night}/cards").text
    links = re.findall(r"/nights/[^/]+/tables/(\d)/([A-Za-z0-9_-]+)", cards)
    assert [n for n, _ in links] == []  # the links are in the QR codes only
    assert cards.count('class="qr"') == 2
    with app.app_context():
        found = service.load(night)
        card = seating.card_token(found, 1)
        first = [t.game_id for t in found.rounds[0].tables]
    phone = app.test_client()
    opened = phone.get(f"/nights/{night}/tables/1/{card}")
    game = phone.get(opened.headers["Location"])
    assert game.headers["Location"].endswith(f"/games/{first[0]}")
    board = phone.get(f"/games/{first[0]}").text
    assert "hand-form" in board  # this phone scores table 1
    other = phone.get(f"/games/{first[1]}").text
    assert "hand-form" not in other  # and not table 2
    wrong = phone.get(f"/nights/{night}/tables/2/{card}")
    assert wrong.status_code == 403


def test_a_players_night_and_the_results_csv(client):
    night = set_up(client)
    page = client.get(f"/nights/{night}/players/ann").text
    assert "<h1>Ann</h1>" in page and "Cat" in page and "Bob &amp; Dan" in page
    csv = client.get(f"/nights/{night}/results.csv")
    lines = csv.data.decode("utf-8-sig").splitlines()
    assert lines[0] == "rank,player,played,wins,points,byes"
    assert len(lines) == 9 and lines[1].startswith("1,Ann,0,0,0,0")
    assert client.get(f"/nights/{night}/players/Zed").status_code == 404


def test_the_night_page_answers_304_until_a_hand_is_saved(client):
    night = set_up(client)
    first = client.get(f"/nights/{night}")
    again = client.get(
        f"/nights/{night}", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


def test_the_console_shows_the_directors_link_that_lets_another_phone_direct(
    client, app
):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    link = re.search(r'href="(http://[^"]+/direct/[^"]+)"', console)
    assert link, console
    other = app.test_client()
    assert other.get(f"/nights/{night}/direct").status_code == 403
    taken = other.get(link.group(1).replace("http://localhost", ""))
    assert taken.status_code == 302
    assert other.get(f"/nights/{night}/direct").status_code == 200
    # Readers never see it.
    assert link.group(1).rsplit("/", 1)[1] not in other.get(f"/nights/{night}").text
