"""Start the real server as the README does, for tests, browser tests and the bench."""

from __future__ import annotations

import os
import shutil
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


def command(port: int, server: str) -> list[str]:
    """Return the README's command to serve the app on a port."""
    if server == "gunicorn":
        app = "scorekeeper:create_app()"
        return [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{port}", app]
    return [sys.executable, "-m", "flask", "--app", "scorekeeper", "run"] + [
        "--port",
        str(port),
    ]


@contextmanager
def run_server(
    database_url: str | None = None, server: str = "flask", timeout: float = 20
) -> Iterator[str]:
    """Serve the app in a subprocess with its own instance folder; yield its URL."""
    instance = tempfile.mkdtemp(prefix="scorekeeper-")
    port = free_port()
    env = dict(os.environ)
    env.update(
        SCOREKEEPER_INSTANCE=instance,
        DATABASE_URL=database_url or f"sqlite:///{instance}/scorekeeper.sqlite",
        PYTHONUNBUFFERED="1",
    )
    for name in ("FLASK_DEBUG", "FLASK_APP", "FLASK_RUN_PORT"):
        env.pop(name, None)
    url = f"http://127.0.0.1:{port}"
    log = open(os.path.join(instance, "server.log"), "w+b")  # noqa: SIM115
    process = subprocess.Popen(
        command(port, server), cwd=ROOT, env=env, stdout=log, stderr=log
    )
    try:
        _wait(url, process, timeout, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        shutil.rmtree(instance, ignore_errors=True)


def _wait(url: str, process: subprocess.Popen[bytes], timeout: float, log) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url + "/api/presets", timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    log.seek(0)
    output = log.read().decode(errors="replace")
    raise RuntimeError(f"The server did not start at {url}:\n{output}")
