"""How long other phones wait while slow clients trickle their requests in.

Run: .venv/bin/python bench/slow_clients.py [--slow 0 4 16 32] [--asks 30]

The server is the README's gunicorn config on SQLite. For each count, that
many clients open a connection and send a request's headers a byte every
0.1 s (they would take 400 s to finish), reconnecting when the server cuts
them; meanwhile a phone asks `GET /api/presets` `--asks` times, a second
apart, each on a new connection. Printed: the median, 90th percentile and
longest wait for an answer (a wait of `--patience` seconds is no answer),
and how many slow connections the server cut meanwhile.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from server import Server  # noqa: E402

HEADER = b"ET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000


def trickle(port: int, stop: threading.Event, cut: list[int]) -> None:
    """Send headers a byte each 0.1 s until stopped; reconnect when cut."""
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port)) as slow:
                slow.sendall(b"G")
                for byte in HEADER:
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


def measure(port: int, slow: int, asks: int, patience: float) -> tuple[float, ...]:
    """Return the waits' median, p90 and longest with `slow` trickling clients,
    and how many of their connections were cut."""
    stop, cut = threading.Event(), []  # type: ignore[var-annotated]
    threads = [
        threading.Thread(target=trickle, args=(port, stop, cut)) for _ in range(slow)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1)  # every slow client connected and trickling
    waits = []
    for _ in range(asks):  # a second apart, across several deadlines
        waits.append(ask(port, patience))
        time.sleep(max(0.0, 1 - waits[-1]))
    stop.set()
    for thread in threads:
        thread.join()
    waits.sort()
    slowest = waits[int(0.9 * (len(waits) - 1))]
    return statistics.median(waits), slowest, max(waits), len(cut)


def main() -> None:
    """Serve the app as the README does and print the waits for each count."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--slow", type=int, nargs="+", default=[0, 4, 16, 32])
    parser.add_argument("--asks", type=int, default=30)
    parser.add_argument("--patience", type=float, default=60)
    options = parser.parse_args()
    server = Server(None, "gunicorn")
    server.start()
    try:
        port = int(urlsplit(server.url).port or 0)
        print(
            "slow clients | wait (s): median | p90   | longest | slow connections cut"
        )
        for slow in options.slow:
            median, p90, longest, cut = measure(
                port, slow, options.asks, options.patience
            )
            print(
                f"{slow:12} | {median:14.2f} | {p90:5.2f} | {longest:7.2f} | {cut:4}",
                flush=True,
            )
    finally:
        server.stop()
        shutil.rmtree(server.instance, ignore_errors=True)


if __name__ == "__main__":
    main()
