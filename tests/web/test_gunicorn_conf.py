"""The README's gunicorn keeps answering while slow clients hang on (issue 21.4)."""

from __future__ import annotations

import http.client
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from api_helpers import TEST_DATABASE_URL
from api_helpers import reset_database as reset
from server import Server

SLOW = 4
# Far more than an answer takes, and far less than the 30 s a sync worker
# held by a slow client stays held (until gunicorn's timeout restarts it).
PATIENCE = 10


@pytest.fixture
def gunicorn() -> Iterator[int]:
    """Serve the app as the README says, with its gunicorn config; yield the port."""
    if TEST_DATABASE_URL:
        reset(TEST_DATABASE_URL)
    running = Server(TEST_DATABASE_URL, "gunicorn")
    running.start()
    try:
        yield int(urlsplit(running.url).port or 0)
    finally:
        running.stop()


def drip(port: int, started: threading.Barrier, done: threading.Event) -> None:
    """Send a request's headers a byte at a time until told to stop."""
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"G")  # the first byte: the server starts reading it
        started.wait()
        header = b"ET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000
        for byte in header:
            if done.wait(0.1):
                return
            slow.sendall(bytes([byte]))


def test_four_slow_clients_do_not_stall_another(gunicorn):
    started, done = threading.Barrier(SLOW + 1), threading.Event()
    slow = [
        threading.Thread(target=drip, args=(gunicorn, started, done))
        for _ in range(SLOW)
    ]
    for thread in slow:
        thread.start()
    try:
        started.wait(PATIENCE)
        connection = http.client.HTTPConnection("127.0.0.1", gunicorn, PATIENCE)
        try:
            connection.request("GET", "/api/presets")
            answer = connection.getresponse()
            assert answer.status == 200 and answer.read()
        finally:
            connection.close()
        assert all(thread.is_alive() for thread in slow)  # still dripping
    finally:
        done.set()
        for thread in slow:
            thread.join()
