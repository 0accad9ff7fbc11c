"""A club night's room in real Chromium (issue 30): the director's console on a
laptop follows the tables live and asks before it acts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import call, post
from phone import assert_accessible, assert_fits
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SOON = 3_000  # NIGHTS.md: live within two seconds of a hand


@pytest.fixture
def laptop(browser: Browser) -> Iterator[Page]:
    """The director's laptop: 1280x800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def night(base: str, players: list[str] = EIGHT, **more: Any) -> dict[str, Any]:
    body = {"name": "Tuesday club", "movement": "progressive", "round_hands": 2}
    return post(f"{base}/api/nights", {**body, "players": players, **more})  # type: ignore[no-any-return]


def hand(base: str, made: dict[str, Any], table: int, bidder: str) -> None:
    game = made["rounds"][-1]["tables"][table]["game"]
    post(
        f"{base}/api/games/{game}/hands",
        {"bidder": bidder, "contract": "8H", "tricks": 8},
        made["director_token"],
    )


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def test_the_console_follows_the_tables_live_and_asks_before_calling_time(
    live_server, laptop: Page
):
    made = night(live_server)
    laptop.goto(f"{live_server}{made['links']['direct']}")
    tables = laptop.locator(".night-table")
    expect(tables.first).to_contain_text("0 of 2 hands played")
    # On a laptop the tables sit beside the roster, the next step above them.
    main, side = box(laptop, ".console-main"), box(laptop, ".console-side")
    assert side["x"] >= main["x"] + main["width"]
    call_time = laptop.get_by_role("link", name="Call time on round 1")
    assert box(laptop, ".next-step")["y"] < box(laptop, ".night-table")["y"]
    finish = box(laptop, ".next-step .finish")
    assert finish["y"] < box(laptop, "ul.roster")["y"] + 1
    assert_accessible(laptop)
    # A late arrival half typed stays while the night moves under it.
    laptop.get_by_label("Add a late arrival").fill("Iv")
    laptop.evaluate("window.marker = 1")
    hand(live_server, made, 0, "Ann")
    expect(tables.first).to_contain_text("1 of 2 hands played", timeout=SOON)
    expect(tables.first).to_contain_text("Ann & Cat 300")
    hand(live_server, made, 0, "Ann")
    expect(tables.first).to_contain_text("ended", timeout=SOON)
    expect(laptop.locator(".next-step")).to_contain_text("Still playing: table 2.")
    assert laptop.evaluate("window.marker") == 1  # no reload happened
    expect(laptop.get_by_label("Add a late arrival")).to_have_value("Iv")
    # Calling time asks once: nothing happens until Yes.
    call_time.click()
    expect(laptop.get_by_role("heading", name="Call time on round 1?")).to_be_visible()
    playing = laptop.locator("ul.playing")
    expect(playing).to_contain_text("Table 2 · 0 of 2 hands played")
    assert_accessible(laptop)
    laptop.get_by_role("link", name="No, back to the console").click()
    _, after, _ = call(f"{live_server}/api/nights/{made['id']}")
    assert after["rounds"][0]["status"] == "in_progress"  # type: ignore[index]
    call_time.click()
    laptop.get_by_role("button", name="Yes, call time on round 1").click()
    expect(laptop.get_by_text("Time called on round 1")).to_be_visible()
    expect(laptop.get_by_role("button", name="Start round 2")).to_be_visible()


def test_marking_a_player_gone_and_finishing_the_night_each_ask_once(
    live_server, laptop: Page
):
    made = night(live_server, EIGHT + ["Ivy"])
    laptop.goto(f"{live_server}{made['links']['direct']}")
    laptop.get_by_role("link", name="Mark Ivy gone").click()
    expect(laptop.get_by_role("heading", name="Mark Ivy gone?")).to_be_visible()
    laptop.get_by_role("button", name="Yes, mark Ivy gone").click()
    expect(laptop.get_by_text("Ivy is marked gone: not seated again.")).to_be_visible()
    expect(laptop.locator("ul.roster")).to_contain_text("Ivy · gone")
    laptop.get_by_role("link", name="Finish the night").click()
    expect(laptop.get_by_role("heading", name="Finish the night?")).to_be_visible()
    laptop.get_by_role("button", name="Yes, finish the night").click()
    expect(laptop.locator(".next-step")).to_contain_text("The night is finished.")


def test_the_console_fits_a_phone_with_the_next_step_first(live_server, page: Page):
    made = night(live_server)
    page.goto(f"{live_server}{made['links']['direct']}")
    first = page.locator("main a.button, main button").first
    expect(first).to_have_text("Call time on round 1")
    assert (box(page, ".next-step .button")["height"]) >= 48
    assert_fits(page)
    assert_accessible(page)


def test_the_table_phone_at_its_rounds_end_says_where_everyone_goes_next(
    live_server, page: Page
):
    made = night(live_server)
    page.goto(f"{live_server}{made['links']['direct']}")
    page.goto(f"{live_server}/nights/{made['id']}/tables/1")
    expect(page.locator("form.hand-form")).to_have_count(1)
    page.evaluate("window.marker = 1")
    hand(live_server, made, 0, "Ann")
    hand(live_server, made, 0, "Ann")
    after = page.locator(".after")
    expect(after).to_contain_text("Round 1 is over at this table.", timeout=SOON)
    expect(after).to_contain_text("still being played at table 2")
    expect(page.get_by_role("button", name="Rematch")).to_have_count(0)
    expect(page.get_by_role("link", name="Delete this game")).to_have_count(0)
    # The other table ends: this phone says where each of its four goes.
    hand(live_server, made, 1, "Eve")
    hand(live_server, made, 1, "Eve")
    expect(after).to_contain_text("Ann: table 1, with Eve", timeout=SOON + 3_000)
    expect(after).to_contain_text("Bob: table 2, with Fay")
    assert_accessible(page)
    assert_fits(page)
    post(f"{live_server}/api/nights/{made['id']}/rounds", {}, made["director_token"])
    onward = page.get_by_role("link", name="Table 1's next game")
    expect(onward).to_be_visible(timeout=SOON + 3_000)
    assert page.evaluate("window.marker") == 1  # all without a reload
    onward.click()
    expect(page.locator("form.hand-form")).to_have_count(1)
    expect(page.locator("h1")).to_contain_text("round 2, table 1")


FIRST = ["Ann", "Marie-Claude", "Bob", "Jean-Luc", "Cat", "Dan", "Évangéline"]
# Names as long as a side's name allows (two of them and " & " within 40).
SIXTY = [f"{FIRST[n % 7]} {'LGRCT'[n % 5]}. {n + 1}" for n in range(60)]

# Every box the big screen draws, as [left, top, right, bottom], and what overflows;
# the tables of the page shown (test_nights_screen_pages.py sees every page).
BOXES = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  const doc = document.documentElement;
  const pane = document.querySelector(".screen-tables");
  return {
    width: innerWidth, height: innerHeight,
    scroll: [doc.scrollWidth - doc.clientWidth, doc.scrollHeight - doc.clientHeight],
    title: box(document.querySelector("h1")),
    updated: all("#updated:not([hidden])"),
    grid: box(document.querySelector(".screen-grid")),
    panes: all(".screen-standings, .screen-tables"),
    count: document.querySelectorAll(".screen-tables .night-table").length,
    tables: [...document.querySelectorAll(".screen-tables .night-table")]
      .filter((el) => el.checkVisibility()).map(box),
    heads: all(".screen-grid h2"),
    tablesPane: box(pane),
    overflow: pane.scrollHeight - pane.clientHeight,
  };
}"""


def overlap(a: list[float], b: list[float]) -> bool:
    return (
        a[0] < b[2] - 0.5
        and b[0] < a[2] - 0.5
        and a[1] < b[3] - 0.5
        and b[1] < a[3] - 0.5
    )


def inside(a: list[float], b: list[float]) -> bool:
    return (
        a[0] >= b[0] - 0.5
        and a[1] >= b[1] - 0.5
        and a[2] <= b[2] + 0.5
        and a[3] <= b[3] + 0.5
    )


def assert_screen_fits(tv: Page, tables: int) -> None:
    """Every table of the page shown drawn whole inside the screen, none on
    another, nothing over the title, the page itself never scrolling."""
    tv.wait_for_timeout(300)  # screen.js fits after the layout settles
    seen = tv.evaluate(BOXES)
    screen = [0, 0, seen["width"], seen["height"]]
    size = f"{seen['width']}x{seen['height']}"
    assert seen["scroll"] == [0, 0], size
    assert seen["count"] == tables, size
    assert bool(seen["tables"]) == bool(tables), size
    for other in [seen["grid"], *seen["panes"], *seen["heads"]]:
        assert not overlap(seen["title"], other), (size, other)
    for line in seen["updated"]:
        assert not overlap(line, seen["title"]) and not overlap(line, seen["grid"])
    assert inside(seen["title"], screen), size
    for pane in seen["panes"]:
        assert inside(pane, screen), (size, pane)
    assert seen["overflow"] <= 1, size  # no table below the fold of its pane
    for n, table in enumerate(seen["tables"]):
        assert inside(table, seen["tablesPane"]), (size, n + 1, table)
        assert inside(table, screen), (size, n + 1)
        for later in seen["tables"][n + 1 :]:
            assert not overlap(table, later), (size, n + 1)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_big_screen_fits_sixty_players_at_fifteen_tables_and_shows_the_winners(
    live_server, browser: Browser, size: tuple[int, int]
):
    made = night(live_server, SIXTY, round_hands=1, rounds=2)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    tv = context.new_page()
    tv.set_default_timeout(10_000)
    tv.goto(f"{live_server}{made['links']['screen']}")
    expect(tv.locator(".screen-tables .night-table")).to_have_count(15)
    assert_screen_fits(tv, 15)
    # The standings scroll (roll) rather than push anything off the screen.
    assert tv.evaluate("document.getAnimations().length") == 1
    play_round(live_server, made)  # round 1 ends: where each player goes next
    heading = tv.get_by_role("heading", name="Round 2: where everyone goes")
    expect(heading).to_be_visible(timeout=SOON)
    assert_screen_fits(tv, 15)
    token = made["director_token"]
    post(f"{live_server}/api/nights/{made['id']}/rounds", {}, token)
    _, made, _ = call(f"{live_server}/api/nights/{made['id']}")  # type: ignore[assignment]
    play_round(live_server, {**made, "director_token": token})
    # The last planned round ends: the winners and the awards.
    expect(tv.get_by_text("The night is finished.")).to_be_visible(timeout=SOON)
    _, done, _ = call(f"{live_server}/api/nights/{made['id']}")
    first = [s["player"] for s in done["standings"] if s["rank"] == 1]  # type: ignore[index]
    said = "Winner: " if len(first) == 1 else "Winners: "
    expect(tv.locator(".winners")).to_contain_text(said + ", ".join(first))
    expect(tv.get_by_role("heading", name="Awards")).to_be_visible()
    expect(tv.locator(".awards")).to_contain_text("Highest hand")
    assert_screen_fits(tv, 0)
    context.close()


def play_round(base: str, made: dict[str, Any]) -> None:
    """Each table of the round in play scores one hand, its first player bidding."""
    for n, table in enumerate(made["rounds"][-1]["tables"]):
        hand(base, made, n, table["sides"][0]["players"][0])
