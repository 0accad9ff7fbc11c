"""The house rules pages through the test client: list, create, edit, delete."""

from __future__ import annotations

import re
from dataclasses import fields
from html.parser import HTMLParser
from typing import Any

import pytest
from api_helpers import has_inline_code
from flask.testing import FlaskClient

from scorekeeper.scoring import Rules
from scorekeeper.scoring.contracts import KNOWN_SPECIALS


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


class PostForm(HTMLParser):
    """Read a page's POST form as a browser without JavaScript would submit it."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.label_depth = 0
        self.data: dict[str, str] = {}
        self.unlabelled: list[str] = []
        self.fieldsets = 0
        self.legends = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Collect what the form would send."""
        a = dict(attrs)
        if tag == "form" and a.get("method") == "post":
            self.inside = True
        if not self.inside:
            return
        self.label_depth += tag == "label"
        self.fieldsets += tag == "fieldset"
        self.legends += tag == "legend"
        if tag != "input":
            return
        kind, name = a.get("type", "text"), a.get("name") or ""
        if kind not in ("hidden", "submit") and not self.label_depth:
            self.unlabelled.append(name)
        if kind in ("radio", "checkbox") and "checked" not in a:
            return
        if kind != "submit":
            self.data[name] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        """Leave labels and the form."""
        self.label_depth -= tag == "label" and self.inside
        if tag == "form":
            self.inside = False


def read_form(html: str) -> PostForm:
    """Return the page's POST form, parsed."""
    form = PostForm()
    form.feed(html)
    return form


def submit(client: FlaskClient, path: str, **changes: Any):
    """Load a form page, change some inputs (None unticks one), and post it."""
    data = read_form(client.get(path).text).data
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return client.post(path, data=data)


def saved(client: FlaskClient) -> list[dict[str, Any]]:
    """Return the saved house rules as the API shows them."""
    return client.get("/api/rulesets").json["rulesets"]


def test_with_no_house_rules_the_list_offers_to_make_some(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert "No house rules yet" in response.text
    assert 'href="/rules/new"' in response.text


def test_the_form_shows_every_setting_each_with_a_label_and_an_explanation(client):
    html = client.get("/rules/new").text
    settings = {f.name for f in fields(Rules)} - {"preset", "contracts"}
    for name in settings | set(KNOWN_SPECIALS):
        assert f'name="{name}"' in html, name
    for key in KNOWN_SPECIALS:
        assert f'name="{key}_value"' in html
    form = read_form(html)
    assert form.unlabelled == []
    assert form.fieldsets == form.legends > 15
    assert html.count('class="explain"') >= len(settings) + len(KNOWN_SPECIALS)
    assert not has_inline_code(html)


def test_the_special_contracts_offer_the_values_the_rule_texts_give(client):
    html = client.get("/rules/new").text
    values = re.findall(r'name="open_misere_value" type="radio" value="(\d+)"', html)
    assert values == ["500", "350", "520", "250", "1000"]
    values = re.findall(r'name="misere_value" type="radio" value="(\d+)"', html)
    assert values == ["250", "150", "500"]


def test_saving_the_preset_unchanged_stores_only_the_preset(client):
    response = submit(client, "/rules/new", name="Plain")
    assert response.status_code == 302
    assert response.location == "/rules/"
    assert saved(client)[0]["rules"] == {"preset": "australian"}
    page = client.get("/rules/").text
    assert "Plain" in page and "Australian rules" in page
    assert "House rules “Plain” saved." in page


def test_saving_stores_only_what_differs_and_the_list_says_it_in_words(client):
    response = submit(
        client,
        "/rules/new",
        name="Club",
        lock="490",
        target="1000",
        misere_value="150",
        open_misere=None,
        set_rule="y",
        slam_bonus=None,
    )
    assert response.status_code == 302
    assert saved(client)[0]["rules"] == {
        "preset": "australian",
        "slam_bonus": False,
        "lock": 490,
        "target": 1000,
        "set_rule": True,
        "contracts": {"misere": 150},
    }
    page = client.get("/rules/").text
    assert "Trick points cannot lift a side above 490" in page
    assert "Misère is worth 150." in page
    assert "Open misère" not in page
    assert "No slam bonus" in page


def test_starting_from_another_preset_loads_its_settings(client):
    html = client.get("/rules/new?preset=perfect").text
    assert 'checked id="normal_offset-1"' in html
    assert 'name="preset" type="hidden" value="perfect"' in html
    response = submit(client, "/rules/new?preset=youngstown", name="Ohio")
    assert response.status_code == 302
    assert saved(client)[0]["rules"] == {"preset": "youngstown"}
    assert "After 40 hands" in client.get("/rules/").text


def test_an_unknown_preset_says_so_and_shows_the_default(client):
    response = client.get("/rules/new?preset=martian")
    assert response.status_code == 400
    assert "There is no such preset" in response.text
    assert 'value="australian"' in response.text


def test_a_setting_the_engine_refuses_is_named_on_its_field(client):
    response = submit(client, "/rules/new", name="Endless", target="off", floor="off")
    assert response.status_code == 400
    assert "A game needs a target, a floor or a limit." in response.text
    assert re.search(r"<legend>Target</legend>\s*<div class=\"errors\"", response.text)
    assert saved(client) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"name": "x" * 81}, "Field cannot be longer than 80 characters."),
        ({"name": "Club", "target": "750"}, "Not a valid choice"),
        ({"name": "Club", "preset": "martian"}, "There is no such preset."),
        ({"name": "Club", "misere_value": "abc"}, "Not a valid choice"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_saves_nothing(
    client, changes, message
):
    response = submit(client, "/rules/new", **changes)
    assert response.status_code == 400
    assert message in response.text
    assert saved(client) == []


def test_a_duplicate_name_is_refused_with_a_clear_message(client):
    submit(client, "/rules/new", name="Club")
    response = submit(client, "/rules/new", name="club")
    assert response.status_code == 400
    assert "There are already house rules named club." in response.text
    assert len(saved(client)) == 1


def test_editing_shows_the_saved_settings_and_saves_the_change(client):
    submit(client, "/rules/new", name="Club", lock="490")
    ruleset = saved(client)[0]
    path = f"/rules/{ruleset['id']}/edit"
    html = client.get(path).text
    assert 'value="Club"' in html and 'checked id="lock-1"' in html
    response = submit(client, path, lock="460", ralph_rule="y")
    assert response.status_code == 302 and response.location == "/rules/"
    assert saved(client)[0]["rules"] == {
        "preset": "australian",
        "lock": 460,
        "ralph_rule": True,
    }
    assert "3 or more tricks short" in client.get("/rules/").text


def test_editing_keeps_values_and_contracts_the_form_does_not_list(client):
    rules = {
        "preset": "australian",
        "target": 750,
        "contracts": {"misere": 300, "kaiser": {"value": 420, "tricks": 9}},
    }
    made = client.post("/api/rulesets", json={"name": "Odd", "rules": rules}).json
    client.get(f"/rules/{made['id']}/edit/{made['write_token']}")  # its edit link
    path = f"/rules/{made['id']}/edit"
    html = client.get(path).text
    assert re.search(
        r'checked id="target-\d" name="target" type="radio" value="750"', html
    )
    assert "Kaiser, worth 420" in html
    assert submit(client, path).status_code == 302
    assert saved(client)[0]["rules"] == rules


def test_unknown_house_rules_are_not_found(client):
    assert client.get("/rules/99/edit").status_code == 404
    assert client.get("/rules/99/delete").status_code == 404
    assert client.post("/rules/99/delete").status_code == 404


def test_deleting_asks_first_and_only_a_post_deletes(client):
    submit(client, "/rules/new", name="Club")
    ruleset = saved(client)[0]
    path = f"/rules/{ruleset['id']}/delete"
    page = client.get(path)
    assert page.status_code == 200 and "Delete “Club”?" in page.text
    assert len(saved(client)) == 1
    response = client.post(path)
    assert response.status_code == 302 and response.location == "/rules/"
    assert saved(client) == []
    assert "House rules “Club” deleted." in client.get("/rules/").text


def test_a_game_keeps_its_rules_when_its_house_rules_are_edited(client, api):
    submit(client, "/rules/new", name="Club", lock="490")
    ruleset = saved(client)[0]
    game = api.create(rules={}, ruleset=ruleset["id"])
    submit(client, f"/rules/{ruleset['id']}/edit", lock="off", target="1000")
    assert api.game()["rules"] == game["rules"]
    assert game["rules"]["lock"] == 490 and game["rules"]["target"] == 500


def test_saving_needs_the_forms_csrf_token(app):
    client = app.test_client()
    page = client.get("/rules/new").text
    data = read_form(page).data
    assert data["csrf_token"]
    without = {k: v for k, v in data.items() if k != "csrf_token"}
    response = client.post("/rules/new", data={**without, "name": "Club"})
    assert response.status_code == 400
    assert "The CSRF token is missing." in response.text
    assert saved(client) == []
    response = client.post("/rules/new", data={**data, "name": "Club"})
    assert response.status_code == 302
