"""Saved house rules only their phones can change; lists that stay small."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from test_houserules_pages import read_form, submit

from scorekeeper.db.models import RuleSet, db
from scorekeeper.scoring import name_key

CLUB = {"name": "Club", "rules": {"preset": "australian", "lock": 490}}
HACKED = {"name": "Club", "rules": {"preset": "australian", "target": 100_000}}
NOT_YOURS = "can be changed only on the phone that saved them"


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


@pytest.fixture
def stranger(app) -> FlaskClient:
    """Return another phone: no cookie, no grant."""
    return app.test_client()


def auth(token: str) -> dict[str, str]:
    """Return an Authorization header."""
    return {"Authorization": f"Bearer {token}"}


def custom(count: int) -> dict[str, object]:
    """Return rules with `count` contracts of the house's own."""
    own = {f"own_{i}": {"value": 300 + i, "tricks": 8} for i in range(count)}
    return {"preset": "australian", "contracts": own}


# The API


@pytest.mark.parametrize("headers", [{}, auth("wrong"), {"Authorization": "Basic x"}])
def test_changing_or_deleting_house_rules_needs_their_token(client, headers):
    made = client.post("/api/rulesets", json=CLUB).json
    url = f"/api/rulesets/{made['id']}"
    before = client.get(url).json
    for response in (
        client.put(url, json=HACKED, headers=headers),
        client.delete(url, headers=headers),
    ):
        assert response.status_code == 403
        assert response.json["field"] is None and "token" in response.json["error"]
    assert client.get(url).json == before


def test_with_their_token_house_rules_change_and_go(client):
    made = client.post("/api/rulesets", json=CLUB).json
    url = f"/api/rulesets/{made['id']}"
    assert (
        client.put(url, json=HACKED, headers=auth(made["write_token"])).json["rules"]
        == HACKED["rules"]
    )
    other = client.post("/api/rulesets", json={"name": "Other"}).json
    assert client.delete(url, headers=auth(other["write_token"])).status_code == 403
    assert client.delete(url, headers=auth(made["write_token"])).status_code == 204


def test_the_write_token_is_given_only_when_saving(client):
    made = client.post("/api/rulesets", json=CLUB).json
    assert len(made["write_token"]) >= 32
    assert "write_token" not in client.get(f"/api/rulesets/{made['id']}").json
    assert "write_token" not in client.get("/api/rulesets").json["rulesets"][0]


def test_rules_with_more_than_20_contracts_of_their_own_are_refused(client):
    response = client.post("/api/rulesets", json={"name": "Big", "rules": custom(21)})
    assert response.status_code == 400
    assert response.json["field"] == "contracts"
    assert "at most 20 contracts of its own" in response.json["error"]
    assert client.get("/api/rulesets").json["total"] == 0
    sides = [{"name": "Us", "players": ["Ann"]}, {"name": "Them", "players": ["Bob"]}]
    game = client.post("/api/games", json={"rules": custom(21), "sides": sides})
    assert game.status_code == 400 and game.json["field"] == "contracts"
    ok = client.post("/api/rulesets", json={"name": "Big", "rules": custom(20)})
    assert ok.status_code == 201


# The pages


def test_another_phone_sees_no_edit_or_delete_and_is_refused(client, stranger):
    assert submit(client, "/rules/new", name="Club", lock="490").status_code == 302
    ruleset = client.get("/api/rulesets").json["rulesets"][0]
    edit, delete = f"/rules/{ruleset['id']}/edit", f"/rules/{ruleset['id']}/delete"
    mine = client.get("/rules/").text
    assert f'href="{edit}"' in mine and f'href="{delete}"' in mine
    theirs = stranger.get("/rules/").text
    assert "Club" in theirs and edit not in theirs and delete not in theirs
    for path in (edit, delete):
        for send in (stranger.get, stranger.post):
            response = send(path, data={"name": "Hacked", "delete": "1"})
            assert response.status_code == 403
            assert NOT_YOURS in response.text
    assert stranger.get("/api/rulesets").json["rulesets"] == [ruleset]


def test_the_edit_link_lets_a_second_phone_change_them(app, client, stranger):
    submit(client, "/rules/new", name="Club")
    ruleset = client.get("/api/rulesets").json["rulesets"][0]
    page = client.get(f"/rules/{ruleset['id']}/edit").text
    link = re.search(r'href="http://localhost(/rules/\d+/edit/[^"]+)"', page)
    assert link and "share it like a password" in page
    assert stranger.get(f"/rules/{ruleset['id']}/edit/wrong").status_code == 403
    assert stranger.get(link.group(1)).status_code == 302
    app.config["WTF_CSRF_ENABLED"] = False
    response = submit(stranger, f"/rules/{ruleset['id']}/edit", lock="460")
    assert response.status_code == 302
    assert client.get("/api/rulesets").json["rulesets"][0]["rules"]["lock"] == 460


def test_house_rules_saved_before_tokens_are_changed_by_nobody(app, client):
    with app.app_context():
        db.session.add(RuleSet(name="Old", name_key="old", rules={}, token_hash=None))
        db.session.commit()
    assert client.get("/rules/1/edit").status_code == 403
    assert client.delete("/api/rulesets/1", headers=auth("x")).status_code == 403


def test_the_edit_link_command_opens_old_house_rules_again(app, client, runner):
    with app.app_context():
        db.session.add(RuleSet(name="Old", name_key="old", rules={}, token_hash=None))
        db.session.commit()
    result = runner.invoke(args=["edit-link", "1"])
    assert result.exit_code == 0, result.output
    link = re.search(r"/rules/1/edit/\S+", result.output)
    assert link
    assert client.get(link.group(0)).status_code == 302
    assert client.get("/rules/1/edit").status_code == 200
    assert "no saved rule set" in runner.invoke(args=["edit-link", "9"]).output


def test_a_page_edit_of_rules_over_the_contract_cap_names_the_problem(app, client):
    with app.app_context():
        db.session.add(RuleSet(name="Big", name_key="big", rules=custom(25)))
        db.session.commit()
    token = client.application.test_cli_runner().invoke(args=["edit-link", "1"])
    client.get(re.search(r"/rules/1/edit/\S+", token.output).group(0))
    response = submit(client, "/rules/1/edit")
    assert response.status_code == 400
    assert "at most 20 contracts of its own; this one has 25" in response.text


# Lists bounded however many rule sets are saved


def flood(app) -> None:
    """Save 2,000 house rules, as a flood through the API would."""
    with app.app_context():
        db.session.add_all(
            RuleSet(name=f"Flood {i}", name_key=name_key(f"Flood {i}"), rules={})
            for i in range(2000)
        )
        db.session.commit()


@pytest.fixture
def flooded(app) -> None:
    """Save 2,000 house rules."""
    flood(app)


def test_the_lists_stay_small_with_2000_house_rules(client, flooded):
    rules_page = client.get("/rules/")
    assert rules_page.text.count('class="ruleset"') == 50
    assert "Page 1 of 40" in rules_page.text
    assert len(rules_page.data) < 200_000
    last = client.get("/rules/?page=40").text
    assert last.count('class="ruleset"') == 50 and "Page 40 of 40" in last
    assert client.get("/rules/?page=²").status_code == 400
    new_game = client.get("/new/2x2")
    house = re.findall(r'value="ruleset:\d+"', new_game.text)
    assert len(house) == 10
    assert len(new_game.data) < 30_000
    assert 'href="/rules/"' in new_game.text
    listed = client.get("/api/rulesets").json
    assert len(listed["rulesets"]) == 20 and listed["total"] == 2000
    assert listed["pages"] == 100 and listed["next"] == "/api/rulesets?page=2"
    assert len(client.get("/api/rulesets?per_page=100&page=20").json["rulesets"]) == 100


def test_the_new_game_page_offers_this_phone_s_rules_and_the_latest_used(
    app, client, stranger, api
):
    submit(client, "/rules/new", name="Zebra club")
    flood(app)  # 2,000 newer house rules
    assert "House: Zebra club" in client.get("/new/2x2").text
    assert "Zebra club" not in stranger.get("/new/2x2").text
    assert "House: Flood 1776" not in stranger.get("/new/2x2").text
    api.create(rules={}, ruleset=1778)  # a game started from Flood 1776
    assert "House: Flood 1776" in stranger.get("/new/2x2").text
    chosen = stranger.get("/new/2x2?rules=ruleset:1").text
    assert re.search(r'checked [^>]*value="ruleset:1"', chosen)


def test_the_house_rules_list_starts_a_game_with_them(client, flooded):
    page = client.get("/rules/").text
    start = re.search(r'href="(/new/\?rules=ruleset:(\d+))"', page)
    assert start
    table = client.get(start.group(1)).text
    names = re.search(r'href="(/new/2x2\?rules=ruleset[^"]+)"', table)
    assert names
    chosen = client.get(names.group(1).replace("&amp;", "&")).text
    assert re.search(rf'checked [^>]*value="ruleset:{start.group(2)}"', chosen)
    assert read_form(chosen).data["rules"] == f"ruleset:{start.group(2)}"
