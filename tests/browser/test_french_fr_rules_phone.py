"""The house rules pages in Québec French in real Chromium: axe passes, nothing runs
off a phone at 390 px or at 200 % zoom, and no word on a tap breaks (issue 24)."""

from __future__ import annotations

import pytest
from api_helpers import post
from phone import assert_accessible, assert_fits
from playwright.sync_api import Page, expect
from test_entry import BROKEN_WORDS
from test_french_fr_rules import ODD
from test_zoom import SIDEWAYS

pytestmark = pytest.mark.browser


def rule_paths(live_server: str, page: Page) -> list[str]:
    """Save house rules, let this phone change them; return their pages' paths."""
    made = post(f"{live_server}/api/rulesets", {"name": "Chez Ginette", "rules": ODD})
    page.goto(f"{live_server}/rules/{made['id']}/edit/{made['write_token']}")
    return [
        "/rules/",
        "/rules/new",
        f"/rules/{made['id']}/edit",
        f"/rules/{made['id']}/delete",
    ]


def test_the_house_rules_pages_in_french_fit_a_phone_and_pass_axe(
    live_server, french: Page
):
    paths = rule_paths(live_server, french)
    assert french.locator("html").get_attribute("lang") == "fr", "run make first"
    expect(french.get_by_role("heading", name="Modifier «\u00a0Chez Ginette\u00a0»"))
    for path in paths:
        french.goto(f"{live_server}{path}")
        if path == "/rules/":
            french.locator("summary").first.click()  # the whole summary shown
        assert_accessible(french)
        assert_fits(french)
        assert french.evaluate(SIDEWAYS) == [], path
        assert french.evaluate(BROKEN_WORDS) == [], path


def test_the_house_rules_pages_in_french_at_200_percent(
    live_server, french_zoomed: Page
):
    found = {}
    for path in rule_paths(live_server, french_zoomed):
        french_zoomed.goto(f"{live_server}{path}")
        found[path] = french_zoomed.evaluate(SIDEWAYS) + french_zoomed.evaluate(
            BROKEN_WORDS
        )
    assert found == {path: [] for path in found}
