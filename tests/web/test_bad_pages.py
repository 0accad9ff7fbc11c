"""Malformed page and query input (issue 10, finding 2): a 4xx naming the field."""

from __future__ import annotations

import json
import re

import pytest
from api_helpers import FRIDAY, NEW_GAME_FORM

HAND_FORM = {"save": "1", "bidder": "Bob", "contract": "7H", "tricks": "7"}


def csrf_token(html: str) -> str:
    """Return the CSRF token a page's form carries."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("page=²", "page"),
        ("page=①", "page"),
        ("per_page=①", "per_page"),
        ("per_page=²", "per_page"),
        ("page=" + "9" * 5000, "page"),
    ],
)
def test_a_list_argument_of_unicode_digits_names_it(client, query, field):
    response = client.get(f"/api/games?{query}")
    assert response.status_code == 400, response.text
    assert response.json["field"] == field


@pytest.mark.parametrize("path", ["/players", "/history", "/rules/"])
@pytest.mark.parametrize("number", ["²", "①", "0", "9" * 5000])
def test_a_page_number_that_is_no_whole_number_is_400(client, path, number):
    """Every listing page refuses a bad page number in the same words."""
    response = client.get(f"{path}?page={number}")
    assert response.status_code == 400, (path, number, response.status_code)
    assert "The page must be a number from 1 up." in response.text


@pytest.mark.parametrize(
    "path", ["/history", "/stats", "/players", "/history/games.csv"]
)
@pytest.mark.parametrize("number", ["²", "①", "9" * 5000])
def test_a_season_that_is_no_whole_number_is_400(client, path, number):
    response = client.get(f"{path}?season={number}")
    assert response.status_code == 400, (path, number, response.status_code)
    assert "The season must be a season&#39;s number." in response.text


@pytest.mark.parametrize("shape", ["²x2", "2x²", "①x1", "9" * 5000 + "x2"])
def test_a_table_shape_of_unicode_digits_is_404(client, shape):
    assert client.get(f"/new/{shape}").status_code == 404


@pytest.mark.parametrize(
    ("changes", "dropped", "words"),
    [
        ({"rules": "ruleset:²"}, (), "house rules"),
        ({"rules": "ruleset:99999999999999999999"}, (), "house rules"),
        ({"sides-2": "Others"}, (), "team names"),
        ({}, ("sides-1",), "team names"),
        ({"players-4": "Eve"}, (), "player names"),
        ({}, ("players-3",), "player names"),
    ],
)
def test_a_new_game_form_with_wrong_fields_is_400_and_creates_nothing(
    client, changes, dropped, words
):
    form = {**NEW_GAME_FORM, **changes, "start": "1"}
    for name in dropped:
        del form[name]
    form["csrf_token"] = csrf_token(client.get("/new/2x2").text)
    response = client.post("/new/2x2", data=form)
    assert response.status_code in (400, 404), response.status_code
    assert words in response.text
    assert client.get("/api/games").json["total"] == 0


def test_a_history_filter_with_nul_is_400(client):
    response = client.get("/history?player=%00")
    assert response.status_code == 400
    assert "not allowed" in response.text or "control" in response.text


@pytest.fixture
def board(client, api):
    """Open a game's play link with the client; return its scoreboard address."""
    api.create()
    client.get(f"/games/{api.game_id}/play/{api.token}")
    return f"/games/{api.game_id}"


@pytest.mark.parametrize(
    ("changes", "field_words"),
    [
        ({"version": "²"}, "version"),
        ({"version": "①"}, "version"),
        ({"version": "9" * 20}, "version"),
        ({"version": "-1"}, "version"),
        ({"version": "x"}, "version"),
        ({"version": "1", "tricks": "²"}, "tricks"),
        ({"version": "1", "tricks": "①"}, "tricks"),
    ],
)
@pytest.mark.parametrize("path", ["/hands", "/hands/1/edit"])
def test_a_hand_form_with_a_bad_number_is_400_and_records_nothing(
    client, api, board, changes, field_words, path
):
    api.hand(bidder="Ann", contract="6S", tricks=6)
    before = api.game()
    form = {**HAND_FORM, **changes, "csrf_token": csrf_token(client.get(board).text)}
    response = client.post(board + path, data=form)
    assert response.status_code == 400, response.status_code
    assert field_words in response.text.lower()
    assert api.game() == before


def test_a_hand_form_without_a_version_is_recorded_as_with_no_if_match(
    client, api, board
):
    # A missing version is "no If-Match", as in the API; a bad one is a 400.
    form = {**HAND_FORM, "csrf_token": csrf_token(client.get(board).text)}
    assert client.post(board + "/hands", data=form).status_code == 302
    assert len(api.game()["hands"]) == 1


def test_importing_a_date_that_overflows_is_a_one_line_error(runner, client, tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps([{**FRIDAY, "created": "0001-01-01T00:00:00+14:00"}]))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1 and result.exception is not None
    assert result.output.strip().splitlines() == [
        "Error: Nothing imported: game 1 (created): "
        "'0001-01-01T00:00:00+14:00' is not a date, such as 2024-05-03T19:30:00+00:00."
    ]
    assert client.get("/api/games").json["total"] == 0
