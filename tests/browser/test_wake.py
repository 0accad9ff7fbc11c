"""Keep the screen on: the wake lock toggle on the scoreboard, remembered per phone."""

from __future__ import annotations

import re

import pytest
from api_helpers import FRIDAY, post
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
# Either the lock is held, or the line says plainly that the browser refused.
ON_OR_REFUSED = re.compile(r"^(On|Off: the browser refused to keep the screen on.+)$")


def test_the_screen_stays_on_when_asked_and_the_phone_remembers(
    live_server, page: Page
):
    game = post(f"{live_server}/api/games", FRIDAY)
    page.goto(live_server + game["links"]["play"])
    toggle = page.get_by_label("Keep the screen on")
    state = page.locator("#wake-state")
    expect(toggle).to_be_visible()
    expect(toggle).not_to_be_checked()
    expect(state).to_have_text("Off")

    toggle.check()
    expect(state).to_have_text(ON_OR_REFUSED)
    held = state.inner_text() == "On"
    if held:
        assert page.evaluate("navigator.wakeLock !== undefined")

    page.reload()
    expect(toggle).to_be_checked()
    expect(state).to_have_text("On" if held else ON_OR_REFUSED)

    toggle.uncheck()
    expect(state).to_have_text("Off")
    page.reload()
    expect(toggle).not_to_be_checked()


def test_without_the_wake_lock_api_there_is_no_toggle(live_server, page: Page):
    page.add_init_script("delete Navigator.prototype.wakeLock")
    game = post(f"{live_server}/api/games", FRIDAY)
    page.goto(f"{live_server}/games/{game['id']}")
    expect(page.locator(".totals")).to_be_visible()
    assert page.evaluate("'wakeLock' in navigator") is False
    expect(page.locator("#wake")).to_have_count(1)
    expect(page.get_by_label("Keep the screen on")).to_be_hidden()


def test_a_refused_wake_lock_is_said_plainly(live_server, page: Page):
    page.add_init_script(
        """navigator.wakeLock.request = () => Promise.reject(new DOMException(
             "Wake Lock permission request denied", "NotAllowedError"))"""
    )
    game = post(f"{live_server}/api/games", FRIDAY)
    page.goto(f"{live_server}/games/{game['id']}")
    page.get_by_label("Keep the screen on").check()
    expect(page.locator("#wake-state")).to_have_text(
        "Off: the browser refused to keep the screen on "
        "(Wake Lock permission request denied)."
    )
