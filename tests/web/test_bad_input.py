"""Hostile input that reached a 500 (issue 21, item 5): now a 400 naming it."""

from __future__ import annotations

import io
import re
import socket
from pathlib import Path

import pytest
from api_helpers import NEW_GAME_FORM, TEST_DATABASE_URL
from gunicorn.http.errors import ChunkMissingTerminator, InvalidChunkSize
from server import run_server
from werkzeug.routing import IntegerConverter
from werkzeug.test import EnvironBuilder, run_wsgi_app

FILE_REFUSED = "must be text, not a file"


def csrf_token(html: str) -> str:
    """Return the CSRF token a page's form carries."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def a_file() -> tuple[io.BytesIO, str]:
    return io.BytesIO(b"Ann"), "name.txt"


def page_forms(app) -> list[str]:
    """Return an address for every page that takes a POST (not the JSON API)."""
    found = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.rule.startswith("/api"):
            continue
        args = {
            name: 1 if isinstance(kind, IntegerConverter) else "x"
            for name, kind in rule._converters.items()
        }
        found.append(rule.rule if not args else rule.build(args)[1])
    return found


def test_every_page_form_refuses_a_file_in_a_text_field(app, client):
    """Whatever the page, a file where its text belongs is a 400 naming the field."""
    token = csrf_token(client.get("/new/2x2").text)
    paths = page_forms(app)
    assert "/new/x" in paths and "/games/x/hands" in paths and len(paths) >= 12
    for path in paths:
        data = {"csrf_token": token, "name": a_file(), "notes": a_file()}
        response = client.post(path, data=data, content_type="multipart/form-data")
        assert response.status_code == 400, (path, response.status_code)
        assert FILE_REFUSED in response.text, path


@pytest.mark.parametrize("field", ["name", "sides-0", "players-0", "rules"])
def test_a_new_game_posted_with_a_file_for_a_field_is_400_and_creates_nothing(
    client, field
):
    form = {**NEW_GAME_FORM, "start": "1", field: a_file()}
    form["csrf_token"] = csrf_token(client.get("/new/2x2").text)
    response = client.post("/new/2x2", data=form, content_type="multipart/form-data")
    assert response.status_code == 400
    assert f"The {field} {FILE_REFUSED}." in response.text
    assert client.get("/api/games").json["total"] == 0


def test_a_hand_posted_with_a_file_is_400_and_records_nothing(client, api):
    api.create()
    client.get(f"/games/{api.game_id}/play/{api.token}")
    page = client.get(f"/games/{api.game_id}").text
    form = {"csrf_token": csrf_token(page), "save": "1", "bidder": a_file()}
    form.update(contract="7H", tricks="7")
    response = client.post(
        f"/games/{api.game_id}/hands", data=form, content_type="multipart/form-data"
    )
    assert response.status_code == 400 and FILE_REFUSED in response.text
    assert api.game()["hands"] == []


def test_an_api_body_with_a_file_is_400_in_json(client):
    response = client.post(
        "/api/games", data={"name": a_file()}, content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert response.json == {"error": f"The name {FILE_REFUSED}.", "field": "name"}


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/players/%00", "name"),
        ("/api/players/a%00b", "name"),
        ("/api/games/%00", "game_id"),
        ("/api/games?player=a%00b", "player"),
        ("/api/games?page%00=1", None),
    ],
)
def test_a_nul_in_an_api_address_is_400_naming_it(client, path, field):
    response = client.get(path)
    assert response.status_code == 400, response.text
    assert "not allowed (a NUL)" in response.json["error"]
    assert response.json["field"] == field


@pytest.mark.parametrize(
    "path",
    [
        "/players/%00",
        "/players/a%00b",
        "/games/%00",
        "/history?player=%00",
        "/players?q=%00",
        "/nowhere/%00",
    ],
)
def test_a_nul_in_a_page_address_is_400_naming_it(client, path):
    response = client.get(path)
    assert response.status_code == 400, response.status_code
    assert "not allowed (a NUL)" in response.text


def test_a_nul_in_a_posted_form_is_400_and_creates_nothing(client):
    form = {**NEW_GAME_FORM, "start": "1", "players-0": "A\x00n"}
    form["csrf_token"] = csrf_token(client.get("/new/2x2").text)
    response = client.post("/new/2x2", data=form)
    assert response.status_code == 400
    assert "The players-0 has a character that is not allowed" in response.text
    assert client.get("/api/games").json["total"] == 0


class BrokenChunks(io.RawIOBase):
    """A body stream as gunicorn gives one whose chunked encoding is malformed."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def read(self, size: int = -1) -> bytes:
        raise self.error


@pytest.mark.parametrize(
    "error", [ChunkMissingTerminator(b"XX"), InvalidChunkSize(b"zz"), OSError()]
)
@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/api/games", "application/json"), ("/new/2x2", "multipart/form-data")],
)
def test_a_body_with_broken_chunks_is_400(app, client, error, path, content_type):
    environ = EnvironBuilder(path=path, method="POST").get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["CONTENT_TYPE"] = content_type
    environ["wsgi.input"] = BrokenChunks(error)
    environ["wsgi.input_terminated"] = True
    body, status, _ = run_wsgi_app(app, environ, buffered=True)
    assert status.startswith("400"), status
    assert b"chunked encoding is broken" in b"".join(body)
    assert client.get("/api/games").json["total"] == 0


def test_gunicorn_answers_broken_chunks_with_400():
    with run_server(TEST_DATABASE_URL, server="gunicorn") as url:
        port = int(url.rsplit(":", 1)[1])
        for body in (b"zz\r\nabc\r\n0\r\n\r\n", b"3\r\nabcXX0\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(
                    b"POST /api/games HTTP/1.1\r\nHost: x\r\n"
                    b"Content-Type: application/json\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\n" + body
                )
                answer = b"".join(iter(lambda sock=sock: sock.recv(4096), b""))
            assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
            assert b"chunked encoding is broken" in answer


def test_importing_json_nested_too_deep_says_so(runner, client, tmp_path: Path):
    path = tmp_path / "games.json"
    path.write_text('{"games": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1
    assert "nested too deep" in result.output
    assert client.get("/api/games").json["total"] == 0
