"""Hand entry that says what it will do (issue 12, item 6), tapped at 390x844."""

from __future__ import annotations

import pytest
from phone import ZOOMED
from playwright.sync_api import Locator, Page, expect
from test_table import Thumb, expect_totals, four_handed, new_game

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


def test_the_save_bar_says_what_will_be_recorded_as_it_is_tapped(live_server, page):
    four_handed(page, live_server)
    thumb = Thumb(page)
    said = page.locator(".savebar output")
    thumb.choice("Who won the bidding?", "Bob")
    thumb.choice("Contract", "7H")
    expect(said).to_have_text("Bob · 7♥ · 7 tricks")  # the tricks, summarised
    assert_in_view(page, said)
    thumb.choice("Tricks the bidders took", "6")
    expect(said).to_have_text("Bob · 7♥ · 6 tricks")
    thumb.choice("Contract", "misere")
    expect(said).to_have_text("Bob · Misère · 6 tricks")  # a tapped value stays
    thumb.choice("Tricks the bidders took", "1")
    expect(said).to_have_text("Bob · Misère · 1 trick")


# Scroll each tile into view as a thumb would, just far enough, and list the
# tiles the sticky bar then covers even in part.
COVERED = """() => {
  const bar = document.querySelector('form.hand-form .savebar');
  const covered = [];
  for (const tile of document.querySelectorAll('form.hand-form label.tap')) {
    tile.scrollIntoView({block: 'nearest'});
    const t = tile.getBoundingClientRect(), b = bar.getBoundingClientRect();
    if (t.bottom > b.top && t.top < b.bottom) covered.push(tile.textContent.trim());
  }
  return covered;
}"""


def test_the_sticky_save_bar_never_covers_a_tile(live_server, page):
    four_handed(page, live_server)
    assert page.evaluate(COVERED) == []  # hand 1, hints and all
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    new_game(page, live_server, "five players", [], players)
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Ann")
    thumb.choice("Contract", "8S")
    thumb.choice("Called partner", "Cat")  # a longer line in the bar
    assert page.evaluate(COVERED) == []


def test_everyone_passed_is_one_tap_but_asks_once_before_replacing_a_bid(
    live_server, page
):
    four_handed(page, live_server)
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("button", name="Everyone passed"))
    expect(page.locator("#saved")).to_contain_text(
        "Hand 1: everyone passed, no points."
    )
    expect(page.locator("#saved").get_by_role("button", name="Undo")).to_be_visible()
    thumb.hand("Bob", "7H")
    page.get_by_role("link", name="Edit hand 2").click()
    thumb.tap(page.get_by_text("Everyone passed", exact=True))
    expect(page.locator("details.ask")).to_contain_text("Hand 2: Bob 7♥ made")
    assert "/edit" in page.url  # nothing saved yet
    thumb.tap(page.get_by_role("button", name="Yes, everyone passed"))
    expect(page.locator("#saved")).to_contain_text("Hand 2 corrected: everyone passed")
    expect_totals(page, "0", "0")


def test_a_two_handed_hand_made_exactly_takes_three_taps(live_server, page):
    new_game(page, live_server, "two players", [], ["Ann", "Bob"])
    assert Thumb(page).hand("Bob", "7H") == 3  # bidder, contract, save
    expect_totals(page, "30", "200")


def test_a_three_handed_hand_made_exactly_takes_four_taps(live_server, page):
    new_game(page, live_server, "three players", [], ["Ann", "Bob", "Cat"])
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Cat")
    thumb.choice("Contract", "7H")  # Cat's tricks: 7
    thumb.choice("Ann", "2")  # Bob, the side left, takes the last 1
    expect(page.locator(".savebar output")).to_have_text(
        "Cat · 7♥ · Ann 2, Bob 1, Cat 7"
    )
    thumb.tap(page.get_by_role("button", name="Save hand"))
    assert thumb.taps == 4
    expect_totals(page, "20", "10", "200")


def test_a_tapped_trick_count_is_never_overwritten(live_server, page):
    new_game(page, live_server, "three players", [], ["Ann", "Bob", "Cat"])
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Ann")
    for name, taken in (("Cat", "2"), ("Ann", "7"), ("Bob", "3")):
        thumb.choice(name, taken)
    cat = page.locator("input[name='tricks_2'][value='2']")
    expect(cat).to_be_checked()  # today it became 0, and 7-3-0 was saved
    expect(page.locator(".savebar output")).to_contain_text("add up to 12, not 10")
    thumb.choice("Contract", "7H")
    expect(cat).to_be_checked()
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect(page.locator(".errors")).to_contain_text("add up to 10")
    expect_totals(page, "0", "0", "0")


def test_a_five_handed_hand_with_a_partner_made_exactly_takes_six_taps(
    live_server, page
):
    new_game(page, live_server, "five players", [], ["Ann", "Bob", "Cat", "Dan", "Eve"])
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Ann")
    thumb.choice("Contract", "8S")
    thumb.choice("Called partner", "Cat")  # the pair's tricks: one group, 8
    expect(page.locator("fieldset", has_text="Ann + Cat")).to_be_visible()
    thumb.choice("Bob", "1")
    thumb.choice("Dan", "1")  # Eve, the defender left, takes the last 0
    said = page.locator(".savebar output")
    expect(said).to_have_text("Ann + Cat · 8♠ · Ann + Cat 8, Bob 1, Dan 1, Eve 0")
    thumb.tap(page.get_by_role("button", name="Save hand"))
    assert thumb.taps == 6
    expect_totals(page, "120", "10", "120", "10", "0")


def test_a_new_game_reviews_the_rules_and_the_dealer_before_it_starts(
    live_server, page
):
    page.goto(live_server + "/new/2x2")
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    for index, name in enumerate(["Ann", "Cat", "Bob", "Dan"]):
        page.locator(f"input[name='players-{index}']").fill(name)
    page.get_by_role("button", name="Next: check the rules").click()
    rules = page.get_by_role("heading", name="Rules in force")
    assert_in_view(page, rules)  # at the top, not under the names form
    expect(page.locator("input[name='players-0']")).to_be_hidden()
    expect(page.get_by_text("Them: Bob, Dan")).to_be_visible()
    dealer = page.locator("fieldset", has_text="Who deals first?")
    start = page.get_by_role("button", name="Start the game")
    assert dealer.bounding_box()["y"] < start.bounding_box()["y"]
    assert_in_view(page, start)  # on the first screen, not under every rule
    expect(page.locator("#rules-in-short")).to_have_text("Australian rules")
    expect(page.get_by_text("Five players")).to_be_hidden()
    page.get_by_role("button", name="Change names or rules").click()
    expect(page.locator("input[name='players-2']")).to_have_value("Bob")
    page.get_by_role("button", name="Next: check the rules").click()
    dealer.locator("label.tap:has(input[value='Cat'])").click()
    start.click()
    expect(page.locator(".deal")).to_contain_text("Cat deals")


# Every word on a tile that the layout broke across lines ("6/N/T", "10/0"), read
# once the page has loaded (as SIDEWAYS is: a page a tap just opened may not yet
# have its style sheet).
BROKEN_WORDS = """async () => {
  if (document.readyState !== 'complete')
    await new Promise((done) => addEventListener('load', done, {once: true}));
  const broken = [];
  for (const tile of document.querySelectorAll('label.tap > span')) {
    const walk = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (node.parentElement.closest('.visually-hidden')) continue;
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
        const lines = new Set(tops);
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""

# Anything on the page that scrolls sideways (the page itself or a box in it),
# and any button whose words run out of it.
SIDEWAYS = """async () => {
  if (document.readyState !== 'complete')
    await new Promise((done) => addEventListener('load', done, {once: true}));
  return [document.documentElement, ...document.querySelectorAll('main *')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 && (e === document.documentElement
    || e.matches('button, input[type=submit], .button')
    || ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)))
  .map((e) => `${e.tagName.toLowerCase()}.${e.className}`
    + ` by ${e.scrollWidth - e.clientWidth}px`);
}"""


def test_at_200_percent_zoom_nothing_scrolls_sideways_and_no_tile_breaks_a_word(
    live_server, browser
):
    context = browser.new_context(viewport=ZOOMED, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        four_handed(page, live_server)
        Thumb(page).hand("Bob", "7H")
        four = page.url.split("#")[0]
        players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
        new_game(page, live_server, "five players", [], players)
        pair = {"Ann + Cat": 8, "Bob": 1, "Dan": 1}
        Thumb(page).hand_by_side("Ann", "8S", pair, partner="Cat")
        five = page.url.split("#")[0]
        paths = [
            "/",
            "/new/",
            "/new/2x2",
            "/history",
            "/stats",
            "/rules/",
            "/rules/new",
        ]
        for url in [four, four + "/hands/1/edit", four + "/undo", five]:
            paths.append(url)
        found = {}
        for path in paths:
            page.goto(path if path.startswith("http") else live_server + path)
            page.evaluate(
                "document.querySelectorAll('details').forEach((d) => d.open = true)"
            )
            found[path] = page.evaluate(SIDEWAYS) + page.evaluate(BROKEN_WORDS)
        page.goto(live_server + "/new/5x1")
        for index, name in enumerate(players):
            page.locator(f"input[name='players-{index}']").fill(name)
        page.get_by_role("button", name="Next: check the rules").click()
        found["review"] = page.evaluate(SIDEWAYS) + page.evaluate(BROKEN_WORDS)
        assert {path: bad for path, bad in found.items() if bad} == {}
    finally:
        context.close()
