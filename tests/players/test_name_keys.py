"""Names over all of Unicode: any name the app keeps has a compared form (its
NFKC, case-folded key) that fits its column; any other is refused, naming the field.

SQLite keeps a string longer than its column, PostgreSQL refuses it (a 500):
so after every request the test checks each stored string against its column."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, NEW_GAME_FORM
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import String, func, select

from scorekeeper.db.models import db
from scorekeeper.scoring import name_key

# U+FDFA, one character, is eighteen once written out: nine of them pass 160.
LONGEST = "\ufdfa"
LONG_KEY = LONGEST * 9
WIDE = [LONGEST, "\ufdfb", "\u3300", "\ufb03", "ß", "\u0390", "\u33ff", "\u2474"]
ROSTER = ["Bob", "Cat", "Dan"]

anything = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=42)
names = st.one_of(
    anything,
    st.lists(st.sampled_from([*WIDE, "a", " "]), min_size=1, max_size=42).map("".join),
    # Near the column's edge: n times U+FDFA, then anything.
    st.tuples(st.integers(6, 10), anything).map(lambda t: LONGEST * t[0] + t[1]),
)


def lone(*players: str) -> list[dict[str, Any]]:
    return [{"name": f"Side {i}", "players": [p]} for i, p in enumerate(players)]


def overlong(app: Flask) -> dict[str, int]:
    """Return how many stored strings are longer than their column, by column."""
    found = {}
    with app.app_context():
        for table in db.metadata.sorted_tables:
            for column in table.columns:
                if not isinstance(column.type, String) or not column.type.length:
                    continue
                longer = func.length(column) > column.type.length
                count = select(func.count()).select_from(table).where(longer)
                found[f"{table.name}.{column.name}"] = db.session.scalar(count) or 0
        db.session.remove()
    return {where: count for where, count in found.items() if count}


def refused_or_kept(answer: Any, fields: set[str]) -> None:
    """Check an API answer: kept, or a 400 (or a 409, a lookalike of a name
    kept before) naming one of the fields."""
    assert answer.status_code in (200, 201, 400, 409), answer.text
    if answer.status_code in (400, 409):
        assert answer.json["field"] in fields, answer.json


def night(client: FlaskClient, players: list[str]) -> Any:
    body = {"name": "Tuesday", "players": players, "round_hands": 2}
    return client.post("/api/nights", json=body)


def test_any_name_is_kept_with_a_key_that_fits_or_refused_naming_its_field(
    app: Flask,
):
    app.config.update(WTF_CSRF_ENABLED=False, CLUB_PASSWORD=CLUB_PASSWORD)
    client = app.test_client()
    directed = night(client, ["Ann", *ROSTER]).json
    director = {"Authorization": f"Bearer {directed['director_token']}"}

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(names)
    def check(name: str) -> None:
        before = overlong(app)  # a failing example's rows stay while it shrinks
        game = {**FRIDAY, "sides": lone(name, "Zed"), "first_dealer": None}
        refused_or_kept(client.post("/api/games", json=game), {"players", "sides"})
        refused_or_kept(night(client, [name, *ROSTER]), {"players"})
        added = client.post(
            f"/api/nights/{directed['id']}/players",
            json={"name": name},
            headers=director,
        )
        refused_or_kept(added, {"name"})
        ruleset = client.post("/api/rulesets", json={"name": name, "rules": {}})
        refused_or_kept(ruleset, {"name"})
        form = {**NEW_GAME_FORM, "players-0": name, "first_dealer": "Cat"}
        page = client.post("/new/2x2", data={**form, "start": "1"})
        assert page.status_code in (302, 400), page.text
        assert overlong(app) == before

    check()
    assert overlong(app) == {}


def test_a_name_whose_key_passes_its_column_is_refused_by_the_api(client):
    assert len(LONG_KEY) == 9 and len(name_key(LONG_KEY)) == 162
    game = {**FRIDAY, "sides": lone(LONG_KEY, "Zed"), "first_dealer": None}
    answer = client.post("/api/games", json=game)
    assert answer.status_code == 400 and answer.json["field"] == "players"
    assert "written out in full" in answer.json["error"]
    answer = night(client, [LONG_KEY, *ROSTER])
    assert answer.status_code == 400 and answer.json["field"] == "players"


def test_a_name_whose_key_passes_its_column_is_refused_on_the_pages(app):
    app.config.update(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    form = {**NEW_GAME_FORM, "players-0": LONG_KEY, "first_dealer": "Cat"}
    page = client.post("/new/2x2", data={**form, "start": "1"})
    assert page.status_code == 400
    assert "is too long once its letters are written out in full" in page.text
    night_form = {
        "name": "Tuesday",
        "rules": "preset:australian",
        "movement": "progressive",
        "round_hands": "4",
        "rank_by": "wins",
        "odd_players": "sit_out",
        "players": "\n".join([LONG_KEY, *ROSTER]),
    }
    page = client.post("/nights/new", data=night_form)
    assert page.status_code == 400
    assert "is too long once its letters are written out in full" in page.text
    directed = night(client, ["Ann", *ROSTER]).json
    added = client.post(
        f"/api/nights/{directed['id']}/players",
        json={"name": LONG_KEY},
        headers={"Authorization": f"Bearer {directed['director_token']}"},
    )
    assert added.status_code == 400 and added.json["field"] == "name"


@pytest.mark.parametrize("name", [LONGEST * 8, "Ａｎｎ" * 10, "ß" * 40])
def test_a_name_whose_key_fits_is_kept(client, name):
    game = {**FRIDAY, "sides": lone(name, "Zed"), "first_dealer": None}
    assert client.post("/api/games", json=game).status_code == 201


def test_a_season_or_house_rules_name_whose_key_passes_its_column_is_refused(app):
    app.config.update(WTF_CSRF_ENABLED=False, CLUB_PASSWORD=CLUB_PASSWORD)
    client = app.test_client()
    season = {
        "name": LONGEST * 18,  # 324 once written out; the column keeps 320
        "first_day": "2021-03-01",
        "last_day": "2021-05-31",
        "ruleset": "",
        "password": CLUB_PASSWORD,
    }
    page = client.post("/seasons/", data=season)
    assert page.status_code == 400
    assert "is too long once its letters are written out in full" in page.text
    assert (
        client.post("/seasons/", data={**season, "name": LONGEST * 17}).status_code
        == 302
    )
    rules = client.post("/api/rulesets", json={"name": LONGEST * 18, "rules": {}})
    assert rules.status_code == 400 and rules.json["field"] == "name"
