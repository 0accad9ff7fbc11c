"""The games' pages in French in real Chromium: a fr-CA phone scores a hand in
French words, and every game page passes axe and fits the phone, at 390 px and
at 200 % zoom (French runs longer than English)."""

from __future__ import annotations

import pytest
from api_helpers import FIVE_SIDES, FRIDAY, post
from line import Line
from phone import assert_accessible, assert_fits
from playwright.sync_api import Page, expect
from test_entry import BROKEN_WORDS
from test_queue import line, signal
from test_zoom import SIDEWAYS

pytestmark = pytest.mark.browser
__all__ = ["line"]  # the fixture: the phone's line to the server, which a test cuts

FOUR = [
    {"name": "Les Tremblay", "players": ["Maximiliane", "Christabelle"]},
    {"name": "Les Gagnon", "players": ["Bartholomew", "Dan"]},
]


def game_pages(base: str, sides: list[dict[str, object]], *hands: object) -> list[str]:
    """Start a game, play the hands; return its play link, then its pages' paths."""
    made = post(f"{base}/api/games", {"name": "Jeudi soir", "sides": sides})
    for hand in hands:
        post(f"{base}/api/games/{made['id']}/hands", hand, made["write_token"])
    board = f"/games/{made['id']}"
    pages = ["", "/hands", "/hands/1/edit", "/undo", "/delete", "/table"]
    return [made["links"]["play"], *(board + page for page in pages)]


def test_a_french_phone_scores_a_hand_in_french(live_server, french: Page):
    play, board, *_ = game_pages(live_server, FOUR)
    french.goto(live_server + play)
    assert french.locator("html").get_attribute("lang") == "fr"
    bidder = french.locator("fieldset", has=french.get_by_text("Qui a pris?"))
    bidder.locator("label.tap:has(input[value='Bartholomew'])").click()
    french.locator("label.tap:has(input[value='7H'])").click()
    tricks = french.locator("fieldset", has=french.get_by_text("Levées du preneur"))
    tricks.locator("label.tap:has(input[value='8'])").click()
    expect(french.locator("output.will-save")).to_have_text(
        "Bartholomew · 7♥ · 8 levées"
    )
    french.get_by_role("button", name="Inscrire").click()
    expect(french.locator("#saved")).to_contain_text(
        "Manche 1\u00a0: Bartholomew 7♥ réussie, Les Gagnon +200, Les Tremblay +20."
    )
    expect(french.get_by_role("heading", name="Inscrire la manche 2")).to_be_attached()
    assert_accessible(french)
    assert_fits(french)


def test_every_game_page_in_french_passes_axe_and_fits(live_server, french: Page):
    four = game_pages(
        live_server,
        FOUR,
        {"bidder": "Bartholomew", "contract": "7H", "tricks": 7},
        {"bidder": "Maximiliane", "contract": "8S", "tricks": 6},
    )
    five = game_pages(
        live_server,
        FIVE_SIDES,
        {
            "bidder": "Ann",
            "partner": "Cat",
            "contract": "8S",
            "tricks": [6, 1, 2, 1, 0],
        },
    )
    for play, *paths in (four, five):
        french.goto(live_server + play)
        for path in paths:
            french.goto(live_server + path)
            assert french.locator("html").get_attribute("lang") == "fr", path
            assert_accessible(french)
            assert_fits(french)


def test_at_200_percent_no_french_game_page_scrolls_sideways(
    live_server, french_zoomed: Page
):
    play, *paths = game_pages(
        live_server, FOUR, {"bidder": "Bartholomew", "contract": "7H", "tricks": 7}
    )
    french_zoomed.goto(live_server + play)
    found = {}
    for path in paths:
        french_zoomed.goto(live_server + path)
        found[path] = french_zoomed.evaluate(SIDEWAYS) + french_zoomed.evaluate(
            BROKEN_WORDS
        )
    assert {path: bad for path, bad in found.items() if bad} == {}


def test_a_hand_kept_offline_is_told_in_french(live_server, line: Line, french: Page):
    game = post(f"{live_server}/api/games", FRIDAY)
    french.goto(line.url + game["links"]["play"])
    expect(french.locator("#updated")).to_have_text("Mis à jour à l’instant")
    signal(french, line, False)
    bidder = french.locator("fieldset", has=french.get_by_text("Qui a pris?"))
    bidder.locator("label.tap:has(input[value='Bob'])").click()
    french.locator("label.tap:has(input[value='7H'])").click()
    french.get_by_role("button", name="Inscrire").click()
    expect(french.locator("#waiting")).to_have_text(
        "Manche 1 en attente d’envoi\u00a0: Bob 7♥, 7 levées"
    )
    expect(french.get_by_role("heading", name="Inscrire la manche 2")).to_be_attached()
    expect(french.get_by_role("button", name="Annuler la manche 1")).to_be_visible()
    assert_accessible(french)
    signal(french, line, True)
    expect(french.locator("#saved")).to_contain_text("Manche 1\u00a0: Bob 7♥ réussie")
