"""A new club, from the service's front page to its first hand saved, by a new
person on a phone (CLUBS.md, "Targets": under 25 taps, typing aside): each
tap lands on what the screen shows, a tap into a field counted as one."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from api_helpers import TEST_DATABASE_URL, reset_database
from playwright.sync_api import Locator, Page, expect
from server import run_server
from test_table import FOUR, Thumb, expect_totals

pytestmark = pytest.mark.browser


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Serve many clubs, anyone may start one; yield the URL."""
    monkeypatch.setenv("CLUBS", "many")
    monkeypatch.setenv("CLUBS_SIGNUP", "open")
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    with run_server(TEST_DATABASE_URL) as url:
        yield url


class Typist(Thumb):
    """A thumb that taps into a field before typing in it."""

    def type(self, field: Locator, text: str) -> None:
        """Tap a field, then type (typing is not counted)."""
        self.tap(field)
        field.fill(text)


def test_a_new_club_to_its_first_hand_takes_under_25_taps(
    service: str, page: Page
) -> None:
    began = time.monotonic()
    thumb = Typist(page)
    page.goto(service + "/")
    thumb.tap(page.get_by_role("link", name="Start a club").last)
    thumb.type(page.get_by_label("The club's name"), "Les As de Montréal")
    thumb.type(page.get_by_label("Your email address"), "ann@example.org")
    thumb.type(page.get_by_label("Your name"), "Ann")
    thumb.type(page.get_by_label("A password for you"), "a long password")
    thumb.tap(page.get_by_role("button", name="Start the club"))
    expect(page.locator(".flash")).to_contain_text("Start its first game")
    assert page.url == service + "/c/les-as-de-montreal/"
    thumb.tap(page.get_by_role("link", name="New game"))
    thumb.tap(page.get_by_role("link", name=re.compile("four players", re.I)))
    for index, name in enumerate(["Us", "Them"]):
        thumb.type(page.get_by_label("Team name").nth(index), name)
    fields = page.locator("input[name^='players-']")
    for index, name in enumerate(FOUR):
        thumb.type(fields.nth(index), name)
    thumb.tap(page.locator("label.tap", has_text=re.compile("^Australian$")))
    thumb.tap(page.get_by_role("button", name="Next: check the rules"))
    thumb.tap(page.get_by_role("button", name="Start the game"))
    thumb.hand("Bob", "7H")
    expect_totals(page, "30", "200")
    seconds = time.monotonic() - began
    print(f"{thumb.taps} taps, {seconds:.1f} s from / to the first hand saved")
    assert thumb.taps < 25
