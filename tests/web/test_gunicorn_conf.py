"""The README's gunicorn keeps answering while slow clients hang on (issues 21.4,
32.8 and 41.4: four, then thirty-two, twice its threads, sending their headers
or their bodies a byte at a time)."""

from __future__ import annotations

import http.client
import select
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from api_helpers import TEST_DATABASE_URL
from api_helpers import reset_database as reset
from server import Server

from scorekeeper.web.gunicorn_conf import READ_DEADLINE

SLOW = 4
# Far more than an answer takes, and far less than the 30 s a sync worker
# held by a slow client stays held (until gunicorn's timeout restarts it).
PATIENCE = 10
# Twice the README's sixteen threads; they would trickle for 400 s.
MANY = 32


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
    """Send a request's headers a byte at a time until told to stop (or cut)."""
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"G")  # the first byte: the server starts reading it
        started.wait()
        header = b"ET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000
        try:
            for byte in header:
                if done.wait(0.1):
                    return
                slow.sendall(bytes([byte]))
        except OSError:
            return  # the server closed it


def drip_body(port: int, started: threading.Barrier, done: threading.Event) -> None:
    """Send a write's headers whole, then its body a byte at a time until told
    to stop (or cut)."""
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"
        )
        started.wait()
        try:
            for _ in range(3999):
                if done.wait(0.1):
                    return
                slow.sendall(b" ")
        except OSError:
            return  # the server closed it


def answered(port: int, patience: float) -> bool:
    """Return whether another phone's request is answered, waiting patiently."""
    connection = http.client.HTTPConnection("127.0.0.1", port, patience)
    try:
        connection.request("GET", "/api/presets")
        answer = connection.getresponse()
        return answer.status == 200 and bool(answer.read())
    finally:
        connection.close()


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
        assert answered(gunicorn, PATIENCE)
        assert all(thread.is_alive() for thread in slow)  # still dripping
    finally:
        done.set()
        for thread in slow:
            thread.join()


def test_thirty_two_slow_clients_do_not_stall_others(gunicorn):
    started, done = threading.Barrier(MANY + 1), threading.Event()
    slow = [
        threading.Thread(target=drip, args=(gunicorn, started, done))
        for _ in range(MANY)
    ]
    for thread in slow:
        thread.start()
    try:
        started.wait(PATIENCE)
        # Before issue 32.8, no answer came while they trickled (400 s); a
        # timeout here raises. Three in a row, each on its own connection.
        assert all(answered(gunicorn, 3 * PATIENCE) for _ in range(3))
    finally:
        done.set()
        for thread in slow:
            thread.join()


def test_thirty_two_clients_trickling_bodies_do_not_stall_others(gunicorn):
    started, done = threading.Barrier(MANY + 1), threading.Event()
    slow = [
        threading.Thread(target=drip_body, args=(gunicorn, started, done))
        for _ in range(MANY)
    ]
    for thread in slow:
        thread.start()
    try:
        started.wait(PATIENCE)
        # Before issue 41.4, a body was read in a thread: the first sixteen
        # held every thread until their deadline, and another phone waited
        # some 9 s. Now a thread serves a request once its body has come.
        # (A timeout here raises.) Three in a row, each on its own connection.
        assert all(answered(gunicorn, READ_DEADLINE / 2) for _ in range(3))
        assert sum(thread.is_alive() for thread in slow) > MANY / 2  # dripping
    finally:
        done.set()
        for thread in slow:
            thread.join()


def test_a_request_that_never_arrives_whole_is_closed(gunicorn):
    # Each request arrives whole within READ_DEADLINE or its connection is
    # closed: a trickling client cannot hold on for the 400 s it would take.
    closed = False
    with socket.create_connection(("127.0.0.1", gunicorn)) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for _ in range(int(3 * READ_DEADLINE / 0.1)):
            ready, _, _ = select.select([slow], [], [], 0.1)
            try:
                if ready and not slow.recv(1024):
                    closed = True
                    break
                slow.sendall(b"X-Slow: a\r\n")
            except OSError:  # reset: closed too
                closed = True
                break
    assert closed
