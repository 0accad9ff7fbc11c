"""A hall of 120 players at 30 tables in real Chromium (issue 31.4): the big
screen on a 1920x1080 TV keeps the tables (a page at a time) and the standings
readable, and the console and the table cards draw every table."""

from __future__ import annotations

import pytest
from api_helpers import post
from playwright.sync_api import Browser, expect
from test_nights_room import SOON, assert_screen_fits, play_round

pytestmark = pytest.mark.browser
FIRST = ["Ann", "Marie-Claude", "Bob", "Jean-Luc", "Cat", "Dan", "Évangéline"]
# As long as the 60-player test's names (two of them and " & " within 40).
HALL = [f"{FIRST[n % 7]} {'LGRCT'[n % 5]}. {n + 1}" for n in range(120)]
# The smallest type read across a room: 2% of the screen's height (21.6 px at
# 1080), as static/screen.js keeps it.
SMALLEST = 0.02

TYPE = """() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const texts = (sel) => [...document.querySelectorAll(sel)]
    .filter((el) => el.getClientRects().length && el.textContent.trim());
  return {
    tables: texts(".screen-tables .night-table *").map(px),
    standings: texts(".screen-standings td, .screen-standings th").map(px),
    rows: texts(".screen-standings tbody tr").length,
  };
}"""


def assert_readable(tv, height: int) -> None:
    found = tv.evaluate(TYPE)
    smallest = SMALLEST * height - 0.5
    assert found["tables"] and min(found["tables"]) >= smallest, min(found["tables"])
    assert min(found["standings"]) >= smallest, min(found["standings"])
    assert found["rows"] == 120


def test_the_big_screen_keeps_thirty_tables_and_120_players_readable_at_1080p(
    live_server, browser: Browser
):
    body = {"name": "Charity drive", "movement": "progressive", "round_hands": 1}
    made = post(f"{live_server}/api/nights", {**body, "players": HALL, "rounds": 2})
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = context.new_page()
    tv.set_default_timeout(20_000)
    tv.goto(f"{live_server}{made['links']['screen']}")
    expect(tv.locator(".screen-tables .night-table")).to_have_count(30)
    assert_screen_fits(tv, 30)
    assert_readable(tv, 1080)
    # Between rounds: where each of the 120 goes next, as readable.
    play_round(live_server, made)
    heading = tv.get_by_role("heading", name="Round 2: where everyone goes")
    expect(heading).to_be_visible(timeout=SOON + 5_000)
    assert_screen_fits(tv, 30)
    assert_readable(tv, 1080)
    context.close()


def test_the_console_and_the_cards_draw_thirty_tables(live_server, browser: Browser):
    body = {"name": "Charity drive", "movement": "rotation", "round_hands": 10}
    made = post(f"{live_server}/api/nights", {**body, "players": HALL, "rounds": 8})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    laptop = context.new_page()
    laptop.set_default_timeout(20_000)
    laptop.goto(f"{live_server}{made['links']['direct']}")
    expect(laptop.locator(".night-table")).to_have_count(30)
    expect(laptop.locator(".next-step")).to_contain_text("Still playing: tables 1, 2")
    scroll = (
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert laptop.evaluate(scroll) <= 0
    laptop.goto(f"{live_server}{made['links']['cards']}")
    expect(laptop.locator(".table-card")).to_have_count(30)
    expect(laptop.locator(".table-card svg, .table-card img")).to_have_count(30)
    context.close()
