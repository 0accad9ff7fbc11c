"""`make run`'s waitress serves a room: every phone's open connection, and
writes on threads of their own (a hand saved as a room's phones poll does not
wait behind a hundred polls)."""

from __future__ import annotations

import gc
import http.client
import socket
import threading
import time

from server import run_server
from waitress import create_server, wasyncore

from scorekeeper import serve

ROOM = 150  # a 30-table night's phones, its big screen and more


def ask(port: int, method: str, path: str) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, b"" if method == "POST" else None)
        connection.getresponse().read()
    finally:
        connection.close()


def until(check, timeout: float = 5) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the server never got there"
        time.sleep(0.01)


def serving(app, threads: serve.WritesApart):
    """Serve an app on a free port with these threads; return the port and
    what stops it (server.run, but one that stops before the socket closes)."""
    server = create_server(app, host="127.0.0.1", port=0, _dispatcher=threads)
    stopping = threading.Event()

    def run() -> None:
        while not stopping.is_set():
            wasyncore.loop(timeout=0.05, map=server._map, count=1)  # type: ignore[union-attr]

    loop = threading.Thread(target=run, daemon=True)
    loop.start()

    def stop() -> None:
        stopping.set()
        loop.join(10)
        wasyncore.close_all(server._map)  # type: ignore[union-attr]  # its channels too
        threads.shutdown()

    return server.effective_port, stop  # type: ignore[union-attr]


def test_a_write_is_served_while_reads_hold_every_read_thread():
    served: list[str] = []
    busy, free = threading.Event(), threading.Event()

    def app(environ, start_response):
        if environ["PATH_INFO"] == "/busy":  # the one read thread is held here
            busy.set()
            free.wait(10)
        served.append(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}")
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    threads = serve.WritesApart(reads=1, writes=1)
    port, stop = serving(app, threads)
    asks = []
    try:
        asks.append(threading.Thread(target=ask, args=(port, "GET", "/busy")))
        asks[-1].start()
        until(busy.is_set)
        for n in range(3):  # three polls wait for the read thread, in turn
            asks.append(threading.Thread(target=ask, args=(port, "GET", f"/poll{n}")))
            asks[-1].start()
            until(lambda n=n: len(threads.reads.queue) == n + 1)
        ask(port, "POST", "/hand")  # answered while the read thread is held
        assert served == ["POST /hand"]
        free.set()
        for one in asks:
            one.join(10)
    finally:
        free.set()
        stop()
    assert served == [
        "POST /hand",
        "GET /busy",
        "GET /poll0",
        "GET /poll1",
        "GET /poll2",
    ]


def test_reads_are_served_while_writes_hold_every_write_thread():
    served: list[str] = []
    writing, done = threading.Event(), threading.Event()

    def app(environ, start_response):
        if environ["REQUEST_METHOD"] == "POST":  # a round of 30 tables starting
            writing.set()
            done.wait(10)
        served.append(environ["REQUEST_METHOD"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    port, stop = serving(app, serve.WritesApart(reads=1, writes=1))
    write = threading.Thread(target=ask, args=(port, "POST", "/rounds"))
    try:
        write.start()
        until(writing.is_set)
        ask(port, "GET", "/poll")
        assert served == ["GET"]
    finally:
        done.set()
        write.join(10)
        stop()
    assert served == ["GET", "POST"]


def test_a_rooms_phones_each_keep_a_connection_and_the_last_is_answered():
    """A browser keeps its connection open between polls: at waitress's default
    limit of 100, the 101st phone's ask went unread."""
    with run_server(server="waitress") as url:
        port = int(url.rsplit(":", 1)[1])
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(ROOM)]
        try:
            last = phones[-1]
            last.settimeout(10)
            last.sendall(b"GET /static/live.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert last.recv(64).startswith(b"HTTP/1.1 200")
        finally:
            for phone in phones:
                phone.close()


def answer(phone: socket.socket) -> bytes:
    """Read one bodiless answer (its headers) from a phone's connection."""
    got = b""
    while b"\r\n\r\n" not in got:
        more = phone.recv(4096)
        if not more:  # the server closed the connection
            return got
        got += more
    return got


def test_a_phone_keeps_its_connection_after_a_304():
    """Waitress closes a connection after any answer with no Content-Length, a
    304 too: each poll answered 304 opened a new connection for the next."""
    with run_server(server="waitress") as url:
        port = int(url.rsplit(":", 1)[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/static/live.js")
        first = connection.getresponse()
        first.read()
        tag = first.getheader("ETag")
        connection.close()
        poll = (
            f"GET /static/live.js HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"If-None-Match: {tag}\r\n\r\n"
        ).encode()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as phone:
            for _ in range(3):  # three polls on the one connection
                phone.sendall(poll)
                got = answer(phone)
                assert got.startswith(b"HTTP/1.1 304"), got
                assert b"connection: close" not in got.lower()


def test_a_read_that_arrives_while_a_write_runs_waits_for_it():
    served: list[str] = []
    writing, done = threading.Event(), threading.Event()

    def app(environ, start_response):
        if environ["REQUEST_METHOD"] == "POST":
            writing.set()
            done.wait(10)
        served.append(environ["REQUEST_METHOD"])
        start_response("200 OK", [])
        return [b"ok"]

    room = serve.ReadsYield(app, wait=10)

    def call(method: str) -> None:
        room({"REQUEST_METHOD": method}, lambda *_: None)

    write = threading.Thread(target=call, args=("POST",))
    write.start()
    writing.wait(10)
    read = threading.Thread(target=call, args=("GET",))
    read.start()
    read.join(0.3)  # time enough to be served, had it not waited
    assert served == [] and read.is_alive()
    done.set()
    write.join(10)
    read.join(10)
    assert served == ["POST", "GET"]


def test_a_read_waits_for_a_write_no_longer_than_its_limit():
    stuck = threading.Event()

    def app(environ, start_response):
        if environ["REQUEST_METHOD"] == "POST":
            stuck.wait(10)
        start_response("200 OK", [])
        return [environ["REQUEST_METHOD"].encode()]

    room = serve.ReadsYield(app, wait=0.2)
    quiet = lambda *_: None  # noqa: E731
    write = threading.Thread(target=room, args=({"REQUEST_METHOD": "POST"}, quiet))
    write.start()
    try:
        began = time.monotonic()
        assert list(room({"REQUEST_METHOD": "GET"}, quiet)) == [b"GET"]
        assert time.monotonic() - began < 5  # not the write's 10 s
    finally:
        stuck.set()
        write.join(10)


class Started:
    """A server that stops as soon as it runs, saying how many objects the
    garbage collector no longer walks by then."""

    frozen = 0

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        pass

    def set_thread_count(self, _count: int) -> None:
        pass

    def run(self) -> None:
        Started.frozen = gc.get_freeze_count()
        raise KeyboardInterrupt

    def close(self) -> None:
        pass


def test_the_servers_put_what_they_built_to_start_out_of_the_collector_s_sight(
    app, monkeypatch
):
    # A full collection walked the 130,000 objects built to start the app:
    # it paused a busy night's server for 100 ms every ten or twenty seconds.
    from scorekeeper.web import gunicorn_conf

    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "create_server", Started)
    monkeypatch.setattr(serve, "WritesApart", Started)
    monkeypatch.setattr(serve, "announce", lambda *_: None)
    monkeypatch.setattr(serve.signal, "signal", lambda *_: None)
    gc.unfreeze()
    try:
        serve.main()
        assert Started.frozen > 50_000
        gc.unfreeze()
        gunicorn_conf.post_worker_init(None)  # a worker, once it has the app
        assert gc.get_freeze_count() > 50_000
    finally:
        gc.unfreeze()


def test_a_request_waitress_cannot_parse_is_answered_400():
    """Waitress answers an unparsable request with its error task, which has no
    method: sorting it into a pool failed, and the phone got no answer."""
    with run_server(server="waitress") as url:
        port = int(url.rsplit(":", 1)[1])
        for sent in (
            b"NOTHTTP\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Bad: \x07\r\n\r\n",
        ):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as phone:
                phone.sendall(sent)
                assert answer(phone).split(b" ")[1] == b"400", sent
