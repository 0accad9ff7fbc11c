"""A club's offline copy is its own (issue 43, point 1): on a many-clubs server,
a club's scoreboard registers the club's service worker under its prefix, opens
again offline from that worker's copy, and a hand saved offline lands in that
club's game once the phone is back online. In real Chromium at phone size."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api_helpers import FRIDAY, TEST_DATABASE_URL, call, post, reset_database
from line import Line
from playwright.sync_api import Page, expect
from server import run_server
from test_queue import bidders, save_bob_seven_hearts, signal

pytestmark = pytest.mark.browser

SCOPES = (
    "navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => r.scope))"
)
KEPT = "(path) => caches.match(path).then((copy) => copy !== undefined)"


@pytest.fixture
def clubs_server() -> Iterator[str]:
    """Serve two clubs, north and south, on a fresh database; yield the URL."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    with run_server(TEST_DATABASE_URL, clubs=("north", "south")) as url:
        yield url


@pytest.fixture
def line(clubs_server: str) -> Iterator[Line]:
    """Return the phone's line to the server, which a test may cut."""
    kept = Line(clubs_server)
    yield kept
    kept.close()


def test_a_clubs_scoreboard_works_offline_with_its_own_worker(
    clubs_server: str, line: Line, page: Page
):
    north = f"{clubs_server}/c/north"
    game = post(f"{north}/api/games", FRIDAY)
    board = f"/c/north/games/{game['id']}"
    assert game["links"]["play"].startswith(f"{board}/play/")
    page.goto(line.url + game["links"]["play"])
    expect(page.locator("#updated")).to_have_text("Updated just now")
    assert page.url == line.url + board

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate(SCOPES) == [f"{line.url}/c/north/"]
    page.reload()
    worker = page.evaluate("navigator.serviceWorker.controller?.scriptURL")
    assert worker == f"{line.url}/c/north/sw.js"
    page.wait_for_function(KEPT, arg=board)
    names = page.evaluate("caches.keys()")
    assert any(name.endswith("@/c/north") for name in names), names

    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")
    page.reload()  # the club's worker's copy of the scoreboard
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator("#waiting")).to_have_text(
        "Hand 1 waiting to send: Bob 7♥, 7 tricks"
    )
    assert bidders(north, game) == []

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    assert bidders(north, game) == ["Bob"]
    status, south, _ = call(f"{clubs_server}/c/south/api/games")
    assert status == 200 and south["games"] == []


def test_offline_a_clubs_page_that_needs_the_server_leads_back_into_the_club(
    clubs_server: str, line: Line, page: Page
):
    game = post(f"{clubs_server}/c/north/api/games", FRIDAY)
    board = f"/c/north/games/{game['id']}"
    page.goto(line.url + board)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function(KEPT, arg=board)

    signal(page, line, False)
    page.goto(f"{line.url}{board}/share")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    back = page.get_by_role("link", name="Back to the scoreboard")
    assert back.get_attribute("href") == board
    back.click()  # the worker's copy of the club's scoreboard
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator(".totals .score")).to_have_text(["0", "0"])
    signal(page, line, True)
