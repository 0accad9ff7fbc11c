"""Answers travel gzip-compressed to phones that accept it."""

from __future__ import annotations

import gzip

from api_helpers import Api


def test_pages_styles_and_api_answers_are_gzipped_when_accepted(client):
    game = Api(client).create()
    for path in ("/", "/static/style.css", f"/api/games/{game['id']}"):
        with client.get(path) as plain:
            plain.direct_passthrough = False
            body = plain.data
            assert "Content-Encoding" not in plain.headers
        with client.get(path, headers={"Accept-Encoding": "gzip, br"}) as packed:
            assert packed.headers["Content-Encoding"] == "gzip"
            assert "Accept-Encoding" in packed.headers["Vary"]
            assert gzip.decompress(packed.data) == body
            assert len(packed.data) < len(body)


def test_a_compressed_game_keeps_the_etag_that_if_match_echoes(client):
    api = Api(client)
    game = api.create()
    packed = client.get(f"/api/games/{game['id']}", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["ETag"] == '"1"'


def test_small_answers_and_errors_go_as_they_are(client):
    response = client.get("/api/games/nope", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 404
    assert "Content-Encoding" not in response.headers
