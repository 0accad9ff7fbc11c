"""The big screen of a hall of 15, 30 and 80 tables on a 720p and a 1080p TV
(issue 40.5): every table shown whole at some moment, a page of them at a time
when they do not all fit, nothing drawn over anything (the rolling standings
never under their heading), names at a size read from the back of the hall."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import post
from layout_checks import overlapping_text, shown_whole, sideways_scroll
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
FIRST = ["Ann", "Marie-Ève Létourneau", "Bob", "Jean-Luc", "Évangéline", "Dan"]
SIZES = [(1280, 720), (1920, 1080)]
# The smallest type on the screen: 2% of its height (14.4 px at 720p), as
# static/screen.js keeps it.
SMALLEST = 0.02
PAGE_TIME = 10_000  # ms a page of tables shows (static/screen.js)
# A title longer than the screen, beside the round's clock.
TITLE = "Grande soirée de bienfaisance du club de Saint-Jean-sur-Richelieu"

# The type sizes of every text drawn in the tables' pane and the standings.
TYPE = """() => [...document.querySelectorAll(
    '.screen-tables .night-table *, .screen-standings td, .screen-standings th')]
  .filter((el) => el.checkVisibility() && el.textContent.trim())
  .map((el) => parseFloat(getComputedStyle(el).fontSize))"""

# Moves every animation (the standings' roll) to `share` of its way.
ROLLED = """(share) => document.getAnimations().forEach((a) => {
  a.pause(); a.currentTime = a.effect.getComputedTiming().duration * share; })"""


def hall(tables: int) -> list[str]:
    """Return the names of a hall of this many tables, some long and accented."""
    return [f"{FIRST[n % 6]} {'LGRCT'[n % 5]}. {n + 1}" for n in range(tables * 4)]


def check_moment(tv: Page, height: int) -> list[str]:
    """Return the tables shown whole now, once nothing overlaps or scrolls."""
    assert overlapping_text(tv) == []
    assert sideways_scroll(tv) == 0
    assert tv.evaluate("document.documentElement.scrollHeight") <= height
    assert min(tv.evaluate(TYPE)) >= SMALLEST * height - 0.5
    return shown_whole(tv, ".screen-tables .night-table")


def every_table_in_turn(tv: Page, height: int, tables: int) -> None:
    """Watch the screen a page at a time until every table was shown whole."""
    every = {f"Table {n}" for n in range(1, tables + 1)}
    seen: set[str] = set()
    for _ in range(tables // 4):  # a round of pages, with time to spare
        now = check_moment(tv, height)
        assert now, "no table shown whole"
        seen |= set(now)
        if seen == every:
            break
        tv.clock.run_for(PAGE_TIME)
    assert seen == every


def watch(browser: Browser, url: str, size: tuple[int, int], tables: int) -> Page:
    tv = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    tv.set_default_timeout(20_000)
    tv.clock.install()
    tv.goto(url)
    expect(tv.locator(".screen-tables .night-table")).to_have_count(tables)
    tv.clock.run_for(500)  # screen.js has fitted the page
    return tv


@pytest.mark.parametrize("tables", [15, 30, 80])
def test_every_table_of_a_big_hall_shows_whole_in_turn_at_720p_and_1080p(
    live_server, browser: Browser, tables: int
):
    body: dict[str, Any] = {"name": TITLE, "movement": "progressive"}
    body |= {"round_hands": 1, "players": hall(tables), "round_minutes": 30}
    made = post(f"{live_server}/api/nights", body)
    for size in SIZES:
        tv = watch(browser, f"{live_server}{made['links']['screen']}", size, tables)
        every_table_in_turn(tv, size[1], tables)
        # The standings rolled half way, then all the way: under their heading.
        for share in (0.5, 0.999):
            tv.evaluate(ROLLED, share)
            assert overlapping_text(tv) == [], (size, share)
        tv.context.close()


def test_between_rounds_where_everyone_goes_shows_every_table_in_turn(
    live_server, browser: Browser
):
    body: dict[str, Any] = {"name": "Charity drive", "movement": "progressive"}
    body |= {"round_hands": 1, "players": hall(30), "rounds": 2}
    made = post(f"{live_server}/api/nights", body)
    tv = watch(browser, f"{live_server}{made['links']['screen']}", SIZES[0], 30)
    for table in made["rounds"][0]["tables"]:  # round 1 ends: a hand a table
        hand = {"bidder": table["sides"][0]["players"][0], "contract": "8H"}
        game = f"{live_server}/api/games/{table['game']}/hands"
        post(game, {**hand, "tricks": 8}, made["director_token"])
    heading = tv.get_by_role("heading", name="Round 2: where everyone goes")
    for _ in range(10):  # live.js asks every second, on the page's clock
        tv.clock.run_for(1_000)
        if heading.count():
            break
    expect(heading).to_be_visible()
    tv.clock.run_for(500)
    every_table_in_turn(tv, SIZES[0][1], 30)
    tv.context.close()
