"""Installing and offline in real Chromium at phone size."""

from __future__ import annotations

import pytest
from api_helpers import FRIDAY, post
from phone import assert_accessible
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LOADS = """async (url) => {
  const manifest = await (await fetch(url)).json();
  const sizes = [];
  for (const icon of manifest.icons) {
    const image = new Image();
    image.src = new URL(icon.src, url).href;
    await image.decode();
    sizes.push(`${image.naturalWidth}x${image.naturalHeight}`);
  }
  return {name: manifest.name, stated: manifest.icons.map((i) => i.sizes), sizes};
}"""


def test_a_visited_scoreboard_opens_offline_with_its_last_totals(
    live_server, page: Page
):
    game = post(f"{live_server}/api/games", FRIDAY)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    board = f"{live_server}/games/{game['id']}"

    page.goto(board)
    manifest = page.locator("link[rel=manifest]").get_attribute("href")
    loaded = page.evaluate(LOADS, live_server + manifest)
    assert loaded["name"] == "Five Hundred Scorekeeper"
    assert loaded["sizes"] == loaded["stated"] == ["192x192", "512x512", "512x512"]

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        "(path) => caches.match(path).then((copy) => copy !== undefined)",
        arg=f"/games/{game['id']}",
    )
    expect(page.locator("#offline")).to_be_hidden()

    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator(".totals .score")).to_have_text(["30", "200"])
        expect(page.locator("#offline")).to_be_visible()
        expect(page.locator("#offline")).to_contain_text(
            "Offline: showing the last known score"
        )
        assert_accessible(page)
    finally:
        page.context.set_offline(False)
    expect(page.locator("#offline")).to_contain_text("Back online")
