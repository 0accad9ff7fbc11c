"""Requests per second under gunicorn (2 workers), against a bare Flask hello.

Run: .venv/bin/python bench/server.py [--seconds 5] [--connections 4]

Everything stays on 127.0.0.1 and is measured in one run: the app and a bare
Flask "hello" app each under gunicorn with two sync workers, on SQLite, loaded
by wrk (Debian's package, installed with apt-get when missing), so the load
generator is not what limits the rate. Scenarios: the scoreboard as a watcher
and as the scoring phone, each with and without If-None-Match (a 304 when the
game has not changed), the API's game with If-None-Match, and recording a hand
through the API. Each rate is printed beside its ratio to hello's.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE, ENDLESS  # noqa: E402
from server import BIN, Server, free_port, send  # noqa: E402

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
    port: int,
    path: str,
    seconds: int,
    connections: int,
    headers: dict[str, str] | None = None,
    script: str = "",
) -> float:
    """Run wrk against a path; return requests per second (all 2xx or 3xx)."""
    command = [wrk(), "-t2", f"-c{connections}", f"-d{seconds}s"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        if script:
            lua.write(script)
            lua.flush()
            command += ["-s", lua.name]
        output = subprocess.run(
            command + [f"http://127.0.0.1:{port}{path}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    if "Non-2xx or 3xx" in output or "Socket errors" in output:
        raise RuntimeError(f"wrk saw failures on {path}:\n{output}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output)[1])  # type: ignore[index]


def gunicorn_hello(folder: str) -> tuple[subprocess.Popen[bytes], int]:
    """Serve the bare hello app under gunicorn with two workers."""
    Path(folder, "hello.py").write_text(HELLO)
    port = free_port()
    log = open(Path(folder, "hello.log"), "w+b")  # noqa: SIM115
    process = subprocess.Popen(
        [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}"]
        + ["--chdir", folder, "hello:app"],
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if send(port, "GET", "/")[0] == 200:
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("The hello app did not start")


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


def app_scenarios(port: int, seconds: int, connections: int) -> dict[str, float]:
    """Measure the app's scenarios against one server."""
    game = post(port, "/api/games", ENDLESS)
    for hand in CYCLE * 3:  # a scoreboard of twelve hands
        post(port, f"/api/games/{game['id']}/hands", hand, game["write_token"])
    board, api_game = game["links"]["view"], f"/api/games/{game['id']}"
    cookie = writer_cookie(port, game)
    watching = send(port, "GET", board)[1].get("ETag", '"none"')
    scoring = send(port, "GET", board, Cookie=cookie)[1].get("ETag", '"none"')
    version = send(port, "GET", api_game)[1]["ETag"]
    results = {
        "scoreboard, watcher": load(port, board, seconds, connections),
        "scoreboard, watcher, If-None-Match": load(
            port, board, seconds, connections, {"If-None-Match": watching}
        ),
        "scoreboard, scoring phone": load(
            port, board, seconds, connections, {"Cookie": cookie}
        ),
        "scoreboard, scoring phone, If-None-Match": load(
            port,
            board,
            seconds,
            connections,
            {"Cookie": cookie, "If-None-Match": scoring},
        ),
        "GET /api/games/<id>, If-None-Match": load(
            port, api_game, seconds, connections, {"If-None-Match": version}
        ),
    }
    # Many endless games, so none grows past a few dozen hands in the run.
    games = [post(port, "/api/games", ENDLESS) for _ in range(64)]
    listed = ", ".join(
        f'{{"/api/games/{g["id"]}/hands", "{g["write_token"]}"}}' for g in games
    )
    bodies = ", ".join(json.dumps(json.dumps(hand)) for hand in CYCLE)
    results["record a hand, POST /api/games/<id>/hands"] = load(
        port, "/", seconds, connections, script=RECORD % (listed, bodies)
    )
    return results


def main() -> None:
    """Measure hello and the app in one run; print the rates and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=4)
    args = parser.parse_args()
    wrk()
    with tempfile.TemporaryDirectory() as folder:
        process, port = gunicorn_hello(folder)
        try:
            hello = load(port, "/", args.seconds, args.connections)
        finally:
            process.terminate()
            process.wait()
    app = Server(server="gunicorn")
    app.start()
    try:
        port = int(app.url.rsplit(":", 1)[1])
        results = app_scenarios(port, args.seconds, args.connections)
    finally:
        app.stop()
        shutil.rmtree(app.instance, ignore_errors=True)
    print(
        f"gunicorn -w 2 (sync), SQLite, wrk -t2 -c{args.connections} "
        f"-d{args.seconds}s for each scenario"
    )
    print(f"{'scenario':46} {'req/s':>8} {'/hello':>7}")
    print(f"{'hello (bare Flask)':46} {hello:8.0f} {1:7.2f}")
    for name, rate in results.items():
        print(f"{name:46} {rate:8.0f} {rate / hello:7.2f}")
    print("targets: scoreboard >= 0.6 of hello, recording a hand >= 0.4, a 304 >= 0.8")


if __name__ == "__main__":
    main()
