"""Playing on through a dead signal (issue 22, items 1 to 3), at 390x844 in Chromium."""

from __future__ import annotations

import re

import pytest
from api_helpers import FIVE_HANDED, FRIDAY, post
from line import Line
from playwright.sync_api import Page, expect
from test_live import tap
from test_queue import FOUR, bidders, save_bob_seven_hearts, scoring, signal

pytestmark = pytest.mark.browser
SEVEN = {"bidder": "Bob", "contract": "7H", "tricks": 7}


@pytest.fixture
def line(live_server: str):
    """Return the phone's line to the server, which a test may cut."""
    kept = Line(live_server)
    yield kept
    kept.close()


KEPT = """async ([path, text]) => {
  const copy = await caches.match(path);
  return copy !== undefined && (await copy.text()).includes(text);
}"""


def kept_copy_shows(page: Page, text: str = "") -> None:
    """Wait until the service worker keeps a copy of this scoreboard with a text."""
    # wait_for_function does not wait for a promise: ask again until it holds.
    path = page.evaluate("location.pathname")
    for _ in range(100):
        if page.evaluate(KEPT, [path, text]):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the kept copy of {path} never showed {text!r}")


CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def kept_by_the_worker(page: Page) -> None:
    """Wait until the service worker runs the page and keeps its copy."""
    page.wait_for_function(CONTROLLED)
    kept_copy_shows(page)


def test_a_reload_offline_shows_the_hands_saved_and_the_ones_waiting(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    kept_by_the_worker(page)
    save_bob_seven_hearts(page)  # saved in the background: no page load
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    kept_copy_shows(page, '<span class="score">200</span>')

    signal(page, line, False)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "6S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting")).to_contain_text("Hand 2 waiting to send")

    page.reload()  # the service worker's copy
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    expect(page.locator("table.hands tbody tr")).to_contain_text("Bob")
    expect(page.locator("#waiting")).to_have_text(
        "Hand 2 waiting to send: Ann 6♠, 6 tricks"
    )
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    assert bidders(live_server, game) == ["Bob", "Ann"]


def test_a_watchers_copy_follows_the_hands_it_heard_of(live_server, line, page):
    game = post(f"{live_server}/api/games", FRIDAY)
    page.goto(f"{line.url}/games/{game['id']}")
    kept_by_the_worker(page)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    kept_copy_shows(page, '<span class="score">200</span>')

    signal(page, line, False)
    page.reload()
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    expect(page.locator("table.hands tbody tr")).to_have_count(1)


def test_hands_waiting_move_the_deal_line_as_saved_ones_would(live_server, line, page):
    scoring(live_server, page, line)
    deal = page.locator(".deal")
    first = deal.inner_text()
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")
    expect(deal).not_to_have_text(first)
    expect(deal).to_contain_text("Hand 2:")
    # What wins follows too (static/outlook.js): at 30 and 200.
    expect(page.locator(".hint:visible")).to_have_text(
        ["Us: 10♦ or better wins.", "Them: 8♥ or better wins."]
    )
    page.get_by_role("button", name="Everyone passed").click()
    expect(page.locator("#waiting p")).to_have_count(2)
    waiting = deal.inner_text()
    assert waiting.startswith("Hand 3:")
    hints = page.locator(".hint:visible").all_inner_texts()

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    expect(deal).to_have_text(waiting)  # the server's line, once both are saved
    expect(page.locator("[data-waiting]")).to_have_count(0)
    expect(page.locator(".hint:visible")).to_have_text(hints)


def test_undo_offline_takes_back_a_waiting_hand(live_server, line, page):
    game = scoring(live_server, page, line)
    save_bob_seven_hearts(page)
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    signal(page, line, False)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "6S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting")).to_contain_text("Hand 2 waiting to send")
    expect(page.get_by_role("link", name="Undo hand 1")).to_be_hidden()

    page.get_by_role("button", name="Undo hand 2").click()
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("#undo-waiting")).to_contain_text(
        "Hand 2 undone: it was Ann 6♠, 6 tricks, and it had not been sent."
    )
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    expect(page.locator(".deal")).to_contain_text("Hand 2:")
    expect(page.get_by_role("link", name="Undo hand 1")).to_be_visible()

    signal(page, line, True)
    page.wait_for_timeout(2_500)  # a retry would have gone by now
    assert bidders(live_server, game) == ["Bob"]


def test_undo_and_edit_of_a_saved_hand_offline_say_they_need_the_connection(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    kept_by_the_worker(page)
    save_bob_seven_hearts(page)
    expect(page.locator("table.hands tbody tr")).to_have_count(1)
    board = page.url
    signal(page, line, False)

    page.get_by_role("link", name="Undo hand 1").click()
    expect(page.locator("#needs-line")).to_have_text(
        "Undo needs the connection: nothing was changed. "
        "Try again once the phone is back online."
    )
    page.get_by_role("link", name="Edit hand 1").click()
    expect(page.locator("#needs-line")).to_contain_text(
        "Editing a hand needs the connection"
    )
    page.locator("#saved").get_by_role("button").click()  # the line's one-tap Undo
    expect(page.locator("#needs-line")).to_contain_text("needs the connection")
    assert page.url == board
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])

    # Even a page that needs the server, opened offline, is a page of ours.
    answer = page.goto(f"{line.url}/games/{game['id']}/undo")
    assert answer is not None and answer.status == 503
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    page.get_by_role("link", name="Back to the scoreboard").click()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    signal(page, line, True)
    assert bidders(live_server, game) == ["Bob"]


def test_a_refused_save_says_why_by_the_save_button_in_the_pages_words(
    live_server, page
):
    scoring(live_server, page)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Tricks the bidders took", "4")
    page.evaluate("() => { window.stayed = true; }")
    page.get_by_role("button", name="Save hand").click()
    said = page.locator("#save-error")
    expect(said).to_have_text(
        "Tap the contract, such as 7♥ or Misère, or Everyone passed."
    )
    expect(said).to_be_in_viewport()
    expect(page.locator("fieldset .errors")).to_contain_text("Tap the contract")
    assert page.locator("input[name=bidder][value=Ann]").is_checked()  # kept
    assert page.evaluate("() => window.stayed") is True  # no page load
    tap(page, "Contract", "6S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".totals .score")).to_have_text(["\u221240", "60"])
    expect(said).to_be_hidden()


def test_a_five_handed_bidder_cannot_be_their_own_partner(live_server, page):
    game = post(f"{live_server}/api/games", FIVE_HANDED)
    page.goto(live_server + game["links"]["play"])
    tap(page, "Called partner", "Bob")
    tap(page, "Who won the bidding?", "Bob")
    own = page.locator("input[name=partner][value=Bob]")
    expect(own).to_be_disabled()
    expect(own).not_to_be_checked()
    tap(page, "Who won the bidding?", "Ann")
    expect(own).to_be_enabled()
    expect(page.locator("input[name=partner][value=Ann]")).to_be_disabled()


def entry_closed(page: Page) -> None:
    """See the game ended on the phone: its end line, and no hand to record."""
    expect(page.locator(".banner.win:visible")).to_have_count(1)
    expect(page.get_by_role("heading", name="Record hand")).to_have_count(0)
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    expect(page.locator(".deal:visible")).to_have_count(0)


def test_a_waiting_hand_that_ends_the_round_ends_the_game_on_the_phone(
    live_server, line, page
):
    body = {"name": "Tuesday club", "round_hands": 1, "round_minutes": 30}
    night = post(f"{live_server}/api/nights", {**body, "players": FOUR})
    page.goto(line.url + night["links"]["direct"])  # this phone directs the night
    # The worker the console installs runs the table's page: no page opened
    # while it starts (which it might not claim).
    page.wait_for_function(CONTROLLED)
    page.goto(f"{line.url}/nights/{night['id']}/tables/1")
    expect(page.locator(".round-clock")).to_contain_text("Round 1: time left")
    kept_by_the_worker(page)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_have_text(
        "Hand 1 waiting to send: Bob 7♥, 7 tricks"
    )
    entry_closed(page)  # hand 1 of 1 was the round's last
    expect(page.locator(".banner.win:visible")).to_have_text(
        "Bob & Dan won at the end of the session."
    )
    expect(page.locator(".round-clock:visible")).to_have_count(0)
    page.reload()  # the service worker's copy, and the hand waiting on it
    expect(page.locator("#offline")).to_be_visible()
    entry_closed(page)

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".after")).to_contain_text("Round 1 is over at this table.")
    entry_closed(page)
    game = {"id": night["rounds"][0]["tables"][0]["game"]}
    assert bidders(live_server, game) == ["Bob"]


def test_a_waiting_hand_that_reaches_500_ends_the_game_until_undone(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    for _ in range(2):  # Them at 400
        post(f"{live_server}/api/games/{game['id']}/hands", SEVEN, game["write_token"])
    expect(page.locator(".totals .score")).to_have_text(["60", "400"])
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 3 waiting to send")
    entry_closed(page)
    page.get_by_role("button", name="Undo hand 3").click()  # it had not been sent
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    expect(page.locator(".banner.win:visible")).to_have_count(0)
    save_bob_seven_hearts(page)
    entry_closed(page)
    # A hand past the end is neither offered nor queued, even sent by a script.
    page.evaluate("document.getElementById('hand').requestSubmit()")
    expect(page.locator("#waiting p")).to_have_count(1)

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(3)
    entry_closed(page)
    assert bidders(live_server, game) == ["Bob", "Bob", "Bob"]


def test_a_tables_page_reopened_offline_counts_its_clock_from_when_it_was_kept(
    live_server, line, page
):
    body = {"name": "Timed", "round_hands": 4, "round_minutes": 30, "players": FOUR}
    night = post(f"{live_server}/api/nights", body)
    page.goto(f"{line.url}/games/{night['rounds'][0]['tables'][0]['game']}")
    left = page.locator(".round-clock .clock-left")
    expect(left).to_have_text(re.compile(r"^(30:00|29:[0-5]\d)$"))
    kept_by_the_worker(page)
    # Ten minutes later by the phone's clock, the signal gone, it is opened again.
    page.add_init_script("{ const real = Date.now; Date.now = () => real() + 600000; }")
    signal(page, line, False)
    page.reload()
    expect(page.locator("#offline")).to_be_visible()
    expect(left).to_have_text(re.compile(r"^(20:00|19:[0-5]\d)$"))
