"""What a table takes away, in real Chromium at phone size: the chat summary,
the notes, and the CSV and JSON downloads, each a tap away."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from api_helpers import FRIDAY, post
from phone import PHONE, assert_accessible, assert_fits, phone
from playwright.sync_api import Browser, Locator, Page, expect

pytestmark = pytest.mark.browser
ZOE = {
    **FRIDAY,
    "notes": "At Zoë's",
    "sides": [
        {"name": "Us", "players": ["Zoë", "=Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
    "first_dealer": "Zoë",
}
SUMMARY = (
    "Friday: Us 520 – Them 0 after 1 hand. Us won out the front door.\n"
    "Us: Zoë and =Cat\nThem: Bob and Dan\n"
)
# A share sheet that remembers what it was given (Chromium on Linux has none).
FAKE_SHARE = "navigator.share = async (data) => { window.shared = data; };"


def finished_game(live_server: str) -> dict:
    """Create Friday with accents and a formula-like name, won in one hand."""
    game = post(f"{live_server}/api/games", ZOE)
    url = f"{live_server}/api/games/{game['id']}/hands"
    post(url, {"bidder": "Zoë", "contract": "10NT", "tricks": 10}, game["write_token"])
    return game


def assert_thumb_sized(link: Locator) -> None:
    """Fail unless a control is at least 48 px high and on the phone's screen width."""
    box = link.bounding_box()
    assert box is not None and box["height"] >= 48
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"]


def download(page: Page, link: Locator, folder: Path) -> tuple[str, bytes]:
    """Tap a download link; return the file's suggested name and its bytes."""
    assert_thumb_sized(link)
    with page.expect_download() as info:
        link.click()
    saved = folder / info.value.suggested_filename
    info.value.save_as(saved)
    return info.value.suggested_filename, saved.read_bytes()


def test_the_scorer_copies_and_shares_the_summary_and_edits_the_notes(
    live_server, page: Page
):
    game = finished_game(live_server)
    page.add_init_script(FAKE_SHARE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(live_server + game["links"]["play"])
    expect(page.get_by_text("At Zoë's")).to_be_visible()
    page.get_by_role("link", name="Share").click()
    expect(page.locator(".summary")).to_have_text(SUMMARY + "At Zoë's")

    page.get_by_role("button", name="Copy summary").click()
    expect(page.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == SUMMARY + "At Zoë's"
    page.get_by_role("button", name="Share summary…").click()
    shared = page.evaluate("window.shared")
    assert shared == {"title": "Friday", "text": SUMMARY + "At Zoë's"}

    page.get_by_label("Notes").fill("Club night, Bob's cards")
    page.get_by_role("button", name="Save notes").click()
    expect(page.get_by_text("Notes saved.")).to_be_visible()
    expect(page.locator(".summary")).to_have_text(SUMMARY + "Club night, Bob's cards")
    page.get_by_role("link", name="Back to the score").click()
    expect(page.get_by_text("Club night, Bob's cards")).to_be_visible()


def test_the_downloads_are_a_tap_away_and_open_as_a_spreadsheet_would(
    live_server, page: Page, tmp_path: Path
):
    game = finished_game(live_server)
    day = game["created"][:10]
    page.goto(f"{live_server}/games/{game['id']}/share")
    name, body = download(page, page.get_by_role("link", name="Hands (CSV)"), tmp_path)
    assert name == f"friday-{day}-hands.csv"
    assert body.startswith(b"\xef\xbb\xbf") and body.endswith(b"\r\n")
    assert "1,Zoë,Zoë,,10NT,yes,10,520,520," in body.decode("utf-8-sig")

    name, body = download(page, page.get_by_role("link", name="Game (JSON)"), tmp_path)
    assert name == f"friday-{day}.json"
    api = page.request.get(f"{live_server}/api/games/{game['id']}").json()
    assert json.loads(body) == api

    page.goto(f"{live_server}/history?player=zoë")
    link = page.get_by_role("link", name="Download this game (CSV)")
    name, body = download(page, link, tmp_path)
    assert name == "games-zoe.csv"
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    assert rows[1][1:6] == ["Friday", "At Zoë's", "Us", "Zoë, =Cat", "520"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_share_history_and_scoreboard_with_notes_are_accessible_and_fit(
    live_server, browser: Browser, request: pytest.FixtureRequest, scheme: str
):
    game = finished_game(live_server)
    for page in phone(browser, request, scheme):
        page.goto(live_server + game["links"]["play"])
        for path in (f"/games/{game['id']}", f"/games/{game['id']}/share", "/history"):
            page.goto(live_server + path)
            assert_accessible(page)
            assert_fits(page)
