"""How gunicorn serves the app for real (README): threads, so slow clients wait alone.

    gunicorn -c python:scorekeeper.web.gunicorn_conf

Options on the command line win (`-b 0.0.0.0:8000`, `-w 4`). gunicorn's sync
workers read each request themselves: two clients sending their headers a byte
at a time held both of `-w 2`'s workers, and every other phone waited. A
threaded worker waits for a request's first bytes in its event loop, then
reads it in one of its threads: a slow client holds one thread, not a worker.
But gunicorn gives that reading no deadline: sixteen clients trickling bytes
held all sixteen threads, and no one else was answered (issue 32.8). So each
request must arrive whole within READ_DEADLINE of its first byte, or its
connection is closed (`Deadline`).
"""

from __future__ import annotations

import math
import os
import time
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

# A request (its line, headers and body: 64 KB at most) arrives whole within
# this many seconds of its first byte, or is cut: far more than a phone on a
# poor signal needs, and the longest a trickling client holds a thread.
READ_DEADLINE = 10.0
# An answer is written within this, or the connection is dropped.
SEND_TIMEOUT = 30.0


class Deadline:
    """A client's socket whose reads end at a deadline (as if the client had
    closed): gunicorn's parser and the app read it like the socket it wraps."""

    def __init__(self, sock: Any, log: Any) -> None:
        self.sock, self.log, self.ends = sock, log, math.inf

    def restart(self) -> None:
        """Start the deadline of a request: its first byte has come or is coming."""
        self.ends = time.monotonic() + READ_DEADLINE

    def recv(self, size: int, *flags: int) -> bytes:
        """Read what comes before the deadline; past it, only what has arrived."""
        given = self.sock.gettimeout()
        left = max(0.0, self.ends - time.monotonic())
        self.sock.settimeout(left if given is None else min(given, left))
        try:
            return bytes(self.sock.recv(size, *flags))
        except (TimeoutError, BlockingIOError):
            if given is not None and given < left:
                raise  # the caller's own timeout (a graceful close), not ours
            self.log.info(
                "Closed a request from %s: not whole after %s s",
                self.peer(),
                READ_DEADLINE,
            )
            return b""
        finally:
            self.sock.settimeout(given)

    def sendall(self, data: bytes, *flags: int) -> None:
        """Write all of an answer, giving up after SEND_TIMEOUT."""
        given = self.sock.gettimeout()
        self.sock.settimeout(SEND_TIMEOUT if given is None else given)
        try:
            self.sock.sendall(data, *flags)
        finally:
            self.sock.settimeout(given)

    def peer(self) -> str:
        """Return the client's address, for the log."""
        try:
            return str(self.sock.getpeername()[0])
        except OSError:
            return "?"

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


class DeadlineWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's threaded worker, each request read within READ_DEADLINE."""

    def enqueue_req(self, conn: Any) -> None:
        """Hand a connection whose request starts now to a thread, with its deadline."""
        if not self.cfg.is_ssl:
            if not isinstance(conn.sock, Deadline):
                conn.sock = Deadline(conn.sock, self.log)
            conn.sock.restart()
        super().enqueue_req(conn)


wsgi_app = "scorekeeper:create_app()"
bind = os.environ.get("BIND", "127.0.0.1:8000")
# Two processes (more with WEB_CONCURRENCY) of eight threads each: sixteen
# requests at once, each thread short on CPU (SQLite or PostgreSQL does the
# waiting). Bounded, so a flood queues instead of exhausting memory or the
# database's connections (SQLAlchemy's pool is 5 + 10 a process).
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = DeadlineWorker  # gthread, with a deadline for reading a request
threads = 8
# At most this many open connections a worker; more wait in the listen backlog.
worker_connections = 200
# A worker silent this long is restarted; a stop lets requests finish this long.
timeout = 30
graceful_timeout = 30
# An idle kept-alive connection is closed after this many seconds.
keepalive = 5
# Requests are small here: short request lines and few headers (gunicorn's
# defaults, said aloud so a change is seen).
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
