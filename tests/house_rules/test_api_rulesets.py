"""Saved house rules through the JSON API."""

import pytest

CLUB = {"name": "Club", "rules": {"preset": "australian", "lock": 490}}


def auth(ruleset: dict) -> dict[str, str]:
    """Return the Authorization header with saved house rules' write token."""
    return {"Authorization": f"Bearer {ruleset['write_token']}"}


def test_save_list_show_change_and_delete_house_rules(client):
    response = client.post("/api/rulesets", json=CLUB)
    assert response.status_code == 201
    made = response.json
    saved = {k: v for k, v in made.items() if k != "write_token"}
    assert made["write_token"]
    assert response.headers["Location"] == f"/api/rulesets/{saved['id']}"
    assert saved["rules"] == CLUB["rules"] and saved["full"]["lock"] == 490
    assert client.get("/api/rulesets").json["rulesets"] == [saved]
    assert client.get(f"/api/rulesets/{saved['id']}").json == saved
    change = {"name": "Club night", "rules": {"preset": "perfect"}}
    url = f"/api/rulesets/{saved['id']}"
    response = client.put(url, json=change, headers=auth(made))
    assert response.status_code == 200 and response.json["name"] == "Club night"
    assert response.json["full"]["normal_offset"] == -20
    assert client.delete(url, headers=auth(made)).status_code == 204
    assert client.get("/api/rulesets").json["rulesets"] == []


def test_a_game_keeps_its_rules_when_the_house_rules_change(client, api):
    saved = client.post("/api/rulesets", json=CLUB).json
    game = api.create(rules={}, ruleset=saved["id"])
    url = f"/api/rulesets/{saved['id']}"
    client.put(url, json={"name": "Club", "rules": {}}, headers=auth(saved))
    client.delete(url, headers=auth(saved))
    assert api.game()["rules"] == game["rules"] and game["rules"]["lock"] == 490


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"rules": {}}, "name", "text"),
        ({"name": " ", "rules": {}}, "name", "Give the house rules a name"),
        ({"name": "Club", "rules": {}}, "name", "already house rules"),
        ({"name": "x", "rules": {"lok": 1}}, "lok", "not a rule setting"),
        ({"name": "x", "rules": {"target": None, "floor": None}}, "target", "needs"),
        ({"name": "x", "rules": 5}, "rules", "object of settings"),
        ({"name": "x", "colour": 5}, "colour", "not a field"),
        ([], None, "JSON object"),
    ],
)
def test_bad_house_rules_are_400_and_write_nothing(client, body, field, message):
    client.post("/api/rulesets", json=CLUB)
    other = client.post("/api/rulesets", json={"name": "Other", "rules": {}}).json
    before = client.get("/api/rulesets").json
    for send, path in (
        (client.post, "/api/rulesets"),
        (client.put, f"/api/rulesets/{other['id']}"),
    ):
        response = send(path, json=body, headers=auth(other))
        assert response.status_code == 400
        assert response.json["field"] == field and message in response.json["error"]
    assert client.get("/api/rulesets").json == before


def test_house_rules_keep_their_own_name_on_change(client):
    made = client.post("/api/rulesets", json=CLUB).json
    response = client.put(f"/api/rulesets/{made['id']}", json=CLUB, headers=auth(made))
    saved = {k: v for k, v in made.items() if k != "write_token"}
    assert response.status_code == 200 and response.json == saved


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_unknown_house_rules_are_404(client, method):
    response = getattr(client, method)("/api/rulesets/7", json=CLUB)
    assert response.status_code == 404
    assert response.json["error"] == "There is no saved rule set with that id."
