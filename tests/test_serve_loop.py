"""`make run`'s loop (serve.Loop): a room's idle connections are not asked at
every turn whether they would read or write, and are still answered and closed
as waitress's own loop does."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from waitress import create_server, wasyncore

from scorekeeper import serve

IDLE = 20  # phones waiting for their next poll


def hello(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]


@contextmanager
def looping(connection: type[serve.Connection], **adjust: Any) -> Iterator[int]:
    """Serve `hello` as serve.main does, turning `serve.Loop`; give the port."""
    listening: dict[int, Any] = {}
    server: Any = create_server(
        hello,
        map=listening,
        host="127.0.0.1",
        port=0,
        _dispatcher=serve.WritesApart(),
        **adjust,
    )
    server.channel_class = connection
    loop = serve.Loop(listening)
    server.touched = loop.later.append
    stopping = threading.Event()

    def run() -> None:
        while not stopping.is_set():
            loop.turn(0.05)

    turning = threading.Thread(target=run, daemon=True)
    turning.start()
    try:
        yield server.effective_port
    finally:
        stopping.set()
        turning.join(10)
        wasyncore.close_all(listening)
        server.task_dispatcher.shutdown()


def until(check: Any, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.01)


def test_an_idle_phone_s_connection_is_not_asked_at_every_turn():
    # poll2 asked each of a room's 320 connections whether it would read or
    # write at every turn of the loop (700 turns a second at 80 tables): a
    # sixth of the server's CPU went to asking phones that waited.
    asked: dict[int, int] = {}

    class Counted(serve.Connection):
        def readable(self) -> bool:
            asked[self._fileno] = asked.get(self._fileno, 0) + 1
            return bool(super().readable())

    with looping(Counted) as port:
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE)]
        until(lambda: len(asked) >= IDLE)
        time.sleep(0.2)
        before = dict(asked)
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(20):  # 20 polls on one kept connection, all answered
            phone.request("GET", "/")
            answer = phone.getresponse()
            assert (answer.status, answer.read()) == (200, b"ok")
        phone.close()
        after = dict(asked)
        for one in idle:
            one.close()
    idle_asks = [after[fd] - before[fd] for fd in before]
    # Each asked once a second at most (the sweep), not at each of 40+ turns.
    assert max(idle_asks) <= 3, idle_asks


def test_an_idle_connection_is_still_closed_after_waitress_s_timeout():
    # Waitress marks a connection idle past its timeout to close; the loop
    # asks every connection once a second, so it is closed, not kept forever.
    with looping(serve.Connection, channel_timeout=1, cleanup_interval=1) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as idle:
            assert idle.recv(1) == b""  # closed by the server


def test_a_slow_answer_is_written_once_its_thread_is_done():
    # The answer is written by the loop once its thread has served it: the
    # connection, watched for nothing meanwhile, is asked again.
    class Slow(serve.Connection):
        def service(self) -> None:
            time.sleep(0.3)
            super().service()

    with looping(Slow) as port:
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(3):
            began = time.monotonic()
            phone.request("GET", "/")
            answer = phone.getresponse()
            assert (answer.status, answer.read()) == (200, b"ok")
            assert time.monotonic() - began < 0.9  # not at the next second's sweep
        phone.close()


def test_a_connection_waiting_for_its_answer_is_not_asked_at_every_turn():
    # Watched for nothing while a thread answers it, it was asked at every turn
    # instead: a room's queued polls (80 of them at 80 tables) at each of some
    # 2,000 turns a second, more CPU than waitress's own loop.
    asked: dict[int, int] = {}

    class Slow(serve.Connection):
        def readable(self) -> bool:
            asked[self._fileno] = asked.get(self._fileno, 0) + 1
            return bool(super().readable())

        def service(self) -> None:
            time.sleep(0.2)  # two threads: the others wait their turn
            super().service()

    with looping(Slow) as port:
        phones = [
            http.client.HTTPConnection("127.0.0.1", port, timeout=10) for _ in range(8)
        ]
        for phone in phones:
            phone.request("GET", "/")
        until(lambda: len(asked) >= len(phones))
        before = dict(asked)
        for phone in phones:
            answer = phone.getresponse()
            assert (answer.status, answer.read()) == (200, b"ok")
            phone.close()
    # 0.8 s of waiting, 16 turns or more: asked once answered, and at a sweep.
    assert max(asked[fd] - before.get(fd, 0) for fd in before) <= 4, asked
