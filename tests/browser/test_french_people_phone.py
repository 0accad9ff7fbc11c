"""The players', history's and seasons' pages in French in real Chromium: a fr-CA
phone names a season and merges two players in French; every page passes axe and
fits the phone, at 390 px and at 200% zoom (French runs ~20% longer)."""

from __future__ import annotations

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, post
from phone import assert_accessible, assert_fits
from playwright.sync_api import Page, expect
from test_zoom import SIDEWAYS

pytestmark = pytest.mark.browser


def won(url: str, players: list[str]) -> None:
    """Play a game that the first player's side wins at once (ten no trumps)."""
    sides = [
        {"name": "Nous", "players": players[:2]},
        {"name": "Eux", "players": players[2:]},
    ]
    game = post(f"{url}/api/games", {**FRIDAY, "sides": sides, "first_dealer": "Bob"})
    hand = {"bidder": players[0], "contract": "10NT", "tricks": 10}
    post(f"{url}/api/games/{game['id']}/hands", hand, game["write_token"])


def test_a_french_phone_names_a_season_and_merges_two_players(
    club_server: str, french: Page, french_zoomed: Page
):
    won(club_server, ["Annie", "Cat", "Bob", "Dan"])
    won(club_server, ["Ann", "Dan", "Bob", "Cat"])
    french.goto(f"{club_server}/seasons/")
    assert french.locator("html").get_attribute("lang") == "fr", "run make first"
    french.get_by_label("Nom").fill("Saison des fêtes")
    french.get_by_label("Premier jour").fill("2020-01-01")
    french.get_by_label("Dernier jour").fill("2099-12-31")
    french.get_by_label("Mot de passe du club").fill(CLUB_PASSWORD)
    french.get_by_role("button", name="Enregistrer la saison").click()
    expect(french.get_by_role("status")).to_have_text(
        "Saison «\u00a0Saison des fêtes\u00a0» enregistrée."
    )
    season = french.url.split("?")[0]
    number = season.rsplit("/", 1)[1]

    french.goto(f"{club_server}/players/Annie")
    french.get_by_label("Nouveau nom, ou le nom d’un autre joueur").fill("ann")
    french.get_by_role("button", name="Suivant\u00a0: voir ce qui change").click()
    expect(
        french.get_by_role("heading", name="Fusionner Annie avec Ann?")
    ).to_be_visible()
    confirm = french.url
    french.get_by_label("Mot de passe du club").fill(CLUB_PASSWORD)
    french.get_by_role("button", name="Fusionner avec Ann").click()
    expect(french.get_by_role("status")).to_have_text(
        "Annie et Ann sont maintenant une seule personne\u00a0: "
        "Ann (changement dans 1 partie)."
    )

    paths = [
        "/players",
        f"/players?season={number}",
        "/players/Ann",
        "/players/Ann/rename",
        "/players/Ann/rename?new_name=Bob",  # refused: they played together
        "/history",
        f"/history?player=Ann&status=finished&season={number}",
        "/stats",
        f"/stats?season={number}",
        "/seasons/",
        f"/seasons/{number}",
    ]
    for path in paths:
        for page in (french, french_zoomed):
            page.goto(club_server + path)
            assert page.locator("html").get_attribute("lang") == "fr", path
            page.locator("details").evaluate_all(
                "all => all.forEach(d => d.open = true)"
            )
            assert page.evaluate(SIDEWAYS) == [], (path, page.viewport_size)
        assert_accessible(french)
        assert_fits(french)
    french.goto(confirm)  # Ann is one person now: asked again, in French
    assert_accessible(french)
    assert_fits(french)
