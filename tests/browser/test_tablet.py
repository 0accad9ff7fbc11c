"""The table display in real Chromium: a tablet on its side between the players."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from api_helpers import FIVE_HANDED, FRIDAY, post
from phone import PHONE, SHOTS, assert_accessible
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
TABLET = {"width": 1180, "height": 820}  # a tablet in landscape
SOON = 3_000  # as a watcher's scoreboard: a new hand shows within seconds
KEPT_ON = re.compile(r"^(Screen kept on|The screen may dim: .+)$")


@pytest.fixture
def tablet(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A tablet lying on its side, a context of its own (no play link)."""
    context = browser.new_context(viewport=TABLET)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{request.node.name}-tablet.png"))
    context.close()


def test_the_table_display_follows_the_game_large_and_kept_awake(
    live_server, tablet: Page
):
    game = post(f"{live_server}/api/games", FRIDAY)
    tablet.goto(f"{live_server}/games/{game['id']}/table")
    scores = tablet.locator(".table-score")
    expect(scores).to_have_text(["0", "0"])
    # Readable from across the table: the totals side by side, in large type.
    boxes = [scores.nth(i).bounding_box() for i in range(2)]
    assert boxes[0] and boxes[1] and boxes[0]["y"] == boxes[1]["y"]
    size = scores.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 120, size
    expect(tablet.locator(".table-deal")).to_contain_text("Ann deals")
    expect(tablet.locator("#table-wake")).to_have_text(KEPT_ON)
    assert_accessible(tablet)

    # A hand saved on the scoring phone shows here, as on a watcher's phone.
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    expect(scores).to_have_text(["30", "200"], timeout=SOON)
    expect(tablet.locator(".table-last")).to_have_text(
        "Hand 1: Bob 7♥ made, Them +200, Us +30."
    )
    expect(tablet.locator(".table-deal")).to_contain_text("Bob deals")
    tablet.screenshot(path=str(SHOTS / "table-display-landscape.png"))

    # A tap anywhere opens the entry: the scoreboard, at the hand form.
    tablet.locator(".table-totals").click()
    expect(tablet).to_have_url(f"{live_server}/games/{game['id']}#hand")


def test_without_the_wake_lock_api_the_table_display_says_so(live_server, tablet: Page):
    tablet.add_init_script("delete Navigator.prototype.wakeLock")
    game = post(f"{live_server}/api/games", FRIDAY)
    tablet.goto(f"{live_server}/games/{game['id']}/table")
    expect(tablet.locator("#table-wake")).to_have_text(
        "This browser cannot keep the screen on"
    )


@pytest.mark.parametrize("size", [TABLET, {"width": 844, "height": 390}, PHONE])
def test_five_sides_at_minus_five_hundred_fit_without_scrolling_sideways(
    live_server, tablet: Page, size
):
    game = post(f"{live_server}/api/games", FIVE_HANDED)
    # Ann and her called partner Bob fail ten no trumps: both fall below zero.
    hand = {"bidder": "Ann", "partner": "Bob", "contract": "10NT"}
    hand["tricks"] = [0, 0, 4, 3, 3]
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    tablet.set_viewport_size(size)
    tablet.goto(f"{live_server}/games/{game['id']}/table")
    expect(tablet.locator(".table-score").first).to_have_text(re.compile("^\u2212"))
    overflow = tablet.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, overflow
    tablet.screenshot(path=str(SHOTS / f"table-display-five-{size['width']}.png"))
