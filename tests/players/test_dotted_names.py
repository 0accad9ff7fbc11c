"""Names made of dots: a name is a path in its page's address (/players/A/B),
and browsers drop a part '.' or '..', so such names are refused up front,
naming the field, on the pages and through the API alike; every name accepted
reaches its own page."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest
from api_helpers import FRIDAY, NEW_GAME_FORM
from flask import Flask, url_for
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import ScoringError, clean_name

DOTTED = [".", "..", "...", " . ", "\u2026", "\uff0e", "A/..", "../A", "x/./y", "/A"]


def lone(*names: str) -> list[dict[str, Any]]:
    return [{"name": f"Side {i}", "players": [n]} for i, n in enumerate(names)]


@pytest.mark.parametrize("name", DOTTED)
def test_the_api_refuses_a_name_of_dots_naming_the_field(client, name):
    body = {**FRIDAY, "sides": lone(name, "Zed"), "first_dealer": None}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400 and answer.json["field"] == "players"
    assert "only dots" in answer.json["error"]
    roster = {"name": "Tuesday", "players": [name, "Bob", "Cat", "Dan"]}
    answer = client.post("/api/nights", json=roster)
    assert answer.status_code == 400 and answer.json["field"] == "players"


def test_a_late_arrival_named_dots_is_refused_naming_the_field(client):
    roster = {"name": "Tuesday", "players": ["Ann", "Bob", "Cat", "Dan"]}
    made = client.post("/api/nights", json=roster).json
    added = client.post(
        f"/api/nights/{made['id']}/players",
        json={"name": ".."},
        headers={"Authorization": f"Bearer {made['director_token']}"},
    )
    assert added.status_code == 400 and added.json["field"] == "name"


def test_the_pages_refuse_a_name_of_dots_saying_why(app: Flask):
    app.config.update(WTF_CSRF_ENABLED=False)
    client = app.test_client()
    form = {**NEW_GAME_FORM, "players-0": "..", "start": "1"}
    page = client.post("/new/2x2", data=form)
    assert page.status_code == 400
    assert "The player name &#39;..&#39; is only dots" in page.text
    form = {**NEW_GAME_FORM, "players-0": "A/..", "start": "1"}
    page = client.post("/new/2x2", data=form)
    assert page.status_code == 400 and "a part between slashes" in page.text


def test_a_name_with_dots_among_other_signs_is_a_name():
    for name in ("A.", ".A", "J.R.", "A/B", "A.B/C.D", "..A/B.."):
        assert clean_name(name, "players") == name


def without_dot_segments(path: str) -> str:
    """Return a path as a browser sends it: RFC 3986's remove_dot_segments."""
    kept: list[str] = []
    parts = path.split("/")
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if part == "..":
            if len(kept) > 1:
                kept.pop()
            if last:
                kept.append("")
        elif part == ".":
            if last:
                kept.append("")
        else:
            kept.append(part)
    return "/".join(kept)


pieces = st.sampled_from(["A", "b", ".", "..", "/", " ", "\u2026", "\uff0e", "%2e"])


def test_every_accepted_name_reaches_its_own_page_however_a_browser_reads_it(
    app: Flask,
):
    adapter = app.url_map.bind("localhost")

    @settings(max_examples=300, deadline=None)
    @given(st.lists(pieces, min_size=1, max_size=8).map("".join))
    def check(typed: str) -> None:
        try:
            name = clean_name(typed, "players")
        except ScoringError as refused:
            assert refused.field == "players"
            return
        for endpoint, args in (
            ("players.player", {"name": name}),
            ("nights.player", {"night_id": "n", "name": name}),
        ):
            with app.test_request_context():
                path = url_for(endpoint, **args)
            sent = without_dot_segments(path)
            found = adapter.match(unquote(sent), method="GET")
            assert found == (endpoint, args), (typed, path, sent)

    check()
