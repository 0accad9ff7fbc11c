"""The page check's club (issue 42): hard data set up once, and every page to open.

Long and accented names, a side at −1 000, games of two to six players and
teams of three, a finished night in a season (its ladder) and a night of 30
tables; then each page a person can reach, in the order a phone reaches them
(a game's play link before its "Edit" buttons, a night's direct link before its
console)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, NamedTuple

from api_helpers import CLUB_PASSWORD, post
from playwright.sync_api import Page, expect

LONG = "Marie-Ève Létourneau-Bissonnette"
BART = "Bartholomew Featherstonehaugh"
# Names as a club writes them: long, hyphenated, accented, and a few short.
NAMES = [
    LONG,
    BART,
    "Geneviève Tremblay-Gagnon",
    "Jean-François Bélanger",
    "Christabelle Worthington",
    "Maximilien Charbonneau",
]
# 120 players at 30 tables; the long names among them.
HALL = NAMES + [f"Évangéline {n}" for n in range(7, 121)]


class Shown(NamedTuple):
    """One page the check opens: its name in the report, its path, its status,
    and who opens it."""

    name: str
    path: str
    status: int = 200
    writer: bool = False  # opened by the phone that scores or directs
    screen: bool = False  # a room's big screen, not a phone's page


def game(base: str, body: dict[str, Any], *hands: dict[str, Any]) -> dict[str, Any]:
    """Start a game through the API, record its hands; return it."""
    rules = {"preset": "australian", "floor": None}  # no back door: room for −1 000
    made = post(f"{base}/api/games", {"rules": rules, **body})
    for hand in hands:
        post(f"{base}/api/games/{made['id']}/hands", hand, made["write_token"])
    return dict(made)


def alone(*names: str) -> list[dict[str, Any]]:
    """Return the sides of a game of lone players."""
    return [{"name": name, "players": [name]} for name in names]


def teams(*named: tuple[str, list[str]]) -> list[dict[str, Any]]:
    """Return the sides of a game of teams: a name and its players each."""
    return [{"name": name, "players": players} for name, players in named]


def games(base: str) -> dict[str, dict[str, Any]]:
    """Start a game of every shape, hands of every kind; return them by size."""
    a, b, c, d, e, f = NAMES
    fail = {"contract": "10NT", "tricks": 4}  # −520 a time: −1 040 twice
    return {
        "2": game(
            base,
            {"sides": alone(a, b), "first_dealer": a},
            {"bidder": a, **fail},
            {"bidder": b, "contract": "8H", "tricks": 8},
            {"bidder": a, **fail},
        ),
        "3": game(
            base,
            {"sides": alone(a, b, c), "first_dealer": c},
            {"bidder": a, "contract": "7S", "tricks": [5, 3, 2]},
            {"side": 1, "contract": "misere", "tricks": [0, 10, 0]},
            {"contract": "pass"},
        ),
        "4": game(
            base,
            {"sides": teams(("Nous", [a, c]), ("Eux", [b, d])), "first_dealer": a},
            {"bidder": a, **fail},
            {"bidder": b, "contract": "misere", "tricks": 0},
            {"bidder": c, **fail},
            {"contract": "pass"},
        ),
        "5": game(
            base,
            {"sides": alone(a, b, c, d, e), "first_dealer": e},
            {"bidder": a, "partner": c, "contract": "8S", "tricks": [6, 1, 2, 1, 0]},
            {"bidder": b, "partner": d, "contract": "10NT", "tricks": [1, 2, 3, 2, 2]},
            {"side": 4, "contract": "misere", "tricks": [3, 3, 2, 2, 0]},
        ),
        "2x3": game(
            base,
            {
                "sides": teams(
                    ("Les Remparts de Québec", [a, c, e]), ("Eux", [b, d, f])
                ),
                "first_dealer": f,
            },
            {"bidder": a, **fail},
            {"bidder": b, "contract": "9D", "tricks": 9},
        ),
        "3x2": game(
            base,
            {
                "sides": teams(
                    ("Nous", [a, d]), ("Eux", [b, e]), ("Les Autres", [c, f])
                ),
                "first_dealer": a,
            },
            {"bidder": a, "contract": "7C", "tricks": [7, 2, 1]},
            {"bidder": b, "contract": "10H", "tricks": [3, 4, 3]},
        ),
    }


def nights(base: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Start a night of 30 tables, its first hands played, and a small night
    played to its end; return both."""
    hall = post(
        f"{base}/api/nights",
        {"name": "Soirée-bénéfice", "movement": "progressive", "round_hands": 2}
        | {"players": HALL, "rounds": 3, "round_minutes": 90},
    )
    for table in hall["rounds"][0]["tables"][:20]:
        bidder = table["sides"][0]["players"][0]
        hand = {"bidder": bidder, "contract": "10NT", "tricks": 3}
        post(f"{base}/api/games/{table['game']}/hands", hand, hall["director_token"])
    token = hall["director_token"]
    post(f"{base}/api/nights/{hall['id']}/rounds/1/close", {}, token)
    small = post(
        f"{base}/api/nights",
        {"name": "Mardi", "movement": "progressive", "round_hands": 1}
        | {"players": [*NAMES, "Zoé", "Lou", "Ann"], "rounds": 1},
    )
    token = small["director_token"]
    for table in small["rounds"][0]["tables"]:
        bidder = table["sides"][0]["players"][0]
        hand = {"bidder": bidder, "contract": "7H", "tricks": 8}
        post(f"{base}/api/games/{table['game']}/hands", hand, token)
    post(f"{base}/api/nights/{small['id']}/finish", {}, token)
    return hall, small


def season(base: str, page: Page) -> int:
    """Make a season that holds today, through its form; return its id."""
    today = datetime.now(UTC).date().isoformat()
    page.goto(f"{base}/seasons/")
    page.evaluate("document.querySelectorAll('details').forEach((d) => d.open = true)")
    page.locator("input[name=name]").fill("Automne 2026")
    page.locator("input[name=first_day]").fill("2020-01-01")
    page.locator("input[name=last_day]").fill(today)
    page.locator("input[name=password]").fill(CLUB_PASSWORD)
    page.locator("[name=save]").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Automne 2026")
    return int(page.url.split("?")[0].rsplit("/", 1)[1])


def paths(base: str, page: Page) -> dict[str, Shown]:
    """Set up the club's data; return every page to open, by its name."""
    made = games(base)
    hall, small = nights(base)
    rules = post(
        f"{base}/api/rulesets",
        {"name": "Règles de la Saint-Jean-Baptiste", "rules": {"target": 1000}},
    )
    number = season(base, page)
    edit = f"/rules/{rules['id']}/edit"
    shown = [Shown("home", "/"), Shown("new game", "/new/")]
    shown += [Shown(f"new {s}", f"/new/{s}") for s in ("2x1", "5x1", "2x3")]
    for size, one in made.items():
        board = f"/games/{one['id']}"
        shown += [
            Shown(f"scoreboard {size}, read", board),
            Shown(f"scoreboard {size}, scored", one["links"]["play"], writer=True),
            Shown(f"hands {size}", f"{board}/hands", writer=True),
            Shown(f"table display {size}", f"{board}/table"),
        ]
    board = f"/games/{made['5']['id']}"
    shown += [
        Shown("edit a hand", f"{board}/hands/1/edit", writer=True),
        Shown("undo", f"{board}/undo", writer=True),
        Shown("share", f"{board}/share"),
        Shown("share to score", f"{board}/share/play", writer=True),
        Shown("delete", f"{board}/delete", writer=True),
        Shown("history", "/history"),
        Shown("history, sifted", f"/history?player={LONG}&season={number}"),
        Shown("statistics", "/stats"),
        Shown("statistics of a season", f"/stats?season={number}"),
        Shown("house rules", "/rules/"),
        Shown("house rules, new", "/rules/new"),
        Shown("house rules, edit link", f"{edit}/{rules['write_token']}"),
        Shown("house rules, edit", edit, writer=True),
        Shown("house rules, delete", f"/rules/{rules['id']}/delete", writer=True),
        Shown("players", "/players"),
        Shown("players of a season", f"/players?season={number}"),
        Shown("a player", f"/players/{LONG}"),
        Shown("a player, renamed", f"/players/{BART}/rename?new_name=Bart"),
        Shown("seasons", "/seasons/"),
        Shown("a season and its ladder", f"/seasons/{number}"),
        Shown("nights", "/nights"),
        Shown("new night", "/nights/new"),
    ]
    night = f"/nights/{hall['id']}"
    shown += [
        Shown("night", night),
        Shown("big screen", f"{night}/screen", screen=True),
        Shown("console link", hall["links"]["direct"], writer=True),
        Shown("console", f"{night}/direct", writer=True),
        Shown("console: close round", f"{night}/direct/close?round=2", writer=True),
        Shown("console: finish", f"{night}/direct/finish", writer=True),
        Shown("console: gone", f"{night}/direct/players/{LONG}/gone", writer=True),
        Shown("a player's night", f"{night}/players/{LONG}"),
        Shown("schedule", f"{night}/schedule"),
        Shown("tally cards", f"{night}/tallies"),
        Shown("table cards", f"{night}/cards", writer=True),
        Shown("a table", f"{night}/tables/1"),
        Shown("a table's card", f"{night}/tables/1/not-a-card", 403),
        Shown("next table", f"{night}/rounds/1/tables/1/next"),
        Shown("night, finished", f"/nights/{small['id']}"),
        Shown("big screen, finished", f"/nights/{small['id']}/screen", screen=True),
        Shown("a player's night, finished", f"/nights/{small['id']}/players/{BART}"),
        Shown("not found", "/games/no-such-game", 404),
        Shown("no such page", "/no-such-page", 404),
        Shown("refused", f"{edit}/not-the-token", 403),
    ]
    return {one.name: one for one in shown}


def grant(base: str, page: Page, shown: dict[str, Shown]) -> None:
    """Open every play link, the direct link and the house rules' edit link on
    this phone: from now on it scores those games, directs the night and
    changes the rules (whichever case a worker runs first)."""
    for one in shown.values():
        if one.name.endswith(", scored") or one.name in (
            "console link",
            "house rules, edit link",
        ):
            page.goto(base + one.path)


# Every page's name, known before the data is: the test is one case a page.
PAGES = [
    "home", "new game", "new 2x1", "new 5x1", "new 2x3",
    *(
        f"{kind} {size}{after}"
        for size in ("2", "3", "4", "5", "2x3", "3x2")
        for kind, after in (
            ("scoreboard", ", read"), ("scoreboard", ", scored"), ("hands", ""),
            ("table display", ""),
        )
    ),
    "edit a hand", "undo", "share", "share to score", "delete", "history",
    "history, sifted", "statistics", "statistics of a season", "house rules",
    "house rules, new", "house rules, edit link", "house rules, edit",
    "house rules, delete", "players", "players of a season", "a player",
    "a player, renamed", "seasons", "a season and its ladder", "nights", "new night",
    "night", "big screen", "console link", "console", "console: close round",
    "console: finish", "console: gone", "a player's night", "schedule", "tally cards",
    "table cards",
    "a table", "a table's card", "next table", "night, finished",
    "big screen, finished", "a player's night, finished", "not found",
    "no such page", "refused",
]  # fmt: skip
