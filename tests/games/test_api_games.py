"""Creating, listing, reading and deleting games through the JSON API."""

import pytest
from api_helpers import FRIDAY

from scorekeeper.scoring import PRESETS, rules_to_dict


def count_games(client):
    return client.get("/api/games").json["total"]


def test_presets_list_every_preset_with_full_rules(client):
    response = client.get("/api/presets")
    assert response.status_code == 200
    keys = [p["key"] for p in response.json]
    for key in ("australian", "american", "youngstown", "tasmanian"):
        assert key in keys
    assert "french_canadian" in keys and "perfect" in keys
    assert response.json[0]["rules"] == rules_to_dict(PRESETS["australian"])


def test_create_game_answers_201_with_token_links_and_location(client):
    response = client.post(
        "/api/games", json={**FRIDAY, "rules": {"preset": "australian", "lock": 490}}
    )
    assert response.status_code == 201
    data = response.json
    assert response.headers["Location"] == f"/api/games/{data['id']}"
    assert response.headers["ETag"] == '"1"'
    assert len(data["id"]) >= 20 and data["version"] == 1
    assert data["links"] == {
        "view": f"/games/{data['id']}",
        "play": f"/games/{data['id']}/play/{data['write_token']}",
    }
    assert data["rules"] == {**rules_to_dict(PRESETS["australian"]), "lock": 490}
    assert data["sides"][0] == {"name": "Us", "players": ["Ann", "Cat"], "score": 0}
    assert data["hands"] == [] and data["status"] == "in_progress"
    assert data["winner"] is None and data["ending"] is None
    assert data["next_dealer"] == "Ann" and data["first_bidder"] == "Bob"
    assert data["barred"] == []


def test_game_is_read_without_token_and_never_shows_it(client, api):
    created = api.create()
    response = client.get(f"/api/games/{created['id']}")
    assert response.status_code == 200
    assert response.headers["ETag"] == '"1"'
    assert "write_token" not in response.json and "links" not in response.json
    etag = {"If-None-Match": response.headers["ETag"]}
    assert client.get(f"/api/games/{created['id']}", headers=etag).status_code == 304


def test_game_from_saved_house_rules(client, api):
    saved = client.post(
        "/api/rulesets", json={"name": "Club", "rules": {"preset": "perfect"}}
    ).json
    game = api.create(rules={"lock": 490}, ruleset=saved["id"])
    assert game["rules"]["preset"] == "perfect" and game["rules"]["lock"] == 490


def sides(*teams):
    return [{"name": f"S{i}", "players": list(t)} for i, t in enumerate(teams)]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ([], None, "JSON object"),
        ({**FRIDAY, "colour": "red"}, "colour", "not a field"),
        ({**FRIDAY, "name": 5}, "name", "text"),
        ({**FRIDAY, "rules": {"lok": 490}}, "lok", "not a rule setting"),
        ({**FRIDAY, "rules": {"lock": "490"}}, "lock", "whole number"),
        ({**FRIDAY, "rules": {"preset": "martian"}}, "preset", "no preset"),
        ({**FRIDAY, "rules": []}, "rules", "object of settings"),
        ({**FRIDAY, "rules": {"failure": "maybe"}}, "failure", "one of"),
        ({**FRIDAY, "ruleset": 99}, "ruleset", "no saved rule set"),
        ({**FRIDAY, "sides": None}, "sides", "List the sides"),
        ({**FRIDAY, "sides": sides(["Ann", "Cat"])}, "sides", "two to six"),
        ({**FRIDAY, "sides": [{"name": "Us"}]}, "sides", "players"),
        ({**FRIDAY, "sides": sides(["Ann"], ["ann"])}, "players", "must differ"),
        ({**FRIDAY, "sides": sides(["Ann"], [""])}, "players", "needs a name"),
        ({**FRIDAY, "sides": sides(["Ann"], [7])}, "players", "text"),
        ({**FRIDAY, "sides": sides(["A", "B"], ["C"])}, "sides", "500 is played"),
        ({**FRIDAY, "first_dealer": "Zed"}, "first_dealer", "one of the players"),
    ],
)
def test_create_game_rejects_bad_input(client, body, field, message):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert response.json["field"] == field
    assert message in response.json["error"]
    assert count_games(client) == 0


@pytest.mark.parametrize(
    ("data", "content_type", "status", "message"),
    [
        ("{not json", "application/json", 400, "not valid JSON"),
        ("", "application/json", 400, "not valid JSON"),
        ('{"name": "x"}', "text/plain", 415, "Content-Type: application/json"),
    ],
)
def test_create_game_needs_a_json_body(client, data, content_type, status, message):
    response = client.post("/api/games", data=data, content_type=content_type)
    assert response.status_code == status
    assert message in response.json["error"] and response.json["field"] is None
    assert count_games(client) == 0


def test_list_games_newest_first_in_pages(client, api):
    ids = [api.create(name=f"Game {i}")["id"] for i in range(3)]
    first = client.get("/api/games?per_page=2").json
    assert [g["id"] for g in first["games"]] == ids[::-1][:2]
    assert first["page"] == 1 and first["pages"] == 2 and first["total"] == 3
    assert first["next"] == "/api/games?page=2&per_page=2" and first["prev"] is None
    second = client.get(first["next"]).json
    assert [g["id"] for g in second["games"]] == [ids[0]] and second["next"] is None
    summary = second["games"][0]
    assert summary["status"] == "in_progress" and summary["totals"] == [0, 0]
    assert summary["winner"] is None and summary["name"] == "Game 0"


def test_list_games_by_player_and_status(client, api):
    api.create()
    api.create(sides=sides(["Eve"], ["Fay"]), first_dealer=None)
    assert client.get("/api/games?player=eve").json["total"] == 0  # no hand yet
    api.hand(contract="pass")
    assert client.get("/api/games?player=eve").json["total"] == 1
    assert client.get("/api/games?status=in_progress").json["total"] == 2
    assert client.get("/api/games?status=finished").json["total"] == 0


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("page=0", "page"),
        ("page=x", "page"),
        ("per_page=101", "per_page"),
        ("status=won", "status"),
    ],
)
def test_list_games_rejects_bad_query(client, query, field):
    response = client.get(f"/api/games?{query}")
    assert response.status_code == 400 and response.json["field"] == field


def test_unknown_game_is_404(client):
    response = client.get("/api/games/nope")
    assert response.status_code == 404
    assert response.json == {"error": "There is no game with that id.", "field": None}


def test_delete_game_needs_its_token(client, api):
    other = api.create()["write_token"]
    game_id = api.create()["id"]
    for headers, message in [
        ({}, "needs its write token"),
        ({"Authorization": "Bearer wrong"}, "does not belong"),
        ({"Authorization": f"Bearer {other}"}, "does not belong"),
        ({"Authorization": api.token}, "needs its write token"),
    ]:
        response = client.delete(f"/api/games/{game_id}", headers=headers)
        assert response.status_code == 403 and message in response.json["error"]
        assert client.get(f"/api/games/{game_id}").status_code == 200
    response = client.delete(f"/api/games/{game_id}", headers=api.headers())
    assert response.status_code == 204
    assert client.get(f"/api/games/{game_id}").status_code == 404
    assert count_games(client) == 1


def test_delete_game_honours_if_match(client, api):
    game_id = api.create()["id"]
    headers = api.headers(**{"If-Match": '"7"'})
    response = client.delete(f"/api/games/{game_id}", headers=headers)
    assert response.status_code == 412 and "changed" in response.json["error"]
    assert client.get(f"/api/games/{game_id}").status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "status", "message"),
    [
        ("get", "/api/nowhere", 404, "no such address"),
        ("put", "/api/games", 405, "does not accept PUT"),
        ("patch", "/api/presets", 405, "does not accept PATCH"),
    ],
)
def test_http_errors_answer_in_json(client, method, path, status, message):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert message in response.json["error"] and response.json["field"] is None


@pytest.mark.parametrize(
    "key",
    [
        "6ſ",  # upper-cases to 6S: it would shadow six spades
        "Misère",
        "BigEight",
        "x" * 31,
        "x" * 41,  # longer than the hand's contract column
        "7h",
        "pass",
        "_hidden",
        "2x",
    ],
)
def test_a_special_contract_key_not_as_api_md_says_is_a_400_naming_contracts(
    client, key
):
    for path, body in (
        ("/api/games", {**FRIDAY, "rules": {"contracts": {key: 300}}}),
        ("/api/rulesets", {"name": "House", "rules": {"contracts": {key: 300}}}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, key)
        assert response.json["field"] == "contracts"
    assert count_games(client) == 0
    assert client.get("/api/rulesets").json["rulesets"] == []


def test_a_house_contract_with_a_good_key_is_accepted(client):
    contracts = {"seven_no": {"name": "Seven no", "value": 350, "tricks": 7}}
    response = client.post(
        "/api/games", json={**FRIDAY, "rules": {"contracts": contracts}}
    )
    assert response.status_code == 201
    assert "seven_no" in response.json["rules"]["contracts"]
