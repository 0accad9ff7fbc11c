"""Seasons in real Chromium at phone size: named with the club password, then
chosen with one tap; every page axe-clean in light and dark mode."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, post
from phone import assert_accessible, assert_fits, phone
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
ZOE = {
    **FRIDAY,
    "sides": [
        {"name": "Us", "players": ["Zoë", "=Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
    "first_dealer": "Zoë",
}


def test_a_season_is_named_then_chosen_with_one_tap(
    club_server: str, page: Page, browser: Browser, request: pytest.FixtureRequest
) -> None:
    game = post(f"{club_server}/api/games", ZOE)
    hand = {"bidder": "Zoë", "contract": "10NT", "tricks": 10}
    post(f"{club_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    today = datetime.now(UTC).date().isoformat()

    page.goto(f"{club_server}/seasons/")
    page.get_by_label("Name").fill("Summer")
    page.get_by_label("First day").fill(today)
    page.get_by_label("Last day").fill(today)
    page.get_by_label("Club password").fill("wrong")
    page.get_by_role("button", name="Save the season").click()
    expect(page.locator("#password-errors")).to_contain_text("not the club password")
    assert_accessible(page)
    page.get_by_label("Club password").fill(CLUB_PASSWORD)
    page.get_by_role("button", name="Save the season").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Summer")
    players = page.get_by_role("table", name="Players")
    expect(players.get_by_role("row", name="=Cat")).to_contain_text("1 of 1")
    season_url = page.url
    assert_accessible(page)
    assert_fits(page)

    page.goto(f"{club_server}/stats")
    page.get_by_role("navigation", name="Season").get_by_role(
        "link", name="Summer"
    ).click()
    chip = page.get_by_role("link", name="Summer")
    expect(chip).to_have_attribute("aria-current", "page")
    expect(page.get_by_text("From 1 game in Summer")).to_be_visible()
    assert_accessible(page)

    season_id = season_url.rsplit("/", 1)[1]
    for dark in phone(browser, request, "dark"):
        for url in (season_url, f"{club_server}/players?season={season_id}"):
            dark.goto(url)
            assert_accessible(dark)
