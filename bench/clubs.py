"""Time one club's reading pages among many clubs against the same club alone.

Run: .venv/bin/python bench/clubs.py --database postgresql+psycopg://...
     [--clubs 1000] [--games 1000] [--builders 2] [--workers 2]
     [--others 3] [--seconds 3] [--build-only]

CLUBS.md's target: 1,000 clubs of 1,000 games each (a million games) on
PostgreSQL with two app servers, each club's pages within 1.5x of the same
club alone on the server. --database names the many-clubs database (made if
missing); the same club alone is kept in a second one beside it, its name
ending in `_alone`. A club's games are generated once (bench/scale.py's club
season, twelve-hand games at every table shape) as an export file, and each
club is started as the operator's CLI does (clubs/service.create: its
schema, at the newest migration) and filled from that file by the bulk import
(results/archive.import_games, what `flask import-games` runs), in --builders
processes. What is built is kept: a later run adds the clubs missing (a club
left unfinished is made again), so a million games can be built in steps.

Then two gunicorn servers (the README's config, --workers each, CLUBS=many)
serve each database, and each page of the club in the middle of the list is
asked of both sides in turn, each time of the other server of the pair, on a
fresh connection, as a phone asks (gzip). Between two rounds the many-clubs
servers are asked the same page of --others other clubs chosen at random, so
what a worker and PostgreSQL keep (compiled statements, prepared statements,
pages kept, buffers) is shared with other clubs as on a busy server. Prints
each page's median milliseconds on both sides and their ratio (target 1.5):
on the clock, and of CPU, the servers' workers' and their PostgreSQL
backends' (from /proc; what the machine's other work barely moves), with
PostgreSQL's part, and the load average. A quick run: --clubs 20 --games 100
--seconds 1.

Measured on two cores shared with other work (load average 7 to 11): 1,000
clubs of 1,000 games (9.7 GB, built in 55 minutes by two processes), every
page's CPU within 0.94 and 1.08 of the club alone (with 3 or 10 other clubs
asked between rounds), the clock's 0.49 to 1.46; docs/serving.md, "Many
clubs on one server", has the table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import string
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import NullPool, create_engine, make_url, text

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from cpu import thread_ns  # noqa: E402
from scale import GAP, START, one_game  # noqa: E402
from server import ROOT, command, free_port, send  # noqa: E402

ID = string.ascii_letters + string.digits + "-_"
SECRET = "bench-clubs-" + "k" * 32  # both servers of a pair sign alike


def slug(number: int) -> str:
    """Return the slug of the club of this number."""
    return f"club-{number:04d}"


def games_file(games: int, folder: Path) -> Path:
    """Return an export file of `games` generated games with ids (made once)."""
    path = folder / f"clubs-games-{games}.json"
    if not path.exists():
        rng = random.Random(games)
        made = []
        for number in range(games):
            game = one_game(rng, number, START, GAP)
            made.append({"id": "".join(rng.choices(ID, k=22)), **game})
        path.write_text(json.dumps({"games": made}))
    return path


def checked(path: Path) -> list[Any]:
    """Return the file's games read and replayed, as `flask import-games` does."""
    from scorekeeper.api import imports, schema
    from scorekeeper.results import archive

    games = json.loads(path.read_text())["games"]
    read = []
    for number, game in enumerate(games):
        schema.check_text(game)
        past = imports.imported(game, number)
        read.append((past, archive.replayed(past)))
    return read


def app_on(url: str, instance: str) -> Any:
    """Return a many-clubs app on a database (its tables made if missing)."""
    os.environ["SCOREKEEPER_INSTANCE"] = instance
    from scorekeeper import create_app

    return create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "CLUBS": "many", "SECRET_KEY": SECRET}
    )


def build(url: str, instance: str, path: str, slugs: list[str]) -> float:
    """Start these clubs and import the games into each; return the seconds."""
    from scorekeeper.clubs import service
    from scorekeeper.db.clubs import scope
    from scorekeeper.db.models import db
    from scorekeeper.results import archive

    began = time.perf_counter()
    games = checked(Path(path))
    app = app_on(url, instance)
    with app.app_context():
        for made, each in enumerate(slugs, start=1):
            club = service.create(each, each.replace("-", " ").title())
            with scope.inside(service.place(club)):
                for _ in archive.import_games(games):
                    pass
                season(len(games))
            db.session.remove()
            if made % 50 == 0:
                print(f"  pid {os.getpid()}: {made} of {len(slugs)} clubs", flush=True)
        db.engine.dispose()
    return time.perf_counter() - began


def finished(url: str, instance: str, games: int) -> set[str]:
    """Return the clubs built whole; delete those an interrupted build left."""
    from scorekeeper.clubs import service
    from scorekeeper.db.clubs import scope
    from scorekeeper.db.clubs.models import Club
    from scorekeeper.db.models import db

    app = app_on(url, instance)
    whole = set()
    with app.app_context():
        for club in db.session.execute(db.select(Club)).scalars().all():
            count = db.session.execute(
                text(f'SELECT count(*) FROM "{club.storage}".game')
            ).scalar()
            if count == games:
                whole.add(club.slug)
                with scope.inside(service.place(club)):
                    season(games)  # a club built before clubs had one
                    db.session.commit()  # and its connection back to the pool
            else:
                service.delete(club)
        db.engine.dispose()
    return whole


def database(url: str) -> None:
    """Make the database of this URL, if it is not there."""
    name = make_url(url).database
    engine = create_engine(
        make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT"
    )
    with engine.connect() as connection:
        there = connection.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
        ).scalar()
        if not there:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()


def built(
    url: str, wanted: list[str], games: int, builders: int, instance: str
) -> None:
    """Build the clubs of `wanted` not yet whole in the database, in parallel."""
    database(url)
    there = finished(url, instance, games)
    missing = [each for each in wanted if each not in there]
    if not missing:
        return
    path = str(games_file(games, Path(tempfile.gettempdir())))
    began = time.perf_counter()
    # Round robin, so each builder's clubs are numbered across the list.
    shares = [missing[i::builders] for i in range(builders) if missing[i::builders]]
    if len(shares) == 1:  # no process to start: the quick run's one club
        build(url, instance, path, shares[0])
    else:
        with ProcessPoolExecutor(len(shares), mp_context=get_context("spawn")) as pool:
            done = [pool.submit(build, url, instance, path, share) for share in shares]
            for each in done:
                each.result()
    took = time.perf_counter() - began
    print(
        f"built {len(missing)} clubs of {games} games in {took:.0f} s "
        f"({len(missing) * games / took:.0f} games a second, load average "
        f"{load_average()})",
        flush=True,
    )


def load_average() -> str:
    """Return the machine's load average, as uptime says it."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def season(games: int) -> int:
    """Return the current club's season (the last tenth of the games' days, as
    bench/scale.py's), named if it has none yet."""
    from scorekeeper.seasons import service as seasons

    named = seasons.all_seasons()
    if not named:
        first = (START + GAP * int(games * 0.9)).date()
        last = (START + GAP * (games - 1)).date()
        named = [seasons.save_season("Last tenth", first, last)]
    return named[0].id


def timed_club(url: str, instance: str, club: str, games: int) -> dict[str, str]:
    """Return the pages of the timed club to time."""
    from scorekeeper.clubs import service
    from scorekeeper.db.clubs import scope
    from scorekeeper.db.models import db

    app = app_on(url, instance)
    with app.app_context(), scope.inside(service.place(service.find(club))):
        named = season(games)
        db.engine.dispose()
    newest = json.loads(games_file(games, Path(tempfile.gettempdir())).read_text())
    game = newest["games"][-1]["id"]
    return {
        "home /": "/",
        "history /history": "/history",
        "leaderboard /players": "/players",
        "a player /players/Ann": "/players/Ann",
        "statistics /stats": "/stats",
        "seasons /seasons/": "/seasons/",
        "a season /seasons/<id>": f"/seasons/{named}",
        "scoreboard /games/<id>": f"/games/{game}",
        "GET /api/games": "/api/games",
        "GET /api/games/<id>": f"/api/games/{game}",
    }


class Servers:
    """Two gunicorn servers (the README's config) of one database, many clubs."""

    def __init__(self, url: str, workers: int) -> None:
        self.url, self.workers = url, workers
        self.instance = tempfile.mkdtemp(prefix="bench-clubs-")
        self.processes: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []
        self.engine = create_engine(url, poolclass=NullPool)
        self.watched: tuple[list[int], list[int]] = ([], [])

    def start(self) -> float:
        """Start both servers; return the seconds until both answered."""
        began = time.perf_counter()
        for number in range(2):
            port = free_port()
            env = {
                **os.environ,
                "DATABASE_URL": make_url(self.url)
                .update_query_dict({"application_name": "bench-clubs"})
                .render_as_string(hide_password=False),
                "CLUBS": "many",
                "FLASK_SECRET_KEY": SECRET,
                "SCOREKEEPER_INSTANCE": os.path.join(self.instance, str(number)),
                "WEB_CONCURRENCY": str(self.workers),
            }
            log = open(os.path.join(self.instance, f"{number}.log"), "w+b")  # noqa: SIM115
            self.processes.append(
                subprocess.Popen(
                    command(port, "gunicorn"),
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=log,
                    start_new_session=True,  # its own group: stop() reaches all
                )
            )
            self.ports.append(port)
        for port, process in zip(self.ports, self.processes, strict=True):
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"a server stopped: see {self.instance}")
                try:
                    send(port, "GET", "/")  # any answer: it serves
                    break
                except OSError:
                    time.sleep(0.2)
        return time.perf_counter() - began

    def watch(self) -> None:
        """Find the processes that serve a request: each server's workers, and
        the PostgreSQL backends of its database (its pools' connections)."""
        workers = [
            int(child)
            for process in self.processes
            for child in Path(f"/proc/{process.pid}/task/{process.pid}/children")
            .read_text()
            .split()
        ]
        with self.engine.connect() as connection:
            backends = connection.execute(WORKING).scalars().all()
        self.watched = (workers, list(backends))

    def cpu(self) -> tuple[float, float]:
        """Return the milliseconds of CPU the watched processes have run: all,
        and the database's backends alone."""
        spent = [0, 0]
        for at, pids in enumerate(self.watched):
            for pid in pids:
                try:
                    spent[at] += thread_ns(pid)
                except (FileNotFoundError, ProcessLookupError):
                    pass  # a connection the pool closed
        return (spent[0] + spent[1]) / 1e6, spent[1] / 1e6

    def stop(self) -> None:
        """Stop both servers and forget their instance folders."""
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait()
        self.engine.dispose()
        shutil.rmtree(self.instance, ignore_errors=True)


# The servers' connections name themselves (their URL's application_name).
WORKING = text(
    "SELECT pid FROM pg_stat_activity "
    "WHERE datname = current_database() AND application_name = 'bench-clubs'"
)


def ask(port: int, path: str) -> float:
    """Return the milliseconds a page took, asked as a phone asks (gzip)."""
    began = time.perf_counter()
    status, _, _ = send(port, "GET", path, **{"Accept-Encoding": "gzip"})
    took = (time.perf_counter() - began) * 1000
    assert status == 200, (path, status)
    return took


class Taken(NamedTuple):
    """What a request took, in milliseconds: on the clock, of the CPU of the
    side's servers and their database's backends (what other work on the
    machine barely moves), and of that the backends'."""

    clock: float
    cpu: float
    database: float


def measured(side: Servers, port: int, path: str) -> Taken:
    """Return what asking a page of a side took."""
    side.watch()
    cpu, database = side.cpu()
    took = ask(port, path)
    time.sleep(0.002)  # a worker's last steps after the answer (closing)
    after = side.cpu()
    return Taken(took, after[0] - cpu, after[1] - database)


def median(taken: list[Taken]) -> Taken:
    """Return the median of each figure."""
    return Taken(*(statistics.median(each) for each in zip(*taken, strict=True)))


def compare(
    sides: tuple[Servers, Servers],
    club: str,
    path: str,
    others: tuple[list[str], int],
    budget: float,
    rng: random.Random,
) -> tuple[Taken, Taken]:
    """Return a page's median milliseconds among many clubs and alone, each on
    the clock and of CPU.

    Each round asks both sides in turn (which first alternates), each time
    of the other server of its pair, then --others other clubs of the many.
    """
    many, alone = sides
    prefix = f"/c/{club}"
    for port in many.ports + alone.ports:  # warm: each worker, most likely
        for _ in range(2 * many.workers):
            ask(port, prefix + path)
    times: tuple[list[Taken], list[Taken]] = ([], [])
    began, turn = time.perf_counter(), 0
    while len(times[0]) < 60:
        spent = time.perf_counter() - began
        if len(times[0]) >= 9 and spent > budget or spent > 4 * budget:
            break
        order = [(many, times[0]), (alone, times[1])]
        for side, kept in order if turn % 2 == 0 else reversed(order):
            kept.append(measured(side, side.ports[turn % 2], prefix + path))
        clubs, count = others
        for other in rng.sample(clubs, min(len(clubs), count)):
            ask(rng.choice(many.ports), f"/c/{other}{path}")
        turn += 1
    return median(times[0]), median(times[1])


def report(figures: dict[str, tuple[Taken, Taken]]) -> None:
    """Print each page's medians among many clubs and alone, and their ratios."""
    print("median ms per request: on the clock, of CPU (the servers' workers and")
    print("their PostgreSQL backends) and of that PostgreSQL's; many: the club")
    print("among the others, alone: the same club alone in its database")
    print(f"{'':32} {'clock':^22} {'CPU':^22} {'PostgreSQL':^15}")
    print(f"{'page':32}" + f" {'many':>7} {'alone':>7} {'ratio':>6}" * 2, end="")
    print(f" {'many':>7} {'alone':>7}")
    for name, (many, alone) in figures.items():
        print(
            f"{name:32} {many.clock:7.1f} {alone.clock:7.1f} "
            f"{many.clock / alone.clock:6.2f} {many.cpu:7.1f} {alone.cpu:7.1f} "
            f"{many.cpu / alone.cpu:6.2f} {many.database:7.1f} {alone.database:7.1f}"
        )
    for what in ("clock", "cpu"):
        ratios = {
            name: getattr(many, what) / getattr(alone, what)
            for name, (many, alone) in figures.items()
        }
        worst = max(ratios, key=ratios.__getitem__)
        said = "CPU" if what == "cpu" else what
        print(f"worst ratio on the {said}: {worst} {ratios[worst]:.2f} (target 1.5)")


def main() -> None:
    """Build both databases, serve each, time every page on both sides in turn."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", required=True, help="the many-clubs database")
    parser.add_argument("--clubs", type=int, default=1000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--builders", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--others", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--build-only", action="store_true")
    args = parser.parse_args()
    many_url = args.database
    named = make_url(many_url)
    alone_url = named.set(database=f"{named.database}_alone").render_as_string(
        hide_password=False
    )
    wanted = [slug(number) for number in range(1, args.clubs + 1)]
    club = wanted[(len(wanted) - 1) // 2]
    with tempfile.TemporaryDirectory(prefix="bench-clubs-") as instance:
        built(many_url, wanted, args.games, args.builders, instance)
        built(alone_url, [club], args.games, 1, instance)
        if args.build_only:
            return
        pages = timed_club(many_url, instance, club, args.games)
        assert pages == timed_club(alone_url, instance, club, args.games)
    sides = (Servers(many_url, args.workers), Servers(alone_url, args.workers))
    rng = random.Random(1)
    others = ([each for each in wanted if each != club], args.others)
    try:
        started = [side.start() for side in sides]
        figures = {
            name: compare(sides, club, path, others, args.seconds, rng)
            for name, path in pages.items()
        }
    finally:
        for side in sides:
            side.stop()
    print(
        f"\n{args.clubs} clubs of {args.games} games on PostgreSQL, against {club} "
        f"alone; two gunicorn servers a side, {args.workers} workers each; "
        f"{args.others} other clubs asked between rounds"
    )
    print(
        f"servers started in {started[0]:.1f} s (many) and {started[1]:.1f} s (alone)"
    )
    report(figures)
    print(f"load average {load_average()}")


if __name__ == "__main__":
    main()
