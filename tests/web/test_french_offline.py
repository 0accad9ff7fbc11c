"""Offline in French: the lines pwa.js shows and the worker's "No connection"
page speak the page's language, while the worker itself is one script for every
language (so switching language never installs it anew)."""

from __future__ import annotations

import html
import json
import re

from test_language import FRENCH, app, compiled, english_left

__all__ = ["app", "compiled"]  # the fixtures: the app with its catalogues compiled


def offline_words(page: str) -> dict:
    """Return the words a page gives pwa.js (its own lines and the worker's)."""
    said = re.search(r'data-worker="/sw.js" data-words="([^"]+)"', page)
    assert said, page[:1200]
    words: dict = json.loads(html.unescape(said.group(1)))
    return words


def test_a_french_page_gives_pwa_js_its_offline_words(client):
    words = offline_words(client.get("/", headers=FRENCH).text)
    worker = words.pop("worker")
    assert words["needs"].startswith("%(what)s\u00a0: il faut la connexion")
    assert words["undo"] == "Annuler" and words["quoted"] == "«\u00a0%(button)s\u00a0»"
    assert english_left(" · ".join(words.values())) == []
    # pwa.js sends the worker these, for its "No connection" page.
    assert worker["title"] == "Pas de connexion" and worker["home"] == "Accueil"
    assert set(worker) == {"title", "needs", "unchanged", "maybe", "scoreboard", "home"}
    assert english_left(" · ".join(worker.values())) == []


def test_in_english_the_page_gives_no_words_the_scripts_hold_english(client):
    assert 'data-worker="/sw.js" defer>' in client.get("/").text


def test_the_worker_is_one_script_whatever_the_language(client):
    script = client.get("/sw.js").get_data()
    assert client.get("/sw.js", headers=FRENCH).get_data() == script
    client.post("/language", data={"lang": "fr", "next": "/"})
    assert client.get("/sw.js").get_data() == script
    vary = client.get("/sw.js").headers.get("Vary", "")
    assert "Accept-Language" not in vary and "Cookie" not in vary
    assert "Pas de connexion" not in script.decode()  # its words come from the page
