"""Serve the app at the table: waitress on every interface, its address as a QR code.

Run by `make run`: `python -m scorekeeper.serve`, honouring HOST and PORT.
"""

from __future__ import annotations

import gc
import ipaddress
import os
import select
import signal
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Any

import segno
from waitress import create_server, wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer
from waitress.task import ThreadedTaskDispatcher, WSGITask

from . import create_app

WILDCARDS = {"", "0.0.0.0", "::"}
# connect() on a UDP socket only chooses a route: nothing is sent to this address.
UNROUTED = ("10.254.254.254", 1)
# Waitress's threads, in two pools (`WritesApart`): two for reads, two for
# writes, waitress's default of 4 in all. One process has one interpreter lock:
# more threads draw no more pages at once, they only make a hand saved share it
# with more of them.
READ_THREADS, WRITE_THREADS = 2, 2
# Open connections served at once. A browser keeps its connection open between
# a page's polls, and a 30-table night is 120 phones, a big screen and a
# console: at waitress's default of 100, the 101st phone waited, unread, until
# another let go of its connection.
CONNECTIONS = 500
READS = frozenset({"GET", "HEAD", "OPTIONS"})
YIELD = 0.5  # s at most a read waits for the writes running
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class WritesApart:
    """Waitress's threads in two pools: reads (polls, pages) on theirs, writes
    (a hand saved, a round started) on their own.

    A room polls in waves, and after a hand every phone at its table asks for
    the new page. Sharing one pool, a hand saved waited for a thread behind
    those reads, then shared the interpreter with as many page draws; apart, it
    never waits for a read's thread, and at most two pages are drawn beside it.
    The reads lose nothing they need: each is a poll, asked again in 1.5 s.
    (Waitress queues each connection with its next request, `requests[0]`, and
    asks its dispatcher only to add a task and to shut down.) A request waitress
    could not parse has no method: its answer (waitress's 400) is a read's.
    """

    def __init__(self, reads: int = READ_THREADS, writes: int = WRITE_THREADS) -> None:
        self.reads, self.writes = ThreadedTaskDispatcher(), ThreadedTaskDispatcher()
        self.reads.set_thread_count(reads)
        self.writes.set_thread_count(writes)

    def add_task(self, task: object) -> None:
        requests = getattr(task, "requests", None)
        # An unparsable request (its error task) has no command: answered 400.
        read = not requests or getattr(requests[0], "command", "GET") in READS
        (self.reads if read else self.writes).add_task(task)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        """Stop both pools' threads (waitress's own, for each)."""
        pools = (self.reads, self.writes)
        return all([pool.shutdown(cancel_pending, timeout) for pool in pools])


class KeptOpenTask(WSGITask):
    """Waitress's answer to one request, keeping the connection open after an
    answer with no body (a 304 above all).

    Waitress closes the connection after any answer without a Content-Length,
    a 304 too, which has no body to mark the end of (RFC 9112, 6.3). A phone's
    poll is answered 304 nearly every time, so each opened a new connection for
    the next: a round trip more on poor reception, 80 a second at 30 tables.
    A client that asks to close, or speaks HTTP/1.0, is still closed on.
    """

    def set_close_on_finish(self) -> None:
        asked = self.request.headers.get("CONNECTION", "").lower()
        if self.has_body or self.version != "1.1" or asked == "close":
            super().set_close_on_finish()


class Connection(HTTPChannel):
    """A phone's connection, as waitress's, its answers `KeptOpenTask`s."""

    task_class = KeptOpenTask

    def service(self) -> None:
        """Answer its requests (in a thread), then have the loop ask it anew."""
        super().service()
        if getattr(self.server, "touched", None):  # served by `Loop`: ask anew
            self.server.touched(self)
            self.server.pull_trigger()


class Loop:
    """Waitress's loop (wasyncore.poll2) with epoll, asking whether they would
    read or write only the sockets new, served last turn or answered by a thread
    since (`Connection.service`), listening, and all once a second (idle ones
    close); one whose request a thread answers is watched for nothing. poll2
    asked all 320 of an 80-table room's at its 400 turns a second (CPU: 24%)."""

    def __init__(self, listening: dict[int, Any]) -> None:
        self.map, self.poller = listening, select.epoll()
        self.watched: dict[int, tuple[Any, int]] = {}  # fd: its object, events
        self.later: deque[Any] = deque()  # answered: to ask again
        self.served: list[int] = []
        self.seen: set[int] = set()  # asked once at least: not new
        self.always = [fd for fd, one in listening.items() if one.accepting]
        self.swept = 0.0  # when all were last asked

    def watch(self, fd: int, one: Any) -> None:
        """Watch a socket for what it would do now, or not at all."""
        flags, old = 0, self.watched.pop(fd, None)  # none for a socket closed
        if one is not None and not getattr(one, "requests", None):  # not busy
            flags = select.EPOLLIN | select.EPOLLPRI if one.readable() else 0
            flags |= select.EPOLLOUT if one.writable() and not one.accepting else 0
        if old is not None and (old[0] is not one or not flags):
            with suppress(OSError):  # closed, its number given anew, or idle
                self.poller.unregister(fd)
            old = None
        if flags:
            if old is None:
                self.poller.register(fd, flags)
            elif old[1] != flags:
                self.poller.modify(fd, flags)
            self.watched[fd] = (one, flags)

    def turn(self, timeout: float) -> None:
        """One turn: watch what may have changed, wait, serve what is ready."""
        for fd in self.watched.keys() - self.map.keys():  # closed
            self.watch(fd, None)
        asked = {*self.served, *self.always} | (self.map.keys() - self.seen)
        self.seen = (self.seen | asked) & self.map.keys()
        while self.later:
            asked.add(getattr(self.later.popleft(), "_fileno", None))
        if time.monotonic() - self.swept >= 1:
            self.swept, asked = time.monotonic(), set(self.map)
        for fd in asked & self.map.keys():
            self.watch(fd, self.map[fd])
        ready = self.poller.poll(timeout)  # again if interrupted (PEP 475)
        self.served = [fd for fd, _ in ready]
        for fd, flags in ready:
            if fd in self.map:
                wasyncore.readwrite(self.map[fd], flags)


class ReadsYield:
    """The app, where a read that arrives while a write runs waits for it (at
    most `wait` s): the writes of a room's hands saved in the same instant
    share one interpreter with fewer page draws, and end sooner. The reads are
    polls a phone asks again anyway; none waits long.
    """

    def __init__(self, app: WSGIApp, wait: float = YIELD) -> None:
        self.app, self.wait = app, wait
        self.writing = 0
        self.idle = threading.Condition()

    def __call__(
        self, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> Iterable[bytes]:
        if environ["REQUEST_METHOD"] in READS:
            with self.idle:
                self.idle.wait_for(lambda: self.writing == 0, timeout=self.wait)
            return self.app(environ, start_response)
        with self.idle:
            self.writing += 1
        try:
            body = self.app(environ, start_response)
            try:
                return [b"".join(body)]  # written whole, while counted
            finally:
                getattr(body, "close", lambda: None)()
        finally:
            with self.idle:
                self.writing -= 1
                if not self.writing:
                    self.idle.notify_all()


def lan_address() -> str:
    """Return the address a phone on the same network reaches this machine at."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(UNROUTED)
            address = str(probe.getsockname()[0])
        except OSError:
            address = ""
    if address and not ipaddress.ip_address(address).is_loopback:
        return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return address if not ipaddress.ip_address(address).is_loopback else "127.0.0.1"


def public_url(host: str, port: int) -> str:
    """Return the URL to print for a server bound to host and port."""
    if host in WILDCARDS:
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def wait_until_listening(host: str, port: int, timeout: float = 30) -> bool:
    """Return once the server accepts a connection (True), or False on timeout."""
    target = host
    if host in WILDCARDS:
        target = "::1" if ":" in host else "127.0.0.1"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((target, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def announce(host: str, port: int) -> None:
    """Print the phone's address and its QR code once the server answers."""
    if not wait_until_listening(host, port):
        print(f"The server did not answer on port {port}.", file=sys.stderr)
        return
    url = public_url(host, port)
    print("Five Hundred Scorekeeper is running. On a phone on this network open:")
    print(f"\n    {url}\n")
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    print("Press Ctrl+C to stop.", flush=True)


def settle() -> None:
    """Put what the server built to start (its modules, routes, models, forms:
    some 130,000 objects) out of the garbage collector's sight, once built.

    Python's full collection walks every object it tracks. With these, it
    paused the whole server for 100 ms every ten or twenty seconds of a busy
    night, and the hands being saved waited as long; without them, 15 ms. What
    requests build afterwards is collected as usual."""
    gc.collect()
    gc.freeze()


def main() -> None:
    """Serve the app with waitress on HOST:PORT (default every interface, 5000)."""
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "5000"))
    app = create_app()
    app.debug = False
    settle()
    listening: dict[int, Any] = {}  # waitress's map: its sockets, then connections
    server = create_server(
        ReadsYield(app),
        map=listening,
        host=host,
        port=port,
        connection_limit=CONNECTIONS,
        asyncore_use_poll=True,  # select() stops at file descriptor 1024
        _dispatcher=WritesApart(),
    )
    loop = Loop(listening) if listening and hasattr(select, "epoll") else None
    for one in list(listening.values()):
        if isinstance(one, BaseWSGIServer):
            one.channel_class = Connection
            one.touched = loop and loop.later.append  # type: ignore[attr-defined]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    threading.Thread(target=announce, args=(host, port), daemon=True).start()
    try:
        if loop is None:
            server.run()
        else:  # as server.run, with `Loop`
            try:
                while listening:
                    loop.turn(server.adj.asyncore_loop_timeout)
            finally:
                server.task_dispatcher.shutdown()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.close()


if __name__ == "__main__":
    main()
