"""Players in real Chromium at phone size: the leaderboard, a player, a merge."""

from __future__ import annotations

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, post
from phone import assert_accessible, assert_fits, phone
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def won(url: str, players: list[str]) -> None:
    """Play a game that the first player's side wins at once (ten no trumps)."""
    sides = [
        {"name": "Us", "players": players[:2]},
        {"name": "Them", "players": players[2:]},
    ]
    game = post(f"{url}/api/games", {**FRIDAY, "sides": sides, "first_dealer": "Bob"})
    hand = {"bidder": players[0], "contract": "10NT", "tricks": 10}
    post(f"{url}/api/games/{game['id']}/hands", hand, game["write_token"])


def checked(page: Page) -> None:
    """Fail unless the page is accessible and does not scroll sideways."""
    assert_accessible(page)
    assert_fits(page)


def test_a_phone_merges_two_players_from_the_leaderboard(
    club_server: str, browser: Browser, request: pytest.FixtureRequest
):
    won(club_server, ["Annie", "Cat", "Bob", "Dan"])
    won(club_server, ["Ann", "Dan", "Bob", "Cat"])
    for page in phone(browser, request, "light"):
        page.goto(f"{club_server}/players")
        expect(page.get_by_role("heading", name="Players")).to_be_visible()
        checked(page)
        page.get_by_role("link", name="Annie").click()
        expect(page.get_by_role("heading", name="Annie", exact=True)).to_be_visible()
        checked(page)
        page.get_by_label("New name, or the name of another player").fill("ann")
        page.get_by_role("button", name="Next: see what changes").click()
        expect(
            page.get_by_role("heading", name="Merge Annie into Ann?")
        ).to_be_visible()
        expect(page.get_by_text("Annie's 1 game becomes Ann's")).to_be_visible()
        page.get_by_label("Club password").fill("friday")
        page.get_by_role("button", name="Merge into Ann").click()
        expect(page.get_by_text("That is not the club password.")).to_be_visible()
        checked(page)
        page.get_by_label("Club password").fill(CLUB_PASSWORD)
        page.get_by_role("button", name="Merge into Ann").click()
        expect(page.get_by_role("status")).to_have_text(
            "Annie and Ann are one person now: Ann (1 game changed)."
        )
        expect(page.get_by_role("heading", name="Ann", exact=True)).to_be_visible()
        expect(page.get_by_text("2 (2 finished)")).to_be_visible()
        page.get_by_role("link", name="Players").click()
        expect(page.get_by_role("link", name="Annie")).to_have_count(0)
    for page in phone(browser, request, "dark"):
        for path in ("/players", "/players/Ann", "/players/Ann/rename?new_name=Bob"):
            page.goto(club_server + path)
            checked(page)
        expect(page.get_by_text("Ann and Bob played in the same game")).to_be_visible()


def test_the_players_list_everyone_and_a_page_says_the_rating_in_words(
    live_server: str, page: Page
):
    for _ in range(3):
        won(live_server, ["Ann", "Cat", "Bob", "Dan"])
    game = post(
        f"{live_server}/api/games",
        {
            **FRIDAY,
            "sides": [
                {"name": "A", "players": ["Eve", "Fay"]},
                {"name": "B", "players": ["Gus", "Hal"]},
            ],
            "first_dealer": "Eve",
        },
    )
    post(
        f"{live_server}/api/games/{game['id']}/hands",
        {"contract": "pass"},
        game["write_token"],
    )
    page.goto(f"{live_server}/players")
    eve = page.get_by_role("row", name="Eve")
    expect(eve).to_contain_text("unrated")
    checked(page)
    page.get_by_role("link", name="Ann", exact=True).click()
    expect(
        page.get_by_text("after 3 finished games: a new rating starts low")
    ).to_be_visible()
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    for axis in ("Rating", "Finished games played"):
        expect(chart.locator("text", has_text=axis)).to_be_visible()
    checked(page)
