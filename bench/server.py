"""Requests per second under gunicorn (2 workers): scoreboard, recording, bare hello.

Run: .venv/bin/python bench/server.py [--requests 1000] [--threads 4]

Everything stays on 127.0.0.1: the app and a bare Flask "hello" app each run
under gunicorn with two sync workers, on SQLite, and a fixed number of requests
is sent from a few client threads, one connection per request (sync workers
close the connection after each answer).
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE, ENDLESS  # noqa: E402
from server import BIN, Server, free_port  # noqa: E402

HELLO = """from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "hello"
"""
Request = tuple[str, str, bytes | None, dict[str, str]]


def send(port: int, request: Request) -> tuple[int, bytes]:
    """Send one request on a fresh connection; return the status and body."""
    method, path, body, headers = request
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body, headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def post(port: int, path: str, body: object, token: str = "") -> dict[str, Any]:
    """POST JSON and return the decoded answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    status, answer = send(port, ("POST", path, json.dumps(body).encode(), headers))
    assert status == 201, answer
    decoded: dict[str, Any] = json.loads(answer)
    return decoded


def load(
    port: int, make: Callable[[int], Request], total: int, threads: int, ok: int
) -> dict[str, float]:
    """Send `total` requests from `threads` threads; return rate and latencies."""
    latencies: list[float] = []
    failures: list[int] = []
    counter = iter(range(total))
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with lock:
                number = next(counter, None)
            if number is None:
                return
            began = time.perf_counter()
            status, _ = send(port, make(number))
            took = time.perf_counter() - began
            with lock:
                latencies.append(took)
                if status != ok:
                    failures.append(status)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    began = time.perf_counter()
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    elapsed = time.perf_counter() - began
    if failures:
        raise RuntimeError(f"{len(failures)} requests failed: {failures[:5]}")
    latencies.sort()
    return {
        "rps": total / elapsed,
        "mean": statistics.mean(latencies) * 1000,
        "p95": latencies[int(len(latencies) * 0.95) - 1] * 1000,
    }


def hello_server(folder: str) -> tuple[subprocess.Popen[bytes], int]:
    """Serve the bare hello app under gunicorn with two workers."""
    Path(folder, "hello.py").write_text(HELLO)
    port = free_port()
    log = open(Path(folder, "hello.log"), "w+b")  # noqa: SIM115
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}"]
        + ["--chdir", folder, "hello:app"],
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if send(port, ("GET", "/", None, {}))[0] == 200:
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("The hello app did not start")


def main() -> None:
    """Measure the three scenarios and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=4)
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        process, port = hello_server(folder)
        try:
            results["hello (bare Flask)"] = load(
                port, lambda n: ("GET", "/", None, {}), args.requests, args.threads, 200
            )
        finally:
            process.terminate()
            process.wait()

    app = Server(server="gunicorn")
    app.start()
    try:
        port = int(app.url.rsplit(":", 1)[1])
        board = post(port, "/api/games", ENDLESS)
        for number in range(20):
            post(
                port,
                f"/api/games/{board['id']}/hands",
                CYCLE[number % len(CYCLE)],
                board["write_token"],
            )
        results["scoreboard GET /games/<id>, 20 hands"] = load(
            port,
            lambda n: ("GET", f"/games/{board['id']}", None, {}),
            args.requests,
            args.threads,
            200,
        )
        # One endless game per client thread: the writes race for no lock, and
        # each game grows to requests/threads hands.
        games = [post(port, "/api/games", ENDLESS) for _ in range(args.threads)]

        def record(number: int) -> Request:
            game = games[number % len(games)]
            body = json.dumps(CYCLE[number % len(CYCLE)]).encode()
            headers = {
                "Content-Type": "application/json",
                "Authorization": f"Bearer {game['write_token']}",
            }
            return ("POST", f"/api/games/{game['id']}/hands", body, headers)

        results["record a hand POST /api/games/<id>/hands"] = load(
            port, record, args.requests, args.threads, 201
        )
    finally:
        app.stop()
        shutil.rmtree(app.instance, ignore_errors=True)

    hello = results["hello (bare Flask)"]["rps"]
    print(
        f"gunicorn -w 2, SQLite, {args.requests} requests per scenario, "
        f"{args.threads} client threads, one connection per request"
    )
    print(f"{'scenario':44} {'req/s':>8} {'mean ms':>8} {'p95 ms':>8} {'/hello':>7}")
    for name, figures in results.items():
        print(
            f"{name:44} {figures['rps']:8.0f} {figures['mean']:8.1f} "
            f"{figures['p95']:8.1f} {figures['rps'] / hello:7.2f}"
        )


if __name__ == "__main__":
    main()
