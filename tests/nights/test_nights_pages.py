"""NIGHTS.md's pages: set up, the night, the console, cards, a player's night."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from scorekeeper.nights import cards, service

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
    called = client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": token, "round": "1"}
    )
    page = client.get(called.headers["Location"]).text
    assert "Time called on round 1" in page and "Start round 2" in page
    # Between rounds the next seating shows: on the console, the night, the screen.
    assert "Round 2: where everyone goes" in page
    assert "Round 2: where everyone goes" in client.get(f"/nights/{night}/screen").text
    started = client.post(
        f"/nights/{night}/direct/round", data={"csrf_token": token, "round": "2"}
    )
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
    printed = client.get(f"/nights/{night}/cards").text
    links = re.findall(r"/nights/[^/]+/tables/(\d)/([A-Za-z0-9_-]+)", printed)
    assert [n for n, _ in links] == []  # the links are in the QR codes only
    assert printed.count('class="qr"') == 2
    with app.app_context():
        found = service.load(night)
        card = cards.card_token(found, 1)
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


def test_a_hand_arriving_after_time_is_called_is_refused_saying_so(client):
    night = set_up(client)
    path = client.get(f"/nights/{night}/tables/1").headers["Location"]
    page = client.get(path).text
    assert "hand-form" in page
    hand = {
        "csrf_token": csrf(page),
        "save": "Save hand",
        "bidder": "Bob",
        "contract": "7H",
        "tricks": "7",
        "version": "1",
    }
    console = client.get(f"/nights/{night}/direct").text
    client.post(
        f"/nights/{night}/direct/close",
        data={"csrf_token": csrf(console), "round": "1"},
    )
    script = {"Accept": "application/json"}
    for version in ("1", "2"):  # drawn before the call, or after it
        key = f"a-phone-key-{version}-0123456789"
        sent = {**hand, "version": version, "form_id": key}
        answer = client.post(
            f"{path}/hands", data=sent, headers={**script, "Idempotency-Key": key}
        )
        assert answer.status_code == 409, answer.text
        assert answer.json["field"] == "called"
        assert (
            "Time was called on this round before this hand arrived"
            in (answer.json["error"])
        )
    plain = client.post(f"{path}/hands", data={**hand, "form_id": "plain-0123456789"})
    assert plain.status_code == 302
    ended = client.get(plain.headers["Location"]).text
    assert "Time was called on this round before this hand arrived" in ended
    assert "hand-form" not in ended  # an ended game offers no hand entry
    api = client.get(f"/api{path}").json
    assert api["hands"] == [] and api["ending"] == "called"


def test_a_console_drawn_before_another_device_acted_changes_nothing(client):
    night = set_up(client)
    stale = client.get(f"/nights/{night}/direct").text
    assert "/direct/close?round=1" in stale  # call time names round 1
    asked = client.get(f"/nights/{night}/direct/close?round=1").text
    assert 'name="round" value="1"' in asked  # and so does its ask's Yes
    token = csrf(stale)
    client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": token, "round": "1"}
    )
    drawn = client.get(f"/nights/{night}/direct").text
    assert 'name="round" value="2"' in drawn  # start names round 2
    client.post(
        f"/nights/{night}/direct/round", data={"csrf_token": token, "round": "2"}
    )
    # The first page, never reloaded, calls time on round 1 again.
    again = client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": token, "round": "1"}
    )
    console = client.get(again.headers["Location"]).text
    assert "Round 2 has started since this page was drawn" in console
    tables = client.get(f"/api/nights/{night}").json["rounds"][1]["tables"]
    assert [t["status"] for t in tables] == ["in_progress", "in_progress"]
    twice = client.post(
        f"/nights/{night}/direct/round", data={"csrf_token": token, "round": "2"}
    )
    assert "Round 2 has started since this page was drawn." in (
        client.get(twice.headers["Location"]).text
    )
    assert len(client.get(f"/api/nights/{night}").json["rounds"]) == 2


def test_a_nights_games_can_be_neither_deleted_nor_rematched(client):
    night = set_up(client)
    path = client.get(f"/nights/{night}/tables/1").headers["Location"]
    game = path.rsplit("/", 1)[1]
    console = client.get(f"/nights/{night}/direct").text
    client.post(
        f"/nights/{night}/direct/close",
        data={"csrf_token": csrf(console), "round": "1"},
    )
    ended = client.get(path).text
    assert "Time called" in ended or "when time was called" in ended
    assert f"/games/{game}/rematch" not in ended  # no Rematch on a night's table
    assert f"/games/{game}/delete" not in ended  # nor Delete this game
    said = "This game is table 1 of round 1 of the club night “Tuesday club”"
    asked = client.get(f"{path}/delete")
    assert asked.status_code == 409 and said in asked.text
    deleted = client.post(f"{path}/delete", data={"csrf_token": csrf(console)})
    assert deleted.status_code == 409
    again = client.post(f"{path}/rematch", data={"csrf_token": csrf(console)})
    assert again.status_code == 409 and "has no rematch" in again.text
    token = client.get(f"/api/nights/{night}").json  # the night as it was
    assert [t["game"] for t in token["rounds"][0]["tables"]][0] == game
    assert client.get(f"/api/games/{game}").status_code == 200
    assert len(client.get("/api/games").json["games"]) == 2  # no rematch made


def test_the_api_refuses_to_delete_a_nights_game_naming_the_night(client):
    from test_nights_api import EIGHT

    made = client.post(
        "/api/nights",
        json={"name": "Friday", "movement": "progressive", "players": EIGHT},
    ).json
    game = made["rounds"][0]["tables"][1]["game"]
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    refused = client.delete(f"/api/games/{game}", headers=auth)
    assert refused.status_code == 409 and refused.json["field"] == "night"
    assert refused.json["error"] == (
        "This game is table 2 of round 1 of the club night “Friday”: a night's "
        "games cannot be deleted."
    )
    assert client.get(f"/api/games/{game}").status_code == 200


def test_mixed_tables_are_refused_for_progressive_on_the_page(client):
    page = client.get("/nights/new").text
    answer = client.post(
        "/nights/new",
        data={
            "csrf_token": csrf(page),
            "name": "Mixed",
            "rules": "preset:australian",
            "movement": "progressive",
            "round_hands": "4",
            "rank_by": "wins",
            "odd_players": "mixed_tables",
            "players": "Ann\nBob\nCat\nDan\nEve",
        },
    )
    assert answer.status_code == 400
    assert "Mixed tables go with the rotation movement only." in answer.text
    assert client.get("/api/nights").json["nights"] == []


def test_a_player_named_with_a_slash_has_a_page_and_can_be_marked_gone(client):
    night = set_up(client, players=EIGHT.replace("Ann", "A/B"))
    page = client.get(f"/nights/{night}/players/A/B")
    assert page.status_code == 200 and "<h1>A/B</h1>" in page.text
    console = client.get(f"/nights/{night}/direct").text
    assert f"/nights/{night}/direct/players/A/B/gone" in console
    gone = client.post(
        f"/nights/{night}/direct/players/A/B/gone", data={"csrf_token": csrf(console)}
    )
    assert "A/B is marked gone" in client.get(gone.headers["Location"]).text
    players = client.get(f"/api/nights/{night}").json["players"]
    assert {"name": "A/B", "present": False} in players


def test_the_api_marks_gone_a_player_named_with_a_slash(client):
    from test_nights_api import director, make

    night = make(client, players=["A/B", "Bob", "Cat", "Dan", "Eve"])
    gone = client.delete(
        f"/api/nights/{night['id']}/players/A/B", headers=director(night)
    )
    assert gone.status_code == 200, gone.json
    assert gone.json["players"][0] == {"name": "A/B", "present": False}


def test_a_spare_table_card_says_its_table_is_not_in_play_this_round(client, app):
    night = set_up(client)
    console = client.get(f"/nights/{night}/direct").text
    token = csrf(console)
    for name in ("Gus", "Hal"):
        client.post(
            f"/nights/{night}/direct/players/{name}/gone", data={"csrf_token": token}
        )
    client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": token, "round": "1"}
    )
    client.post(
        f"/nights/{night}/direct/round", data={"csrf_token": token, "round": "2"}
    )
    assert len(client.get(f"/api/nights/{night}").json["rounds"][1]["tables"]) == 1
    with app.app_context():
        card = cards.card_token(service.load(night), 2)
    phone = app.test_client()
    opened = phone.get(f"/nights/{night}/tables/2/{card}")
    spare = phone.get(opened.headers["Location"])
    assert spare.headers["Location"].endswith(f"/nights/{night}")  # not a game
    page = phone.get(spare.headers["Location"]).text
    assert "Table 2 is not in play in round 2: fewer tables are playing." in page
