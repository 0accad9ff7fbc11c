"""Error pages in French: HTTP's own words (werkzeug's, Flask-WTF's) and the nights'
refusals are said in French; in English every word is as it was."""

from __future__ import annotations

import re

from test_language import (
    FRENCH,
    app,
    bare_app,
    compiled,
    csrf,
    english_left,
    set_up,
    unswitched,
)

from scorekeeper.db.models import db

__all__ = ["app", "compiled"]  # the fixtures: the app with its catalogues compiled


def heading(page: str) -> str:
    """Return a page's first heading."""
    found = re.search(r"<h1>(.*?)</h1>", page)
    assert found, page[:800]
    return found.group(1)


def test_an_address_of_no_page_is_said_in_french(client):
    answer = client.get("/no-such-page", headers=FRENCH)
    assert answer.status_code == 404 and '<html lang="fr">' in answer.text
    assert heading(answer.text) == "Introuvable"
    assert "Il n’y a rien à cette adresse sur le serveur." in answer.text
    assert english_left(answer.text) == []


def test_an_expired_form_is_said_in_french(client):
    page = client.get("/nights/new", headers=FRENCH).text
    assert csrf(page)
    refused = client.post("/nights/new", data={"name": "Mardi"}, headers=FRENCH)
    assert refused.status_code == 400
    assert "Le jeton de sécurité du formulaire est absent." in refused.text
    assert english_left(refused.text) == []


def test_the_nights_refusals_are_said_in_french(client):
    night = set_up(client).split("/")[2]
    stranger = client.application.test_client()
    for path, said in (
        (f"/nights/{night}/direct", "Seul le téléphone du directeur peut faire ceci"),
        (f"/nights/{night}/direct/nope", "Ce n’est pas le lien du directeur"),
        (f"/nights/{night}/tables/1/nope", "Ce n’est pas une des fiches de table"),
    ):
        answer = stranger.get(path, headers=FRENCH)
        assert answer.status_code == 403, path
        assert heading(answer.text) == "Accès refusé" and said in answer.text, path
        assert english_left(answer.text) == [], path


def test_in_english_the_error_pages_are_those_of_an_app_with_no_catalogue(
    app, client, tmp_path
):
    night = set_up(client).split("/")[2]
    bare = bare_app(app, tmp_path)
    for path in ("/no-such-page", f"/nights/{night}/direct", "/games/nope"):
        with_catalogue = app.test_client().get(path)
        without = bare.test_client().get(path)
        assert unswitched(with_catalogue.data) == unswitched(without.data), path
    said = app.test_client().get("/no-such-page").text
    assert heading(said) == "Not Found"
    assert "The requested URL was not found on the server." in said
    with bare.app_context():
        db.engine.dispose()
