"""Scores past a thousand on the screens read from across a room (issue 33.3):
in French a thousand is grouped with a space ("1 360"), so two scores side by
side must never read as one ("1 360 660"), nor a score break across lines."""

from __future__ import annotations

import pytest
from api_helpers import FRIDAY, post
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

# Each score drawn on one line with its text inside its own box's parent (its
# side, its row), and no two scores' texts within 8 px of each other on the
# same line of the screen.
APART = """(selector) => {
  const found = [];
  const boxes = [];
  for (const score of document.querySelectorAll(selector)) {
    const tops = new Set([...score.getClientRects()].map((r) => Math.round(r.top)));
    const range = document.createRange();
    range.selectNodeContents(score);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1 || lines.size > 1) found.push(`${score.textContent} breaks`);
    const text = range.getBoundingClientRect();
    const side = score.parentElement.getBoundingClientRect();
    if (text.left < side.left - 1 || text.right > side.right + 1)
      found.push(`${score.textContent} runs out of its side`);
    const box = score.getBoundingClientRect();
    boxes.push([score.textContent, {left: text.left, right: text.right, top: box.top,
      bottom: box.bottom}]);
  }
  for (const [a, one] of boxes)
    for (const [b, two] of boxes)
      if (one !== two && one.top < two.bottom && two.top < one.bottom
          && one.left < two.right + 8 && two.left < one.right + 8
          && one.left <= two.left)
        found.push(`${a} runs into ${b}`);
  return found;
}"""

SIZES = {
    "phone": {"width": 390, "height": 844},
    "phone on its side": {"width": 844, "height": 390},
    "tablet": {"width": 1024, "height": 768},
}
THREE = {
    "name": "Vendredi",
    "sides": [{"name": n, "players": [n]} for n in ("Ann", "Bob", "Cat")],
    "first_dealer": "Ann",
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", [FRIDAY, THREE], ids=["two sides", "three sides"])
def test_scores_past_a_thousand_stay_apart_on_the_table_display(
    live_server, browser: Browser, size: str, game: dict
):
    rules = {"preset": "australian", "target": 2000, "floor": -2000}
    made = post(f"{live_server}/api/games", {**game, "rules": rules})
    path = f"{live_server}/api/games/{made['id']}/hands"
    for bidder, contract, tricks in (
        ("Ann", "10NT", 10),
        ("Bob", "10NT", 10),
        ("Ann", "10NT", 10),
        ("Bob", "8H", 8),
        ("Ann", "8NT", 8),
        ("Bob", "9NT", 5),
    ):
        taken: int | list[int] = tricks
        if game is THREE:  # the bidder's tricks, the rest shared by the others
            rest = 10 - tricks
            at = ["Ann", "Bob", "Cat"].index(bidder)
            taken = [rest - rest // 2, rest // 2]
            taken.insert(at, tricks)
        hand = {"bidder": bidder, "contract": contract, "tricks": taken}
        post(path, hand, made["write_token"])
    context = browser.new_context(viewport=SIZES[size], locale="fr-CA")  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{live_server}/games/{made['id']}/table")
    scores = page.locator(".table-score").all_text_contents()
    assert any(s.startswith("1\u202f") for s in scores), scores
    assert page.evaluate(APART, ".table-score") == [], scores
    context.close()


def test_a_night_table_s_scores_stay_apart_on_the_big_screen(live_server, browser):
    body = {
        "name": "Mardi",
        "rules": {"preset": "australian", "target": 2000, "floor": -2000},
        "movement": "progressive",
        "round_hands": 4,
        "players": [f"Joueuse {n}" for n in range(1, 9)],
    }
    night = post(f"{live_server}/api/nights", body)
    for table in night["rounds"][0]["tables"]:
        first, second = (s["players"][0] for s in table["sides"])
        path = f"{live_server}/api/games/{table['game']}/hands"
        for bidder in (first, second, first):
            hand = {"bidder": bidder, "contract": "10NT", "tricks": 10}
            post(path, hand, night["director_token"])
    for size in ({"width": 1280, "height": 720}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=size, locale="fr-CA")
        page = context.new_page()
        page.goto(f"{live_server}/nights/{night['id']}/screen")
        assert "1\u202f040" in page.locator(".night-table").first.text_content()
        assert page.evaluate(APART, ".night-table .side strong") == [], size
        standings = ".screen-standings td.num"
        assert page.evaluate(APART, standings) == [], size
        context.close()
