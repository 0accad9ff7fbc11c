"""Reading it in French at 200% zoom, with long real names (issue 33, item 7)."""

from __future__ import annotations

import pytest
from api_helpers import post
from test_entry import BROKEN_WORDS
from test_zoom import BROKEN_HEADERS, SIDEWAYS

pytestmark = pytest.mark.browser

# Québec names as a club writes them: long, hyphenated, accented.
LONG = ["Marie-Ève Bérubé", "Jean-François", "Geneviève Tremblay", "Maximilien"]
# Every word of the scoreboard's title broken across lines ("Ven/dre/di").
BROKEN_TITLE = BROKEN_WORDS.replace("label.tap > span", "header h1")


def test_in_french_at_200_percent_no_page_scrolls_sideways_nor_breaks_a_word(
    live_server, french_zoomed
):
    sides = [
        {"name": "Nous", "players": LONG[:2]},
        {"name": "Eux", "players": LONG[2:]},
    ]
    body = {
        "name": "Vendredi soir chez Ginette",
        "rules": {"preset": "australian", "target": 2000},
        "sides": sides,
        "first_dealer": LONG[0],
    }
    game = post(f"{live_server}/api/games", body)
    for bidder, contract, tricks in [
        (LONG[1], "7H", 7),
        (LONG[0], "10NT", 10),
        (LONG[2], "8S", 4),
    ]:
        hand = {"bidder": bidder, "contract": contract, "tricks": tricks}
        post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page = french_zoomed
    page.goto(live_server + game["links"]["play"])  # this phone scores: Modifier
    board = f"/games/{game['id']}"
    paths = [board, board + "/hands", board + "/share", "/players", "/stats"]
    paths += [f"/players/{LONG[0]}", "/", "/history", "/rules/"]
    found = {}
    for path in paths:
        page.goto(live_server + path)
        page.evaluate(
            "document.querySelectorAll('details').forEach((d) => d.open = true)"
        )
        found[path] = (
            page.evaluate(SIDEWAYS)
            + page.evaluate(BROKEN_HEADERS)
            + page.evaluate(BROKEN_TITLE)
        )
    assert {path: bad for path, bad in found.items() if bad} == {}
