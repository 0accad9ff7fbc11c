"""Time the reading pages at 20 and at 100,000 games: each should cost the same.

Run: .venv/bin/python bench/scale.py [--small 20] [--large 100000] [--same-time]
     [--listing] [--keep DIR] [--exports DIR]

With --same-time every game starts at the same moment (as an import of dates
alone gives), so the listing pages must page by id among equal dates; with
--listing only the pages that list games are timed.

A club's season is generated (about 30 players, twelve-hand games at every
table shape, most of them finished), written as an export file and loaded into
a fresh SQLite database with `flask import-games`, once per size. Each page is
then asked for through the in-process test client, as a phone asks (gzip),
at both sizes in turn (so a burst of the machine's other work slows both):
the median time of several requests at each size, and their ratio. With
--keep DIR each loaded database is kept there and copied, not loaded again,
by the next run (100,000 games take minutes to generate and import; the
export file is kept in --exports too).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper.scoring import (
    GameOver,
    ScoringError,
    make_hand,
    make_table,
    replay,
    rules_from_dict,
)

CLUB = [
    *("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"),
    *("Kim", "Lou", "Max", "Ned", "Ora", "Pam", "Quin", "Rex", "Sue", "Tom"),
    *("Uma", "Vic", "Wes", "Xia", "Yan", "Zoë", "Abe", "Bea", "Cy", "Di"),
]
SHAPES = [(2, 2)] * 6 + [(3, 1), (2, 1), (5, 1), (2, 3), (3, 2)]
PRESETS = ["australian"] * 3 + ["american"]
# Mostly sixes and sevens, so a game lasts about twelve hands.
LEVELS = [6] * 4 + [7] * 4 + [8, 9, 10]
CONTRACTS = [f"{n}{s}" for n in LEVELS for s in ("S", "C", "D", "H", "NT")]
CONTRACTS += ["misere"] * 4 + ["pass"] * 6
HANDS = 12
START = datetime(2025, 1, 1)
GAP = timedelta(minutes=47)


def one_game(
    rng: random.Random, number: int, start: datetime, gap: timedelta
) -> dict[str, Any]:
    """Return one generated game as export-games writes it."""
    count, size = rng.choice(SHAPES)
    players = rng.sample(CLUB, count * size)
    sides = [
        {
            "name": players[i * size] if size == 1 else f"Team {i + 1}",
            "players": players[i * size : (i + 1) * size],
        }
        for i in range(count)
    ]
    rules = {"preset": rng.choice(PRESETS)}
    table = make_table([(s["name"], s["players"]) for s in sides])
    engine_rules = rules_from_dict(rules)
    state, hands = replay(engine_rules, table, []), []
    while len(hands) < HANDS and not state.finished:
        contract = rng.choice(CONTRACTS)
        bidder = rng.choice(table.players)
        side = table.side_of(bidder)
        if contract[0].isdigit():  # made about two times in three
            needed = int(contract.rstrip("SCDHNT"))
            taken = min(10, needed + rng.choice([-2, -1, -1, 0, 0, 1]))
        else:
            taken = rng.choice([0, 0, 1, 3])
        tricks = [0] * count
        tricks[side] = taken
        tricks[(side + 1) % count] += 10 - taken
        body = {"contract": contract, "bidder": bidder, "tricks": tricks}
        if contract == "pass":
            body = {"contract": "pass", "tricks": tricks}
        try:
            hand = make_hand(engine_rules, table, **body)
            state = replay(engine_rules, table, [hand], since=state)
        except (GameOver, ScoringError):
            continue
        hands.append(body)
    created = start + gap * number
    return {
        "name": f"Club night {number}",
        "created": created.replace(tzinfo=UTC).isoformat(),
        "rules": rules,
        "sides": sides,
        "first_dealer": table.first_dealer,
        "hands": hands,
    }


def export_file(count: int, folder: Path, gap: timedelta = GAP) -> Path:
    """Return an export file of `count` generated games (made once, then kept)."""
    path = folder / f"club-{count}{'-same-time' if not gap else ''}.json"
    if not path.exists():
        rng = random.Random(count)
        games = [one_game(rng, n, START, gap) for n in range(count)]
        path.write_text(json.dumps({"games": games}))
    return path


def load(count: int, instance: Path, exports: Path, gap: timedelta = GAP) -> str:
    """Fill a fresh SQLite database with `count` games via flask import-games."""
    url = f"sqlite:///{instance}/scorekeeper.sqlite"
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance), "DATABASE_URL": url}
    began = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "import-games"]
        + [str(export_file(count, exports, gap))],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    print(f"imported {count} games in {time.perf_counter() - began:.1f} s")
    return url


def loaded(
    count: int, instance: Path, exports: Path, gap: timedelta, keep: str | None
) -> str:
    """Load `count` games, or copy the database a run before kept in `keep`.

    The app migrates a kept database to the newest schema when it starts, so
    the same games are timed before and after a change to the indexes.
    """
    kept = Path(keep or ".") / f"club-{count}{'-same-time' if not gap else ''}.sqlite"
    database = instance / "scorekeeper.sqlite"
    if keep and kept.exists():
        shutil.copyfile(kept, database)
        return f"sqlite:///{database}"
    url = load(count, instance, exports, gap)
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(database, kept)
    return url


# The game whose scoreboard is timed, the same twelve hands at both sizes.
BOARD = {
    "name": "Timed",
    "rules": {
        "preset": "australian",
        "target": None,
        "floor": None,
        "hands_limit": 100,
    },
    "sides": [
        {"name": "Us", "players": ["Ann", "Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
}
BOARD_HANDS = [
    {"bidder": "Bob", "contract": "7H", "tricks": 7},
    {"bidder": "Ann", "contract": "8S", "tricks": 6},
    {"bidder": "Cat", "contract": "6C", "tricks": 6},
    {"bidder": "Dan", "contract": "misere", "tricks": 0},
] * 3


def season(app: Any, count: int, gap: timedelta) -> int:
    """Name a season of the last tenth of the games' days; return its id."""
    from scorekeeper.seasons import service as seasons

    first = (START + gap * int(count * 0.9)).date()
    last = (START + gap * (count - 1)).date()
    with app.app_context():
        return seasons.save_season("Last tenth", first, last).id


def pages(client: Any, season: int) -> dict[str, str]:
    """Return the reading pages to time, by name (a game of twelve hands made)."""
    made = client.post("/api/games", json=BOARD).json
    auth = {"Authorization": f"Bearer {made['write_token']}"}
    for hand in BOARD_HANDS:
        answer = client.post(f"/api/games/{made['id']}/hands", json=hand, headers=auth)
        assert answer.status_code == 201, answer.json
    newest = made["id"]
    return {
        "home /": "/",
        "history": "/history",
        "history ?player=Ann": "/history?player=Ann",
        "history ?status=in_progress": "/history?status=in_progress",
        "history ?player=Ann&status=finished": "/history?player=Ann&status=finished",
        "statistics /stats": "/stats",
        "leaderboard /players": "/players",
        "player page /players/Ann": "/players/Ann",
        "API /api/players": "/api/players",
        "API /api/players/Ann": "/api/players/Ann",
        "GET /api/games": "/api/games",
        "GET /api/games?player=Ann": "/api/games?player=Ann",
        "GET /api/games?status=finished": "/api/games?status=finished",
        "GET /api/games?player=Ann&status=…": (
            "/api/games?player=Ann&status=in_progress"
        ),
        "scoreboard /games/<id>": f"/games/{newest}",
        "GET /api/games/<id>": f"/api/games/{newest}",
        "house rules /rules/": "/rules/",
        "new game /new/2x2": "/new/2x2",
        "season standings /seasons/<id>": f"/seasons/{season}",
        "history ?season=": f"/history?season={season}",
        "statistics ?season=": f"/stats?season={season}",
        "leaderboard ?season=": f"/players?season={season}",
    }


def request(client: Any, path: str) -> tuple[float, float]:
    """Return the milliseconds one request for a path took, as a phone asks:
    on the clock, and of this process's CPU (what the machine's other work
    barely moves: SQLite runs in this process)."""
    began, cpu = time.perf_counter(), time.process_time()
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    took = (time.perf_counter() - began) * 1000
    used = (time.process_time() - cpu) * 1000
    assert response.status_code == 200, (path, response.status_code)
    return took, used


def timed(
    clients: list[Any], paths: list[str], budget: float = 3.0
) -> list[tuple[float, float]]:
    """Return the median milliseconds of a page at each size, on the clock and
    of CPU, asked in turn.

    One request at each size, then the next round: on a shared machine a
    burst of other work slows both sizes alike, not one of them. At least
    nine rounds, for `budget` seconds, at most forty or thirty seconds.
    """
    times: list[list[tuple[float, float]]] = [[] for _ in clients]
    began = time.perf_counter()
    while len(times[0]) < 40:
        spent = time.perf_counter() - began
        if len(times[0]) >= 9 and spent > budget or spent > 30:
            break
        for client, path, kept in zip(clients, paths, times, strict=True):
            kept.append(request(client, path))
    return [
        (statistics.median(t for t, _ in kept), statistics.median(c for _, c in kept))
        for kept in times
    ]


# The pages that list games, each filter: what --listing times.
LISTING = ("home /", "history", "GET /api/games")


def ready(url: str, count: int, gap: timedelta) -> tuple[Any, Any, dict[str, str]]:
    """Return an app on one database, its client and the pages to time there."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "b" * 32})
    client = app.test_client()
    return app, client, pages(client, season(app, count, gap))


def measure(
    sizes: dict[int, str], gap: timedelta, listing: bool
) -> dict[str, list[tuple[float, float]]]:
    """Time every reading page (or the listing ones) at each size, in turn."""
    apps = [ready(url, count, gap) for count, url in sizes.items()]
    clients = [client for _, client, _ in apps]
    found = {}
    for name in apps[0][2]:
        if listing and not name.startswith(LISTING):
            continue
        paths = [shown[name] for _, _, shown in apps]
        for client, path in zip(clients, paths, strict=True):
            request(client, path)  # warm: templates compiled, caches filled
        found[name] = timed(clients, paths)
    for app, _, _ in apps:
        with app.app_context():
            from scorekeeper.db.models import db

            db.engine.dispose()
    return found


def main() -> None:
    """Load both sizes, time every page at each in turn, print times and ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--small", type=int, default=20)
    parser.add_argument("--large", type=int, default=100_000)
    parser.add_argument("--exports", default=tempfile.gettempdir())
    parser.add_argument("--same-time", action="store_true")
    parser.add_argument("--listing", action="store_true")
    parser.add_argument("--keep", help="a folder to keep each loaded database in")
    args = parser.parse_args()
    exports = Path(args.exports)
    gap = timedelta(0) if args.same_time else GAP
    with tempfile.TemporaryDirectory() as small, tempfile.TemporaryDirectory() as big:
        sizes = {
            count: loaded(count, Path(folder), exports, gap, args.keep)
            for count, folder in ((args.small, small), (args.large, big))
        }
        figures = measure(sizes, gap, args.listing)
    print("\nmedian ms per request (in-process test client, SQLite, gzip;")
    print("each page asked at both sizes in turn), on the clock and of CPU")
    if args.same_time:
        print("(every game starts at the same moment; the season is that day)")
    else:
        print("(a season: the last tenth of the games' days)")
    sizes_said = f"{args.small:>7} {args.large:>7} {'ratio':>6}"
    print(f"{'':38} {'clock':^22} {'CPU':^22}")
    print(f"{'page':38} {sizes_said} {sizes_said}")
    for name, ((wall_s, cpu_s), (wall_l, cpu_l)) in figures.items():
        print(
            f"{name:38} {wall_s:7.1f} {wall_l:7.1f} {wall_l / wall_s:6.2f}"
            f" {cpu_s:7.1f} {cpu_l:7.1f} {cpu_l / cpu_s:6.2f}"
        )
    for what, at in (("clock", 0), ("CPU", 1)):
        worst = max(figures, key=lambda n: figures[n][1][at] / figures[n][0][at])
        ratio = figures[worst][1][at] / figures[worst][0][at]
        print(f"worst ratio on the {what}: {worst} {ratio:.2f} (target 1.5)")
    if "statistics /stats" in figures:
        stats = figures["statistics /stats"][1]
        print(
            f"/stats at {args.large} games: {stats[0]:.0f} ms on the clock, "
            f"{stats[1]:.0f} ms of CPU (target under 100 ms)"
        )


if __name__ == "__main__":
    main()
