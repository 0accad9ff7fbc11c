"""The new-game and share pages in French (fr-CA): no English catalogue string left,
and in English the same bytes as an app with no catalogue compiled."""

from __future__ import annotations

import re

from api_helpers import NEW_GAME_FORM
from flask import Flask
from flask.testing import FlaskClient
from test_language import FRENCH, app, bare_app, compiled, csrf, english_left

from scorekeeper.db.models import db

__all__ = ["app", "compiled"]  # the fixtures: the app reads the compiled catalogues


def new_game_pages(client: FlaskClient, **asked: str) -> dict[str, str]:
    """Return the new-game pages as a phone asking for a language sees them."""
    table = client.get("/new/2x2", headers=asked).text
    sides = re.findall(r'name="(sides-\d)" type="text" value="([^"]*)"', table)
    data = {**NEW_GAME_FORM, **dict(sides), "csrf_token": csrf(table), "review": "1"}
    review = client.post("/new/2x2", data=data, headers=asked)
    assert review.status_code == 200, review.text
    refused = client.post("/new/2x2", data={**data, "players-1": ""}, headers=asked)
    assert refused.status_code == 400
    lone = client.get("/new/5x1", headers=asked).text
    return {
        "tables": client.get("/new/", headers=asked).text,
        "names": table,
        "review": review.text,
        "refused": refused.text,
        "lone players": lone,
    }


def without_rules(page: str) -> str:
    """Return a page without the rules summary's lines (the engine's words)."""
    page = re.sub(r'<p id="rules-in-short">.*?</p>', "", page, flags=re.S)
    return re.sub(
        r'<ul class="rules">(?:(?!</ul>).)*?</ul>\n</details>', "", page, flags=re.S
    )


def test_the_new_game_pages_in_french_show_no_english_catalogue_string(client):
    for name, page in new_game_pages(client, **FRENCH).items():
        assert '<html lang="fr">' in page, name
        assert english_left(without_rules(page)) == [], name


def test_the_new_game_pages_speak_quebec_french(client):
    pages = new_game_pages(client, **FRENCH)
    assert "<h1>Qui joue?</h1>" in pages["tables"]
    assert "<strong>Quatre joueurs en deux équipes</strong>" in pages["tables"]
    assert "<legend>Équipe 1</legend>" in pages["names"]
    assert 'value="Nous"' in pages["names"] and 'value="Eux"' in pages["names"]
    assert "Règles de la maison" not in pages["tables"]
    assert "<legend>Qui donne en premier?</legend>" in pages["review"]
    assert 'value="Commencer la partie"' in pages["review"]
    assert "Nous\u00a0: Ann, Cat" in pages["review"]
    assert "<legend>Joueur 5</legend>" in pages["lone players"]


def test_a_bad_house_rules_choice_is_refused_in_french(client):
    page = client.get("/new/2x2", headers=FRENCH).text
    data = {**NEW_GAME_FORM, "csrf_token": csrf(page), "review": "1"}
    refused = client.post(
        "/new/2x2", data={**data, "rules": "ruleset:x"}, headers=FRENCH
    )
    assert refused.status_code == 400
    assert "Ces règles de la maison n’existent pas\u00a0: choisissez" in refused.text


def without_tokens(page: str) -> str:
    """Return a page without its CSRF token and form id (new at every request),
    and its footer (the language switch, there when a second language is spoken)."""
    page = re.sub(r"<footer>.*?</footer>", "<footer></footer>", page, flags=re.S)
    return re.sub(
        r'(name="(?:csrf_token|form_id)" type="hidden" value=")[^"]*', r"\1", page
    )


def test_the_new_game_pages_in_english_are_those_of_an_app_with_no_catalogue(
    app, client, tmp_path
):
    bare = bare_app(app, tmp_path)
    ours, theirs = new_game_pages(client), new_game_pages(bare.test_client())
    for name in ours:
        assert without_tokens(ours[name]) == without_tokens(theirs[name]), name
    assert "<h1>Who is playing?</h1>" in ours["tables"]
    assert 'value="Us"' in ours["names"] and "<legend>Team 1</legend>" in ours["names"]
    with bare.app_context():
        db.engine.dispose()


VENDREDI = {
    "name": "Vendredi",
    "sides": [
        {"name": "Nous", "players": ["Ann", "Cat"]},
        {"name": "Eux", "players": ["Bob", "Dan"]},
    ],
}


def share_pages(app: Flask, api, **asked: str) -> dict[str, str]:
    """Play a hand of a game; return its share pages and the home page listing it."""
    game = api.create(**VENDREDI)
    api.hand(bidder="Ann", contract="7H", tricks=7)
    share = f"/games/{game['id']}/share"
    scorer = app.test_client()
    scorer.get(game["links"]["play"])
    watcher = app.test_client()
    return {
        "watched": watcher.get(share, headers=asked).text,
        "scored": scorer.get(share, headers=asked).text,
        "play link": scorer.get(share + "/play", headers=asked).text,
        "home": watcher.get("/", headers=asked).text,
    }


def test_the_share_pages_in_french_show_no_english_catalogue_string(app, api):
    for name, page in share_pages(app, api, **FRENCH).items():
        assert '<html lang="fr">' in page, name
        assert english_left(page) == [], name


def test_the_share_pages_speak_quebec_french(app, api):
    pages = share_pages(app, api, **FRENCH)
    summary = re.search(r'<p class="summary">(.*?)</p>', pages["watched"], re.S)
    assert summary, pages["watched"]
    lines = summary.group(1).split("\n")
    assert re.fullmatch(
        r"Vendredi\u00a0: Nous \d+ – Eux -?\d+ après 1 manche, partie en cours\.",
        lines[0],
    )
    assert lines[1:] == ["Nous\u00a0: Ann et Cat", "Eux\u00a0: Bob et Dan"]
    assert 'data-copied="Copié."' in pages["watched"]
    assert 'value="Enregistrer les notes"' in pages["scored"]
    assert "<h1>Laisser un autre téléphone tenir le pointage</h1>" in pages["play link"]
    assert "1&nbsp;manche" in pages["home"]
    # The day as Québec reads it: 25 nov. 2026 (Babel's French month names).
    assert re.search(r'<span class="when">\d{1,2} \w+\.? \d{4}</span>', pages["home"])


def test_notes_saved_are_said_in_french(app, api):
    game = api.create(**VENDREDI)
    scorer = app.test_client()
    scorer.get(game["links"]["play"])
    share = scorer.get(f"/games/{game['id']}/share", headers=FRENCH).text
    saved = scorer.post(
        f"/games/{game['id']}/notes",
        data={"csrf_token": csrf(share), "notes": "Chez Zoé"},
        headers=FRENCH,
        follow_redirects=True,
    )
    assert "Notes enregistrées." in saved.text
    too_long = scorer.post(
        f"/games/{game['id']}/notes",
        data={"csrf_token": csrf(share), "notes": "x" * 5000},
        headers=FRENCH,
    )
    assert too_long.status_code == 400
    assert "Les notes doivent compter au plus" in too_long.text


def test_the_share_pages_in_english_are_those_of_an_app_with_no_catalogue(
    app, api, tmp_path
):
    ours = share_pages(app, api)
    bare = bare_app(app, tmp_path)
    scorer, watcher = bare.test_client(), bare.test_client()
    scorer.get(f"/games/{api.game_id}/play/{api.token}")
    share = f"/games/{api.game_id}/share"
    theirs = {
        "watched": watcher.get(share).text,
        "scored": scorer.get(share).text,
        "play link": scorer.get(share + "/play").text,
        "home": watcher.get("/").text,
    }
    # The bare app's home page has no language switch: compare its list of games.
    for page in (ours, theirs):
        page["home"] = "".join(
            re.findall(r'<ul class="cards">.*?</ul>', page["home"], re.S)
        )
    for name in ours:
        assert without_tokens(ours[name]) == without_tokens(theirs[name]), name
    assert "after 1 hand, still playing." in ours["watched"]
    assert "1&nbsp;hand" in ours["home"] and "data-copied" not in ours["watched"]
    assert '</div>\n<p class="muted" data-said role="status"></p>' in ours["watched"]
    assert re.search(r'<span class="when">\d{4}-\d\d-\d\d</span>', ours["home"])
    with bare.app_context():
        db.engine.dispose()


def test_a_french_phone_installs_the_app_under_its_french_name(client):
    english = client.get("/manifest.webmanifest").get_json(force=True)
    response = client.get("/manifest.webmanifest", headers=FRENCH)
    french = response.get_json(force=True)
    assert french["name"] == "Pointage du 500" and french["short_name"] == "500"
    assert french["description"].startswith("Tient le pointage")
    assert english["name"] == "Five Hundred Scorekeeper"
    assert "Accept-Language" in response.headers["Vary"]


def hidden(page: str, name: str) -> str:
    """Return the value of a page's hidden field."""
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    assert found, page
    return found.group(1)


def test_deleting_a_game_is_said_in_french(app, api):
    game = api.create(**VENDREDI)
    scorer = app.test_client()
    scorer.get(game["links"]["play"])
    path = f"/games/{game['id']}/delete"
    page = scorer.get(path, headers=FRENCH).text
    form = {name: hidden(page, name) for name in ("csrf_token", "version")}
    api.hand(bidder="Ann", contract="7H", tricks=7)
    stale = scorer.post(path, data=form, headers=FRENCH, follow_redirects=True)
    assert "Le pointage a changé sur un autre téléphone; rien n’a été supprimé." in (
        stale.text
    )
    page = scorer.get(path, headers=FRENCH).text
    form = {name: hidden(page, name) for name in ("csrf_token", "version")}
    gone = scorer.post(path, data=form, headers=FRENCH, follow_redirects=True)
    assert "«\u00a0Vendredi\u00a0» est supprimée." in gone.text


def test_only_the_scoring_phone_may_show_the_play_link_said_in_french(app, api):
    game = api.create(**VENDREDI)
    refused = app.test_client().get(f"/games/{game['id']}/share/play", headers=FRENCH)
    assert refused.status_code == 403
    assert "Seul un téléphone qui tient le pointage de cette partie" in refused.text
