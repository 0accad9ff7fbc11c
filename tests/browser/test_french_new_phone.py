"""The new-game and share pages in French in real Chromium: they fit a phone (French
runs longer than English), pass axe, and share.js says what it did in French."""

from __future__ import annotations

import pytest
from api_helpers import post
from phone import assert_accessible, assert_fits
from playwright.sync_api import Page, expect
from test_entry import BROKEN_WORDS
from test_zoom import SIDEWAYS

pytestmark = pytest.mark.browser
VENDREDI = {
    "name": "Vendredi au chalet",
    "rules": {"preset": "australian"},
    "sides": [
        {"name": "Nous", "players": ["Ann", "Cat", "Eve"]},
        {"name": "Eux", "players": ["Bob", "Dan", "Fay"]},
    ],
}


def check(page: Page) -> None:
    """Fail if the page is not French, breaks axe, or scrolls sideways."""
    assert page.locator("html").get_attribute("lang") == "fr", "run make: no .mo"
    assert_accessible(page)
    assert_fits(page)


def test_starting_a_game_in_french_fits_a_phone_and_passes_axe(
    live_server, french: Page
):
    french.goto(f"{live_server}/new/")
    check(french)
    french.get_by_role("link", name="Six joueurs en deux équipes de trois").click()
    expect(french.get_by_role("group", name="Équipe 1")).to_be_visible()
    check(french)
    for number, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], 1):
        team, seat = divmod(number - 1, 3)
        group = french.get_by_role("group", name=f"Équipe {team + 1}")
        group.get_by_label(f"Joueur {seat + 1}").fill(name)
    french.get_by_role("button", name="Suivant : vérifier les règles").click()
    expect(french.get_by_role("heading", name="Vérifier et commencer")).to_be_visible()
    check(french)
    french.get_by_role("button", name="Commencer la partie").click()
    expect(french.locator("html")).to_have_attribute("lang", "fr")


def test_the_share_pages_in_french_fit_a_phone_and_copy_in_french(
    live_server, french: Page
):
    game = post(f"{live_server}/api/games", VENDREDI)
    french.context.grant_permissions(["clipboard-read", "clipboard-write"])
    french.goto(live_server + game["links"]["play"])
    french.goto(f"{live_server}/games/{game['id']}/share")
    expect(
        french.get_by_role("heading", name="Partager Vendredi au chalet")
    ).to_be_visible()
    check(french)
    french.get_by_role("button", name="Copier le résumé").click()
    expect(french.get_by_text("Copié.")).to_be_visible()
    french.get_by_role(
        "link", name="Laisser un autre téléphone tenir le pointage"
    ).click()
    check(french)
    french.goto(live_server)
    check(french)


def test_the_french_pages_at_200_percent_zoom_run_off_no_side(
    live_server, french_zoomed: Page
):
    page = french_zoomed
    game = post(f"{live_server}/api/games", VENDREDI)
    page.goto(live_server + game["links"]["play"])
    found = {}
    paths = ["/new/", "/new/2x3", f"/games/{game['id']}/share"]
    for path in [*paths, f"/games/{game['id']}/share/play", "/"]:
        page.goto(live_server + path)
        found[path] = page.evaluate(SIDEWAYS) + page.evaluate(BROKEN_WORDS)
    page.goto(live_server + "/new/2x3")
    for index, name in enumerate(["Ann", "Cat", "Eve", "Bob", "Dan", "Fay"]):
        page.locator(f"input[name='players-{index}']").fill(name)
    page.get_by_role("button", name="Suivant : vérifier les règles").click()
    found["review"] = page.evaluate(SIDEWAYS) + page.evaluate(BROKEN_WORDS)
    assert {path: bad for path, bad in found.items() if bad} == {}
