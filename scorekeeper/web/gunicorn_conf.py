"""How gunicorn serves the app for real (README): threads, so slow clients wait alone.

    gunicorn -c python:scorekeeper.web.gunicorn_conf

Options on the command line win (`-b 0.0.0.0:8000`, `-w 4`). gunicorn's sync
workers read each request themselves: two clients sending their headers a byte
at a time held both of `-w 2`'s workers, and every other phone waited. A
threaded worker waits for a request's first bytes in its event loop, then
reads it in one of its threads: a slow client holds one thread, not a worker.
But gunicorn gives that reading no deadline: sixteen clients trickling bytes
held all sixteen threads, and no one else was answered (issue 32.8). So a
request is gathered as its bytes come, without waiting for more (the
connection goes back to the worker's event loop between them), a thread
serving it only once it is whole, its body too (issue 41.4: thirty-two
clients trickling bodies held every thread until their deadline, and another
phone waited 8.5 s); and each request must arrive whole within READ_DEADLINE,
or its connection is closed.
"""

from __future__ import annotations

import gc
import math
import os
import re
import time
from typing import Any

from gunicorn.workers.gthread import _DEFER as DEFER
from gunicorn.workers.gthread import ThreadWorker

# A request (its line, headers and body: 64 KB at most) arrives whole within
# this many seconds of its first byte, or is cut: far more than a phone on a
# poor signal needs, and the longest a trickling client holds a thread.
READ_DEADLINE = 10.0
# An answer is written within this, or the connection is dropped.
SEND_TIMEOUT = 30.0
# A head gathered past this size goes to the parser, which refuses it.
HEAD_LIMIT = 65536
# A body is gathered up to the app's limit (MAX_CONTENT_LENGTH): a longer one
# goes to a thread at once, and the app refuses it (413) without reading it.
BODY_LIMIT = 65536
LENGTH = re.compile(rb"\ncontent-length:[ \t]*([0-9]+)")
CHUNKED = re.compile(rb"\ntransfer-encoding:[^\n]*chunked")


class Deadline:
    """A client's socket whose reads end at a deadline (as if the client had
    closed): gunicorn's parser and the app read it like the socket it wraps.

    The request is gathered first without waiting (`gather`), each time the
    client sends more, so a slow one holds no thread until it is whole.
    """

    def __init__(self, sock: Any, log: Any) -> None:
        self.sock, self.log, self.ends = sock, log, math.inf
        self.early = b""  # gathered, not yet read by the parser

    def begin(self) -> None:
        """Start a request's deadline, unless one is under way."""
        if self.ends == math.inf:
            self.ends = time.monotonic() + READ_DEADLINE

    def end(self) -> None:
        """Say the request is over: the next one gets its own deadline."""
        self.ends = math.inf

    def late(self) -> bool:
        """Return whether the request is past its deadline (and say so in the log)."""
        if time.monotonic() < self.ends:
            return False
        self.log.info(
            "Closed a request from %s: not whole after %s s", self.peer(), READ_DEADLINE
        )
        return True

    def gather(self, before: bytes) -> bool | None:
        """Read what has come, without waiting; return whether the request is
        whole (or the client closed: the parser says so), None to wait for more.
        """
        try:
            while not self.whole(before + self.early):
                self.sock.setblocking(False)
                got = self.sock.recv(8192)
                if not got:
                    return True  # closed: the parser sees the end
                self.early += got
        except BlockingIOError:
            return None
        finally:
            self.sock.setblocking(True)
        return True

    def recv(self, size: int, *flags: int) -> bytes:
        """Read what comes before the deadline; past it, only what has arrived."""
        if self.early:
            got, self.early = self.early[:size], self.early[size:]
            return got
        given = self.sock.gettimeout()
        # Outside a request (gunicorn draining a connection it closes, on its
        # event loop's thread) a read takes only what has come: it never waits.
        left = max(0.0, self.ends - time.monotonic()) if self.ends < math.inf else 0.0
        self.sock.settimeout(left if given is None else min(given, left))
        try:
            return bytes(self.sock.recv(size, *flags))
        except (TimeoutError, BlockingIOError):
            if self.ends < math.inf:
                self.late()
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

    def whole(self, data: bytes) -> bool:
        """Return whether the request has all come (`whole`)."""
        return whole(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def head_end(data: bytes) -> int:
    """Return where a request's head ends (its blank line's end), or -1."""
    found = [
        (at, len(mark))
        for mark in (b"\r\n\r\n", b"\n\n")
        if (at := data.find(mark)) >= 0
    ]
    return min(at + size for at, size in found) if found else -1


def whole(data: bytes) -> bool:
    """Return whether a request has all come, its head and its body (as long as
    Content-Length says, or a chunked body to its last chunk), or is past any
    allowed size: the parser and the app then refuse what is wrong."""
    end = head_end(data)
    if end < 0:
        return len(data) > HEAD_LIMIT
    head, body = data[:end].lower(), data[end:]
    if b"100-continue" in head or len(body) > BODY_LIMIT:
        return True  # a client that waits for a word before its body; too long
    if CHUNKED.search(head):
        return chunked_whole(body)
    length = LENGTH.search(head)
    # Past the limit, the app refuses it without reading it: no need to wait.
    return not length or len(body) >= int(length[1]) or int(length[1]) > BODY_LIMIT


def chunked_whole(body: bytes) -> bool:
    """Return whether a chunked body has come to its last chunk (or is broken:
    the parser says so)."""
    at = 0
    while (line := body.find(b"\r\n", at)) >= 0:
        try:
            size = int(body[at:line].split(b";")[0], 16)
        except ValueError:
            return True
        if size == 0:  # then trailers, if any, and a blank line
            rest = body[line + 2 :]
            return rest.startswith(b"\r\n") or b"\r\n\r\n" in rest
        at = line + 2 + size + 2
    return False


class DeadlineWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's threaded worker: a request is gathered as it comes, without
    holding a thread, and must be whole within READ_DEADLINE."""

    wrapper = Deadline

    def enqueue_req(self, conn: Any) -> None:
        """Hand a connection to a thread, its socket wrapped with a deadline."""
        if not self.cfg.is_ssl and not isinstance(conn.sock, Deadline):
            conn.sock = self.wrapper(conn.sock, self.log)
        super().enqueue_req(conn)

    def handle(self, conn: Any) -> Any:
        """Gather the request (back to the event loop while it is incomplete),
        then serve it as gthread does."""
        sock = conn.sock
        if not isinstance(sock, Deadline):
            return super().handle(conn)
        sock.begin()
        parsed = conn.parser.unreader.buf.getvalue() if conn.parser else b""
        ready = sock.gather(parsed)
        if ready is None:
            if sock.late():
                sock.end()
                return False
            conn.data_ready = True  # gthread waits in its poller, not in a thread
            return DEFER
        conn.data_ready = True
        try:
            return super().handle(conn)
        finally:
            sock.end()


def post_worker_init(worker: Any) -> None:
    """Once a worker has built the app, put its objects out of the garbage
    collector's sight, as `make run` does (serve.settle: a full collection
    walking them paused a busy night's server for 100 ms)."""
    gc.collect()
    gc.freeze()


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
