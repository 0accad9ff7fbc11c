"""Full API answers pinned byte for byte: a redesign must not change the JSON."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from api_helpers import FIVE_SIDES, FRIDAY

PINNED = Path(__file__).with_name("pinned_api.json")
FIVE = {
    "name": "",
    "rules": {"preset": "american", "partner_share": "full"},
    "sides": FIVE_SIDES,
}
# (method, path, body) in order; {game}, {five} and {ruleset} name earlier answers.
STEPS = [
    ("GET", "/api/presets", None),
    ("POST", "/api/games", FRIDAY),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Bob", "contract": "7H", "tricks": 7},
    ),
    ("POST", "/api/games/{game}/hands", {"side": 0, "contract": "misere", "tricks": 1}),
    ("POST", "/api/games/{game}/hands", {"contract": "pass"}),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Ann", "contract": "9H", "tricks": 10},
    ),
    (
        "PUT",
        "/api/games/{game}/hands/1",
        {"bidder": "Dan", "contract": "8S", "tricks": 5},
    ),
    ("DELETE", "/api/games/{game}/hands/2", None),
    ("DELETE", "/api/games/{game}/hands/4", None),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Cat", "contract": "7X", "tricks": 7},
    ),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Zed", "contract": "7H", "tricks": 7},
    ),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Ann", "contract": "10NT", "tricks": 10},
    ),
    (
        "POST",
        "/api/games/{game}/hands",
        {"bidder": "Ann", "contract": "6S", "tricks": 6},
    ),
    ("GET", "/api/games/{game}", None),
    ("POST", "/api/games", FIVE),
    (
        "POST",
        "/api/games/{five}/hands",
        {
            "bidder": "Bob",
            "partner": "Dan",
            "contract": "8D",
            "tricks": [1, 4, 1, 4, 0],
        },
    ),
    ("GET", "/api/games?per_page=1", None),
    ("GET", "/api/games?status=won", None),
    ("GET", "/api/games/nope", None),
    ("POST", "/api/games", {"sides": []}),
    ("POST", "/api/rulesets", {"name": "Club", "rules": {"lock": 490}}),
    ("GET", "/api/rulesets", None),
    ("PUT", "/api/rulesets/{ruleset}", {"name": "Club", "rules": {"target": 1000}}),
    ("POST", "/api/rulesets", {"name": "CLUB", "rules": {}}),
    ("POST", "/api/games", {**FRIDAY, "ruleset": "{ruleset}"}),
    ("DELETE", "/api/rulesets/{ruleset}", None),
    ("GET", "/api/rulesets/{ruleset}", None),
]


def neutral(text: str, names: dict[str, str], tokens: dict[str, str]) -> str:
    """Replace what differs between runs (ids, tokens, dates) by placeholders."""
    for alias, real in names.items():
        if alias != "ruleset":
            text = text.replace(real, f"<{alias}>")
    for real in tokens.values():
        text = text.replace(real, "<token>")
    return re.sub(r'"created": ?"[^"]+"', '"created":"<created>"', text)


def run_steps(client) -> list[dict[str, object]]:
    """Send every step; return each answer with ids, dates and tokens made neutral."""
    names: dict[str, str] = {}
    tokens: dict[str, str] = {}
    answers = []
    for method, path, body in STEPS:
        path = path.format(**names)
        data = json.loads(
            json.dumps(body).replace('"{ruleset}"', names.get("ruleset", "0"))
        )
        # The game or rule set written to: its token authorises the write.
        game = path.split("/")[3] if path.count("/") >= 3 else ""
        headers = {"Authorization": f"Bearer {tokens.get(game, 'none')}"}
        response = client.open(path, method=method, json=data, headers=headers)
        text = response.get_data(as_text=True)
        if path in ("/api/games", "/api/rulesets") and response.status_code == 201:
            made = response.json
            games = ["game", "five", "third"]
            made_games = [n for n in names if n in games]
            key = "ruleset" if "rulesets" in path else games[len(made_games)]
            names[key] = str(made["id"])
            if "write_token" in made:
                tokens[str(made["id"])] = made["write_token"]
        answers.append(
            {
                "request": neutral(f"{method} {path}", names, tokens),
                "status": response.status_code,
                "etag": response.headers.get("ETag"),
                "body": neutral(text, names, tokens),
            }
        )
    return answers


def test_every_pinned_answer_is_byte_for_byte_as_before(client):
    answers = run_steps(client)
    if os.environ.get("PIN_API") == "write":
        PINNED.write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
    pinned = json.loads(PINNED.read_text())
    assert len(answers) == len(pinned)
    for answer, expected in zip(answers, pinned, strict=True):
        assert answer == expected
