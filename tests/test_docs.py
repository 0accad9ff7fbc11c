"""The rulebook and the API reference in docs/ name every preset, setting and route."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.nights import service as nights
from scorekeeper.nights.api import NIGHT_FIELDS
from scorekeeper.nights.standings import AWARDS
from scorekeeper.scoring import PRESETS, Rules

DOCS = Path(__file__).resolve().parent.parent / "docs"
# Being added with issue 9 (Walker Ultimate): documented ahead of the engine.
COMING_PRESETS = {"walker_ultimate"}
COMING_SETTINGS = {"exact_target", "ceiling"}
ENDINGS = ("front_door", "back_door", "ceiling", "point_spread", "hands_limit")


def _text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", sorted(set(PRESETS) | COMING_PRESETS))
def test_rules_doc_names_every_preset(preset: str) -> None:
    assert f"`{preset}`" in _text("rules.md")


@pytest.mark.parametrize(
    "setting", sorted({f.name for f in dataclasses.fields(Rules)} | COMING_SETTINGS)
)
def test_rules_doc_and_api_doc_name_every_setting(setting: str) -> None:
    assert f"`{setting}`" in _text("rules.md")
    assert f"`{setting}`" in _text("api.md")


@pytest.mark.parametrize("ending", ENDINGS)
def test_both_docs_name_every_ending(ending: str) -> None:
    assert f"`{ending}`" in _text("rules.md")
    assert f"`{ending}`" in _text("api.md")


def _api_routes(app: Flask) -> list[tuple[str, str]]:
    """Return (method, path) for every API route, converters written as <name>."""
    routes = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api"):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"<\1>", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            routes.append((method, path))
    return routes


def test_the_app_has_api_routes(app: Flask) -> None:
    assert ("POST", "/api/games/<game_id>/hands") in _api_routes(app)


def test_api_doc_names_every_route_with_its_method(app: Flask) -> None:
    text = _text("api.md")
    missing = [f"{m} {p}" for m, p in _api_routes(app) if f"{m} {p}" not in text]
    assert missing == []


def test_api_doc_names_the_headers_and_statuses() -> None:
    text = _text("api.md")
    for header in (
        "Authorization:",
        "If-Match:",
        "If-None-Match:",
        "ETag:",
        "Location:",
        "Retry-After:",
        "Idempotency-Key:",
        "Content-Type:",
    ):
        assert f"`{header} " in text
    for status in ("200", "201", "204", "304", "400", "403", "404", "405"):
        assert f"| `{status}` |" in text
    for status in ("409", "412", "413", "415", "422", "503"):
        assert f"| `{status}` |" in text


# Links between the docs (and from the README) land where they say: on a file
# that exists and, for a link to a part of it (`file.md#anchor`, or a heading
# named after the link, `[api.md](api.md), *Names*` or `, "Names"`), on a
# heading it has (issue 40.10: a link named a section no one had written).
PAGES = [DOCS.parent / "README.md", *sorted(DOCS.glob("*.md"))]
LINK = re.compile(
    r"\[[^\]]*\]\((?P<file>[^)\s#]+\.md)?(?:#(?P<anchor>[^)\s]+))?\)"
    r"(?:,\s+(?:\"(?P<quoted>[^\"]+)\"|\*(?P<starred>[^*]+)\*))?"
)


def slug(heading: str) -> str:
    """Return a heading's anchor as GitHub makes it: lower case, marks and
    punctuation gone (hyphens and underscores kept), spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Return the anchors of a page's headings, those in fenced code left out."""
    found, fenced = set(), False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.add(slug(line.lstrip("#")))
    return found


def broken_links(page: Path, text: str) -> list[str]:
    """Return each link of a page to a file or a heading that does not exist."""
    broken = []
    for link in LINK.finditer(text):
        target = page.parent / link["file"] if link["file"] else page
        if link["file"] and "://" in link["file"]:
            continue
        if not target.is_file():
            broken.append(link[0])
            continue
        named = link["anchor"] or link["quoted"] or link["starred"]
        if named and slug(named) not in anchors(target.read_text(encoding="utf-8")):
            broken.append(link[0])
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_between_the_docs_lands_on_a_heading_that_exists(page):
    assert broken_links(page, page.read_text(encoding="utf-8")) == []


def test_a_link_to_a_heading_no_page_has_is_caught() -> None:
    nights = DOCS / "nights.md"
    assert broken_links(nights, "[api.md](api.md#no-such-part).") != []
    assert broken_links(nights, '[api.md](api.md), "No such part".') != []
    assert broken_links(nights, "[api.md](api.md), *No such part*.") != []
    assert broken_links(nights, "[gone.md](gone.md).") != []
    assert broken_links(nights, "[api.md](api.md#names), *Names*.") == []
    assert broken_links(nights, "[here](#the-round-clock).") == []


# Club nights: docs/nights.md states the rules the app plays by (issue 30).


def test_the_readme_and_the_api_doc_send_readers_to_docs_nights_md() -> None:
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert "(docs/nights.md)" in readme and "(nights.md)" in _text("api.md")
    for text in (readme, *(_text(p.name) for p in DOCS.glob("*.md"))):
        assert "shared/" not in text  # a clone has no shared/ folder


# The night's own values, as its service checks them (wherever the movements live).
SETTINGS = [*nights.movement.MOVEMENTS, *nights.movement.ODD_PLAYERS, *nights.RANK_BY]


@pytest.mark.parametrize("value", SETTINGS)
def test_the_nights_doc_names_every_movement_and_setting(value: str) -> None:
    assert f"`{value}`" in _text("nights.md")


@pytest.mark.parametrize("field", sorted(NIGHT_FIELDS))
def test_the_nights_doc_names_every_field_a_new_night_takes(field: str) -> None:
    text = _text("nights.md")
    assert f"`{field}`" in text or f'"{field}"' in text


@pytest.mark.parametrize("award", [name for name, _ in AWARDS])
def test_the_nights_doc_names_every_award(award: str) -> None:
    assert f"*{award}*" in _text("nights.md")


def _night_routes(app: Flask) -> list[tuple[str, str]]:
    """Return (method, path) for every page and API route of the nights."""
    routes = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/nights", "/api/nights")):
            path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"<\1>", rule.rule)
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                routes.append((method, path))
    return routes


def test_the_nights_doc_names_every_page_and_api_route(app: Flask) -> None:
    text = _text("nights.md")
    routes = _night_routes(app)
    assert ("GET", "/nights/<night_id>/direct") in routes
    # An API route with its method; a page by its address.
    named = [f"`{m} {p}" if p.startswith("/api") else f"`{p}`" for m, p in routes]
    missing = [name for name in named if name not in text]
    assert missing == []


def _keys(value: object) -> set[str]:
    """Return every key of a JSON answer, at any depth (a rule set's aside)."""
    if isinstance(value, dict):
        inner = (_keys(v) for k, v in value.items() if k != "rules")
        return set(value).union(*inner)
    if isinstance(value, list):
        return set().union(*(_keys(v) for v in value))
    return set()


def test_the_nights_doc_names_every_field_a_night_answers(client) -> None:
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    made = client.post("/api/nights", json={"name": "Doc", "players": players})
    assert made.status_code == 201, made.json
    game = made.json["rounds"][0]["tables"][0]["game"]
    token = {"Authorization": f"Bearer {made.json['director_token']}"}
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 7}
    saved = client.post(f"/api/games/{game}/hands", json=hand, headers=token)
    assert saved.status_code == 201
    text = _text("nights.md")
    keys = _keys(made.json) | _keys(client.get(f"/api/nights/{made.json['id']}").json)
    assert {"hands", "director_token", "links", "awards"} <= keys
    missing = sorted(k for k in keys if f'"{k}"' not in text and f"`{k}`" not in text)
    assert missing == []


def _section(text: str, heading: str) -> str:
    """Return a page's section under a heading, down to the next of its level."""
    start = text.index(f"\n{heading}\n")
    level = heading.split(" ")[0]
    end = text.find(f"\n{level} ", start + 1)
    return text[start : end if end != -1 else len(text)]


LADDER = ["best_nights", "min_nights", "rank_by", "nights", "nights_won", "wins"]


@pytest.mark.parametrize("field", [*LADDER, "points", "ranked", "unranked"])
def test_the_nights_doc_states_the_ladders_rules_in_its_own_section(field):
    section = _section(_text("nights.md"), "## A club's ladder across nights")
    assert f"`{field}`" in section or f"**{field.capitalize()}**" in section
