"""A streamed body over the limit is 413; the writer's scoreboard is not cached."""

from __future__ import annotations

import io
import json

import pytest
from werkzeug.serving import DechunkedInput
from werkzeug.test import EnvironBuilder, run_wsgi_app


def chunked(data: bytes, size: int = 8192) -> bytes:
    """Return data in HTTP/1.1 chunked transfer encoding."""
    out = b"".join(
        b"%x\r\n%s\r\n" % (len(data[i : i + size]), data[i : i + size])
        for i in range(0, len(data), size)
    )
    return out + b"0\r\n\r\n"


def post_chunked(app, path: str, data: bytes, content_type: str):
    """Post a body as the dev server and gunicorn pass a chunked one: no length."""
    environ = EnvironBuilder(path=path, method="POST").get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["CONTENT_TYPE"] = content_type
    environ["wsgi.input"] = DechunkedInput(io.BytesIO(chunked(data)))
    environ["wsgi.input_terminated"] = True
    body, status, _headers = run_wsgi_app(app, environ, buffered=True)
    return int(status.split()[0]), b"".join(body)


@pytest.mark.parametrize(
    ("path", "data", "content_type"),
    [
        ("/api/games", b'{"name": "' + b"x" * 70_000 + b'"}', "application/json"),
        ("/new/2x2", b"name=" + b"x" * 70_000, "application/x-www-form-urlencoded"),
    ],
)
def test_a_chunked_body_over_the_limit_is_413(app, client, path, data, content_type):
    status, _ = post_chunked(app, path, data, content_type)
    assert status == 413
    assert client.get("/api/games").json["total"] == 0


def test_a_chunked_body_under_the_limit_is_read_whole(app, client):
    from api_helpers import FRIDAY

    status, body = post_chunked(
        app, "/api/games", json.dumps(FRIDAY).encode(), "application/json"
    )
    assert status == 201, body
    assert client.get("/api/games").json["total"] == 1


def test_the_writers_scoreboard_is_kept_by_no_shared_cache(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    assert client.get(board).headers["Cache-Control"] == "no-cache"
    client.get(f"{board}/play/{api.token}")
    # The phone may keep it and revalidate it (a 304); no proxy may keep it.
    assert client.get(board).headers["Cache-Control"] == "private, no-cache"
