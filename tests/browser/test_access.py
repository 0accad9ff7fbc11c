"""Write access that lasts, in real Chromium: a hundred play links, a restart."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from api_helpers import FRIDAY, post
from conftest import ARGS, CHROMIUM
from phone import PHONE, SHOTS, assert_accessible, assert_fits
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def tap(page: Page, group: str, value: str) -> None:
    """Tap the option with this value in the named group of buttons."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=group))
    fieldset.locator(f"label.tap:has(input[value='{value}'])").first.click()


def score(page: Page, bidder: str, contract: str, tricks: int) -> None:
    """Record a hand on the scoreboard by tapping."""
    tap(page, "Who won the bidding?", bidder)
    tap(page, "Contract", contract)
    tap(page, "Tricks the bidders took", str(tricks))
    page.get_by_role("button", name="Save hand").click()


def test_one_phone_opens_a_hundred_play_links_and_scores_the_first_and_last(
    live_server, page: Page
):
    games = [post(f"{live_server}/api/games", FRIDAY) for _ in range(100)]
    # The first and last drawn as a tap opens them; the 98 between read by the
    # same phone's cookie jar (page.request keeps the browser's cookies), as
    # drawing each scoreboard took three quarters of the test's time.
    for game in games:
        if game in (games[0], games[-1]):
            page.goto(live_server + game["links"]["play"])
            expect(page.get_by_role("button", name="Save hand")).to_be_visible()
        else:
            opened = page.request.get(live_server + game["links"]["play"])
            assert opened.ok and "Save hand" in opened.text(), opened.status
    for game in (games[0], games[-1]):
        page.goto(live_server + game["links"]["view"])
        score(page, "Bob", "7H", 7)
        expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    cookies = page.context.cookies()
    assert [c["name"] for c in cookies if c["name"] == "device"] == ["device"]
    assert sum(len(c["value"]) for c in cookies) < 300


def test_a_phone_still_scores_its_game_after_the_browser_restarts(
    live_server, browser: Browser, tmp_path: Path
):
    game = post(f"{live_server}/api/games", FRIDAY)
    board = live_server + game["links"]["view"]
    profile = str(tmp_path / "profile")
    for restart, (bidder, contract, tricks, totals) in enumerate(
        [("Bob", "7H", 7, ["30", "200"]), ("Ann", "6S", 6, ["70", "240"])]
    ):
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS, viewport=PHONE
        )
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(10_000)
        page.goto(live_server + game["links"]["play"] if not restart else board)
        score(page, bidder, contract, tricks)
        expect(page.locator(".totals .score")).to_have_text(totals)
        device = [c for c in context.cookies() if c["name"] == "device"]
        assert device and device[0]["expires"] > time.time() + 399 * 24 * 3600
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"restart-{restart}.png"), full_page=True)
        context.close()


def test_house_rules_are_changed_only_on_their_phones(
    live_server, page: Page, browser: Browser
):
    page.goto(live_server + "/rules/new")
    page.get_by_label("Name").fill("Club")
    page.get_by_role("button", name="Save house rules").click()
    expect(page.get_by_role("link", name="Edit Club")).to_be_visible()
    assert_accessible(page)
    assert_fits(page)
    page.get_by_role("link", name="Edit Club").click()
    link = page.get_by_role("link", name="/edit/")
    expect(link).to_be_visible()
    assert_accessible(page)
    assert_fits(page)
    edit_link = link.get_attribute("href")

    other = browser.new_context(viewport=PHONE)
    second = other.new_page()
    second.goto(live_server + "/rules/")
    expect(second.get_by_role("heading", name="Club")).to_be_visible()
    expect(second.get_by_role("link", name="Edit Club")).to_have_count(0)
    expect(second.get_by_role("link", name="New game with Club")).to_be_visible()
    second.goto(str(edit_link))
    second.get_by_role("button", name="Save house rules").click()
    expect(second.get_by_role("link", name="Edit Club")).to_be_visible()
    other.close()
