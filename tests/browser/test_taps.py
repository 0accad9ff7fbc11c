"""Taps and scrolls per hand at 390x844 (issue 22, items 5 and 6).

A hand is entered as a player would: each tap lands on what the screen shows.
The thumb counts its taps, and a scroll whenever what it must tap next is not
whole on the screen, or is under something else (the sticky Save bar).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from test_table import Thumb, expect_totals, new_game

pytestmark = pytest.mark.browser

# Whether a thing is whole on the screen and the top thing at its middle and
# corners, as a tap there would find it.
TAPPABLE = """(e) => {
  const r = e.getBoundingClientRect();
  const outside = r.top < 0 || r.left < 0 || r.bottom > innerHeight
    || r.right > innerWidth;
  if (outside) return false;
  const points = [[r.left + r.width / 2, r.top + r.height / 2],
                  [r.left + 2, r.top + 2], [r.right - 2, r.bottom - 2]];
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
    thumb = CountingThumb(page)
    thumb.hand_by_side("Ann", "8S", {"Bob": 1, "Dan": 1}, partner="Cat")
    expect_totals(page, "120", "10", "120", "10", "0")
    assert thumb.count()[0] == 6
