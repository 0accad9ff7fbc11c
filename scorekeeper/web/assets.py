"""What pages draw with: static files sent once (URLs that carry a hash of the
content, kept a year), and links drawn as QR codes."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import segno
from flask import Flask, Response, current_app
from markupsafe import Markup

# style.css is linked as style.<hash>.css: a changed file gets a new address,
# so a phone may keep each address for good and never ask again.
FINGERPRINTED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{12})(?P<ext>\.[^./]+)$")
A_YEAR = 365 * 24 * 60 * 60


def fingerprints(folder: str) -> dict[str, str]:
    """Return every static file's name and its fingerprinted name."""
    root = Path(folder)
    names = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        name = path.relative_to(root).as_posix()
        stem, dot, ext = name.rpartition(".")
        if not dot or "/" in ext:
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        names[name] = f"{stem}.{digest}.{ext}"
    return names


def shell() -> list[str]:
    """Return the fingerprinted address of every static file, for the worker."""
    names = current_app.extensions["scorekeeper.assets"]
    return [f"{current_app.static_url_path}/{name}" for name in names.values()]


def fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """Link a static file by its fingerprinted name (url_for's default)."""
    if endpoint == "static" and "filename" in values:
        names = current_app.extensions["scorekeeper.assets"]
        values["filename"] = names.get(values["filename"], values["filename"])


def static(filename: str) -> Response:
    """Send a static file; by its fingerprinted name, to be kept for a year."""
    match = FINGERPRINTED.match(filename)
    plain = f"{match['stem']}{match['ext']}" if match else None
    names = current_app.extensions["scorekeeper.assets"]
    if plain is None or names.get(plain) != filename:
        # The plain name, or an old fingerprint: send it, to be asked again.
        return current_app.send_static_file(filename if plain is None else plain)
    response = current_app.send_static_file(plain)
    response.cache_control.no_cache = None
    response.cache_control.public = True
    response.cache_control.max_age = A_YEAR
    response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    """Fingerprint the static files once and serve them by either name."""
    assert app.static_folder is not None
    app.extensions["scorekeeper.assets"] = fingerprints(app.static_folder)
    app.url_defaults(fingerprint)
    app.view_functions["static"] = static


def qr_code(url: str) -> Markup:
    """Return a URL as a QR code in inline SVG that scales to its box."""
    code = segno.make(url, error="m")
    # Black on white with the quiet zone, in dark mode too: scanners need it.
    return Markup(
        code.svg_inline(scale=1, omitsize=True, svgclass="qr", lineclass=None)
    )
