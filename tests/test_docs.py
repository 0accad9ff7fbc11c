"""The rulebook and the API reference in docs/ name every preset, setting and route."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from flask import Flask

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
