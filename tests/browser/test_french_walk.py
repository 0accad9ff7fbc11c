"""One walk over every page a person can reach (issue 24): in French (a fr-CA phone)
each page says lang="fr", shows none of the catalogue's English strings, passes
axe and fits the phone at 390x844 and at 200 % zoom; the same walk in English
finds every page as before. The walk fails when the app gains a page it misses."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from api_helpers import CLUB_PASSWORD, post
from flask import Flask
from phone import PHONE, assert_accessible
from playwright.sync_api import Browser, Page, expect
from test_entry import BROKEN_WORDS, ZOOMED
from test_language import english_left, shown
from test_zoom import BROKEN_HEADERS, SIDEWAYS
from werkzeug.exceptions import NotFound

pytestmark = pytest.mark.browser

# GET pages the walk does not visit, each with its reason.
EXCLUDED = {
    "static": "files, not pages",
    "pwa.service_worker": "a script, not a page",
    "pwa.manifest": "JSON for the phone, not a page (its words are checked elsewhere)",
}
DOWNLOAD = re.compile(r"\.(csv|json|png|svg|webmanifest|js)$")

# English a page shows that comes from a module the lead is changing (not this
# walk's to fix): each exclusion is for that one string only, with its source.
LEAD_STRINGS = {
    # db/store.py's NotFound: the API's error sentence too (tests/pinned_api.json)
    "no such game": re.compile(r"There is no game with that id\."),
    # A night's game is named, in English, by nights/service.py when it is made.
    "a night game's name": re.compile(r": round \d+, table \d+"),
}
# Common English words no French sentence has: what no catalogue string catches
# (a sentence never marked for translation).
ENGLISH = re.compile(
    r"(?<!\w)(the|and|this|that|with|your|you|is|are|of|to|not|was|has|have|for|"
    r"from|will|no|cannot|here|there|game|hand|player|round|night)(?!\w)",
    re.IGNORECASE,
)

OPEN_DETAILS = "document.querySelectorAll('details').forEach((d) => d.open = true)"
NINE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def unwalked(app: Flask, walked: set[str]) -> dict[str, str]:
    """Return the GET pages of the app's url_map neither walked nor excluded."""
    return {
        rule.endpoint: rule.rule
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ())
        and not rule.rule.startswith("/api/")
        and not DOWNLOAD.search(rule.rule)
        and rule.endpoint not in walked | set(EXCLUDED)
    }


def game(base: str, body: dict[str, Any], *hands: dict[str, Any]) -> dict[str, Any]:
    """Start a game through the API and record its hands; return it."""
    made = post(f"{base}/api/games", body)
    for hand in hands:
        post(f"{base}/api/games/{made['id']}/hands", hand, made["write_token"])
    return dict(made)


def sides(*pairs: tuple[str, list[str]]) -> list[dict[str, Any]]:
    """Return the sides of a game: a name and its players each."""
    return [{"name": name, "players": players} for name, players in pairs]


def set_up(base: str, page: Page) -> tuple[list[tuple[str, int]], dict[str, str]]:
    """Set up a club's worth of data; return every path to walk and its status,
    and the scoreboards of two games the walking phone scores."""
    couples = sides(("Nous", ["Ann", "Cat"]), ("Eux", ["Bob", "Dan"]))
    done = game(
        base,
        {"name": "Vendredi", "sides": couples, "first_dealer": "Ann"},
        {"bidder": "Ann", "contract": "10NT", "tricks": 10},
    )
    playing = game(
        base,
        {"name": "Jeudi soir", "sides": couples, "first_dealer": "Bob"},
        {"bidder": "Bob", "contract": "7H", "tricks": 8},
        {"bidder": "Ann", "contract": "8S", "tricks": 6},
        {"contract": "pass"},
        {"side": 0, "contract": "misere", "tricks": 0},
    )
    alone = sides(*((name, [name]) for name in ["Ann", "Bob", "Cat", "Dan", "Eve"]))
    five = game(
        base,
        {"name": "À cinq", "sides": alone, "first_dealer": "Eve"},
        {
            "bidder": "Ann",
            "partner": "Cat",
            "contract": "8S",
            "tricks": [6, 1, 2, 1, 0],
        },
    )
    others = sides(("Elles", ["Annie", "Lou"]), ("Eux", ["Max", "Zoé"]))
    game(base, {"name": "Samedi", "sides": others, "first_dealer": "Lou"})
    rules = post(
        f"{base}/api/rulesets",
        {"name": "Chez Lise", "rules": {"preset": "australian", "target": 300}},
    )
    nights = []
    for name in ("Mardi au club", "Jeudi au club", "Vendredi au club"):
        body = {"name": name, "movement": "progressive", "round_hands": 4}
        nights.append(post(f"{base}/api/nights", {**body, "players": NINE}))
    for night in nights:
        table = night["rounds"][0]["tables"][0]["game"]
        for hand in (
            {"bidder": "Ann", "contract": "7H", "tricks": 7},
            {"bidder": "Bob", "contract": "6S", "tricks": 4},
        ):
            post(f"{base}/api/games/{table}/hands", hand, night["director_token"])
    called, ended = nights[1:]
    for night in (called, ended):
        token = night["director_token"]
        post(f"{base}/api/nights/{night['id']}/rounds/1/close", {}, token)
    post(f"{base}/api/nights/{ended['id']}/finish", {}, ended["director_token"])

    today = datetime.now(UTC).date().isoformat()
    page.goto(f"{base}/seasons/")
    page.get_by_label("Name").fill("Automne")
    page.get_by_label("First day").fill("2020-01-01")
    page.get_by_label("Last day").fill(today)
    page.get_by_label("Club password").fill(CLUB_PASSWORD)
    page.get_by_role("button", name="Save the season").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Automne")
    season = page.url.split("?")[0].rsplit("/", 1)[1]

    board, night, later = (
        f"/games/{playing['id']}",
        f"/nights/{nights[0]['id']}",
        f"/nights/{called['id']}",
    )
    return [
        ("/", 200),
        ("/new/", 200),
        ("/new/2x2", 200),
        ("/new/5x1", 200),
        (f"/games/{done['id']}", 200),  # a reader's scoreboard, finished
        (playing["links"]["play"], 200),  # this phone scores it from now on
        (board, 200),
        (f"{board}/hands", 200),
        (f"{board}/hands/2/edit", 200),
        (f"{board}/undo", 200),
        (f"{board}/delete", 200),
        (f"{board}/share", 200),
        (f"{board}/share/play", 200),
        (f"{board}/table", 200),
        (done["links"]["play"], 200),  # finished, scored here: a rematch offered
        (five["links"]["play"], 200),
        (f"/games/{five['id']}/hands", 200),
        ("/history", 200),
        (f"/history?player=Ann&status=finished&season={season}", 200),
        ("/stats", 200),
        (f"/stats?season={season}", 200),
        ("/players", 200),
        (f"/players?season={season}", 200),
        ("/players/Ann", 200),
        ("/players/Ann/rename", 200),
        ("/players/Annie/rename?new_name=ann", 200),  # a merge, asked
        ("/players/Ann/rename?new_name=Bob", 409),  # refused: played together
        ("/seasons/", 200),
        (f"/seasons/{season}", 200),
        ("/rules/", 200),
        ("/rules/new", 200),
        (f"/rules/{rules['id']}/edit/{rules['write_token']}", 200),
        (f"/rules/{rules['id']}/edit", 200),
        (f"/rules/{rules['id']}/delete", 200),
        ("/nights", 200),
        ("/nights/new", 200),
        (night, 200),  # a watcher's
        (f"{night}/screen", 200),
        (f"{night}/players/Ann", 200),
        (f"{night}/players/Ivy", 200),  # sat out
        (nights[0]["links"]["direct"], 200),  # this phone directs it from now on
        (f"{night}/direct", 200),
        (f"{night}/cards", 200),
        (f"{night}/tables/1", 200),  # the director opens table 1's game
        (f"{night}/tables/1/not-a-card", 403),
        (f"{later}/direct", 403),  # not yet this phone's to direct
        (f"{later}/direct/not-the-link", 403),
        (called["links"]["direct"], 200),
        (later, 200),
        (f"{later}/screen", 200),
        (f"{later}/players/Ann", 200),
        (f"/nights/{ended['id']}", 200),  # finished: its awards
        (f"/nights/{ended['id']}/screen", 200),
        (f"/nights/{ended['id']}/players/Bob", 200),
        (f"/games/{five['id']}/table", 200),
        (f"/games/{done['id']}/share", 200),
        ("/games/no-such-game", 404),
        ("/no-such-page", 404),
        (f"/rules/{rules['id']}/edit/not-the-token", 403),
    ], {"playing": board, "finished": f"/games/{done['id']}"}


def fit(page: Page) -> list[str]:
    """Return what runs off the side at the phone's width, then at 200 % zoom."""
    page.evaluate(OPEN_DETAILS)
    found = [f"390px: {bad}" for bad in page.evaluate(SIDEWAYS)]
    page.set_viewport_size(ZOOMED)
    try:
        found += [f"200%: {bad}" for bad in page.evaluate(SIDEWAYS)]
        broken = page.evaluate(BROKEN_WORDS) + page.evaluate(BROKEN_HEADERS)
        found += [f"200%: {word!r} broken across lines" for word in broken]
    finally:
        page.set_viewport_size(PHONE)
    return found


def in_french(page: Page, path: str) -> list[str]:
    """Return what is wrong with a French page: lang, English, axe, its fit."""
    wrong = []
    lang = page.locator("html").get_attribute("lang")
    if lang != "fr":
        return [f'lang="{lang}" (no French catalogue compiled? run make)']
    content = page.content()
    for lead in LEAD_STRINGS.values():
        content = lead.sub("", content)
    wrong += [f"English: {s!r}" for s in english_left(content)]
    text = shown(content)
    wrong += [
        f"unmarked: {text[max(0, m.start() - 30) : m.end() + 30]!r}"
        for m in ENGLISH.finditer(text)
    ]
    try:
        assert_accessible(page)
    except AssertionError as axe:
        wrong.append(f"axe: {axe}")
    return wrong + fit(page)


def walk(page: Page, base: str, paths: list[tuple[str, int]], check: Any) -> dict:
    """Visit every path in turn; return what is wrong, page by page."""
    found = {}
    for path, status in paths:
        response = page.goto(base + path)
        assert response is not None, path
        wrong = [] if response.status == status else [f"status {response.status}"]
        wrong += check(page, path)
        if wrong:
            found[path] = wrong
    return found


def offline(page: Page, base: str, games: dict[str, str], check: Any) -> dict:
    """With no connection: open a page the phone did not keep (the worker's own
    page answers), then tap Undo on a kept scoreboard; return what is wrong."""
    board = games["playing"]
    page.goto(base + board)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # the worker's page now: it keeps the scoreboard
    kept = "(path) => caches.match(path).then((copy) => copy !== undefined)"
    page.wait_for_function(kept, arg=board)
    found = {}
    page.context.set_offline(True)
    try:
        response = page.goto(base + "/nights")
        assert response is not None
        wrong = [] if response.status == 503 else [f"status {response.status}"]
        found["no connection"] = wrong + check(page, "no connection")
        page.goto(base + board)
        page.locator(f"a[href='{board}/undo']").first.click()
        expect(page.locator("#needs-line")).to_be_visible()
        found["needs the connection"] = check(page, "needs the connection")
    finally:
        page.context.set_offline(False)
    return {name: wrong for name, wrong in found.items() if wrong}


NO_CHECKS = "document.querySelectorAll('form').forEach((f) => f.noValidate = true)"


def act(page: Page, base: str, games: dict[str, str], check: Any) -> dict:
    """Send the forms people send, refused and accepted, and check the page each
    leads to (a flashed word after an action, a form's errors); return what is
    wrong."""
    found = {}

    def sent(button: str, name: str) -> None:
        page.evaluate(NO_CHECKS)  # the server's refusal, not the browser's
        page.locator(button).first.click()
        page.wait_for_load_state()
        wrong = check(page, name)
        if wrong:
            found[name] = wrong

    page.goto(base + "/new/2x2")
    sent("[name=review]", "new game: nobody named")
    for index, name in enumerate(["Ann", "Cat", "Bob", "Dan"]):
        page.locator(f"input[name='players-{index}']").fill(name)
    sent("[name=review]", "new game: its rules checked")
    sent("[name=start]", "new game: started")
    page.goto(f"{base}{games['playing']}/undo")
    sent("main form button", "a hand undone")
    page.goto(base + games["finished"])
    rematch = "form[action$='/rematch'] button"
    if page.locator(rematch).count():  # the other language's walk started it
        sent(rematch, "a rematch started")
    page.goto(base + "/seasons/")
    page.evaluate(OPEN_DETAILS)
    for field, value in (
        ("name", "Hiver"),
        ("first_day", "2020-01-01"),
        ("last_day", "2020-03-31"),
        ("password", "not the password"),
    ):
        page.locator(f"input[name={field}]").fill(value)
    sent("[name=save]", "season: a wrong password")
    page.goto(base + "/nights/new")
    sent("[name=start]", "night: no name")
    page.goto(base + "/rules/new")
    sent("[name=save]", "house rules: no name")
    return found


def endpoints(paths: list[tuple[str, int]], app: Flask) -> set[str]:
    """Return the endpoints the walked paths reach (an address of none: no page)."""
    routes = app.url_map.bind("localhost")
    found = set()
    for path, _ in paths:
        try:
            found.add(routes.match(path.split("?")[0], method="GET")[0])
        except NotFound:
            pass
    return found


def test_every_page_in_french_has_no_english_passes_axe_and_fits(
    app: Flask, club_server: str, browser: Browser
):
    english = browser.new_context(viewport=PHONE, locale="en-US")
    french = browser.new_context(viewport=PHONE, locale="fr-CA")
    try:
        start = time.monotonic()
        on_english, on_french = english.new_page(), french.new_page()
        for page in (on_english, on_french):
            page.set_default_timeout(10_000)
        paths, games = set_up(club_server, on_english)
        walked = endpoints(paths, app)
        assert unwalked(app, walked) == {}, "pages neither walked nor excluded"
        set_up_at = time.monotonic()

        found = walk(on_french, club_server, paths, in_french)
        found |= act(on_french, club_server, games, in_french)
        found |= offline(on_french, club_server, games, in_french)
        french_at = time.monotonic()

        def as_before(page: Page, path: str) -> list[str]:
            lang = page.locator("html").get_attribute("lang")
            return [] if lang == "en" else [f'lang="{lang}"']

        found |= {
            f"{path} (English)": wrong
            for path, wrong in walk(on_english, club_server, paths, as_before).items()
        }
        found |= {
            f"{name} (English)": wrong
            for name, wrong in act(on_english, club_server, games, as_before).items()
        }
        found |= {
            f"{name} (English)": wrong
            for name, wrong in offline(
                on_english, club_server, games, as_before
            ).items()
        }
        print(
            f"\n{len(paths)} pages ({len(walked)} routes): set up "
            f"{set_up_at - start:.1f}s, French {french_at - set_up_at:.1f}s, "
            f"English {time.monotonic() - french_at:.1f}s"
        )
        assert found == {}, "\n".join(f"{p}: {w}" for p, w in found.items())
    finally:
        english.close()
        french.close()


def test_a_page_the_walk_leaves_out_is_named(app: Flask):
    missed = unwalked(app, {"games.home"})
    assert missed["games.scoreboard"] == "/games/<game_id>"
    assert missed["nights.screen"] == "/nights/<night_id>/screen"
    assert "games.home" not in missed and "static" not in missed
    assert not any(rule.startswith("/api/") for rule in missed.values())
    assert not any(DOWNLOAD.search(rule) for rule in missed.values())
