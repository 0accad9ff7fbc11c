"""The round clock in real Chromium (issue 31): the big screen and a table's
scoreboard count down by themselves from the server's seconds left, and at
zero both say the last-hand line; no game ends by itself."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from api_helpers import TEST_DATABASE_URL, call, post, reset_database
from line import Line
from phone import assert_accessible
from playwright.sync_api import Browser, Page, expect
from server import Server
from test_queue import signal

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


def timed_night(base: str) -> dict[str, Any]:
    """Make an eight-player night of one-hand rounds with a 5-minute clock."""
    body = {"name": "Timed", "players": EIGHT, "round_hands": 1, "round_minutes": 5}
    return post(f"{base}/api/nights", body)  # type: ignore[no-any-return]


def end_table(base: str, night: dict[str, Any], table: int) -> None:
    """Play the one hand of the latest round's table `table` (its game ends)."""
    played = night["rounds"][-1]["tables"][table - 1]
    hand = {"bidder": played["sides"][0]["players"][0], "contract": "7H", "tricks": 7}
    post(f"{base}/api/games/{played['game']}/hands", hand, night["director_token"])


def start_round(base: str, night: dict[str, Any]) -> dict[str, Any]:
    """Start the night's next round as its director; return the night."""
    path = f"{base}/api/nights/{night['id']}/rounds"
    return {**night, **post(path, {}, night["director_token"])}


def no_clock_shown(page: Page) -> None:
    """Let the page's clock ask the server (a phone woken), then see none shown."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(1_500)  # its answer, and a few ticks of its count
    expect(page.locator(".round-clock:visible")).to_have_count(0)
    expect(page.get_by_role("timer")).to_have_count(0)


def test_an_ended_tables_phone_shows_no_clock_of_its_round_or_the_next(
    live_server, page: Page
):
    night = timed_night(live_server)
    page.goto(f"{live_server}/games/{night['rounds'][0]['tables'][0]['game']}")
    clock = page.locator(".round-clock")
    expect(clock).to_contain_text("Round 1: time left")
    expect(clock.locator(".clock-left")).to_have_text(re.compile(r"^[45]:\d\d$"))
    page.evaluate("window.marker = 1")

    end_table(live_server, night, 1)  # round 1 goes on at table 2: not here
    expect(page.locator(".after")).to_contain_text("Round 1 is over at this table.")
    no_clock_shown(page)
    end_table(live_server, night, 2)
    start_round(live_server, night)  # round 2's clock runs: not this table's
    onward = page.get_by_role("link", name="Table 1's next game")
    expect(onward).to_be_visible(timeout=10_000)
    no_clock_shown(page)
    assert page.evaluate("window.marker") == 1  # all without a reload


@pytest.fixture
def line(live_server: str) -> Iterator[Line]:
    """Return the phone's line to the server, which a test may cut."""
    kept = Line(live_server)
    yield kept
    kept.close()


def test_a_phone_offline_across_its_rounds_end_shows_no_clock_back_online(
    live_server, line: Line, page: Page
):
    night = timed_night(live_server)
    page.goto(f"{line.url}/games/{night['rounds'][0]['tables'][0]['game']}")
    expect(page.locator(".round-clock")).to_contain_text("Round 1: time left")
    signal(page, line, False)
    closed = f"{live_server}/api/nights/{night['id']}/rounds/1/close"
    night = {**night, **post(closed, {}, night["director_token"])}
    start_round(live_server, night)

    signal(page, line, True)
    expect(page.locator(".after")).to_contain_text("Round 1 is over at this table.")
    no_clock_shown(page)
