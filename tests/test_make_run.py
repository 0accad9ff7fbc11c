"""`make run` serves on every interface and prints a phone's address and QR code."""

from __future__ import annotations

import io
import ipaddress
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.request

import pytest
import segno
from server import ROOT, free_port

URL = re.compile(r"http://(\[[^\]]+\]|[^\s/:]+):(\d+)/")
QR_LINE = re.compile(r"^[█▀▄ ]{21,}$")


def listening_on_every_interface(port: int) -> bool:
    """Return whether a socket listens on 0.0.0.0 or :: at this port."""
    tables = (("/proc/net/tcp", "00000000"), ("/proc/net/tcp6", "0" * 32))
    for table, wildcard in tables:
        if not os.path.exists(table):
            continue
        with open(table, encoding="ascii") as rows:
            for row in list(rows)[1:]:
                local, state = row.split()[1], row.split()[3]
                if local == f"{wildcard}:{port:04X}" and state == "0A":  # LISTEN
                    return True
    return False


def own_lan_addresses() -> set[str]:
    """Return this machine's non-loopback addresses, as `hostname -I` lists them."""
    if not shutil.which("hostname"):
        return set()
    answer = subprocess.run(["hostname", "-I"], capture_output=True, text=True)
    return {
        address
        for address in answer.stdout.split()
        if not ipaddress.ip_address(address).is_loopback
    }


def read_lines(stream: io.TextIOBase, lines: queue.Queue[str]) -> None:
    """Pass each line the server prints on to the test."""
    for line in stream:
        lines.put(line.rstrip("\n"))


@pytest.fixture
def make_run(tmp_path):
    """Start `make run` on a free port; yield it, its port and its printed lines."""
    port = free_port()
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"HOST", "PORT", "MAKEFLAGS", "MAKELEVEL"}
        and not name.startswith("FLASK_")
    }
    env.update(
        SCOREKEEPER_INSTANCE=str(tmp_path),
        DATABASE_URL=f"sqlite:///{tmp_path}/scorekeeper.sqlite",
        PYTHONUNBUFFERED="1",
    )
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        start_new_session=True,  # its own group: stopping it reaches the server too
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=read_lines, args=(process.stdout, lines))
    reader.start()
    yield process, port, lines
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    reader.join(10)
    assert process.stdout is not None
    process.stdout.close()


def test_make_run_serves_every_interface_and_prints_the_phones_address(make_run):
    process, port, lines = make_run
    output: list[str] = []
    deadline = time.monotonic() + 180  # the first run installs into .venv
    while not any("Ctrl+C" in line for line in output):
        assert time.monotonic() < deadline, "\n".join(output)
        try:
            output.append(lines.get(timeout=1))
        except queue.Empty:
            assert process.poll() is None, "\n".join(output)
    printed = "\n".join(output)

    found = URL.search(printed)
    assert found, printed
    host, printed_port = found.group(1).strip("[]"), int(found.group(2))
    assert printed_port == port
    assert listening_on_every_interface(port), f"port {port} is not on 0.0.0.0"
    lan = own_lan_addresses()
    if lan:
        assert host in lan, f"{host} is not one of this machine's addresses {lan}"

    # The printed address answers; asked over loopback, never over the network.
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
        assert answer.status == 200
        assert b"Five Hundred" in answer.read()

    assert sum(bool(QR_LINE.match(line)) for line in output) >= 10, printed
    drawings = set()
    for level in "lmqh":
        drawing = io.StringIO()
        segno.make(found.group(0), error=level).terminal(out=drawing, compact=True)
        drawings.add(drawing.getvalue().strip("\n"))
    assert any(drawing in printed for drawing in drawings), "no QR code of the URL"

    os.killpg(process.pid, signal.SIGTERM)
    process.wait(15)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the server still listens on {port} after SIGTERM")
