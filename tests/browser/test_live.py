"""Watchers follow live: two phones at 390x844, one scoring and one watching."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from api_helpers import FRIDAY, post
from line import Line
from phone import phone
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
# The promise: every open scoreboard shows a change within 3 seconds.
SOON = 3_000
HANDS = [
    {"bidder": "Bob", "contract": "7H", "tricks": 7},
    {"bidder": "Ann", "contract": "6S", "tricks": 6},
    {"bidder": "Cat", "contract": "8C", "tricks": 9},
]
HIDE = """(hidden) => {
  for (const [name, value] of [["hidden", hidden],
                               ["visibilityState", hidden ? "hidden" : "visible"]]) {
    Object.defineProperty(document, name, {configurable: true, get: () => value});
  }
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.fixture
def watcher(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A second phone, in a context of its own (no cookies shared)."""
    yield from phone(browser, request, "light")


def game_with_hands(base: str, hands: list[dict[str, object]]) -> dict[str, object]:
    """Create Friday's game and record some hands through the API."""
    game = post(f"{base}/api/games", FRIDAY)
    for hand in hands:
        post(f"{base}/api/games/{game['id']}/hands", hand, game["write_token"])
    return game


def tap(page: Page, group: str, value: str) -> None:
    """Tap the option with this value in the named group of buttons."""
    fieldset = page.locator("fieldset", has=page.locator("legend", has_text=group))
    fieldset.locator(f"label.tap:has(input[value='{value}'])").first.click()


def totals(page: Page) -> list[str]:
    """Return the big totals as shown."""
    return page.locator(".totals .score").all_inner_texts()


def test_a_watcher_follows_a_saved_and_an_undone_hand_keeping_its_place(
    live_server, page: Page, watcher: Page
):
    # Enough rows that the watcher's page scrolls.
    game = game_with_hands(live_server, HANDS + [{"contract": "pass"}] * 4)
    page.goto(live_server + str(game["links"]["play"]))
    watcher.goto(f"{live_server}/games/{game['id']}")
    expect(watcher.locator("#updated")).to_have_text("Updated just now")
    before = totals(watcher)
    watcher.evaluate("window.marker = 1")
    # Within what the page scrolls after hand 9 too (its lines under the hands
    # may wrap otherwise), so a kept place is the place, not the page's end.
    watcher.evaluate("window.scrollTo(0, 240)")
    scrolled = watcher.evaluate("window.scrollY")
    assert scrolled > 100  # the page scrolls: the check below means something

    tap(page, "Who won the bidding?", "Dan")
    tap(page, "Contract", "7D")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".deal")).to_contain_text("Hand 9")
    saved = totals(page)
    assert saved != before
    expect(watcher.locator(".totals .score")).to_have_text(saved, timeout=SOON)
    expect(watcher.locator("table.hands tbody tr")).to_have_count(8)
    expect(watcher.locator(".deal")).to_contain_text("Hand 9")
    assert watcher.evaluate("window.scrollY") == scrolled

    page.get_by_role("link", name="Undo hand 8").click()
    page.get_by_role("button", name="Yes, undo hand 8").click()
    expect(page.locator(".totals .score")).to_have_text(before)
    expect(watcher.locator(".totals .score")).to_have_text(before, timeout=SOON)
    expect(watcher.locator("table.hands tbody tr")).to_have_count(7)
    assert watcher.evaluate("window.marker") == 1
    assert watcher.evaluate("window.scrollY") == scrolled


def test_a_hidden_watcher_does_not_ask_and_catches_up_when_shown(
    live_server, watcher: Page
):
    game = game_with_hands(live_server, HANDS[:1])
    board = f"{live_server}/games/{game['id']}"
    watcher.goto(board)
    asked: list[str] = []
    watcher.on("request", lambda r: asked.append(r.url) if r.url == board else None)
    with watcher.expect_request(board):  # polling while visible
        pass
    watcher.evaluate(HIDE, True)
    watcher.wait_for_timeout(500)  # a request already on its way may land
    asked.clear()
    hand = HANDS[1]
    post(f"{board.replace('/games/', '/api/games/')}/hands", hand, game["write_token"])
    watcher.wait_for_timeout(4_000)  # more than two polling periods
    assert asked == []
    assert totals(watcher) == ["30", "200"]

    with watcher.expect_request(board):
        watcher.evaluate(HIDE, False)
    expect(watcher.locator(".totals .score")).to_have_text(["70", "240"])
    assert asked[:1] == [board]


def test_a_half_tapped_hand_survives_a_change_from_another_phone(
    live_server, page: Page
):
    game = game_with_hands(live_server, HANDS[:1])
    page.goto(live_server + str(game["links"]["play"]))
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "8S")
    moved = page.locator("#moved")
    expect(moved).to_be_hidden()

    post(f"{live_server}/api/games/{game['id']}/hands", HANDS[1], game["write_token"])
    expect(page.locator(".totals .score")).to_have_text(["70", "240"], timeout=SOON)
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    expect(moved).to_be_visible()
    expect(moved).to_contain_text("changed on another phone")
    assert page.locator("input[name=bidder][value=Ann]").is_checked()
    assert page.locator("input[name=contract][value='8S']").is_checked()
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()

    moved.get_by_role("button", name="Start again").click()
    expect(moved).to_be_hidden()
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    assert not page.locator("input[name=bidder][value=Ann]").is_checked()
    tap(page, "Who won the bidding?", "Bob")
    tap(page, "Contract", "6H")
    tap(page, "Tricks the bidders took", "6")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("table.hands tbody tr")).to_have_count(3)


def test_a_watcher_says_when_the_server_cannot_be_reached(live_server, watcher):
    game = game_with_hands(live_server, [])
    # A line that can be cut: a route would miss what the service worker asks.
    line = Line(live_server)
    try:
        watcher.goto(f"{line.url}/games/{game['id']}")
        expect(watcher.locator("#updated")).to_have_text("Updated just now")
        offline = watcher.locator("#offline")
        expect(offline).to_be_hidden()
        line.cut()
        expect(offline).to_be_visible(timeout=SOON)
        expect(offline).to_contain_text("Offline: showing the last known score")
        expect(watcher.locator("#updated")).to_contain_text(" s ago")
        line.mend()
        expect(offline).to_be_hidden(timeout=SOON)
        expect(watcher.locator("#updated")).to_have_text("Updated just now")
    finally:
        line.close()


EVENING = datetime(2026, 11, 27, 19, 30)


def test_the_big_screen_asks_every_second_a_scoreboard_every_one_and_a_half(
    live_server, watcher
):
    """The page a whole room watches asks again each second, so a saved hand is
    on it within 2 s; a table's phones ask every 1.5 s (the clock is Playwright's,
    standing still but for `run_for`: a slow machine's own seconds count for none)."""
    game = game_with_hands(live_server, HANDS[:1])
    body = {"name": "Friday", "movement": "progressive", "players": list("ABCDEFGH")}
    night = post(f"{live_server}/api/nights", body)
    screen, board = night["links"]["screen"], f"/games/{game['id']}"
    clock = watcher.context.clock  # every page of the context keeps this time
    clock.install(time=EVENING)
    clock.pause_at(EVENING + timedelta(seconds=1))
    for path, period in ((screen, 1000), (board, 1500)):
        page = watcher.context.new_page()
        page.goto(f"{live_server}{path}")
        asked: list[str] = []
        page.on("request", lambda r, asked=asked: asked.append(r.url))
        page.clock.run_for(period - 100)
        assert not [url for url in asked if url.endswith(path)], path
        with page.expect_request(lambda r, path=path: r.url.endswith(path)):
            page.clock.run_for(200)
        page.close()
