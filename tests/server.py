"""Start the real server as the README does, for tests, browser tests and the bench."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    """Return a TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def send(
    port: int, method: str, path: str, body: object = None, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """Send one request on a fresh connection; return status, headers and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, data, headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def command(port: int, server: str) -> list[str]:
    """Return the README's command to serve the app on a port."""
    if server == "gunicorn":
        config = "python:scorekeeper.web.gunicorn_conf"
        return [str(BIN / "gunicorn"), "-c", config, "-b", f"127.0.0.1:{port}"]
    if server == "waitress":  # what make run starts; it reads HOST and PORT
        return [sys.executable, "-m", "scorekeeper.serve"]
    return [sys.executable, "-m", "flask", "--app", "scorekeeper", "run"] + [
        "--port",
        str(port),
    ]


# A database the migrations already made, copied into each fresh instance
# folder: a server then starts without running them (about a third of a second
# of every start, for some 150 servers in the suite). Made once a process.
_MIGRATED: list[str] = []


def migrated_copy(instance: str) -> None:
    """Put a migrated SQLite database into a fresh instance folder."""
    if not _MIGRATED:
        made = tempfile.mkdtemp(prefix="scorekeeper-migrated-")
        subprocess.run(
            [sys.executable, "-c", "from scorekeeper import create_app; create_app()"],
            cwd=ROOT,
            env={**os.environ, "SCOREKEEPER_INSTANCE": made, "DATABASE_URL": ""},
            check=True,
            capture_output=True,
        )
        _MIGRATED.append(os.path.join(made, "scorekeeper.sqlite"))
    for end in ("", "-wal"):  # the log too, should a write not be checkpointed
        if os.path.exists(_MIGRATED[0] + end):
            shutil.copyfile(
                _MIGRATED[0] + end, os.path.join(instance, f"scorekeeper.sqlite{end}")
            )


class Server:
    """The app served in a subprocess of its own process group, to stop or to kill."""

    def __init__(
        self,
        database_url: str | None = None,
        server: str = "flask",
        instance: str | None = None,
        clubs: tuple[str, ...] = (),
    ) -> None:
        self.instance = instance or tempfile.mkdtemp(prefix="scorekeeper-")
        self.database_url = (
            database_url or f"sqlite:///{self.instance}/scorekeeper.sqlite"
        )
        if not (instance or database_url):
            migrated_copy(self.instance)
        self.server = server
        # Many clubs (CLUBS=many) with these slugs, made before the first start.
        self.clubs, self.clubs_made = clubs, False
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self, timeout: float = 20) -> str:
        """Start serving on a free port; return the base URL once it answers."""
        port = free_port()
        env = dict(os.environ)
        env.update(
            SCOREKEEPER_INSTANCE=self.instance,
            DATABASE_URL=self.database_url,
            PYTHONUNBUFFERED="1",
            HOST="127.0.0.1",
            PORT=str(port),
        )
        for name in ("FLASK_DEBUG", "FLASK_APP", "FLASK_RUN_PORT"):
            env.pop(name, None)
        probe = "/api/presets"
        if self.clubs:
            env["CLUBS"] = "many"
            self._make_clubs(env)
            probe = f"/c/{self.clubs[0]}{probe}"
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(os.path.join(self.instance, "server.log"), "a+b")  # noqa: SIM115
        self.process = subprocess.Popen(
            command(port, self.server),
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=self.log,
            start_new_session=True,  # its own group: kill() reaches every worker
        )
        _wait(self.url, self.process, timeout, self.log, probe)
        return self.url

    def _make_clubs(self, env: dict[str, str]) -> None:
        """Start the clubs the server is to serve, once (their storage made)."""
        if self.clubs_made:
            return
        # Each with a director (director.<slug>@example.org), whose personal
        # token sets up nights (CLUBS.md): printed, one club a line.
        script = (
            "import sys\n"
            "from scorekeeper import create_app\n"
            "from scorekeeper.accounts import service as people\n"
            "from scorekeeper.clubs import service\n"
            "with create_app().app_context():\n"
            "    for slug in sys.argv[1:]:\n"
            "        club = service.create(slug, slug.title())\n"
            "        who = people.create_account(f'director.{slug}@example.org',"
            " 'Director', 'long enough secret')\n"
            "        people.grant(who, club, 'director')\n"
            "        print(slug, people.new_token(who, club, 'director', 'Tests'))\n"
        )
        made = subprocess.run(
            [sys.executable, "-c", script, *self.clubs],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        self.directors = dict(line.split() for line in made.stdout.splitlines())
        self.clubs_made = True

    def kill(self) -> None:
        """Crash the server: SIGKILL to the master and every worker at once."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.log.close()

    def stop(self) -> None:
        """Stop the server gracefully, or kill it after ten seconds."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.log.close()

    def output(self) -> str:
        """Return what the server has logged so far."""
        with open(os.path.join(self.instance, "server.log"), "rb") as log:
            return log.read().decode(errors="replace")


# A many-clubs server's directors' personal tokens, by its URL and club.
DIRECTORS: dict[str, dict[str, str]] = {}


@contextmanager
def run_server(
    database_url: str | None = None,
    server: str = "flask",
    timeout: float = 20,
    clubs: tuple[str, ...] = (),
) -> Iterator[str]:
    """Serve the app in a subprocess with its own instance folder; yield its URL
    (with clubs: a many-clubs server, those clubs started)."""
    running = Server(database_url, server, clubs=clubs)
    url = ""
    try:
        url = running.start(timeout)
        DIRECTORS[url] = getattr(running, "directors", {})
        yield url
    finally:
        DIRECTORS.pop(url, None)
        running.stop()
        shutil.rmtree(running.instance, ignore_errors=True)


def _wait(  # type: ignore[no-untyped-def]
    url: str,
    process: subprocess.Popen[bytes],
    timeout: float,
    log,
    probe: str = "/api/presets",
) -> None:
    deadline = time.monotonic() + timeout
    # A many-clubs server answers its own API alone outside its clubs.
    if probe == "/api/presets" and os.environ.get("CLUBS") == "many":
        probe = "/api/clubs"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url + probe, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    log.seek(0)
    output = log.read().decode(errors="replace")
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    raise RuntimeError(f"The server did not start at {url}:\n{output}")
