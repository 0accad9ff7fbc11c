"""A hand kept through a dead signal (issue 12, item 5), at 390x844 in Chromium."""

from __future__ import annotations

import pytest
from api_helpers import FRIDAY, call, post
from line import Line
from phone import assert_accessible
from playwright.sync_api import Page, Route, expect
from test_live import tap

pytestmark = pytest.mark.browser
HANDS = "**/games/*/hands"
THEIRS = {"bidder": "Ann", "contract": "6S", "tricks": 6}
FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def line(live_server: str):
    """Return the phone's line to the server, which a test may cut."""
    kept = Line(live_server)
    yield kept
    kept.close()


def signal(page: Page, line: Line, on: bool) -> None:
    """Lose or regain the network, for the page and its service worker alike."""
    # The browser is told (navigator.onLine, the offline event) and its requests
    # refused; and the line itself is cut, which nothing can slip past (the
    # emulation may miss a request made while the service worker restarts).
    if on:
        line.mend()
        page.context.unroute("**/*")
    else:
        line.cut()
        page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(not on)


def scoring(base: str, page: Page, line: Line | None = None) -> dict:
    """Create Friday's game and open its play link on the phone (through its
    line, when given); return the game."""
    game = post(f"{base}/api/games", FRIDAY)
    page.goto((line.url if line else base) + game["links"]["play"])
    expect(page.locator("#updated")).to_have_text("Updated just now")
    return game


def save_bob_seven_hearts(page: Page) -> None:
    """Tap Bob, 7♥ (the tricks follow the bid) and Save hand."""
    tap(page, "Who won the bidding?", "Bob")
    tap(page, "Contract", "7H")
    page.get_by_role("button", name="Save hand").click()


def bidders(base: str, game: dict) -> list[str]:
    """Return who bid each hand the server recorded, as the API shows them."""
    status, answer, _ = call(f"{base}/api/games/{game['id']}")
    assert status == 200
    return [hand["bidder"] for hand in answer["hands"]]


def test_a_hand_saved_offline_waits_and_is_sent_once_back_online(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    waiting = page.locator("#waiting")
    expect(waiting).to_have_text("Hand 1 waiting to send: Bob 7♥, 7 tricks")
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    assert not page.locator("input[name=bidder][value=Bob]").is_checked()
    page.wait_for_timeout(2_500)  # a retry or two, still offline
    assert bidders(live_server, game) == []

    signal(page, line, True)
    expect(waiting).to_be_hidden()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    expect(page.locator("#saved")).to_contain_text("Hand 1: Bob 7♥ made")
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    assert bidders(live_server, game) == ["Bob"]
    assert page.evaluate("Object.keys(localStorage)") == []


def test_a_hand_whose_answer_was_lost_is_sent_again_and_recorded_once(
    live_server, page
):
    game = scoring(live_server, page)
    keys: list[str] = []

    def lose_the_first_answer(route: Route) -> None:
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) == 1:
            route.fetch()  # the server records the hand...
            route.abort()  # ...and the phone never hears of it
        else:
            route.continue_()

    page.route(HANDS, lose_the_first_answer)
    save_bob_seven_hearts(page)
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    expect(page.locator("#waiting")).to_be_hidden()
    assert len(keys) == 2 and keys[0] == keys[1]
    assert bidders(live_server, game) == ["Bob"]
    page.wait_for_timeout(2_000)  # nothing more is sent
    assert len(keys) == 2 and bidders(live_server, game) == ["Bob"]


@pytest.mark.parametrize(
    ("choice", "recorded"),
    [("Keep both", ["Ann", "Bob"]), ("Keep theirs", ["Ann"])],
)
def test_a_hand_another_phone_beat_asks_which_to_keep(
    live_server, line, page, choice, recorded
):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")
    post(f"{live_server}/api/games/{game['id']}/hands", THEIRS, game["write_token"])

    signal(page, line, True)
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text("another phone")
    expect(waiting).to_contain_text("Hand 1: Ann 6♠ made, Us +40, Them +40.")
    expect(waiting).to_contain_text("Bob 7♥, 7 tricks")
    expect(page.locator("table.hands tbody tr")).to_have_count(1)  # theirs, live
    assert_accessible(page)
    page.wait_for_timeout(2_000)  # it waits for the player's choice
    assert bidders(live_server, game) == ["Ann"]

    waiting.get_by_role("button", name=choice).click()
    expect(waiting).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(len(recorded))
    assert bidders(live_server, game) == recorded
    page.reload()
    expect(page.locator("#waiting")).to_be_hidden()
    assert bidders(live_server, game) == recorded


def test_a_waiting_hand_survives_a_reload_offline(live_server, line, page):
    game = scoring(live_server, page, line)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function(
        "(path) => caches.match(path).then((copy) => copy !== undefined)",
        arg=f"/games/{game['id']}",
    )
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")

    page.reload()  # the service worker's copy of the scoreboard
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator("#waiting")).to_have_text(
        "Hand 1 waiting to send: Bob 7♥, 7 tricks"
    )
    assert bidders(live_server, game) == []

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    assert bidders(live_server, game) == ["Bob"]


def test_hands_saved_one_after_another_offline_are_sent_in_order(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "6S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting p")).to_have_text(
        [
            "Hand 1 waiting to send: Bob 7♥, 7 tricks",
            "Hand 2 waiting to send: Ann 6♠, 6 tricks",
        ]
    )
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    assert bidders(live_server, game) == ["Bob", "Ann"]


def test_taps_for_the_next_hand_stay_when_the_waiting_one_is_sent(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Contract", "6S")
    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    expect(page.locator("#saved")).to_contain_text("Hand 1: Bob 7♥ made")
    expect(page.locator("#moved")).to_be_hidden()  # not another phone's change
    assert page.locator("input[name=bidder][value=Ann]").is_checked()
    assert page.locator("input[name=contract][value='6S']").is_checked()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    assert bidders(live_server, game) == ["Bob", "Ann"]


def test_a_waiting_hand_the_server_refuses_can_be_put_right(live_server, line, page):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    tap(page, "Who won the bidding?", "Ann")
    tap(page, "Tricks the bidders took", "4")
    page.get_by_role("button", name="Save hand").click()  # no contract tapped
    waiting = page.locator("#waiting")
    expect(waiting).to_have_text("Hand 1 waiting to send: Ann contract?, 4 tricks")
    signal(page, line, True)
    expect(waiting).to_contain_text(
        "Hand 1 (Ann contract?, 4 tricks) was not saved: Tap the contract"
    )
    assert_accessible(page)
    waiting.get_by_role("button", name="Put it back on the form").click()
    expect(waiting).to_be_hidden()
    assert page.locator("input[name=bidder][value=Ann]").is_checked()
    tap(page, "Contract", "6S")
    assert page.locator("input[name=tricks][value='4']").is_checked()  # as tapped
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".totals .score")).to_have_text(["\u221240", "60"])
    assert bidders(live_server, game) == ["Ann"]


def test_a_waiting_hand_still_goes_after_the_browser_forgot_its_session(
    live_server, line, page
):
    game = scoring(live_server, page, line)
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")
    page.context.clear_cookies(name="session")  # the browser was closed meanwhile
    signal(page, line, True)  # refused once (the token is the old session's), then sent
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".totals .score")).to_have_text(["30", "200"])
    assert bidders(live_server, game) == ["Bob"]


def test_a_hand_waiting_while_time_is_called_says_so_and_the_form_goes(
    live_server, line, page
):
    body = {"name": "Tuesday club", "movement": "progressive", "round_hands": 8}
    night = post(f"{live_server}/api/nights", {**body, "players": FOUR})
    page.goto(line.url + night["links"]["direct"])  # this phone directs the night
    page.goto(f"{line.url}/nights/{night['id']}/tables/1")
    expect(page.locator("#updated")).to_have_text("Updated just now")
    signal(page, line, False)
    save_bob_seven_hearts(page)
    expect(page.locator("#waiting")).to_contain_text("Hand 1 waiting to send")
    closed = f"{live_server}/api/nights/{night['id']}/rounds/1/close"
    post(closed, {}, night["director_token"])

    signal(page, line, True)
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text(
        "Time was called on this round before this hand arrived"
    )
    expect(waiting).not_to_contain_text("another phone")
    expect(waiting.get_by_role("button", name="Keep both")).to_have_count(0)
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    game = night["rounds"][0]["tables"][0]["game"]
    assert call(f"{live_server}/api/games/{game}")[1]["hands"] == []
