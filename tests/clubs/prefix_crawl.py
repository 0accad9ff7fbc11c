"""Read a club's answers for every address they give: each must carry the club's
prefix (CLUBS.md: "Links, QR codes, the offline copy, CSV and printed cards all
carry the prefix"), and each page they lead to is read in turn."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import tempfile
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

# Every attribute a page gives an address in (and any other that holds one).
ATTRIBUTE = re.compile(r'\s([a-z-]+)="([^"]*)"')
QR = re.compile(r'<svg viewBox="0 0 (\d+) \d+" class="qr"><path[^>]* d="([^"]+)"')
STEP = re.compile(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?")
HOST = "http://localhost"


def addresses(response: TestResponse) -> Iterator[str]:
    """Yield every address an answer gives: its Location, the attributes of a
    page, the strings of JSON, the cells of CSV."""
    if "Location" in response.headers:
        yield response.headers["Location"]
    text = response.get_data(as_text=True)
    if response.mimetype == "text/html":
        for name, value in ATTRIBUTE.findall(text):
            if name in ("href", "src", "action", "content", "value") or (
                name.startswith("data-")
            ):
                yield value
    elif response.mimetype in ("application/json", "application/manifest+json"):
        yield from strings(json.loads(text))
    elif response.mimetype == "text/csv":
        for row in csv.reader(io.StringIO(text)):
            yield from row


def strings(data: Any) -> Iterator[str]:
    """Yield every string in a JSON value, keys aside."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def is_address(value: str) -> bool:
    """Return whether a value names a place on this site (a path or a URL)."""
    return value.startswith(("/", "http:", "https:"))


# The service's own pages a club's page may send a person to: signing in.
SERVICE = ("/login", "/account", "/logout")


def outside(value: str, prefix: str) -> bool:
    """Return whether an address leads out of the club at the prefix (to
    anything but the service's sign-in pages)."""
    if value.startswith("http"):
        value = value.removeprefix(HOST)
    if value.split("?")[0] in SERVICE:
        return False
    return not (value == prefix or value.startswith(prefix + "/"))


def crawl(
    client: FlaskClient, prefix: str, seeds: list[str], most: int = 400
) -> dict[str, list[str]]:
    """Read the seeds and every address of the club they lead to (GET alone);
    return, by the address read, the addresses it gave without the prefix."""
    queue, seen, found = deque(seeds), set(seeds), {}
    while queue and len(seen) < most:
        path = queue.popleft()
        response = client.get(path)
        assert response.status_code < 500, (path, response.status_code)
        given = [value for value in addresses(response) if is_address(value)]
        found[path] = [value for value in given if outside(value, prefix)]
        for value in given:
            if outside(value, prefix) or not value.startswith((prefix, HOST)):
                continue  # out of the club, or the service's sign-in page
            link = urlsplit(value.removeprefix(HOST))
            later = link.path + (f"?{link.query}" if link.query else "")
            if later not in seen and "/static/" not in link.path:
                seen.add(later)
                queue.append(later)
    assert len(seen) < most, "the crawl stopped short"
    return found


def qr_codes(html: str) -> list[str]:
    """Return what zbarimg reads in each QR code a page draws (inline SVG)."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "Debian's zbar-tools is missing: apt-get install zbar-tools"
    read = []
    for size, path in QR.findall(html):
        read.append(_decoded(zbarimg, _modules(int(size), path)))
    return read


def _modules(size: int, path: str) -> list[list[bool]]:
    """Return the dark modules of segno's SVG path (moves and horizontal runs)."""
    dark = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, first, second in STEP.findall(path):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            for column in range(int(x), int(x + float(first))):
                dark[int(y)][column] = True
            x += float(first)
    return dark


def _decoded(zbarimg: str, dark: list[list[bool]], scale: int = 4) -> str:
    """Return what zbarimg reads in the modules drawn as a plain bitmap."""
    rows = [
        " ".join("1" if on else "0" for on in row for _ in range(scale))
        for row in dark
        for _ in range(scale)
    ]
    side = len(dark) * scale
    with tempfile.TemporaryDirectory() as folder:
        bitmap = Path(folder, "qr.pbm")
        bitmap.write_text(f"P1\n{side} {side}\n" + "\n".join(rows) + "\n")
        done = subprocess.run(
            [zbarimg, "--quiet", "--raw", str(bitmap)], capture_output=True, text=True
        )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
