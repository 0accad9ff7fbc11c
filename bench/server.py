"""Requests per second under gunicorn (2 workers), against a bare Flask hello.

Run: .venv/bin/python bench/server.py [--seconds 5] [--connections 4]

Everything stays on 127.0.0.1 and is measured in one run: the app and a bare
Flask "hello" app each under gunicorn with two sync workers, on SQLite, loaded
by wrk (Debian's package, installed with apt-get when missing), so the load
generator is not what limits the rate. Scenarios: the scoreboard as a watcher
and as the scoring phone, each with and without If-None-Match (a 304 when the
game has not changed), the API's game with If-None-Match, and recording a hand
through the API; and recording a hand through bench/bare_write.py, the least
any write of a hand must do, with the driver alone (no Flask, no ORM), on the
app's own database: how near to hello a write can come in Python. Each rate
is printed beside its ratio to hello's, and beside
the server's CPU time per request (its workers' user and system time, from
/proc, over the requests wrk counted) with hello's CPU per request over it: on a
machine shared with other work the rates swing with the load, the CPU far less.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE, ENDLESS  # noqa: E402
from cpu import cpu_seconds  # noqa: E402
from server import BIN, ROOT, Server, free_port, send  # noqa: E402

HELLO = """from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "hello"
"""
# Each wrk thread walks the games in turn, sending the four hands of CYCLE.
RECORD = """local games = {%s}
local bodies = {%s}
local sent = 0
request = function()
  sent = sent + 1
  local game = games[sent %% #games + 1]
  return wrk.format("POST", game[1], {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. game[2],
  }, bodies[sent %% #bodies + 1])
end
"""
TARGETS = {"scoreboard": 0.6, "record": 0.4, "304": 0.8}


class Served(NamedTuple):
    """A server under test: the port it listens on, its master's process id."""

    port: int
    pid: int


class Rate(NamedTuple):
    """What a load measured: requests per second, server CPU per request (us)."""

    per_second: float
    cpu: float


def wrk() -> str:
    """Return the path of wrk, installing Debian's package if it is missing."""
    found = shutil.which("wrk")
    if found is None:
        print("wrk is missing: apt-get install -y wrk", file=sys.stderr)
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)
        found = shutil.which("wrk")
    assert found is not None, "wrk did not install"
    return found


def post(port: int, path: str, body: object, token: str = "") -> dict[str, Any]:
    """POST JSON and return the decoded answer."""
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    status, _, answer = send(port, "POST", path, body, **auth)
    assert status == 201, answer
    decoded: dict[str, Any] = json.loads(answer)
    return decoded


def load(
    server: Served,
    path: str,
    seconds: int,
    connections: int,
    headers: dict[str, str] | None = None,
    script: str = "",
) -> Rate:
    """Run wrk against a path; return its rate (all 2xx or 3xx) and CPU cost."""
    command = [wrk(), "-t2", f"-c{connections}", f"-d{seconds}s"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        if script:
            lua.write(script)
            lua.flush()
            command += ["-s", lua.name]
        before = cpu_seconds(server.pid)
        output = subprocess.run(
            command + [f"http://127.0.0.1:{server.port}{path}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        spent = cpu_seconds(server.pid) - before
    if "Non-2xx or 3xx" in output or "Socket errors" in output:
        raise RuntimeError(f"wrk saw failures on {path}:\n{output}")
    done = int(re.search(r"(\d+) requests in", output)[1])  # type: ignore[index]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output)[1])  # type: ignore[index]
    return Rate(rate, spent / done * 1e6)


def gunicorn(
    chdir: str, module: str, logs: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    """Serve a WSGI app under gunicorn with two workers; return once it answers."""
    port = free_port()
    log = open(Path(logs, module.replace(":", ".") + ".log"), "w+b")  # noqa: SIM115
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}"]
        + ["--chdir", chdir, module],
        env=env,
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            send(port, "GET", "/")  # any answer: it serves
            return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{module} did not start")


def gunicorn_hello(folder: str) -> tuple[subprocess.Popen[bytes], int]:
    """Serve the bare hello app under gunicorn with two workers."""
    Path(folder, "hello.py").write_text(HELLO)
    process, port = gunicorn(folder, "hello:app", folder)
    if send(port, "GET", "/")[0] != 200:
        process.kill()
        raise RuntimeError("The hello app does not say hello")
    return process, port


def writer_cookie(port: int, game: dict[str, Any]) -> str:
    """Return the cookies of a phone that opened the game's play link."""
    jar: dict[str, str] = {}
    for path in (game["links"]["play"], game["links"]["view"]):
        # The play link grants the phone; its first scoreboard, a CSRF token.
        cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", path, headers={"Cookie": cookie} if jar else {})
        response = connection.getresponse()
        response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                jar[key] = rest.split(";")[0]
        connection.close()
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def app_scenarios(app: Served, seconds: int, connections: int) -> dict[str, Rate]:
    """Measure the app's scenarios against one server."""
    port = app.port
    game = post(port, "/api/games", ENDLESS)
    for hand in CYCLE * 3:  # a scoreboard of twelve hands
        post(port, f"/api/games/{game['id']}/hands", hand, game["write_token"])
    board, api_game = game["links"]["view"], f"/api/games/{game['id']}"
    cookie = writer_cookie(port, game)
    watching = send(port, "GET", board)[1].get("ETag", '"none"')
    scoring = send(port, "GET", board, Cookie=cookie)[1].get("ETag", '"none"')
    version = send(port, "GET", api_game)[1]["ETag"]
    reads = {
        "scoreboard, watcher": (board, {}),
        "scoreboard, watcher, If-None-Match": (board, {"If-None-Match": watching}),
        "scoreboard, scoring phone": (board, {"Cookie": cookie}),
        "scoreboard, scoring phone, If-None-Match": (
            board,
            {"Cookie": cookie, "If-None-Match": scoring},
        ),
        "GET /api/games/<id>, If-None-Match": (api_game, {"If-None-Match": version}),
    }
    results = {
        name: load(app, path, seconds, connections, headers)
        for name, (path, headers) in reads.items()
    }
    results["record a hand, POST /api/games/<id>/hands"] = record(
        port, app, seconds, connections
    )
    return results


def record(port: int, server: Served, seconds: int, connections: int) -> Rate:
    """Make games on the app's port; load a server with hands recorded in them."""
    # Many endless games, so none grows past a few dozen hands in the run.
    games = [post(port, "/api/games", ENDLESS) for _ in range(64)]
    listed = ", ".join(
        f'{{"/api/games/{g["id"]}/hands", "{g["write_token"]}"}}' for g in games
    )
    bodies = ", ".join(json.dumps(json.dumps(hand)) for hand in CYCLE)
    return load(server, "/", seconds, connections, script=RECORD % (listed, bodies))


def bare(app: Server, logs: str, seconds: int, connections: int) -> Rate:
    """Record hands through bench/bare_write.py, on the app's own database."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env["BARE_DATABASE"] = app.database_url.removeprefix("sqlite:///")
    process, port = gunicorn(str(ROOT / "bench"), "bare_write:app", logs, env)
    try:
        served = Served(port, process.pid)
        return record(int(app.url.rsplit(":", 1)[1]), served, seconds, connections)
    finally:
        process.terminate()
        process.wait()


def main() -> None:
    """Measure hello and the app in one run; print the rates and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    wrk()
    app = Server(server="gunicorn")
    with tempfile.TemporaryDirectory() as folder:
        process, port = gunicorn_hello(folder)
        hello = Served(port, process.pid)
        try:
            app.start()
            served = Served(int(app.url.rsplit(":", 1)[1]), app.process.pid)  # type: ignore[union-attr]
            # Hello before and after the app, so a change in the machine's load
            # in between weighs on both sides of each ratio alike.
            before = load(hello, "/", args.seconds, args.connections)
            results = app_scenarios(served, args.seconds, args.connections)
            results["record a hand, bare (bench/bare_write.py)"] = bare(
                app, folder, args.seconds, args.connections
            )
            after = load(hello, "/", args.seconds, args.connections)
        finally:
            app.stop()
            shutil.rmtree(app.instance, ignore_errors=True)
            process.terminate()
            process.wait()
    base = Rate(*((b + a) / 2 for b, a in zip(before, after, strict=True)))
    print(
        f"gunicorn -w 2 (sync), SQLite, wrk -t2 -c{args.connections} "
        f"-d{args.seconds}s for each scenario; hello before and after the app: "
        f"{before.per_second:.0f} and {after.per_second:.0f} req/s"
    )
    print(f"{'scenario':46} {'req/s':>7} {'/hello':>6} {'CPU us':>7} {'hello/':>6}")
    rows = {"hello (bare Flask)": base, **results}
    for name, rate in rows.items():
        print(
            f"{name:46} {rate.per_second:7.0f} {rate.per_second / base.per_second:6.2f}"
            f" {rate.cpu:7.0f} {base.cpu / rate.cpu:6.2f}"
        )
    print("targets: scoreboard >= 0.6 of hello, recording a hand >= 0.4, a 304 >= 0.8")
    print("(CPU us: the server's CPU time per request; hello/: hello's over it)")


if __name__ == "__main__":
    main()
