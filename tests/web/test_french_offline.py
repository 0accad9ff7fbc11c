"""Offline in French: the worker's "No connection" page and the lines pwa.js shows
speak the page's language; in English the worker is byte for byte as it was."""

from __future__ import annotations

import html
import json
import re

from test_language import FRENCH, app, compiled, english_left

__all__ = ["app", "compiled"]  # the fixtures: the app with its catalogues compiled


def filled(script: str) -> dict[str, str]:
    """Return the words pwa.py wrote into the worker."""
    found = re.search(r"^const WORDS = (\{.*\});$", script, flags=re.M)
    assert found, script[:400]
    words: dict[str, str] = json.loads(found.group(1))
    return words


def test_a_french_page_registers_a_worker_that_speaks_french(client):
    page = client.get("/", headers=FRENCH).text
    worker = re.search(r'data-worker="([^"]+)"', page)
    assert worker and worker.group(1) == "/sw.js?lang=fr"
    # The page's language decides, whatever the worker's own request says.
    words = filled(client.get("/sw.js?lang=fr").text)
    assert words["lang"] == "fr" and words["title"] == "Pas de connexion"
    assert words["home"] == "Accueil"
    assert english_left(" · ".join(words.values())) == []
    assert filled(client.get("/sw.js", headers=FRENCH).text) == words


def test_in_english_the_worker_and_its_address_are_as_they_were(client):
    assert 'data-worker="/sw.js"' in client.get("/").text
    script = client.get("/sw.js").text
    assert filled(script) == {}
    assert client.get("/sw.js?lang=xx").text == script  # no such language: English
    assert "Accept-Language" in client.get("/sw.js").headers["Vary"]


def test_a_french_page_gives_pwa_js_its_offline_words(client):
    page = client.get("/", headers=FRENCH).text
    said = re.search(r'data-worker="[^"]+" data-words="([^"]+)"', page)
    assert said, page[:1200]
    words = json.loads(html.unescape(said.group(1)))
    assert words["needs"].startswith("%(what)s\u00a0: il faut la connexion")
    assert words["undo"] == "Annuler" and words["quoted"] == "«\u00a0%(button)s\u00a0»"
    assert english_left(" · ".join(words.values())) == []
    english = client.get("/").text
    assert 'data-worker="/sw.js" defer>' in english  # the script holds English
