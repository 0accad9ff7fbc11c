"""Helpers for the browser tests: a phone-sized page, axe and overflow checks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
PHONE = {"width": 390, "height": 844}
# Chrome's page zoom at 200% lays a 390 px phone out 195 CSS px wide with every
# CSS pixel drawn twice: that is the honest emulation here, as the stylesheet
# sets its text in px, which a root font-size of 200% would leave as it is.
ZOOMED = {"width": 195, "height": 422}


def phone(
    browser: Browser, request: pytest.FixtureRequest, scheme: str
) -> Iterator[Page]:
    """Open a phone-sized page; save a screenshot of how the test left it."""
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    SHOTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=True)
    context.close()


def french_phone(
    browser: Browser, viewport: dict[str, int] = PHONE, scale: int = 1
) -> Iterator[Page]:
    """Open a page on a phone whose language is Québec French (fr-CA)."""
    context = browser.new_context(
        viewport=viewport,  # type: ignore[arg-type]
        device_scale_factor=scale,
        locale="fr-CA",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


AXE = Axe()


def assert_accessible(page: Page) -> None:
    """Fail with axe-core's report if the page has any accessibility violation."""
    results = AXE.run(page)
    assert results.violations_count == 0, results.generate_report()


def assert_fits(page: Page, width: int = 360) -> None:
    """Fail if the page scrolls sideways at this width."""
    page.set_viewport_size({"width": width, "height": 800})
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    page.set_viewport_size(PHONE)
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px at {width}px"


# The words the service worker keeps for its "No connection" page (static/sw.js):
# true once they are the words of a page in this language.
WORKER_SPEAKS = """(lang) => caches.open("scorekeeper-words")
  .then((cache) => cache.match("/offline-words"))
  .then((kept) => (kept ? kept.json() : {}))
  .then((words) => words.lang === lang)"""


def worker_speaks(page: Page) -> None:
    """Wait until the service worker speaks the page's language (pwa.js sent it
    the page's words), so its "No connection" page does too."""
    lang = page.locator("html").get_attribute("lang")
    page.wait_for_function(WORKER_SPEAKS, arg=lang)
