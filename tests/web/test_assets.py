"""Static files sent once: fingerprinted addresses, kept a year, in the shell."""

from __future__ import annotations

import json
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
LINKED = re.compile(r'(?:href|src)="(/static/[^"]+)"')
IMMUTABLE = {"public", "max-age=31536000", "immutable"}


def cache_control(response) -> set[str]:
    """Return the directives of an answer's Cache-Control."""
    return {d.strip() for d in response.headers.get("Cache-Control", "").split(",")}


def test_a_pages_static_addresses_carry_a_hash_and_are_kept_a_year(client, api):
    api.create()
    page = client.get(f"/games/{api.game_id}").text
    linked = LINKED.findall(page)
    assert {"style", "icon", "pwa", "hand", "icon-192"} <= {
        Path(url).name.split(".")[0] for url in linked
    }
    for url in linked:
        name = Path(url).name
        assert re.fullmatch(r"[\w-]+\.[0-9a-f]{12}\.\w+", name), url
        with client.get(url) as response:
            assert response.status_code == 200, url
            assert cache_control(response) == IMMUTABLE, url
            plain = re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", url[len("/static/") :])
            assert response.get_data() == (STATIC / plain).read_bytes()


def test_the_plain_address_still_works_and_is_asked_again(client):
    with client.get("/static/style.css") as response:
        assert response.status_code == 200
        assert "immutable" not in cache_control(response)
        assert response.get_data() == (STATIC / "style.css").read_bytes()


def test_an_old_fingerprint_gets_the_file_as_it_is_now_but_not_for_a_year(client):
    with client.get("/static/style.000000000000.css") as response:
        assert response.status_code == 200
        assert "immutable" not in cache_control(response)
    assert client.get("/static/nope.000000000000.css").status_code == 404


def test_the_service_worker_keeps_the_fingerprinted_shell(client):
    with client.get("/sw.js") as response:
        script = response.get_data(as_text=True)
        tag = response.headers["ETag"]
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script)[1])
    page = client.get("/").text
    assert set(LINKED.findall(page)) <= set(shell)
    assert all(re.search(r"\.[0-9a-f]{12}\.\w+$", url) for url in shell)
    assert not [url for url in shell if "/sw." in url]
    assert re.search(r'const CACHE = "scorekeeper-[0-9a-f]{12}";', script)
    assert client.get("/sw.js", headers={"If-None-Match": tag}).status_code == 304
