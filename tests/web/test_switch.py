"""The language switch is on every page, in its footer, the language shown marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from api_helpers import Api
from test_language import FRENCH, app, compiled  # noqa: F401

STYLE = Path(__file__).resolve().parents[2] / "static" / "style.css"
PAGES = [
    "/",
    "/new/",
    "/history",
    "/stats",
    "/players",
    "/rules/",
    "/seasons/",
    "/nights/",
    "/nights/new",
    "/no/such/page",
]


def footer(page: str) -> str:
    """Return a page's footer."""
    found = re.search(r"<footer>(.*?)</footer>", page, flags=re.S)
    assert found, page
    return found.group(1)


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize(("headers", "shown"), [({}, "en"), (FRENCH, "fr")])
def test_every_page_offers_the_switch_in_its_footer(client, path, headers, shown):
    said = footer(client.get(path, headers=headers).text)
    assert 'action="/language"' in said
    assert f'value="{path}"' in said  # back to the same page after the switch
    assert f'lang="{shown}" aria-pressed="true"' in said
    assert said.count("aria-pressed") == 1


def test_a_scoreboard_offers_the_switch_too(client):
    api = Api(client)
    api.create()
    said = footer(client.get(f"/games/{api.game_id}", headers=FRENCH).text)
    assert 'lang="fr" aria-pressed="true">Français</button>' in said


def test_the_language_shown_is_marked_to_the_eye():
    style = STYLE.read_text(encoding="utf-8")
    rule = re.search(r'nav\.language button\[aria-pressed="true"\] \{([^}]*)\}', style)
    assert rule and "background" in rule.group(1) and "font-weight" in rule.group(1)
