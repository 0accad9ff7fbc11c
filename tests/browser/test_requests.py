"""A saved hand costs two requests once the phone has the static files."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator

import pytest
from api_helpers import FRIDAY, TEST_DATABASE_URL, post, reset_database
from playwright.sync_api import Page, expect
from server import Server

pytestmark = pytest.mark.browser
# What the development server logs for each request it answers (in colour).
REQUEST = re.compile(r'"(GET|POST|HEAD) (\S+) HTTP/[\d.]+" (\d+)')
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def server() -> Iterator[Server]:
    """Serve the app on a fresh database; the test reads what it logs."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL)
    running.start()
    yield running
    running.stop()
    shutil.rmtree(running.instance, ignore_errors=True)


def requests(server: Server) -> list[tuple[str, str, str]]:
    """Return every request the server has answered: method, path, status."""
    return REQUEST.findall(COLOUR.sub("", server.output()))


def test_a_saved_hand_is_the_post_and_its_redirect_and_nothing_else(
    server: Server, page: Page
):
    game = post(f"{server.url}/api/games", FRIDAY)
    board = f"/games/{game['id']}"
    page.goto(server.url + game["links"]["play"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the worker, with the shell kept
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.wait_for_load_state("networkidle")
    before = len(requests(server))

    page.get_by_role("button", name="Everyone passed").click()
    expect(page.locator(".hands tbody tr")).to_have_count(1)
    page.wait_for_load_state("networkidle")

    sent = [(method, path) for method, path, _ in requests(server)[before:]]
    assert sent == [("POST", f"{board}/hands"), ("GET", board)]
