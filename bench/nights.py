"""A club night under load, served by `make run` (waitress, SQLite).

Run: .venv/bin/python bench/nights.py [--tables 15 30] [--hands 10] [--reads 30]
     [--server waitress|gunicorn] [--workers 2] [--database URL]
     [--parts scale load]

For each size given (`--tables`, 15 by default; `--tables 15 30` prints
both side by side in one run):

1. Scale: GET /api/nights/<id> and the big screen at 2 tables x 1 round and
   at N tables x 8 rounds x 10 hands (4N players), drawn after a hand at one
   table: the night is read from the games' kept rows, each game again only
   once written, so the big night should answer within 2x the small one
   (timed, and in the server's CPU time: on a busy machine the time a read
   took is mostly its wait for a core); an unchanged night is a 304. Each of
   the 7 rounds started after the first is timed (target: under 1 s), and a
   rotation night of 4N players is set up and its round 2 started (the
   rotation is planned for the whole roster).
2. Load: a night of N tables scoring at once (every table saves a hand within
   the same half second, then the room waits two polls, `--hands` times)
   while 4 phones a table watch their tables' scoreboards (every 1.5 s as
   static/live.js asks, each from its own moment: phones are opened one by
   one) and a big screen polls the night's screen (every second, as its page
   asks): each saved hand's time (target: p95 under 100 ms), and how long
   after a save the big screen showed it, that is, when the answer to its
   first ask after the save arrived (target: within 2 s).

Every phone keeps its connection open between asks and takes gzip, as a
browser does.

The server is `make run`'s (waitress, one process, SQLite) unless `--server
gunicorn` asks for the README's club server (gunicorn's config, `--workers`
processes), and `--database` for a PostgreSQL database (its URL, as
DATABASE_URL) in place of a fresh SQLite file. `--parts load` runs the load
alone. The load also prints the server's CPU: the cores it kept busy (all its
processes) and its CPU time per request.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import random
import shutil
import statistics
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from cpu import cpu_seconds, server_ns  # noqa: E402
from server import Server, send  # noqa: E402

PERIOD = 1.5  # s between a phone's asks, as static/live.js
SCREEN_PERIOD = 1.0  # the big screen's (its data-period)
AFTER = 9  # hands of the last round's first table each draw is timed after
# Every read asks as a browser (and Python's requests) does: gzip accepted.
GZIP = {"Accept-Encoding": "gzip"}
T = TypeVar("T")
Figures = dict[str, float | int]


def p95(values: list[float]) -> float:
    """Return the 95th percentile of values sorted."""
    return values[max(0, round(len(values) * 0.95) - 1)]


def etag_of(headers: dict[str, str]) -> str:
    """Return a response's ETag (waitress spells the header Etag)."""
    return next((v for k, v in headers.items() if k.lower() == "etag"), "")


def players(count: int) -> list[str]:
    return [f"Player {n:02}" for n in range(1, count + 1)]


def create(
    port: int, count: int, hands: int, movement: str = "progressive"
) -> dict[str, Any]:
    body = {
        "name": f"{count // 4} tables",
        "movement": movement,
        "round_hands": hands,
        "players": players(count),
    }
    status, _, answer = send(port, "POST", "/api/nights", body)
    assert status == 201, answer
    return json.loads(answer)  # type: ignore[no-any-return]


class Phone:
    """A phone's connection to the server, kept open between its asks as a
    browser keeps it (HTTP/1.1 keep-alive), opened again if the server closed it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None

    def send(
        self, method: str, path: str, body: object = None, **headers: str
    ) -> tuple[int, dict[str, str], bytes]:
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        for again in (False, True):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=30
                )
            try:
                self.connection.request(method, path, data, headers)
            except (BrokenPipeError, ConnectionResetError):
                # The server closed the kept connection while it was idle
                # (gunicorn after its keep-alive): nothing was read of this
                # request, so a write too is sent again, once, on a new one.
                self.close()
                if again:
                    raise
                continue
            try:
                answer = self.connection.getresponse()
                body = answer.read()
                if answer.getheader("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)  # as the browser does
                return answer.status, dict(answer.getheaders()), body
            except (http.client.RemoteDisconnected, ConnectionResetError):
                self.close()
                if again or method != "GET":  # a write is never sent twice
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def hand(
    port: int, game: str, token: str, bidder: str, phone: Phone | None = None
) -> float:
    """Save one hand (the bidder's side makes 6 spades), on a phone's kept
    connection if given; return its time in s."""
    began = time.perf_counter()
    status, _, answer = (phone.send if phone else partial(send, port))(
        "POST",
        f"/api/games/{game}/hands",
        {"bidder": bidder, "contract": "6S", "tricks": 6},
        Authorization=f"Bearer {token}",
    )
    assert status == 201, answer
    return time.perf_counter() - began


def play_round(port: int, night: dict[str, Any], hands: int, leave: int = 0) -> None:
    """Play every table of the round in play to its end, but `leave` hands of
    its first table."""
    token = night["director_token"]
    for number, table in enumerate(night["rounds"][-1]["tables"]):
        bidder = table["sides"][0]["players"][0]
        for _ in range(hands - (leave if number == 0 else 0)):
            hand(port, table["game"], token, bidder)


def last_hand(port: int, night: dict[str, Any]) -> None:
    """Play one of the hands `play_round` left at the first table."""
    table = night["rounds"][-1]["tables"][0]
    hand(port, table["game"], night["director_token"], table["sides"][0]["players"][0])


def next_round(port: int, night: dict[str, Any]) -> dict[str, Any]:
    token = night["director_token"]
    path = f"/api/nights/{night['id']}/rounds"
    status, _, answer = send(port, "POST", path, Authorization=f"Bearer {token}")
    assert status == 201, answer
    return {**json.loads(answer), "director_token": token}


def took_ms(work: Callable[[], T]) -> tuple[float, T]:
    """Return how long `work` took in ms, and what it returned."""
    began = time.perf_counter()
    done = work()
    return (time.perf_counter() - began) * 1000, done


def timed(
    port: int, path: str, reads: int, pid: int = 0
) -> tuple[float, float, int, float]:
    """Return a GET's time in ms when first drawn and when kept (the median of
    the reads after it), the status of a revalidation, and the server's CPU
    time in ms for the first (what other work on the machine moves least)."""
    took = []
    etag = ""
    spent = server_ns(pid) if pid else 0
    for _ in range(reads + 1):
        began = time.perf_counter()
        status, headers, _ = send(port, "GET", path, **GZIP)
        took.append(time.perf_counter() - began)
        if len(took) == 1 and pid:
            spent = server_ns(pid) - spent
        assert status == 200
        etag = etag_of(headers)
    again, _, _ = send(port, "GET", path, **GZIP, **{"If-None-Match": etag})
    kept = statistics.median(took[1:] or took) * 1000
    return took[0] * 1000, kept, again, spent / 1e6


READS = (
    ("GET /api/nights/<id>", "/api/nights/{}"),
    ("big screen", "/nights/{}/screen"),
)


def scale(port: int, reads: int, tables: int, pid: int) -> Figures:
    """Return a night of `tables` tables x 8 rounds x 10 hands read against one
    of 2 tables x 1 round, and how long its rounds (and a rotation's) took to
    start."""
    figures: Figures = {}
    small = create(port, 8, 10)
    play_round(port, small, 10, leave=AFTER)
    big = create(port, tables * 4, 10)
    starts = []
    for number in range(8):
        play_round(port, big, 10, leave=AFTER if number == 7 else 0)
        if number < 7:
            began = time.perf_counter()
            big = next_round(port, big)
            starts.append((time.perf_counter() - began) * 1000)
    for label, path in READS:  # the server never read these nights: all of it
        a, b = (timed(port, path.format(n["id"]), 0)[0] for n in (small, big))
        figures[f"{label}: cold ratio"] = b / a
    drawn: dict[str, list[float]] = {}
    for _ in range(AFTER):  # then hands at one table, as all night long
        for night in (small, big):
            last_hand(port, night)
            for label, path in READS:  # each the first read after the hand
                size = "2x1" if night is small else "big"
                ms, _, _, cpu = timed(port, path.format(night["id"]), 0, pid)
                drawn.setdefault(f"{label}: drawn {size} ms", []).append(ms)
                drawn.setdefault(f"{label}: drawn {size} CPU", []).append(cpu)
    for label, path in READS:
        a = statistics.median(drawn[f"{label}: drawn 2x1 ms"])
        b = statistics.median(drawn[f"{label}: drawn big ms"])
        a_cpu = statistics.median(drawn[f"{label}: drawn 2x1 CPU"])
        b_cpu = statistics.median(drawn[f"{label}: drawn big CPU"])
        _, a_kept, _, _ = timed(port, path.format(small["id"]), reads)
        _, b_kept, again, _ = timed(port, path.format(big["id"]), reads)
        figures[f"{label}: drawn 2x1 ms"] = a
        figures[f"{label}: drawn big ms"] = b
        figures[f"{label}: drawn ratio"] = b / a
        figures[f"{label}: drawn 2x1 CPU ms"] = a_cpu
        figures[f"{label}: drawn big CPU ms"] = b_cpu
        figures[f"{label}: drawn CPU ratio"] = b_cpu / a_cpu
        figures[f"{label}: kept ratio"] = b_kept / a_kept
        figures[f"{label}: revalidated"] = again
    figures["round start: median ms"] = statistics.median(starts)
    figures["round start: max ms"] = max(starts)
    ms, mixer = took_ms(lambda: create(port, tables * 4, 10, "rotation"))
    figures["rotation: set up ms"] = ms
    play_round(port, mixer, 10)
    figures["rotation: round 2 ms"] = took_ms(lambda: next_round(port, mixer))[0]
    return figures


def load(port: int, hands: int, size: int, server: int) -> Figures:
    night = create(port, size * 4, hands * 2)
    tables = night["rounds"][-1]["tables"]
    stop = threading.Event()
    polls = [0]
    # The big screen's answers: when asked, when answered.
    seen: list[tuple[float, float]] = []

    opened = random.Random(size)

    def watcher(
        path: str,
        keep: list[tuple[float, float]] | None,
        period: float = PERIOD,
        late: float = 0.0,
    ) -> None:
        etag = ""
        phone = Phone(port)
        stop.wait(late)
        while not stop.is_set():
            began = time.monotonic()
            headers = {"If-None-Match": etag, **GZIP} if etag else GZIP
            status, answer, _ = phone.send("GET", path, **headers)
            etag = etag_of(answer) or etag if status == 200 else etag
            polls[0] += 1
            if keep is not None:
                keep.append((began, time.monotonic()))
            stop.wait(max(0.0, period - (time.monotonic() - began)))
        phone.close()

    # Each phone was opened at its own moment (scanning its table's card), so
    # each asks at its own phase of the 1.5 s, not all 120 in the same instant.
    pool = [
        threading.Thread(
            target=watcher,
            args=(f"/games/{t['game']}", None, PERIOD, opened.uniform(0, PERIOD)),
        )
        for t in tables
        for _ in range(4)
    ]
    pool.append(
        threading.Thread(
            target=watcher,
            args=(f"/nights/{night['id']}/screen", seen, SCREEN_PERIOD),
        )
    )
    for thread in pool:
        thread.start()
    time.sleep(PERIOD)
    began, spent, asked = time.monotonic(), cpu_seconds(server), polls[0]
    took: list[float] = []
    saved_at: list[float] = []
    lock = threading.Lock()

    burst = threading.Barrier(len(tables))

    def scorer(table: dict[str, Any]) -> None:
        bidder = table["sides"][0]["players"][0]
        pace = random.Random(table["number"])
        phone = Phone(port)
        for _ in range(hands):
            # A hand takes minutes at a real table: here every table saves one
            # within the same half second, then the room waits two polls
            # (watchers redrawing what moved) before the next burst.
            burst.wait()
            time.sleep(pace.uniform(0, 0.5))
            try:
                t = hand(port, table["game"], night["director_token"], bidder, phone)
            except BaseException:
                burst.abort()  # the other tables stop too, and the run says why
                raise
            with lock:
                took.append(t)
                saved_at.append(time.monotonic())
            time.sleep(PERIOD * 2)

    scorers = [threading.Thread(target=scorer, args=(t,)) for t in tables]
    for thread in scorers:
        thread.start()
    for thread in scorers:
        thread.join()
    if len(took) < hands * len(tables):
        stop.set()
        raise SystemExit("A table's hand was not saved (see above): no figures.")
    time.sleep(PERIOD * 2)
    spent = cpu_seconds(server) - spent
    busy, asked = spent / (time.monotonic() - began), polls[0] - asked
    stop.set()
    for thread in pool:
        thread.join()
    took.sort()
    figures: Figures = {
        "hands saved": len(took),
        "polls": polls[0],
        "saved hand: median ms": statistics.median(took) * 1000,
        "saved hand: p95 ms": p95(took) * 1000,
        "server CPU: cores busy": busy,
        "server CPU: ms a request": spent * 1000 / (asked + len(took)),
    }
    # A save is on the big screen with the first answer to an ask sent after it.
    delays = []
    for at in saved_at:
        shown = [ended for began, ended in seen if began >= at]
        if shown:
            delays.append(min(shown) - at)
    delays.sort()
    asks = sorted(ended - began for began, ended in seen)
    figures["big screen ask: p95 ms"] = p95(asks) * 1000
    figures["big screen ask: max ms"] = asks[-1] * 1000
    if delays:
        figures["big screen lag: median s"] = statistics.median(delays)
        figures["big screen lag: max s"] = delays[-1]
    return figures


TARGETS = {
    "GET /api/nights/<id>: drawn ratio": "under 2x",
    "big screen: drawn ratio": "under 2x",
    "GET /api/nights/<id>: drawn CPU ratio": "under 2x",
    "big screen: drawn CPU ratio": "under 2x",
    "GET /api/nights/<id>: revalidated": "304",
    "big screen: revalidated": "304",
    "round start: max ms": "under 1000",
    "saved hand: p95 ms": "under 100",
    "big screen lag: max s": "within 2",
}


def report(sizes: list[int], columns: list[Figures]) -> None:
    """Print every figure, one column a size."""
    labels = list(dict.fromkeys(k for figures in columns for k in figures))
    print(f"{'tables':36}" + "".join(f"{n:>10}" for n in sizes) + "  target")
    for label in labels:
        cells = ""
        for figures in columns:
            value = figures.get(label)
            if value is None:
                cells += f"{'-':>10}"
            elif isinstance(value, int):
                cells += f"{value:>10}"
            else:
                cells += f"{value:>10.2f}" if value < 100 else f"{value:>10.0f}"
        print(f"{label:36}{cells}  {TARGETS.get(label, '')}")
    print(
        f"drawn: the median of {AFTER} first reads, each after a hand at one table "
        "(CPU: the server's CPU time for it, which other work on the machine "
        "moves less than the time it took) "
        "(each worker draws a night "
        "once per ETag, reading again only the games written since it last read "
        "them), against a night of 2 tables x 1 round; cold: a worker's first read "
        "of each night, every game read; kept: every poll after a draw until the "
        "next hand; load: 4 phones a table and a big screen polling"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10, help="hands a table, load")
    parser.add_argument("--reads", type=int, default=30)
    parser.add_argument(
        "--tables", type=int, nargs="+", default=[15], help="sizes, side by side"
    )
    servers = ("waitress", "gunicorn")
    parser.add_argument("--server", choices=servers, default="waitress")
    parser.add_argument(
        "--database", default=None, help="a DATABASE_URL (PostgreSQL), else SQLite"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's workers")
    parts = ("scale", "load")
    parser.add_argument(
        "--parts", choices=parts, nargs="+", default=list(parts), help="what to run"
    )
    args = parser.parse_args()
    os.environ["WEB_CONCURRENCY"] = str(args.workers)  # gunicorn_conf reads it
    workers = f", {args.workers} workers" if args.server == "gunicorn" else ""
    database = "PostgreSQL" if args.database else "SQLite"
    print(f"server: {args.server}{workers}, {database}")
    running = Server(args.database, server=args.server)
    running.start(timeout=120)  # a busy shared machine starts it slowly
    try:
        port = int(running.url.rsplit(":", 1)[1])
        warm = create(port, 8, 10)  # the first page drawn compiles templates
        for _, path in READS:
            send(port, "GET", path.format(warm["id"]))
        columns: list[Figures] = [{} for _ in args.tables]
        for figures, n in zip(columns, args.tables, strict=True):
            if "scale" in args.parts:
                figures.update(scale(port, args.reads, n, running.process.pid))
        for figures, n in zip(columns, args.tables, strict=True):
            if "load" in args.parts:
                figures.update(load(port, args.hands, n, running.process.pid))
        report(args.tables, columns)
    finally:
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


if __name__ == "__main__":
    main()
