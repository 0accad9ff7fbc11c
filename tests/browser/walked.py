"""What the French walk (test_french_walk.py) visits and sends: a club's worth of
data set up through the API and the pages, the paths to walk, the forms people
send, and the pages a phone shows with no connection."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from api_helpers import CLUB_PASSWORD, FRENCH, call, post
from phone import worker_speaks
from playwright.sync_api import Page, expect

# What is wrong with a page, as one language's walk checks it.
Check = Callable[[Page, str], list[str]]

OPEN_DETAILS = "document.querySelectorAll('details').forEach((d) => d.open = true)"
NINE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


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
        # Set up from a French phone: its games are named in French.
        night = call(f"{base}/api/nights", "POST", {**body, "players": NINE}, FRENCH)
        assert night[0] == 201, night
        nights.append(night[1])
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
        (f"{night}/schedule", 200),  # the movement to print
        (f"{night}/tallies", 200),  # the tally cards to print
        (f"{night}/direct/close?round=1", 200),  # the console asks once
        (f"{night}/direct/finish", 200),
        (f"{night}/direct/players/Ivy/gone", 200),
        (f"{night}/tables/1", 200),  # the director opens table 1's game
        (f"{night}/tables/1/not-a-card", 403),
        (f"{later}/direct", 403),  # not yet this phone's to direct
        (f"{later}/direct/not-the-link", 403),
        (called["links"]["direct"], 200),
        (f"{later}/tables/1", 200),  # an ended table's game: where everyone goes
        (f"{later}/rounds/1/tables/2/next", 200),
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


def offline(page: Page, base: str, games: dict[str, str], check: Check) -> dict:
    """With no connection: open a page the phone did not keep (the worker's own
    page answers), then tap Undo on a kept scoreboard; return what is wrong."""
    board = games["playing"]
    page.goto(base + board)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # the worker's page now: it keeps the scoreboard
    kept = "(path) => caches.match(path).then((copy) => copy !== undefined)"
    page.wait_for_function(kept, arg=board)
    worker_speaks(page)  # its "No connection" page in the page's language
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


def act(page: Page, base: str, games: dict[str, str], check: Check) -> dict:
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
