"""The engine's model of a game on the writer's scoreboard, for static/outlook.js."""

from __future__ import annotations

import html
import json
import re

from test_pages_games import record, start

from scorekeeper.scoring import PRESETS, make_table, port_model, replay


def model_on(page: str) -> dict | None:
    """Return the model a scoreboard carries on its deal line, if any."""
    found = re.search(r'data-model="([^"]*)"', page)
    return json.loads(html.unescape(found[1])) if found else None


def test_the_writers_page_carries_the_model_and_a_watchers_does_not(app):
    app.config["WTF_CSRF_ENABLED"] = False  # the forms are posted bare
    client = app.test_client()
    board = start(client)
    record(client, board, bidder="Bob", contract="7H", tricks="7")
    model = model_on(client.get(board).text)
    assert model is not None
    assert model["totals"] == [30, 200] and model["hands"] == 1
    assert model["sides"][1] == {"name": "Them", "players": ["Bob", "Dan"]}
    seven = next(bid for bid in model["bids"] if bid["key"] == "7H")
    assert seven | {"name": "7♥", "value": 200, "made": "at_least"} == seven
    assert model_on(app.test_client().get(board).text) is None


def test_the_model_offers_the_contracts_least_first_as_outlook_tries_them():
    rules = PRESETS["australian"]
    table = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
    state = replay(rules, table, [])
    model = port_model(rules, table, state)
    values = [bid["value"] for bid in model["bids"]]
    assert values == sorted(values)
    misere = next(bid for bid in model["bids"] if bid["key"] == "misere")
    assert misere["misere"] and misere["penalty"] == 250 and misere["tricks"] == 0
    assert model["rules"]["floor"] == -500 and model["barred"] == ""
