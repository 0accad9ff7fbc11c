"""Tables of numbers on a 390 px phone, in English and in French (issue 40.6):
no header, figure or name of up to 14 characters breaks across two lines
("Ra/nk", "−20/0", "119/7", "1/0"), and the page never scrolls sideways: a
table too wide scrolls inside its own box."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from api_helpers import CLUB_PASSWORD, post
from layout_checks import broken_words, sideways_scroll
from phone import PHONE
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser
# Twelve players, three tables: names as a club writes them, one word of 14.
TWELVE = ["Bartholomew F.", "Marie-Ève L.", "Stéphane", "Christabelle"]
TWELVE += ["Jean-François", "Geneviève", "Maximilien", "Ann", "Bob", "Cat"]
TWELVE += ["Dan", "Wolfeschlegels"]
# Each table's one hand: its first player bids; the last table's goes down.
HANDS = [("10NT", 10), ("9NT", 9), ("7H", 3)]


def play_night(base: str) -> dict[str, Any]:
    """Play a finished night of one hand a table: 520, 420 and -200 made."""
    body = {"name": "Mardi", "movement": "progressive", "round_hands": 1}
    made = post(f"{base}/api/nights", {**body, "players": TWELVE})
    token = made["director_token"]
    tables = made["rounds"][0]["tables"]
    for table, (contract, tricks) in zip(tables, HANDS, strict=True):
        hand = {"bidder": table["sides"][0]["players"][0], "contract": contract}
        game = f"{base}/api/games/{table['game']}/hands"
        post(game, {**hand, "tricks": tricks}, token)
    post(f"{base}/api/nights/{made['id']}/finish", {}, token)
    return made


def test_tables_of_numbers_keep_their_words_whole_at_390px_in_both_languages(
    club_server: str, browser: Browser
):
    night = play_night(club_server)
    play_night(club_server)  # the ladder's first player: 1040 points
    english = browser.new_context(viewport=PHONE).new_page()
    today = datetime.now(UTC).date().isoformat()
    english.goto(f"{club_server}/seasons/")
    english.get_by_label("Name").fill("Automne")
    english.get_by_label("First day").fill(today)
    english.get_by_label("Last day").fill(today)
    english.get_by_label("Club password").fill(CLUB_PASSWORD)
    english.get_by_role("button", name="Save the season").click()
    expect(english.locator("#ladder")).to_contain_text("1040")
    season = english.url
    french = browser.new_context(viewport=PHONE, locale="fr-CA").new_page()
    found = {}
    for phone in (english, french):
        for url in (f"{club_server}{night['links']['view']}", season):
            phone.goto(url)
            expect(phone.locator("table").first).to_be_visible()
            found[(phone.evaluate("document.documentElement.lang"), url)] = (
                broken_words(phone, "table th, table td"),
                sideways_scroll(phone),
            )
    bad = {where: bad for where, bad in found.items() if bad != ([], 0)}
    assert not bad, bad
    english.goto(f"{club_server}{night['links']['view']}")
    expect(english.locator("table.standings")).to_contain_text("−200")
