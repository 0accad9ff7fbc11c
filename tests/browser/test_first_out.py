"""American first out in real Chromium at phone size: two defenders out at once."""

from __future__ import annotations

import pytest
from api_helpers import post
from phone import assert_accessible, assert_fits
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def tap(page: Page, group: str, value: str) -> None:
    """Tap the option with this value in the named group of buttons."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=group))
    fieldset.locator(f"label.tap:has(input[value='{value}'])").first.click()


def test_two_american_defenders_out_together_the_tapped_first_out_wins(
    live_server, page: Page
):
    sides = [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cat")]
    game = post(
        f"{live_server}/api/games",
        {"rules": {"preset": "american"}, "sides": sides, "first_dealer": "Cat"},
    )
    for bidder, tricks in (("Ann", [10, 0, 0]), ("Bob", [0, 10, 0])):
        hand = {"bidder": bidder, "contract": "10C", "tricks": tricks}
        post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page.goto(live_server + game["links"]["play"])
    expect(page.locator(".totals .score")).to_have_text(["460", "460", "0"])
    assert_accessible(page)
    assert_fits(page)

    tap(page, "Who won the bidding?", "Cat")
    tap(page, "Contract", "7H")
    for name, taken in (("Ann", "5"), ("Bob", "5"), ("Cat", "0")):
        tap(page, name, taken)
    tap(page, "Who went out first?", "1")
    page.get_by_role("button", name="Save hand").click()

    expect(page.locator(".totals .score")).to_have_text(["510", "510", "\u2212200"])
    expect(page.locator(".banner.win")).to_contain_text("Bob won out the front door")
    expect(page.locator(".totals .side", has_text="🏆")).to_contain_text("Bob")
