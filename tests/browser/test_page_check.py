"""One page check over the whole app (issue 42): every page a person can reach,
with long accented names, −1 000 and a night of 30 tables, on a 390 px phone and
at 200 % zoom (195 CSS px, each drawn twice), in English and in French; the big
screen at 1280x720 and 1920x1080. A page fails on scrolling sideways, a word of
up to 14 characters broken across lines, text over text or out of its button
(tests/browser/page_check.py). A page the check does not open fails it too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import pytest
from api_helpers import CLUB_PASSWORD, TEST_DATABASE_URL, reset_database
from flask import Flask
from page_check import VIEWS, faults, new_view
from page_data import PAGES, Shown, grant, paths
from playwright.sync_api import Browser, BrowserContext
from server import run_server
from werkzeug.exceptions import NotFound

pytestmark = pytest.mark.browser


class Club(NamedTuple):
    """The served app, its pages by name, and a phone or screen per view."""

    base: str
    shown: dict[str, Shown]
    views: dict[str, BrowserContext]


SCREENS = ["1280x720", "1920x1080", "1280x720 fr", "1920x1080 fr"]
ZOOMS = ["200 %", "200 % fr"]

# Pages another branch lays out anew (static/nights.css, static/printing.css: the
# big screen, tally and table cards, the schedule, the night's and the ladder's
# tables of figures): each case failing today, skipped until that branch is in.
AWAITING_NIGHTS_LAYOUT: set[tuple[str, str]] = set()

# GET routes the check does not open, each with its reason.
NOT_PAGES = {
    "static": "files, not pages",
    "pwa.service_worker": "a script, not a page",
    "pwa.manifest": "JSON for the phone, not a page",
    "share.game_json": "a download",
    "share.hands_csv": "a download",
    "history.games_csv": "a download",
    "seasons.standings_csv": "a download",
    "nights.results": "a download",
}


@pytest.fixture(scope="module")
def club(browser: Browser) -> Iterator[Club]:
    """Serve the app with its hard data, set up once; a browser context a view."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CLUB_PASSWORD", CLUB_PASSWORD)
        if TEST_DATABASE_URL:
            reset_database(TEST_DATABASE_URL)
        with run_server(TEST_DATABASE_URL) as base:
            setting_up = browser.new_context()
            shown = paths(base, setting_up.new_page())
            setting_up.close()
            views: dict[str, BrowserContext] = {}
            try:
                yield Club(base, shown, views)
            finally:
                for context in views.values():
                    context.close()


def opened(club: Club, browser: Browser, view: str, writer: bool) -> BrowserContext:
    """Return the view's context, a reader's or the writer's, made once."""
    key = f"{view} {'writer' if writer else 'reader'}"
    if key not in club.views:
        context = new_view(browser, view)
        context.new_page()
        if writer:
            grant(club.base, context.pages[0], club.shown)
        club.views[key] = context
    return club.views[key]


CASES = [
    (name, view)
    for name in PAGES
    for view in VIEWS
    if (view in SCREENS) == name.startswith("big screen")
]


@pytest.mark.parametrize(("name", "view"), CASES, ids=[f"{n} @ {v}" for n, v in CASES])
def test_the_page_fits_keeps_its_words_whole_and_draws_no_text_over_text(
    club: Club, browser: Browser, name: str, view: str
):
    if (name, view) in AWAITING_NIGHTS_LAYOUT:
        pytest.skip("awaiting the nights' layout branch (static/nights.css)")
    shown = club.shown[name]
    page = opened(club, browser, view, shown.writer).pages[0]
    response = page.goto(club.base + shown.path)
    assert response is not None and response.status == shown.status
    assert faults(page) == []


def test_every_page_of_the_app_is_checked(app: Flask, club: Club):
    assert sorted(club.shown) == sorted(PAGES)
    routes = app.url_map.bind("localhost")
    checked = set()
    for shown in club.shown.values():
        try:
            checked.add(routes.match(shown.path.split("?")[0], method="GET")[0])
        except NotFound:
            pass  # an address of no page: the 404 page
    unchecked = {
        rule.endpoint: rule.rule
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ())
        and not rule.rule.startswith("/api/")
        and rule.endpoint not in checked | set(NOT_PAGES)
    }
    assert unchecked == {}, "pages the check does not open: add them to page_data"
