"""The playing pages through the test client: forms, redirects, and who may write."""

from __future__ import annotations

import re

import pytest
from api_helpers import NEW_GAME_FORM
from flask.testing import FlaskClient


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def start(client: FlaskClient, **changes: str) -> str:
    """Start a four-handed game through the pages; return its scoreboard path."""
    data = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1", **changes}
    response = client.post("/new/2x2", data=data)
    assert response.status_code == 302, response.text
    return response.location


def totals(html: str) -> list[str]:
    """Return the big totals of a scoreboard (its minus sign, U+2212, read as -)."""
    found = re.findall(r'class="score">([\u2212-]?\d+)<', html)
    return [total.replace("\u2212", "-") for total in found]


def record(client: FlaskClient, board: str, **hand: str):
    """Post a hand form with the game's current version."""
    version = re.search(
        r'name="version" type="hidden" value="(\d+)"', client.get(board).text
    )
    data = {"save": "1", "version": version.group(1) if version else "", **hand}
    return client.post(board + "/hands", data=data)


def test_reviewing_a_new_game_shows_the_rules_in_words_and_the_dealer_choice(client):
    response = client.post("/new/2x2", data={**NEW_GAME_FORM, "review": "1"})
    assert response.status_code == 200
    assert "A failed contract" in response.text
    assert 'name="first_dealer"' in response.text
    assert "Start the game" in response.text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players-3": "ann"}, "Player names must differ"),
        ({"players-1": ""}, "This field is required"),
        ({"players-0": "x" * 41}, "Field cannot be longer than 40 characters"),
        ({"players-0": "A\x07nn"}, "control characters"),
        ({"sides-1": "us"}, "Side names must differ"),
    ],
)
def test_a_bad_new_game_says_what_is_wrong_and_starts_nothing(client, change, message):
    response = client.post("/new/2x2", data={**NEW_GAME_FORM, **change, "start": "1"})
    assert response.status_code == 400
    assert message in response.text
    assert "Games in progress" in client.get("/").text
    assert "Us v Them" not in client.get("/").text


def test_an_unknown_table_shape_is_not_found(client):
    assert client.get("/new/4x4").status_code == 404
    assert client.get("/new/banana").status_code == 404


def test_recording_a_hand_redirects_to_the_new_totals(client):
    board = start(client)
    response = record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert response.status_code == 302
    page = client.get(board).text
    assert totals(page) == ["30", "200"]
    assert "Bob</strong> deals, <strong>Cat</strong> bids first" in page
    assert '<span aria-hidden="true" class="suit-red">7♥</span>' in page
    assert '<span aria-hidden="true" class="">7♠</span>' in page  # in the grid


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            {"bidder": "Bob", "tricks": "7"},
            "Tap the contract, such as 7♥ or Misère, or Everyone passed.",
        ),
        ({"contract": "7H", "tricks": "7"}, "Say who won the bidding"),
        ({"bidder": "Bob", "contract": "7H"}, "Say how many tricks"),
        ({"bidder": "Zed", "contract": "7H", "tricks": "7"}, "is not at this table"),
        ({"bidder": "Bob", "contract": "11H", "tricks": "7"}, "is not a contract"),
        ({"bidder": "Bob", "contract": "7H", "tricks": "12"}, "from 0 to 10"),
        ({"bidder": "Bob", "contract": "7H", "tricks": "x"}, "whole number"),
    ],
)
def test_a_bad_hand_names_what_is_wrong_and_records_nothing(client, hand, message):
    board = start(client)
    response = record(client, board, **hand)
    assert response.status_code == 400
    assert message in response.text
    assert totals(client.get(board).text) == ["0", "0"]


def test_a_refused_hand_says_what_is_wrong_by_the_save_button(client):
    board = start(client)
    response = record(client, board, bidder="Bob", tricks="7")
    bar = response.text.split('class="actions savebar">', 1)[1].split("</div>", 1)[0]
    assert (
        '<p class="save-error" id="save-error" role="alert">'
        "Tap the contract, such as 7♥ or Misère, or Everyone passed.</p>"
    ) in bar
    assert 'action="/games/' in response.text and '/hands#hand"' in response.text


def test_another_phone_can_watch_but_not_write(app, client):
    board = start(client)
    other = app.test_client()
    page = other.get(board)
    assert page.status_code == 200
    assert "You are watching this game" in page.text
    assert "/play/" not in page.text
    assert "Save hand" not in page.text
    for path in ("/hands", "/undo", "/hands/1/edit"):
        assert other.post(board + path, data={"bidder": "Bob"}).status_code == 403
    response = record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert response.status_code == 302
    assert other.post(board + "/undo").status_code == 403
    assert totals(other.get(board).text) == ["30", "200"]


def test_the_play_link_lets_a_second_phone_score(app, client):
    created = client.post(
        "/api/games",
        json={
            "sides": [
                {"name": "Us", "players": ["Ann", "Cat"]},
                {"name": "Them", "players": ["Bob", "Dan"]},
            ]
        },
    ).json
    phone = app.test_client()
    assert phone.get(f"/games/{created['id']}/play/wrong").status_code == 403
    assert phone.get(created["links"]["play"]).status_code == 302
    shared = phone.get(f"/games/{created['id']}/share/play").text
    assert f"http://localhost{created['links']['play']}" in shared
    board = f"/games/{created['id']}"
    assert (
        record(phone, board, bidder="Ann", contract="6S", tricks="6").status_code == 302
    )
    assert totals(phone.get(board).text) == ["40", "40"]


def test_a_hand_from_a_stale_page_is_refused_with_the_new_state(client):
    board = start(client)
    stale = {
        "save": "1",
        "version": "1",
        "bidder": "Bob",
        "contract": "7H",
        "tricks": "7",
    }
    assert client.post(board + "/hands", data=stale).status_code == 302
    response = client.post(board + "/hands", data=stale, follow_redirects=True)
    assert "The score changed on another phone" in response.text
    assert totals(response.text) == ["30", "200"]


def test_undo_asks_first_then_takes_back_the_last_hand(client):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert "Yes, undo hand 1" in client.get(board + "/undo").text
    response = client.post(
        board + "/undo", data={"version": "2"}, follow_redirects=True
    )
    assert "Hand 1 undone" in response.text
    assert totals(response.text) == ["0", "0"]


def test_the_phone_that_started_a_game_deletes_it_after_asking(client, app):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    link = re.search(r'href="([^"]+/delete)">Delete this game', client.get(board).text)
    assert link and link.group(1) == board + "/delete"
    asked = client.get(link.group(1))
    name = re.search(r"<h1>Delete “(.+?)”\?</h1>", asked.text)
    assert name and "Its 1 hand " in asked.text
    assert f"Yes, delete “{name.group(1)}”" in asked.text
    assert client.get(board).status_code == 200  # asking deleted nothing
    stale = client.post(board + "/delete", data={"version": "1"}, follow_redirects=True)
    assert "nothing was deleted" in stale.text and client.get(board).status_code == 200
    done = client.post(board + "/delete", data={"version": "2"}, follow_redirects=True)
    assert f"“{name.group(1)}” is deleted." in done.text
    assert client.get(board).status_code == 404
    # A watcher (no play link) is neither offered it nor allowed it.
    other = start(client)
    watcher = app.test_client()
    assert "Delete this game" not in watcher.get(other).text
    assert watcher.get(other + "/delete").status_code == 403
    assert watcher.post(other + "/delete", data={"version": "1"}).status_code == 403
    assert client.get(other).status_code == 200


def test_editing_hand_one_recomputes_every_later_total(client):
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    record(client, board, bidder="Ann", contract="8S", tricks="8")
    form = client.get(board + "/hands/1/edit").text
    assert re.search(r'<input checked [^>]*value="7H"', form)
    assert re.search(r'<input checked [^>]*name="tricks" type="radio" value="7"', form)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    data = {
        "save": "1",
        "version": version,
        "bidder": "Bob",
        "contract": "7H",
        "tricks": "4",
    }
    response = client.post(board + "/hands/1/edit", data=data, follow_redirects=True)
    assert "Hand 1 corrected" in response.text
    assert totals(response.text) == ["300", "-180"]


def test_a_finished_game_shows_the_winner_and_offers_a_rematch(client):
    board = start(client)
    record(client, board, bidder="Ann", contract="10NT", tricks="10")
    page = client.get(board).text
    assert "Us won out the front door." in page
    assert "Save hand" not in page
    response = client.post(board + "/rematch", follow_redirects=True)
    assert totals(response.text) == ["0", "0"]
    assert "Bob</strong> deals" in response.text


def test_a_watcher_can_not_rematch_someone_elses_game(app, client):
    board = start(client)
    record(client, board, bidder="Ann", contract="10NT", tricks="10")
    other = app.test_client()
    assert "Rematch" not in other.get(board).text
    assert other.post(board + "/rematch").status_code == 403
    assert client.get("/api/games").json["total"] == 1


def test_a_finished_games_watchers_are_pointed_to_its_rematch(app, client):
    board = start(client)
    record(client, board, bidder="Ann", contract="10NT", tricks="10")
    other = app.test_client()
    assert "Go to the rematch" not in other.get(board).text
    client.post(board + "/rematch")
    games = client.get("/api/games").json["games"]
    rematch = next(g["id"] for g in games if g["id"] != board.rsplit("/", 1)[1])
    page = other.get(board).text  # the old game's version moved on: drawn anew
    assert f'href="/games/{rematch}">Go to the rematch</a>' in page
    assert "Go to the rematch" in client.get(board).text
    assert "Rematch</button>" not in client.get(board).text


def test_hostile_names_are_shown_escaped(client):
    board = start(
        client, **{"players-0": "<script>alert(1)</script>", "first_dealer": "Cat"}
    )
    page = client.get(board).text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_an_all_pass_hand_at_no_trumps_takes_tricks_per_side(client):
    created = client.post(
        "/api/games",
        json={
            "rules": {"all_pass": "play_no_trumps"},
            "sides": [
                {"name": "Us", "players": ["Ann", "Cat"]},
                {"name": "Them", "players": ["Bob", "Dan"]},
            ],
        },
    ).json
    client.get(created["links"]["play"])
    board = f"/games/{created['id']}"
    assert "If everyone passed: tricks per side" in client.get(board).text
    data = {"passed": "1", "version": "1", "tricks_0": "4", "tricks_1": "6"}
    assert client.post(board + "/hands", data=data).status_code == 302
    assert totals(client.get(board).text) == ["40", "60"]
    data = {"save": "1", "version": "2", "bidder": "Bob", "contract": "7H"}
    data |= {"tricks": "8", "tricks_0": "", "tricks_1": ""}
    assert client.post(board + "/hands", data=data).status_code == 302
    assert totals(client.get(board).text) == ["60", "260"]


def test_a_hand_form_without_its_csrf_token_is_refused_and_records_nothing(app, client):
    board = start(client)
    app.config["WTF_CSRF_ENABLED"] = True
    response = record(client, board, bidder="Bob", contract="7H", tricks="7")
    assert response.status_code == 400
    assert "Your taps are kept" in response.text
    assert totals(client.get(board).text) == ["0", "0"]


def test_a_youngstown_session_counts_hands_to_its_limit(client):
    board = start(client, rules="preset:youngstown")
    assert "Hand 1 of 40:" in client.get(board).text
    record(client, board, bidder="Bob", contract="7H", tricks="10")
    page = client.get(board).text
    assert "Hand 2 of 40:" in page
    assert totals(page) == ["0", "300"]


def test_a_game_ended_at_the_ceiling_has_a_banner():
    from scoring_helpers import TEAMS, play

    from scorekeeper.games import present
    from scorekeeper.scoring import PRESETS

    walker = PRESETS["walker_ultimate"]
    hand = {"bidder": "Ann", "tricks": 10}
    state = play(
        walker, TEAMS, {**hand, "contract": "10NT"}, {**hand, "contract": "10H"}
    )
    assert state.ending == "ceiling"
    names = [side.name for side in TEAMS.sides]
    assert present.ending(names, state) == "Them won when a side reached the ceiling."


def american_three(client: FlaskClient) -> tuple[str, str]:
    """Start an American game of three lone players, Ann and Bob on 460."""
    created = client.post(
        "/api/games",
        json={
            "rules": {"preset": "american"},
            "sides": [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cat")],
            "first_dealer": "Cat",
        },
    ).json
    api = f"/api/games/{created['id']}"
    auth = {"Authorization": f"Bearer {created['write_token']}"}
    for bidder, tricks in (("Ann", [10, 0, 0]), ("Bob", [0, 10, 0])):
        hand = {"bidder": bidder, "contract": "10C", "tricks": tricks}
        answer = client.post(api + "/hands", json=hand, headers=auth)
        assert answer.status_code == 201, answer.json
    client.get(created["links"]["play"])
    return created["links"]["view"], api


def test_the_hand_form_asks_who_went_out_first_only_when_two_sides_could(client):
    assert "Who went out first?" not in client.get(start(client)).text
    board, _ = american_three(client)
    page = client.get(board).text
    assert totals(page) == ["460", "460", "0"]
    assert "Who went out first?" in page
    assert 'name="first_out" type="radio" value="1"' in page


def test_the_side_tapped_as_first_out_wins_a_tie_at_the_target(client):
    board, api = american_three(client)
    hand = {"bidder": "Cat", "contract": "7H"}
    hand |= {"tricks_0": "5", "tricks_1": "5", "tricks_2": "0", "first_out": "1"}
    assert record(client, board, **hand).status_code == 302
    page = client.get(board).text
    assert totals(page) == ["510", "510", "-200"]
    assert "Bob won out the front door." in page
    game = client.get(api).json
    assert game["hands"][-1]["first_out"] == 1
    assert game["winner"] == 1


def test_editing_a_hand_keeps_its_first_out(client):
    board, api = american_three(client)
    hand = {"bidder": "Cat", "contract": "7H", "first_out": "1"}
    record(client, board, **hand, tricks_0="5", tricks_1="5", tricks_2="0")
    page = client.get(board + "/hands/3/edit").text
    assert 'checked id="first_out-1" name="first_out" type="radio" value="1"' in page
    hand |= {"save": "1", "tricks_0": "6", "tricks_1": "4", "tricks_2": "0"}
    assert client.post(board + "/hands/3/edit", data=hand).status_code == 302
    assert client.get(api).json["hands"][-1]["first_out"] == 1
