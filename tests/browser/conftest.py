"""Browser fixtures: Debian's Chromium at phone size, light and dark."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from api_helpers import CLUB_PASSWORD, TEST_DATABASE_URL, reset_database
from phone import ZOOMED, french_phone, phone
from playwright.sync_api import Browser, Page, sync_playwright
from server import run_server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Start Debian's Chromium once for the browser tests."""
    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's Chromium is missing: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone at 390x844 in light mode."""
    yield from phone(browser, request, "light")


@pytest.fixture
def french(browser: Browser) -> Iterator[Page]:
    """A phone at 390x844 whose language is Québec French."""
    yield from french_phone(browser)


@pytest.fixture
def french_zoomed(browser: Browser) -> Iterator[Page]:
    """The same phone at 200 % zoom: 195 CSS px wide, each pixel drawn twice."""
    yield from french_phone(browser, ZOOMED, 2)


@pytest.fixture
def club_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Serve the app with a club password, on a fresh database; yield its URL."""
    monkeypatch.setenv("CLUB_PASSWORD", CLUB_PASSWORD)
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    with run_server(TEST_DATABASE_URL) as url:
        yield url
