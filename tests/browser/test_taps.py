"""Taps and scrolls per hand at 390x844 (issue 22, items 5 and 6).

A hand is entered as a player would: each tap lands on what the screen shows.
The thumb counts its taps, and a scroll whenever what it must tap next is not
whole on the screen, or is under something else (the sticky Save bar).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from test_table import Thumb, expect_totals, four_handed, new_game

pytestmark = pytest.mark.browser

# Whether a thing is whole on the screen and the top thing at its middle and
# corners, as a tap there would find it.
TAPPABLE = """(e) => {
  const r = e.getBoundingClientRect();
  const outside = r.top < 0 || r.left < 0 || r.bottom > innerHeight
    || r.right > innerWidth;
  if (outside) return false;
  const points = [[0.5, 0.5], [0.15, 0.15], [0.85, 0.85]]
    .map(([x, y]) => [r.left + x * r.width, r.top + y * r.height]);
  return points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (e.contains(hit) || hit.contains(e) || e.control === hit
      || (e.closest('label') !== null && e.closest('label').contains(hit)));
  });
}"""


NAME = "(e) => e.value || e.textContent.trim()"


class CountingThumb(Thumb):
    """A thumb that also counts the scrolls a tap needed first."""

    def __init__(self, page: Page):
        super().__init__(page)
        self.scrolls = 0
        self.hidden: list[str] = []

    def tap(self, target: Locator) -> None:
        """Scroll if the target is not in plain view, then tap it."""
        target.wait_for()
        if not target.evaluate(TAPPABLE):
            self.scrolls += 1
            self.hidden.append(target.evaluate(NAME))
        super().tap(target)

    def count(self) -> tuple[int, int]:
        """Return the taps and scrolls so far, and start again from nothing."""
        said = (self.taps, self.scrolls)
        self.taps = self.scrolls = 0
        return said


def test_a_four_handed_made_failed_and_passed_hand_need_no_scroll(live_server, page):
    four_handed(page, live_server)
    thumb = CountingThumb(page)
    taps = []
    thumb.hand("Bob", "7H")  # the first hand, from the top of the page
    expect_totals(page, "30", "200")
    taps.append(thumb.count())
    thumb.hand("Ann", "9S")  # a contract of nine: the grid's fourth row
    expect_totals(page, "370", "210")  # Us 30 + 340, Them 200 + 1 trick
    taps.append(thumb.count())
    page.goto(page.url.split("#")[0])  # as a watcher's phone, or a reload
    thumb.hand("Dan", "10H", tricks=8)  # the last row, and the tricks
    expect_totals(page, "390", "\u2212290")
    taps.append(thumb.count())
    thumb.tap(page.get_by_role("button", name="Everyone passed"))
    expect(page.locator("#saved")).to_contain_text("everyone passed")
    taps.append(thumb.count())
    assert taps == [(3, 0), (3, 0), (4, 0), (1, 0)], thumb.hidden


# Every thing a thumb can tap, scrolled into view as the browser brings it
# (just far enough): the list of those that something else covers even in
# part, the sticky Save bar above all. A tap on it would land elsewhere.
COVERED = """() => {
  const sel = 'main a, main button, main input[type=submit], main summary, '
    + 'main label.tap, main label.check';
  const covered = [];
  for (const e of document.querySelectorAll(sel)) {
    if (e.closest('[hidden], details:not([open]) > :not(summary), .visually-hidden'))
      continue;
    if (e.getClientRects().length === 0) continue;
    e.scrollIntoView({block: 'nearest'});
    const r = e.getBoundingClientRect();
    // The middle and near two corners (a rounded corner is not the tile's).
    const points = [[0.5, 0.5], [0.15, 0.15], [0.85, 0.85]]
      .map(([x, y]) => [r.left + x * r.width, r.top + y * r.height]);
    const clear = points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (e.contains(hit) || e.control === hit);
    });
    if (!clear) covered.push(e.value || e.textContent.trim().slice(0, 20));
  }
  return covered;
}"""


# As the page rests, before any scroll: the tiles the sticky bar lies over.
UNDER_BAR = """() => {
  const bar = document.querySelector('form.hand-form .savebar').getBoundingClientRect();
  return [...document.querySelectorAll('main a, main summary, main label.tap')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.height > 0 && r.bottom > bar.top && r.top < bar.bottom;
    })
    .map((e) => e.textContent.trim().slice(0, 20));
}"""


def test_nothing_tappable_is_ever_under_the_save_bar(live_server, page):
    four_handed(page, live_server)
    found = {"four, hand 1": page.evaluate(COVERED)}
    found["four, hand 1, at rest"] = page.evaluate(UNDER_BAR)
    Thumb(page).hand("Bob", "7H")
    expect_totals(page, "30", "200")
    found["four, hand 2, at rest"] = page.evaluate(UNDER_BAR)
    found["four, hand 2"] = page.evaluate(COVERED)
    new_game(page, live_server, "three players", [], ["Ann", "Bob", "Cat"])
    found["three"] = page.evaluate(COVERED)
    new_game(page, live_server, "five players", [], ["Ann", "Bob", "Cat", "Dan", "Eve"])
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Ann")
    thumb.choice("Contract", "8S")
    thumb.choice("Called partner", "Cat")  # a longer line in the bar
    found["five"] = page.evaluate(COVERED)
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_three_handed_a_made_hand_takes_four_taps_a_made_misere_or_slam_three(
    live_server, page
):
    new_game(page, live_server, "three players", [], ["Ann", "Bob", "Cat"])
    thumb = CountingThumb(page)
    thumb.choice("Who won the bidding?", "Cat")
    thumb.choice("Contract", "7H")
    thumb.choice("Ann", "2")  # Bob takes the last 1
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect_totals(page, "20", "10", "200")
    made = thumb.count()
    thumb.choice("Who won the bidding?", "Ann")
    thumb.choice("Contract", "misere")  # no trick for Ann; Bob's and Cat's split
    said = page.locator(".savebar output")
    expect(said).to_have_text("Ann · Misère · Ann 0, Bob 5, Cat 5")
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect_totals(page, "270", "10", "200")
    misere = thumb.count()
    thumb.choice("Who won the bidding?", "Bob")
    thumb.choice("Contract", "10H")  # a slam: nothing left for Ann or Cat
    expect(said).to_have_text("Bob · 10♥ · Ann 0, Bob 10, Cat 0")
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect_totals(page, "270", "510", "200")
    slam = thumb.count()
    assert (made[0], misere[0], slam[0]) == (4, 3, 3)


def test_five_handed_a_hand_with_a_called_partner_takes_six_taps(live_server, page):
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    new_game(page, live_server, "five players", [], players)
    rows = {}
    for group in ("Who won the bidding?", "Called partner"):
        tiles = page.locator("fieldset", has_text=group).locator("label.tap")
        tops = tiles.evaluate_all(
            "(ts) => ts.map((t) => t.getBoundingClientRect().top)"
        )
        rows[group] = len(set(tops))
    assert rows == {"Who won the bidding?": 1, "Called partner": 1}  # five, six
    thumb = CountingThumb(page)
    thumb.hand_by_side("Ann", "8S", {"Bob": 1, "Dan": 1}, partner="Cat")
    expect_totals(page, "120", "10", "120", "10", "0")
    assert thumb.count()[0] == 6
