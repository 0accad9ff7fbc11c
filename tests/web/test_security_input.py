"""Bad input everywhere: a clear 4xx naming the field, never a 500, nothing written."""

from __future__ import annotations

import re

import pytest
from api_helpers import FRIDAY
from sqlalchemy.exc import OperationalError

from scorekeeper.db.models import db

HAND = {"bidder": "Bob", "contract": "7H", "tricks": 7}
HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def two_sides(first: str = "Us", player: object = "Cat") -> list[dict[str, object]]:
    """Return the sides of a four-handed game with one name changed."""
    return [
        {"name": first, "players": ["Ann", player]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": 5}, "name"),
        ({"name": ["Friday"]}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"name": "a\x00b"}, "name"),
        ({"name": "bell\x07"}, "name"),
        ({"name": "right\u202eto left"}, "name"),
        ({"name": "\ud800"}, "name"),
        ({"sides": "Us v Them"}, "sides"),
        ({"sides": []}, "sides"),
        ({"sides": [None, None]}, "sides"),
        ({"sides": two_sides("x" * 41)}, "sides"),
        ({"sides": two_sides("\u202eevil")}, "sides"),
        ({"sides": two_sides(player="C\x1bat")}, "players"),
        ({"sides": two_sides(player="\udfff")}, "sides"),
        ({"sides": two_sides(player=7)}, "players"),
        ({"first_dealer": "Nobody"}, "first_dealer"),
        ({"first_dealer": ["Ann"]}, "first_dealer"),
        ({"rules": "australian"}, "rules"),
        ({"rules": {"lock": "490"}}, "lock"),
        ({"rules": {"lock": 10**400}}, "lock"),
        ({"rules": {"preset": "\x00"}}, "rules"),
        ({"rules": {"bogus": 1}}, "bogus"),
        ({"ruleset": 10**30}, "ruleset"),
        ({"ruleset": "1"}, "ruleset"),
        ({"ruleset": True}, "ruleset"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_bad_game_names_the_field_and_creates_nothing(client, changes, field):
    response = client.post("/api/games", json={**FRIDAY, **changes})
    assert response.status_code == 400, response.json
    assert response.json["field"] == field and response.json["error"]
    assert client.get("/api/games").json["total"] == 0


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({**HAND, "bidder": ["Bob"]}, "bidder"),
        ({**HAND, "bidder": {"name": "Bob"}}, "bidder"),
        ({**HAND, "bidder": "B\x00b"}, "bidder"),
        ({**HAND, "bidder": "<b>Bob</b>"}, "bidder"),
        ({**HAND, "contract": {}}, "contract"),
        ({**HAND, "contract": "7H" * 10_000}, "contract"),
        ({**HAND, "contract": 7}, "contract"),
        ({**HAND, "tricks": 7.5}, "tricks"),
        ({**HAND, "tricks": "7"}, "tricks"),
        ({**HAND, "tricks": -1}, "tricks"),
        ({**HAND, "tricks": 10**30}, "tricks"),
        ({**HAND, "tricks": [1] * 1000}, "tricks"),
        ({"side": 10**30, "contract": "7H", "tricks": 7}, "side"),
        ({"side": "0", "contract": "7H", "tricks": 7}, "side"),
        ({**HAND, "partner": 5}, "partner"),
        ({**HAND, "first_out": "x"}, "side"),
        ({**HAND, "extra": 1}, "extra"),
    ],
)
def test_a_bad_hand_names_the_field_and_records_nothing(client, api, hand, field):
    api.create()
    before = api.game()
    response = client.post(
        f"/api/games/{api.game_id}/hands", json=hand, headers=api.headers()
    )
    assert response.status_code == 400, response.json
    assert response.json["field"] == field and response.json["error"]
    assert api.game() == before


@pytest.mark.parametrize(
    ("data", "content_type", "status"),
    [
        (b"", "application/json", 400),
        (b"{", "application/json", 400),
        (b"\xff\xfe\x00", "application/json", 400),
        (b"[" * 30_000 + b"]" * 30_000, "application/json", 400),
        (b'{"name": "' + b"x" * 70_000 + b'"}', "application/json", 413),
        (b"{}", "text/plain", 415),
        (b"name=x", "application/x-www-form-urlencoded", 415),
        (b'"a game"', "application/json", 400),
        (b"null", "application/json", 400),
        (b'{"name": "\\ud800"}', "application/json", 400),
    ],
)
def test_a_body_that_is_not_a_json_game_is_refused_in_json(
    client, data, content_type, status
):
    response = client.post("/api/games", data=data, content_type=content_type)
    assert response.status_code == status
    assert response.is_json and response.json["error"]
    assert client.get("/api/games").json["total"] == 0


def test_a_body_too_large_for_a_hand_is_413_and_records_nothing(client, api):
    api.create()
    response = client.post(
        f"/api/games/{api.game_id}/hands",
        data=b'{"contract": "' + b"7" * 70_000 + b'"}',
        content_type="application/json",
        headers=api.headers(),
    )
    assert response.status_code == 413
    assert (
        response.json["error"] == "The body is larger than 64 KB; nothing was changed."
    )
    assert api.game()["hands"] == []


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/nope",
        "/api/games/" + "x" * 5000,
        "/api/games/a%20b",
        "/api/games/%ED%A0%80",
        "/api/rulesets/99999999999999999999999",
        "/api/rulesets/0",
        "/api/rulesets/-1",
        "/games/nope",
        "/games/" + "x" * 5000,
        "/rules/99999999999999999999999/edit",
    ],
)
def test_an_unknown_id_is_404(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("path", ["/api/games/%00", "/games/%00"])
def test_an_id_with_a_nul_is_400_not_a_lookup(client, path):
    """Issue 21.5: a NUL never reaches the database (PostgreSQL refuses it)."""
    assert client.get(path).status_code == 400


@pytest.mark.parametrize(
    "query",
    ["page=0", "page=x", "page=99999999999999", "per_page=1000", "status=won"],
)
def test_bad_list_arguments_name_the_argument(client, query):
    response = client.get(f"/api/games?{query}")
    assert response.status_code == 400
    assert response.json["field"] == query.split("=")[0]


def test_a_player_filter_with_nul_is_refused(client):
    response = client.get("/api/games?player=a%00b")
    assert response.status_code == 400 and response.json["field"] == "player"


@pytest.mark.parametrize(
    "body",
    [
        {"name": "x" * 81, "rules": {}},
        {"name": "Club\x00", "rules": {}},
        {"name": "", "rules": {}},
        {"name": 5, "rules": {}},
        {"name": "Club", "rules": []},
        {"name": "Club", "rules": {"lock": "a"}},
        {"name": "Club", "rules": {"contracts": {"misere": "a"}}},
        {"name": "Club", "rules": {"target": 10**18}},
        {"name": "Club", "rules": {}, "owner": "me"},
    ],
)
def test_bad_house_rules_are_400_and_save_nothing(client, body):
    response = client.post("/api/rulesets", json=body)
    assert response.status_code == 400, response.json
    assert response.json["field"] is not None
    assert client.get("/api/rulesets").json["rulesets"] == []


def test_hostile_names_are_kept_as_text_and_escaped_on_every_page(client, api):
    sides = [
        {"name": "<i>Us</i>", "players": ["<b>Ann</b>", "Zoë 🂡"]},
        {"name": "Them & co", "players": ["Bob", "D'an\""]},
    ]
    api.create(name=HOSTILE[:80], sides=sides, first_dealer="<b>Ann</b>")
    api.hand(bidder="<b>Ann</b>", contract="7H", tricks=7)
    game = api.game()
    assert game["name"] == HOSTILE[:80]
    assert game["sides"][0]["players"] == ["<b>Ann</b>", "Zoë 🂡"]
    client.get(f"/games/{api.game_id}/play/{api.token}")
    for path in ("/", f"/games/{api.game_id}", "/history", "/stats"):
        html = client.get(path).text
        for raw in ("<script>alert", "<b>Ann", "<i>Us", "<img src=x"):
            assert raw not in html, (path, raw)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in client.get(f"/games/{api.game_id}").text


def test_a_replayed_hand_form_lands_once(app, client, api):
    api.create()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    html = client.get(board).text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', html)
    assert token and version
    form = {
        "csrf_token": token.group(1),
        "version": version.group(1),
        "save": "1",
        "bidder": "Bob",
        "contract": "7H",
        "tricks": "7",
    }
    first = client.post(f"{board}/hands", data=form)
    again = client.post(f"{board}/hands", data=form)
    assert first.status_code == again.status_code == 302
    assert len(api.game()["hands"]) == 1
    assert "changed on another phone" in client.get(board).text


def test_a_database_locked_past_the_timeout_is_503_and_writes_nothing(
    client, api, monkeypatch
):
    api.create()
    before = api.game()

    def locked():
        raise OperationalError("COMMIT", {}, Exception("database is locked"))

    monkeypatch.setattr(db.session, "commit", locked)
    response = client.post(
        f"/api/games/{api.game_id}/hands", json=HAND, headers=api.headers()
    )
    monkeypatch.undo()
    assert response.status_code == 503 and response.headers["Retry-After"] == "1"
    assert response.json == {
        "error": "The database is busy; nothing was changed: try again.",
        "field": None,
    }
    assert api.game() == before
