"""A write sent twice lands once: Idempotency-Key in the API, form ids in the pages."""

from __future__ import annotations

import re
import shutil
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from http.cookiejar import CookieJar

import pytest
from api_helpers import ENDLESS, FRIDAY, NEW_GAME_FORM, TEST_DATABASE_URL, call
from api_helpers import reset_database as reset
from flask.testing import FlaskClient
from server import Server

from scorekeeper.db.idempotency import KEY_LEAST
from scorekeeper.db.models import RequestKey, db

HAND = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def keyed(key: str, **headers: str) -> dict[str, str]:
    """Return headers carrying an Idempotency-Key, padded to the 16 characters due."""
    return {"Idempotency-Key": key.ljust(KEY_LEAST, "0"), **headers}


# A client's own credentials: a repeat carries the write token only to them
# (or to the same device cookie), never to an address (issue 32.6).
MINE = {"Authorization": "Bearer a-secret-of-this-client"}


def total(client: FlaskClient) -> int:
    """Return how many games there are."""
    return client.get("/api/games").json["total"]


# The API


def test_a_repeated_new_game_makes_one_game_and_answers_as_the_first(client):
    first = client.post("/api/games", json=FRIDAY, headers=keyed("new-1", **MINE))
    again = client.post("/api/games", json=FRIDAY, headers=keyed("new-1", **MINE))
    assert first.status_code == again.status_code == 201
    assert again.data == first.data
    assert again.headers["ETag"] == first.headers["ETag"] == '"1"'
    assert again.headers["Location"] == first.headers["Location"]
    assert first.json["write_token"] and total(client) == 1
    # The same body with another key (or none) is a new game.
    client.post("/api/games", json=FRIDAY, headers=keyed("new-2"))
    client.post("/api/games", json=FRIDAY)
    assert total(client) == 3


def test_a_repeated_hand_is_recorded_once_and_answered_as_the_first(client, api):
    api.create()
    url = f"/api/games/{api.game_id}/hands"
    headers = api.headers(**keyed("hand-1"), **{"If-Match": '"1"'})
    first = client.post(url, json=HAND, headers=headers)
    client.post(url, json={"contract": "pass"}, headers=api.headers())
    again = client.post(url, json=HAND, headers=headers)  # If-Match is stale now
    assert first.status_code == again.status_code == 201
    assert again.data == first.data and again.headers["ETag"] == '"2"'
    assert len(api.game()["hands"]) == 2


def test_a_key_is_per_game_for_hands(client, api):
    tokens = []
    for _ in range(2):
        api.create()
        tokens.append((api.game_id, api.token))
    for game_id, token in tokens:
        headers = api.headers(token, **keyed("same"))
        url = f"/api/games/{game_id}/hands"
        response = client.post(url, json=HAND, headers=headers)
        assert response.status_code == 201
        assert len(response.json["hands"]) == 1


def test_a_key_sent_again_with_another_body_is_a_422_and_records_nothing(client, api):
    api.create()
    url = f"/api/games/{api.game_id}/hands"
    assert client.post(url, json=HAND, headers=api.headers(**keyed("k"))).status_code
    other = {**HAND, "tricks": 8}
    response = client.post(url, json=other, headers=api.headers(**keyed("k")))
    assert response.status_code == 422
    assert response.json["field"] == "Idempotency-Key"
    assert "different body" in response.json["error"]
    assert len(api.game()["hands"]) == 1
    client.post("/api/games", json=FRIDAY, headers=keyed("g"))
    changed = {**FRIDAY, "name": "Saturday"}
    response = client.post("/api/games", json=changed, headers=keyed("g"))
    assert response.status_code == 422 and total(client) == 2


def test_a_key_longer_than_100_characters_is_refused(client):
    response = client.post("/api/games", json=FRIDAY, headers=keyed("k" * 101))
    assert response.status_code == 400
    assert response.json["field"] == "Idempotency-Key"
    assert total(client) == 0
    ok = client.post("/api/games", json=FRIDAY, headers=keyed("k" * 100))
    assert ok.status_code == 201


def test_a_refused_request_keeps_no_key(client, api):
    api.create()
    url = f"/api/games/{api.game_id}/hands"
    bad = {**HAND, "bidder": "Zed"}
    assert client.post(url, json=bad, headers=api.headers(**keyed("k"))).status_code
    response = client.post(url, json=HAND, headers=api.headers(**keyed("k")))
    assert response.status_code == 201  # the key was free: the first one failed
    assert client.post(url, json=HAND, headers=keyed("k")).status_code == 403


def test_keys_are_kept_a_day_and_pruned_after_two(app, client):
    first = client.post("/api/games", json=FRIDAY, headers=keyed("old", **MINE))
    with app.app_context():
        row = db.session.execute(db.select(RequestKey)).scalar_one()
        assert first.json["write_token"] not in row.answer + (row.sealed or "")
        row.created -= timedelta(hours=30)
        db.session.commit()
    again = client.post("/api/games", json=FRIDAY, headers=keyed("old", **MINE))
    assert again.data == first.data
    with app.app_context():
        row = db.session.execute(db.select(RequestKey)).scalar_one()
        row.created -= timedelta(days=3)
        db.session.commit()
    client.post("/api/games", json=FRIDAY, headers=keyed("new"))
    with app.app_context():
        assert db.session.execute(db.select(RequestKey)).scalars().all() != []
        assert db.session.get(RequestKey, row.id) is None


# The pages


@pytest.fixture
def pages(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def form_id(html: str) -> str:
    """Return the one-time id of the first form on a page that has one."""
    found = re.search(r'name="form_id" type="hidden" value="([^"]+)"', html)
    assert found, html
    return found.group(1)


def start(pages: FlaskClient) -> tuple[str, dict[str, str]]:
    """Start a game by the pages, as a phone would; return its board and the form."""
    once = form_id(pages.get("/new/2x2").text)
    data = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1", "form_id": once}
    response = pages.post("/new/2x2", data=data)
    assert response.status_code == 302
    return response.location, data


def test_starting_a_game_twice_with_one_form_makes_one_game(pages):
    board, data = start(pages)
    again = pages.post("/new/2x2", data=data)
    assert again.status_code == 302 and again.location == board
    assert total(pages) == 1
    start(pages)  # a new form: a new game
    assert total(pages) == 2


def test_the_form_id_lives_through_the_review_step(pages):
    once = form_id(pages.get("/new/2x2").text)
    review = pages.post("/new/2x2", data={**NEW_GAME_FORM, "form_id": once})
    assert form_id(review.text) == once


def test_saving_a_hand_twice_records_it_once(pages):
    board, _ = start(pages)
    page = pages.get(board).text
    hand = {"save": "1", "version": "1", "form_id": form_id(page), **HAND}
    for _ in range(2):
        response = pages.post(board + "/hands", data={**hand, "tricks": "7"})
        assert response.status_code == 302 and response.location == board + "#scores"
    game = pages.get("/api/games/" + board.rsplit("/", 1)[1]).json
    assert len(game["hands"]) == 1
    assert "already been saved" not in pages.get(board).text
    assert form_id(pages.get(board).text) != hand["form_id"]


def test_a_used_form_sent_with_other_taps_says_they_were_not_saved(pages):
    board, _ = start(pages)
    hand = {"save": "1", "form_id": form_id(pages.get(board).text), **HAND}
    pages.post(board + "/hands", data={**hand, "tricks": "7"})
    response = pages.post(board + "/hands", data={**hand, "tricks": "9"})
    assert response.location == board + "#scores"
    page = pages.get(board).text
    assert "these taps were not" in page
    assert len(pages.get("/api" + board).json["hands"]) == 1


def test_the_hand_form_honours_an_idempotency_key_header(pages):
    board, _ = start(pages)
    hand = {"save": "1", **HAND, "tricks": "7"}
    for _ in range(2):
        response = pages.post(board + "/hands", data=hand, headers=keyed("q-1"))
        assert response.status_code == 302
    assert len(pages.get("/api" + board).json["hands"]) == 1


def test_a_rematch_sent_twice_makes_one_game(pages):
    board, _ = start(pages)
    won = {"save": "1", "bidder": "Ann", "contract": "10NT", "tricks": "10"}
    pages.post(board + "/hands", data=won)
    page = pages.get(board).text
    rematch = {"form_id": form_id(page[page.index("/rematch") :])}
    first = pages.post(board + "/rematch", data=rematch)
    again = pages.post(board + "/rematch", data=rematch)
    assert first.status_code == again.status_code == 302
    assert again.location == first.location != board
    assert total(pages) == 2


# Races on the real server


@pytest.fixture
def server() -> Iterator[str]:
    """Serve the app with gunicorn, two worker processes."""
    if TEST_DATABASE_URL:
        reset(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, "gunicorn")
    try:
        yield running.start()
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


def race(send, copies: int = 4) -> list[tuple[int, object]]:
    """Send the same request from several threads at once; return each answer."""
    start = threading.Barrier(copies)

    def one(_: int) -> tuple[int, object]:
        start.wait()
        status, answer, _headers = send()
        return status, answer

    with ThreadPoolExecutor(copies) as pool:
        return list(pool.map(one, range(copies)))


def test_identical_requests_racing_still_make_one_game_and_one_hand(server):
    for trial in range(6):
        headers = keyed(f"game-{trial}", **MINE)
        url = f"{server}/api/games"
        answers = race(lambda u=url, h=headers: call(u, "POST", ENDLESS, h))
        assert {status for status, _ in answers} == {201}, answers
        assert len({str(answer) for _, answer in answers}) == 1
    games = call(f"{server}/api/games")[1]
    assert games["total"] == 6
    game = answers[0][1]
    url = f"{server}/api/games/{game['id']}/hands"
    auth = {"Authorization": f"Bearer {game['write_token']}"}
    for trial in range(6):
        headers = {**auth, **keyed(f"hand-{trial}")}
        answers = race(lambda h=headers: call(url, "POST", HAND, h))
        assert {status for status, _ in answers} == {201}, answers
    hands = call(f"{server}/api/games/{game['id']}")[1]["hands"]
    assert [h["number"] for h in hands] == [1, 2, 3, 4, 5, 6]


def test_a_new_game_form_sent_twice_at_once_makes_one_game(server):
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(f"{server}/new/2x2").read().decode()
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert csrf
    data = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1"}
    data |= {"form_id": form_id(page), "csrf_token": csrf.group(1)}
    body = urllib.parse.urlencode(data).encode()

    def send() -> tuple[int, object, object]:
        with opener.open(f"{server}/new/2x2", body) as response:
            return response.status, response.url, None

    answers = race(send)
    assert len({url for _, url in answers}) == 1, answers
    assert call(f"{server}/api/games")[1]["total"] == 1
