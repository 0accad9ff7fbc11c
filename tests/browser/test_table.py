"""A real phone at the card table: Chromium at 390x844, tapping through games."""

from __future__ import annotations

import re

import pytest
from phone import assert_accessible, assert_fits, phone
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser
FOUR = ["Ann", "Cat", "Bob", "Dan"]


class Thumb:
    """Taps on the page and counts them."""

    def __init__(self, page: Page):
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        """Tap one thing."""
        target.click()
        self.taps += 1

    def choice(self, group: str, value: str) -> None:
        """Tap the option with this value in the named group of buttons."""
        fieldset = self.page.locator(
            "fieldset", has=self.page.locator("legend", has_text=group)
        )
        self.tap(fieldset.locator(f"label.tap:has(input[value='{value}'])").first)

    def hand(self, bidder: str, contract: str, tricks: int | None = None) -> int:
        """Record a hand by tapping; return how many taps it took."""
        before = self.taps
        self.choice("Who won the bidding?", bidder)
        self.choice("Contract", contract)
        if tricks is not None:
            self.choice("Tricks the bidders took", str(tricks))
        self.tap(self.page.get_by_role("button", name="Save hand"))
        return self.taps - before

    def hand_by_side(
        self, bidder: str, contract: str, tricks: dict[str, int], partner: str = ""
    ) -> None:
        """Record a hand at a table of lone players: tricks per player."""
        self.choice("Who won the bidding?", bidder)
        self.choice("Contract", contract)
        if partner:
            self.choice("Called partner", partner)
        for name, taken in tricks.items():
            self.choice(name, str(taken))
        self.tap(self.page.get_by_role("button", name="Save hand"))


def new_game(
    page: Page,
    base: str,
    shape: str,
    teams: list[str],
    players: list[str],
    rules: str = "Australian",
    dealer: str | None = None,
) -> None:
    """Start a game through the new-game pages."""
    page.goto(base + "/")
    page.get_by_role("link", name="New game").click()
    page.get_by_role("link", name=re.compile(shape, re.I)).click()
    for index, name in enumerate(teams):
        page.get_by_label("Team name").nth(index).fill(name)
    fields = page.locator("input[name^='players-']")
    for index, name in enumerate(players):
        fields.nth(index).fill(name)
    page.locator("label.tap", has_text=re.compile(f"^{rules}$")).click()
    page.get_by_role("button", name="Next: check the rules").click()
    expect(page.get_by_role("heading", name="Rules in force")).to_be_visible()
    if dealer:
        page.locator("fieldset", has_text="Who deals first?").locator(
            f"label.tap:has(input[value='{dealer}'])"
        ).click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".totals")).to_be_visible()


def four_handed(page: Page, base: str, rules: str = "Australian") -> None:
    """Start the usual table: Us (Ann, Cat) against Them (Bob, Dan), Ann dealing."""
    new_game(page, base, "four players", ["Us", "Them"], FOUR, rules=rules)


def expect_totals(page: Page, *scores: str) -> None:
    """Wait until the big totals show these scores."""
    expect(page.locator(".totals .score")).to_have_text(list(scores))


def test_a_four_handed_australian_game_from_first_hand_to_front_door(live_server, page):
    four_handed(page, live_server)
    expect(page.locator(".deal")).to_contain_text("Ann deals, Bob bids first")
    thumb = Thumb(page)

    assert thumb.hand("Bob", "7H") <= 4  # made exactly: the tricks follow the bid
    expect_totals(page, "30", "200")
    expect(page.locator(".deal")).to_contain_text("Bob deals, Cat bids first")
    assert thumb.hand("Ann", "8S", 7) == 4
    expect_totals(page, "\u2212210", "230")

    thumb.tap(page.get_by_role("link", name="Undo hand 2"))
    thumb.tap(page.get_by_role("button", name="Yes, undo hand 2"))
    expect_totals(page, "30", "200")

    page.get_by_role("link", name="Edit hand 1").click()
    thumb.choice("Tricks the bidders took", "5")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".saved")).to_contain_text("Hand 1 corrected")
    expect_totals(page, "50", "\u2212200")

    thumb.hand("Ann", "10NT")
    expect(page.locator(".banner.win")).to_contain_text("Us won out the front door")
    expect_totals(page, "570", "\u2212200")
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    page.get_by_role("button", name="Rematch").click()
    expect_totals(page, "0", "0")
    expect(page.locator(".deal")).to_contain_text("Bob deals")


def test_a_failed_ten_no_trumps_sends_a_side_out_the_back_door(live_server, page):
    four_handed(page, live_server)
    Thumb(page).hand("Bob", "10NT", 2)
    expect(page.locator(".banner.win")).to_contain_text("Them went out the back door")
    expect_totals(page, "80", "\u2212520")


def test_a_tasmanian_game_runs_to_a_thousand_without_negatives(live_server, page):
    four_handed(page, live_server, "Tasmanian")
    thumb = Thumb(page)
    thumb.hand("Bob", "10NT", 6)
    expect_totals(page, "520", "0")
    thumb.hand("Cat", "10NT")
    expect_totals(page, "1040", "0")
    expect(page.locator(".banner.win")).to_contain_text("Us won out the front door")


def test_a_five_handed_bidder_calls_a_partner_and_they_share_the_contract(
    live_server, page
):
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    new_game(page, live_server, "five players", [], players)
    tricks = {"Ann + Cat": 8, "Bob": 1, "Dan": 1, "Eve": 0}  # the pair taps once
    Thumb(page).hand_by_side("Ann", "8S", tricks, partner="Cat")
    expect_totals(page, "120", "10", "120", "10", "0")


def test_everyone_passing_is_one_tap_and_moves_the_deal(live_server, page):
    four_handed(page, live_server)
    page.get_by_role("button", name="Everyone passed").click()
    expect(page.locator(".deal")).to_contain_text("Hand 2: Bob deals")
    expect_totals(page, "0", "0")


def test_a_hand_without_a_contract_says_what_is_missing(live_server, page):
    four_handed(page, live_server)
    thumb = Thumb(page)
    thumb.choice("Who won the bidding?", "Ann")
    thumb.tap(page.get_by_role("button", name="Save hand"))
    expect(page.locator(".errors")).to_contain_text("contract")
    expect_totals(page, "0", "0")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_is_accessible_and_fits_a_small_phone(
    live_server, browser, request, scheme
):
    for page in phone(browser, request, scheme):
        four_handed(page, live_server)
        Thumb(page).hand("Bob", "7H")
        scoreboard = page.url
        new_game(page, live_server, "five players", [], ["An", "Bo", "Cy", "Di", "Ed"])
        thumb = Thumb(page)
        thumb.hand_by_side(
            "Bo", "misere", {"An": 3, "Bo": 0, "Cy": 3, "Di": 2, "Ed": 2}
        )
        five = page.url
        thumb.hand_by_side("Cy", "10NT", {"An": 3, "Bo": 3, "Cy": 0, "Di": 2, "Ed": 2})
        expect(page.locator(".banner.win")).to_be_visible()
        paths = [
            five,
            "/",
            "/new/",
            "/new/2x2",
            "/new/5x1",
            scoreboard,
            scoreboard + "/hands/1/edit",
            scoreboard + "/undo",
            "/rules/",
            "/rules/new",
            "/history",
            "/stats",
        ]
        for path in paths:
            page.goto(path if path.startswith("http") else live_server + path)
            assert_accessible(page)
            assert_fits(page)
        page.goto(scoreboard)


def test_a_hand_can_be_recorded_with_javascript_off(live_server, browser, request):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    try:
        four_handed(page, live_server)
        taps = Thumb(page).hand("Bob", "7H", 7)
        assert taps == 4
        expect_totals(page, "30", "200")
        page.get_by_role("link", name="Undo hand 1").click()
        page.get_by_role("button", name="Yes, undo hand 1").click()
        expect_totals(page, "0", "0")
    finally:
        context.close()


TAPPABLE = """() => [...document.querySelectorAll(
  'main a, header a, button, input[type=submit], label.tap, label.check, summary')]
  .filter((e) => !e.closest('p, li:not(ul.cards li), dd, td.text'))
  .map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
  .filter(([, r]) => r.width && (r.height < 44 || r.width < 44))
  .map(([text, r]) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_every_tap_target_is_at_least_44_pixels(live_server, page):
    four_handed(page, live_server)
    Thumb(page).hand("Bob", "7H")
    scoreboard = page.url
    for path in [
        live_server + "/",
        live_server + "/new/2x2",
        scoreboard,
        live_server + "/rules/new",
        live_server + "/history",
        live_server + "/stats",
    ]:
        page.goto(path)
        assert page.evaluate(TAPPABLE) == [], path
