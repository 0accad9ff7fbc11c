"""Save latency with 0 and with 10 watchers polling the scoreboard every second.

Run: .venv/bin/python bench/watchers.py [--saves 40] [--gap 0.5] [--watchers 10]

Each server is measured as the README serves it, on SQLite: gunicorn with its
config (two gthread workers of eight threads), and waitress as `make run`
starts it (`scorekeeper.serve`). A scorer records hands through the API one
after another, `--gap` seconds apart; each watcher asks for the scoreboard
every second as static/live.js does, sending back the ETag it last got
(If-None-Match) when the server gave one, so a scoreboard that has not
changed can be a 304. The issue's target:
ten watchers add under 100 ms to a save.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE, ENDLESS  # noqa: E402
from server import Server, send  # noqa: E402

SERVERS = {"gunicorn": "gunicorn -w 2 (gthread)", "waitress": "waitress (make run)"}


def create(port: int, hands: int) -> dict[str, Any]:
    """Create an endless game with some hands, so the scoreboard has rows to draw."""
    status, _, body = send(port, "POST", "/api/games", ENDLESS)
    assert status == 201, body
    game: dict[str, Any] = json.loads(body)
    for number in range(hands):
        save(port, game, number)
    return game


def save(port: int, game: dict[str, Any], number: int) -> float:
    """Record one hand; return how long the server took, in seconds."""
    path = f"/api/games/{game['id']}/hands"
    token = f"Bearer {game['write_token']}"
    began = time.perf_counter()
    status, _, body = send(
        port, "POST", path, CYCLE[number % len(CYCLE)], Authorization=token
    )
    took = time.perf_counter() - began
    assert status == 201, body
    return took


def watch(port: int, path: str, stop: threading.Event, seen: Counter[int]) -> None:
    """Ask for the scoreboard every second, revalidating with the last ETag."""
    etag = ""
    stop.wait(random.random())  # watchers opened the page at different moments
    while not stop.is_set():
        began = time.monotonic()
        headers = {"If-None-Match": etag} if etag else {}
        status, answer, _ = send(port, "GET", path, **headers)
        # Waitress spells the header "Etag", gunicorn "ETag".
        found = next((v for k, v in answer.items() if k.lower() == "etag"), "")
        etag = (found or etag) if status == 200 else etag
        seen[status] += 1
        stop.wait(max(0.0, 1.0 - (time.monotonic() - began)))


def measure(
    port: int, watchers: int, saves: int, gap: float, hands: int
) -> dict[str, Any]:
    """Record `saves` hands with this many watchers on the game; return figures."""
    game = create(port, hands)
    stop, seen = threading.Event(), Counter[int]()
    pool = [
        threading.Thread(
            target=watch, args=(port, f"/games/{game['id']}", stop, seen), daemon=True
        )
        for _ in range(watchers)
    ]
    for thread in pool:
        thread.start()
    time.sleep(1.5 if watchers else 0)  # every watcher has asked once
    took = []
    try:
        for number in range(saves):
            took.append(save(port, game, hands + number))
            time.sleep(gap)
    finally:
        stop.set()
        for thread in pool:
            thread.join()
    took.sort()
    return {
        "median": statistics.median(took) * 1000,
        "p95": took[max(0, round(len(took) * 0.95) - 1)] * 1000,
        "polls": dict(sorted(seen.items())),
    }


def main() -> None:
    """Measure each server with no watchers and with some; print the difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--gap", type=float, default=0.5)
    parser.add_argument("--watchers", type=int, default=10)
    parser.add_argument("--hands", type=int, default=20, help="hands already there")
    args = parser.parse_args()
    print(
        f"{args.saves} saves {args.gap} s apart into a game of {args.hands}+ hands, "
        f"SQLite; each watcher asks every 1 s on a fresh connection"
    )
    print(
        f"{'server':22} {'watchers':>8} {'median ms':>10} {'p95 ms':>8}  "
        "watcher answers"
    )
    for server, label in SERVERS.items():
        running = Server(server=server)
        running.start()
        try:
            port = int(running.url.rsplit(":", 1)[1])
            figures = {
                count: measure(port, count, args.saves, args.gap, args.hands)
                for count in (0, args.watchers)
            }
        finally:
            running.stop()
            shutil.rmtree(running.instance, ignore_errors=True)
        for count, result in figures.items():
            polls = ", ".join(f"{n}× {s}" for s, n in result["polls"].items()) or "-"
            print(
                f"{label:22} {count:8} {result['median']:10.1f} "
                f"{result['p95']:8.1f}  {polls}"
            )
        quiet, busy = figures[0], figures[args.watchers]
        print(
            f"{label:22} {'added':>8} {busy['median'] - quiet['median']:+10.1f} "
            f"{busy['p95'] - quiet['p95']:+8.1f}  (target: under +100 ms)"
        )


if __name__ == "__main__":
    main()
