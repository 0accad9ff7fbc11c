"""French in real Chromium: a phone set to fr-CA gets French pages that pass axe and
fit the phone (French runs longer than English); the switch takes it back."""

from __future__ import annotations

import pytest
from api_helpers import post
from phone import assert_accessible, assert_fits, worker_speaks
from playwright.sync_api import Page, expect
from test_offline_table import kept_copy_shows

pytestmark = pytest.mark.browser
# The active worker, and whether another is on its way in.
WORKER = """() => navigator.serviceWorker.ready.then((registration) => ({
  url: registration.active?.scriptURL,
  changing: Boolean(registration.installing || registration.waiting),
}))"""
NINE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def test_the_french_pages_fit_a_phone_and_pass_axe(live_server, french: Page):
    body = {"name": "Mardi au club", "movement": "progressive", "round_hands": 2}
    made = post(f"{live_server}/api/nights", {**body, "players": NINE})
    french.goto(live_server)
    lang = french.locator("html").get_attribute("lang")
    assert lang == "fr", "no French catalogue compiled: run make (it compiles them)"
    expect(french.get_by_role("heading", name="Le 500")).to_be_visible()
    for path in ("/", "/nights", "/nights/new", made["links"]["view"]):
        french.goto(f"{live_server}{path}")
        assert_accessible(french)
        assert_fits(french)
    expect(french.get_by_text("Au repos\u00a0: Ivy")).to_be_visible()
    french.goto(f"{live_server}/nights/{made['id']}/players/Ann")
    assert_accessible(french)
    assert_fits(french)


def test_the_switch_takes_a_french_phone_to_english_and_back(live_server, french: Page):
    french.goto(live_server)
    french.get_by_role("button", name="English").click()
    expect(french.get_by_role("heading", name="Five Hundred")).to_be_visible()
    expect(
        french.get_by_text("This phone now shows the app in English.")
    ).to_be_visible()
    assert french.locator("html").get_attribute("lang") == "en"
    french.goto(f"{live_server}/nights")  # remembered by the phone
    expect(french.get_by_role("heading", name="Club nights")).to_be_visible()
    french.goto(live_server)
    french.get_by_role("button", name="Français").click()
    expect(french.get_by_role("heading", name="Le 500")).to_be_visible()


def test_the_switch_keeps_the_worker_and_its_offline_page_follows(
    live_server, french: Page
):
    # One worker whatever the language: a switch never installs another (a page
    # loaded while two workers changed over could hang), yet its "No connection"
    # page speaks the language of the page opened last.
    french.goto(live_server)
    worker_speaks(french)
    first = french.evaluate(WORKER)
    assert first["url"] == f"{live_server}/sw.js" and not first["changing"]
    for button, lang, title in (
        ("English", "en", "No connection"),
        ("Français", "fr", "Pas de connexion"),
    ):
        french.get_by_role("button", name=button).click()
        assert french.locator("html").get_attribute("lang") == lang
        worker_speaks(french)
        assert french.evaluate(WORKER) == first
        french.context.set_offline(True)
        try:
            answer = french.goto(f"{live_server}/nights")
            assert answer is not None and answer.status == 503
            expect(french.get_by_role("heading", name=title)).to_be_visible()
            assert french.locator("html").get_attribute("lang") == lang
        finally:
            french.context.set_offline(False)
        french.goto(live_server)


def test_the_copy_kept_offline_leaves_out_the_line_said_once(live_server, french: Page):
    french.goto(live_server)
    french.wait_for_function("() => navigator.serviceWorker.controller !== null")
    french.get_by_role("button", name="English").click()
    said = "This phone now shows the app in English."
    expect(french.get_by_text(said)).to_be_visible()
    kept_copy_shows(french, '<html lang="en">')  # the home page, as just shown
    kept = french.evaluate("caches.match('/').then((copy) => copy.text())")
    assert "<h1>Five Hundred" in kept and said not in kept
