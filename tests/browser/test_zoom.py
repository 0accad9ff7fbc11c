"""Reading it at 200% zoom and at a large text size (issue 22, item 13)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, post
from phone import ZOOMED
from playwright.sync_api import Browser, Page, expect
from test_entry import BROKEN_WORDS

pytestmark = pytest.mark.browser

# The page, or any box in it, that scrolls sideways or runs off the side; read
# once the page has loaded (a page just navigated to by a tap may not yet have
# its style sheet, and is then as wide as its longest line).
SIDEWAYS = """async () => {
  if (document.readyState !== 'complete')
    await new Promise((done) => addEventListener('load', done, {once: true}));
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width)
    found.push(`the page by ${document.documentElement.scrollWidth - width}px`);
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('.visually-hidden, [hidden], details:not([open]) > :not(summary)'))
      continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1)
      found.push(`${e.tagName.toLowerCase()} ${e.textContent.trim().slice(0, 20)}`);
    if (e.scrollWidth > e.clientWidth + 1
        && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      found.push(`${e.tagName.toLowerCase()}.${e.className} scrolls`);
  }
  return found;
}"""

# Every word of a table's column headers broken across lines ("Play/er"). A
# name in a row may break when it is longer than its column can be.
BROKEN_HEADERS = BROKEN_WORDS.replace("label.tap > span", "thead th")


@pytest.fixture
def zoomed(browser: Browser) -> Iterator[Page]:
    """A 390x844 phone at 200% zoom: 195 CSS px wide, each drawn twice."""
    context = browser.new_context(viewport=ZOOMED, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_the_text_follows_the_phone_text_size(live_server, page):
    page.goto(live_server + "/")
    size = "parseFloat(getComputedStyle(document.body).fontSize)"
    usual = page.evaluate(size)
    # The phone's text size setting: Chromium's default font size, doubled.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.reload()
    expect(page.locator("body")).to_be_visible()
    assert page.evaluate(size) == 2 * usual


# Names as long as a name may be, one of them a single unbroken word.
UNBROKEN = [
    "Wolfeschlegelsteinhausenbergerdorffvorna",
    "Maximiliane Bartholomew Christabelle Dan",
    "Anastasiaoftheeasternwindsandthewestside",
    "Ottoline Quintessa Rosamund Pennyworthie",
]


def test_at_200_percent_long_unbroken_names_wrap_on_every_table_of_names(
    club_server, zoomed
):
    sides = [
        {"name": "Us", "players": UNBROKEN[:2]},
        {"name": "Them", "players": UNBROKEN[2:]},
    ]
    body = {**FRIDAY, "sides": sides, "first_dealer": UNBROKEN[0]}
    game = post(f"{club_server}/api/games", body)
    hand = {"bidder": UNBROKEN[0], "contract": "10NT", "tricks": 10}
    post(f"{club_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    # A night's sides are its partners' names joined: 18 letters keep them in 40.
    seated = [name[:18] for name in UNBROKEN]
    night = post(
        f"{club_server}/api/nights",
        {"name": "Tuesday", "players": seated, "round_hands": 2},
    )
    table = night["rounds"][0]["tables"][0]
    token = night["director_token"]
    hand = {"bidder": seated[0], "contract": "7H", "tricks": 7}
    post(f"{club_server}/api/games/{table['game']}/hands", hand, token)
    today = datetime.now(UTC).date().isoformat()
    page = zoomed
    page.goto(f"{club_server}/seasons/")
    page.get_by_label("Name").fill("Summer")
    page.get_by_label("First day").fill(today)
    page.get_by_label("Last day").fill(today)
    page.get_by_label("Club password").fill(CLUB_PASSWORD)
    page.get_by_role("button", name="Save the season").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Summer")
    season = page.url.rsplit("/", 1)[1]
    paths = ["/players", f"/players?season={season}", f"/seasons/{season}"]
    paths += ["/stats", f"/stats?season={season}", "/", "/history"]
    paths += [f"/players/{UNBROKEN[0]}", f"/games/{game['id']}"]
    paths += [f"/nights/{night['id']}", f"/nights/{night['id']}/screen"]
    paths += [f"/nights/{night['id']}/players/{seated[2]}"]
    found = {}
    for path in paths:
        page.goto(club_server + path)
        page.evaluate(
            "document.querySelectorAll('details').forEach((d) => d.open = true)"
        )
        found[path] = page.evaluate(SIDEWAYS) + page.evaluate(BROKEN_HEADERS)
    assert {path: bad for path, bad in found.items() if bad} == {}
