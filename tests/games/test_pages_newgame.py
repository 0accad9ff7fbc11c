"""Starting a game: the names, then a review of the rules and the first dealer."""

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


def test_the_names_form_offers_no_start_until_the_rules_are_reviewed(client):
    page = client.get("/new/2x2").text
    assert "Next: check the rules" in page and "Start the game" not in page


def test_the_review_is_its_own_step_with_the_names_kept_out_of_sight(client):
    page = client.post("/new/2x2", data={**NEW_GAME_FORM, "review": "1"}).text
    assert 'type="text"' not in page  # no names form above the rules
    assert re.search(r'name="players-2"[^>]* type="hidden" value="Bob"', page)
    assert "Us: Ann, Cat" in page and "Them: Bob, Dan" in page
    # Who deals and Start first, then the table and the rules in one line.
    where = [
        page.index(t)
        for t in (
            "Who deals first?",
            "Start the game",
            "Us: Ann, Cat",
            "Rules in force",
        )
    ]
    assert where == sorted(where)
    assert '<p id="rules-in-short"><strong>Australian rules</strong>' in page


def test_the_review_says_the_rules_in_short_and_only_those_of_this_table(client):
    four = client.post("/new/2x2", data={**NEW_GAME_FORM, "review": "1"}).text
    assert "Five players" not in four and "Every rule at this table (13)" in four
    five = {
        f"players-{i}": n for i, n in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"])
    }
    page = client.post(
        "/new/5x1", data={**five, "rules": "preset:australian", "review": "1"}
    )
    assert "Five players: a called partner" in page.text
    started = client.post(
        "/new/2x2", data={**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1"}
    )
    board = client.get(started.location).text
    assert "Rules in force" in board and "Five players" not in board


def test_house_rules_are_said_as_their_preset_and_what_differs(app, client):
    from scorekeeper.house_rules import service as rulesets

    with app.app_context():
        house, _ = rulesets.create_ruleset(
            "Club", {"preset": "australian", "lock": 490}
        )
        choice = f"ruleset:{house.id}"
    page = client.post(
        "/new/2x2", data={**NEW_GAME_FORM, "rules": choice, "review": "1"}
    )
    assert "<strong>Australian, except: trick points lock at 490</strong>" in page.text
    listed = client.get("/rules/").text
    assert "Australian, except: trick points lock at 490" in listed
    assert "Five players" not in listed.split("<details")[0]


def test_change_goes_back_to_the_names_with_everything_kept(client):
    data = {**NEW_GAME_FORM, "name": "Friday", "change": "1"}
    response = client.post("/new/2x2", data=data)
    assert response.status_code == 200
    assert 'value="Friday"' in response.text and 'value="Bob"' in response.text
    assert "Start the game" not in response.text
