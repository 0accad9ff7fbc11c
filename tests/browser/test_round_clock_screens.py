"""The round clock in real Chromium (issue 31): the big screen and a table's
scoreboard count down by themselves from the server's seconds left, and at
zero both say the last-hand line; no game ends by itself."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from api_helpers import TEST_DATABASE_URL, call, post, reset_database
from phone import assert_accessible
from playwright.sync_api import Browser, expect
from server import Server

pytestmark = pytest.mark.browser
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
LAST = "Time: finish the hand being played, start no new hand."
LEFT = 12  # seconds on the clock when the pages open: a short round


@pytest.fixture
def server() -> Iterator[Server]:
    """Serve the app on a fresh database the test can reach."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL)
    running.start()
    yield running
    running.stop()
    shutil.rmtree(running.instance, ignore_errors=True)


def nearly_over(server: Server, night_id: str, minutes: int, left: int) -> None:
    """Say round 1 was seated long enough ago that `left` seconds remain."""
    seated = datetime.now(UTC).replace(tzinfo=None) - timedelta(
        minutes=minutes, seconds=-left
    )
    engine = sa.create_engine(server.database_url)
    with engine.begin() as db:
        db.execute(
            sa.text("UPDATE night_round SET started = :at WHERE night_id = :night"),
            {"at": seated, "night": night_id},
        )
        db.execute(
            sa.text("UPDATE night SET version = version + 1 WHERE id = :night"),
            {"night": night_id},
        )
    engine.dispose()


def test_the_big_screen_and_a_tables_phone_count_down_to_the_last_hand(
    server: Server, browser: Browser
):
    made = post(
        f"{server.url}/api/nights",
        {"name": "Timed", "players": EIGHT, "round_hands": 4, "round_minutes": 5},
    )
    nearly_over(server, made["id"], 5, LEFT)
    game = made["rounds"][0]["tables"][0]["game"]

    big = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    # A table's phone whose own clock is an hour and a half fast.
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    phone.add_init_script(
        "{ const real = Date.now; Date.now = () => real() + 5400000; }"
    )
    table = phone.new_page()
    for page in (big, table):
        page.set_default_timeout(10_000)
    big.goto(f"{server.url}/nights/{made['id']}/screen")
    table.goto(f"{server.url}/games/{game}")
    big.evaluate("window.marker = 1")

    counting = re.compile(r"^0:(0\d|1[0-2])$")
    for page in (big, table):
        left = page.locator(".round-clock .clock-left")
        expect(left).to_have_text(counting)
        expect(page.get_by_text(LAST)).to_be_hidden()
        first = left.text_content()
        expect(left).not_to_have_text(first or "")  # it moved by itself
    # Large on the big screen: read across the hall.
    size = big.locator(".round-clock .clock-left").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 60

    for page in (big, table):
        expect(page.get_by_text(LAST)).to_be_visible(timeout=LEFT * 1000 + 10_000)
        expect(page.locator(".round-clock .clock-left")).to_have_text("0:00")
        assert_accessible(page)
    assert big.evaluate("window.marker") == 1  # no reload
    # The clock never ends a game: both tables still play.
    _, night, _ = call(f"{server.url}/api/nights/{made['id']}")
    tables = night["rounds"][0]["tables"]
    assert {t["status"] for t in tables} == {"in_progress"}
    big.context.close()
    phone.close()
