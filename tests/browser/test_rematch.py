"""The end of a game at the table (issue 22, item 12), two phones at 390x844."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from api_helpers import FRIDAY, post
from phone import phone
from playwright.sync_api import Browser, Page, expect
from test_live import tap

pytestmark = pytest.mark.browser


@pytest.fixture
def watcher(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A second phone, in a context of its own (no cookies shared)."""
    yield from phone(browser, request, "light")


def test_a_finished_game_offers_one_undo_and_points_watchers_to_the_rematch(
    live_server, page, watcher
):
    game = post(f"{live_server}/api/games", FRIDAY)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page.goto(live_server + game["links"]["play"])
    board = f"{live_server}/games/{game['id']}"
    watcher.goto(board)

    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "10NT")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".banner.win")).to_contain_text("Us won")
    undo = re.compile(r"^Undo")
    expect(page.get_by_role("button", name=undo)).to_have_count(1)
    expect(page.get_by_role("link", name=undo)).to_have_count(0)
    page.reload()  # the line is drawn once: then the Undo link, alone
    expect(page.get_by_role("button", name=undo)).to_have_count(0)
    expect(page.get_by_role("link", name=undo)).to_have_count(1)

    expect(watcher.locator(".banner.win")).to_contain_text("Us won")
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator(".totals .score")).to_have_text(["0", "0"])
    rematch = page.url.split("#")[0]
    assert rematch != board

    go = watcher.get_by_role("link", name="Go to the rematch")
    expect(go).to_be_visible()  # live, without a reload
    expect(watcher.locator(".banner.win")).to_contain_text("A rematch has started.")
    go.click()
    assert watcher.url.split("#")[0] == rematch
    expect(watcher.locator(".totals .score")).to_have_text(["0", "0"])
    page.goto(board)  # the scorer's old game no longer offers a second rematch
    expect(page.get_by_role("button", name="Rematch")).to_have_count(0)
    expect(page.get_by_role("link", name="Go to the rematch")).to_be_visible()
