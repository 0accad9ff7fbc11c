"""The page check (issue 42) over the service's own pages on a many-clubs server
(issue 43.5): the front page, starting a club, a club's settings, on a 390 px
phone and at 200 % zoom, in English and in French, with long accented names.

A server of its own (CLUBS=many): its clubs started through the API by code,
its founder's pages opened by the phone that started its club on the page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import pytest
from api_helpers import TEST_DATABASE_URL, post, reset_database
from page_check import PHONES, VIEWS, faults, new_view
from page_data import LONG
from playwright.sync_api import Browser, BrowserContext
from server import run_server

pytestmark = pytest.mark.browser

CODE = "page-check-code"
NAMES = [
    f"Club de cinq-cents {LONG}",
    "Association régionale des joueurs de Five Hundred de l’Estrie",
    "Les As",
]
OWNER = {"name": LONG, "password": "a long password"}
# Each page: its path, and whether the founder (signed in) opens it.
PAGES = {
    "front page": ("/", False),
    "front page, found": ("/?q=club", False),
    "front page, the founder's": ("/", True),
    "start a club": ("/clubs/new", False),
    "a club's settings": ("/c/{club}/settings", True),
    "a club's home, welcomed": ("/c/{club}/welcome", True),
}
# The view whose phone starts the club a view's founder opens (in its language:
# a club speaks its founder's to visitors who chose none), and the club.
FOUNDER = {"390 px": "390 px", "200 %": "390 px", "390 px fr": "390 px fr"}
FOUNDER["200 % fr"] = "390 px fr"
CLUB = {view: "founded-fr" if view.endswith("fr") else "founded" for view in VIEWS}


class Service(NamedTuple):
    """The served app and a browser context a view and person."""

    base: str
    views: dict[str, BrowserContext]


@pytest.fixture(scope="module")
def service(browser: Browser) -> Iterator[Service]:
    """Serve many clubs, a few with long names; a context a view, made once."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CLUBS", "many")
        patch.setenv("CLUBS_SIGNUP", "code")
        patch.setenv("CLUBS_SIGNUP_CODE", CODE)
        if TEST_DATABASE_URL:
            reset_database(TEST_DATABASE_URL)
        with run_server(TEST_DATABASE_URL) as base:
            for number, name in enumerate(NAMES):
                owner = {**OWNER, "email": f"owner{number}@example.org"}
                post(f"{base}/api/clubs", {"name": name, "owner": owner, "code": CODE})
            views: dict[str, BrowserContext] = {}
            try:
                yield Service(base, views)
            finally:
                for context in views.values():
                    context.close()


def founded(service: Service, context: BrowserContext, view: str) -> None:
    """Start the club `founded` on the page, as its founder, in this context."""
    page = context.pages[0]
    page.goto(service.base + "/clubs/new")
    page.fill("input[name=name]", f"{NAMES[0]} {view}"[:80])
    page.fill("input[name=slug]", CLUB[view])
    page.fill("input[name=email]", f"founder-{view.replace(' ', '')}@example.org")
    page.fill("input[name=owner]", LONG)
    page.fill("input[name=password]", OWNER["password"])
    page.fill("input[name=code]", CODE)
    page.click("button[name=start], input[name=start]")
    page.wait_for_load_state()


def opened(
    service: Service, browser: Browser, view: str, founder: bool
) -> BrowserContext:
    """Return the view's context, a visitor's or the founder's, made once."""
    key = f"{view} {'founder' if founder else 'visitor'}"
    if key not in service.views:
        context = new_view(browser, view)
        context.new_page()
        if founder and FOUNDER[view] == view:
            founded(service, context, view)
        elif founder:  # signed in as the founder of its language's club
            opened(service, browser, FOUNDER[view], True)
            context.add_cookies(service.views[f"{FOUNDER[view]} founder"].cookies())
        service.views[key] = context
    return service.views[key]


CASES = [(name, view) for name in PAGES for view in PHONES]


@pytest.mark.parametrize(("name", "view"), CASES, ids=[f"{n} @ {v}" for n, v in CASES])
def test_the_service_page_fits_keeps_its_words_whole_and_draws_no_text_over_text(
    service: Service, browser: Browser, name: str, view: str
) -> None:
    path, founder = PAGES[name]
    page = opened(service, browser, view, founder).pages[0]
    response = page.goto(service.base + path.format(club=CLUB[view]))
    assert response is not None and response.status == 200
    if view.endswith("fr"):
        assert page.locator("html").get_attribute("lang") == "fr"
    assert faults(page) == []
