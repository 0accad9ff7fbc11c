"""How long other phones wait while slow clients trickle their requests in.

Run: .venv/bin/python bench/slow_clients.py [--slow 0 16 32] [--asks 20]
     [--kinds heads bodies]

The server is the README's gunicorn config on SQLite, and beside it the same
config as issue 32.8 left it ("heads only": a thread serves a request once its
head has come, and reads its body itself), side by side in one run. For each
kind and count, that many clients open a connection and send a request a byte
every 0.1 s (they would take 400 s to finish), reconnecting when the server
cuts them: its headers ("heads"), or its headers at once and then a 4,000 byte
body ("bodies", issue 41.4). Meanwhile a phone asks `GET /api/presets`
`--asks` times, a second apart, each on a new connection. Printed: the median,
90th percentile and longest wait for an answer (a wait of `--patience` seconds
is no answer), and how many slow connections the server cut meanwhile.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from server import Server  # noqa: E402

from scorekeeper.web.gunicorn_conf import (  # noqa: E402
    HEAD_LIMIT,
    Deadline,
    DeadlineWorker,
    head_end,
)

HEADER = b"ET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000
BODY_HEAD = (
    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 4000\r\n\r\n"
)


class HeadsOnly(Deadline):
    """A client's socket as issue 32.8 left it: whole once its head has come."""

    def whole(self, data: bytes) -> bool:
        return head_end(data) >= 0 or len(data) > HEAD_LIMIT


class HeadsOnlyWorker(DeadlineWorker):  # type: ignore[misc]
    """The README's worker before issue 41.4: a thread reads the body."""

    wrapper = HeadsOnly


def trickle(port: int, kind: str, stop: threading.Event, cut: list[int]) -> None:
    """Send a request a byte each 0.1 s until stopped; reconnect when cut."""
    first, rest = (b"G", HEADER) if kind == "heads" else (BODY_HEAD + b"{", b" " * 3999)
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port)) as slow:
                slow.sendall(first)
                for byte in rest:
                    if stop.wait(0.1):
                        return
                    slow.sendall(bytes([byte]))
        except OSError:
            cut.append(1)  # the server closed it: a thread is free again


def ask(port: int, patience: float) -> float:
    """Return how long one answer took (patience if none came)."""
    began = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=patience)
    try:
        connection.request("GET", "/api/presets")
        answer = connection.getresponse()
        answer.read()
        return time.perf_counter() - began if answer.status == 200 else patience
    except OSError:
        return patience
    finally:
        connection.close()


def measure(port: int, kind: str, slow: int, options: Any) -> tuple[float, ...]:
    """Return the waits' median, p90 and longest with `slow` trickling clients,
    and how many of their connections were cut."""
    stop, cut = threading.Event(), []  # type: ignore[var-annotated]
    threads = [
        threading.Thread(target=trickle, args=(port, kind, stop, cut))
        for _ in range(slow)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1)  # every slow client connected and trickling
    waits = []
    for _ in range(options.asks):  # a second apart, across several deadlines
        waits.append(ask(port, options.patience))
        time.sleep(max(0.0, 1 - waits[-1]))
    stop.set()
    for thread in threads:
        thread.join()
    waits.sort()
    slowest = waits[int(0.9 * (len(waits) - 1))]
    return statistics.median(waits), slowest, max(waits), len(cut)


def serve(worker: str | None) -> Server:
    """Start the README's gunicorn, with another worker class if named."""
    if worker:
        os.environ["GUNICORN_CMD_ARGS"] = f"-k {worker}"
        os.environ["PYTHONPATH"] = os.pathsep.join([str(HERE), str(HERE.parent)])
    try:
        server = Server(None, "gunicorn")
        server.start()
    finally:
        os.environ.pop("GUNICORN_CMD_ARGS", None)
        os.environ.pop("PYTHONPATH", None)
    return server


def main() -> None:
    """Serve the app as the README does, and as it did, and print the waits."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow", type=int, nargs="+", default=[0, 16, 32])
    parser.add_argument("--asks", type=int, default=20)
    parser.add_argument("--patience", type=float, default=60)
    parser.add_argument("--kinds", nargs="+", default=["heads", "bodies"])
    options = parser.parse_args()
    configs = {"heads only": "slow_clients.HeadsOnlyWorker", "now": None}
    servers = {name: serve(worker) for name, worker in configs.items()}
    try:
        print(
            "trickled | slow clients | config     | wait (s): median | p90   "
            "| longest | slow connections cut"
        )
        for kind in options.kinds:
            for slow in options.slow:
                for name, server in servers.items():  # side by side, in turn
                    port = int(urlsplit(server.url).port or 0)
                    median, p90, longest, cut = measure(port, kind, slow, options)
                    print(
                        f"{kind:8} | {slow:12} | {name:10} | {median:16.2f} | "
                        f"{p90:5.2f} | {longest:7.2f} | {cut:4}",
                        flush=True,
                    )
    finally:
        for server in servers.values():
            server.stop()
            shutil.rmtree(server.instance, ignore_errors=True)


if __name__ == "__main__":
    main()
