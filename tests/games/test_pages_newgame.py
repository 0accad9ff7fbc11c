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
    where = [
        page.index(t) for t in ("Rules in force", "Who deals first?", "Start the game")
    ]
    assert where == sorted(where)


def test_change_goes_back_to_the_names_with_everything_kept(client):
    data = {**NEW_GAME_FORM, "name": "Friday", "change": "1"}
    response = client.post("/new/2x2", data=data)
    assert response.status_code == 200
    assert 'value="Friday"' in response.text and 'value="Bob"' in response.text
    assert "Start the game" not in response.text
