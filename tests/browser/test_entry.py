"""Hand entry that says what it will do (issue 12, item 6), tapped at 390x844."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from test_table import Thumb, expect_totals, four_handed

pytestmark = pytest.mark.browser


def assert_in_view(page: Page, target: Locator) -> None:
    """Fail unless the whole of a thing is on the screen, without scrolling."""
    box = target.bounding_box()
    assert box is not None
    height = page.viewport_size["height"]
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, box


def test_a_saved_hand_is_confirmed_in_view_with_a_one_tap_undo(live_server, page):
    four_handed(page, live_server)
    thumb = Thumb(page)
    thumb.hand("Bob", "7H")
    saved = page.locator("#saved")
    expect(saved).to_have_text("Hand 1: Bob 7♥ made, Them +200, Us +30. Undo")
    assert page.evaluate("window.scrollY") > 0  # anchored, not the page's top
    who = page.locator("fieldset", has_text="Who won the bidding?")
    for part in (page.locator("#scores"), saved, who):
        assert_in_view(page, part)

    thumb.tap(saved.get_by_role("button", name="Undo"))
    expect_totals(page, "0", "0")
    expect(saved).to_contain_text("Hand 1 undone: it was Bob 7♥ made")
    thumb.tap(saved.get_by_role("button", name="Put it back"))
    expect_totals(page, "30", "200")
    assert thumb.taps == 5
