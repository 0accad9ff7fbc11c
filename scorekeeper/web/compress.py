"""Gzip text answers for phones on poor reception: pages, CSS, JS, SVG, JSON, CSV."""

from __future__ import annotations

import gzip

from flask import Flask, Response, request
from werkzeug.wrappers import Request

TYPES = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "text/csv",
    "image/svg+xml",
}
SMALLEST = 500  # below this, gzip's own header costs more than it saves
LEVEL = 6


def accepted(asked: Request) -> bool:
    """Return whether a request's client takes gzip."""
    return "gzip" in asked.accept_encodings


def compress(response: Response) -> Response:
    """Gzip the body when the client accepts it and it is worth it."""
    response.vary.add("Accept-Encoding")
    if (
        not accepted(request)
        or response.mimetype not in TYPES
        or "Content-Encoding" in response.headers
        or response.status_code not in (200, 201)
    ):
        return response
    response.direct_passthrough = False
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(gzip.compress(body, compresslevel=LEVEL))
    # The ETag stays: it names the game's version, which If-Match echoes back.
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # byte ranges of the plain file
    return response


def init_app(app: Flask) -> None:
    """Compress every suitable answer."""
    app.after_request(compress)
