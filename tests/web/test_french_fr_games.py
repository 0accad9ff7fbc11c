"""The games' pages in French: the scoreboard, its hands, edits, undo, delete, table."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import NamedTuple

from flask import Flask
from flask.testing import FlaskClient
from test_language import FRENCH, app, compiled, csrf, english_left

from scorekeeper.games import present

__all__ = ["app", "compiled"]  # the fixtures: the app with its catalogues compiled

TABLE = {
    "name": "Vendredi",
    "rules": {"target": 500},
    "sides": [
        {"name": "Nous", "players": ["Ann", "Cat"]},
        {"name": "Eux", "players": ["Bob", "Dan"]},
    ],
}


def game(app: Flask, client: FlaskClient, *hands: dict[str, object]) -> str:
    """Start a game this client may score, play the hands; return its scoreboard."""
    made = client.post("/api/games", json=TABLE).json
    assert made is not None
    token = {"Authorization": f"Bearer {made['write_token']}"}
    for hand in hands:
        answer = client.post(f"/api/games/{made['id']}/hands", json=hand, headers=token)
        assert answer.status_code == 201, answer.json
    assert client.get(made["links"]["play"]).status_code == 302
    return f"/games/{made['id']}"


def left(page: str) -> list[str]:
    """Return the catalogue's English strings a games' page still shows."""
    # The rules summary is the rules' own words, translated with the house rules.
    return english_left(re.sub(r'<ul class="rules">.*?</ul>', "", page, flags=re.S))


def french(client: FlaskClient, path: str) -> str:
    """Return a page in French, checking it says so and shows no English left."""
    page = client.get(path, headers=FRENCH)
    assert page.status_code == 200, path
    assert '<html lang="fr">' in page.text, path
    assert left(page.text) == [], path
    return page.text


PLAYED = (
    {"bidder": "Bob", "contract": "7H", "tricks": 7},
    {"bidder": "Ann", "contract": "8S", "tricks": 6},
    {"contract": "pass", "tricks": [4, 6]},
)


def test_every_page_of_a_game_in_french_shows_no_english_catalogue_string(app, client):
    board = game(app, client, *PLAYED)
    page = french(client, board)
    assert "Manche 4\u00a0: <strong>" in page and "mise en premier" in page
    assert "Inscrire la manche 4" in page and "Qui a pris?" in page
    assert "Annuler la manche 3" in page and "Règles en vigueur" in page
    assert "— passé" in page and "Manche 2\u00a0: <strong>" not in page
    # What wins or loses each side the game next hand, as a player would say it.
    assert "Nous\u00a0: une chute à 8♥ fait perdre." in page
    assert "Eux\u00a0: 8♣ ou plus fait gagner." in page
    for path in ("/hands", "/hands/1/edit", "/hands/2/edit", "/undo", "/delete"):
        french(client, board + path)
    table = french(client, board + "/table")
    assert "Touchez n’importe où pour inscrire une manche" in table
    watcher = app.test_client()
    assert "Vous suivez cette partie" in french(watcher, board)


def test_an_edited_bid_asks_in_french_before_it_becomes_a_pass(app, client):
    board = game(app, client, *PLAYED)
    page = french(client, board + "/hands/2/edit")
    assert "Manche 2\u00a0: Ann 8♠ chutée, Nous \u2212240, Eux +40." in page
    assert "L’inscrire plutôt comme «\u00a0tout le monde passe\u00a0»?" in page
    assert 'value="Oui, tout le monde passe"' in page


def test_a_saved_hand_is_confirmed_in_french_with_its_undo(app, client):
    board = game(app, client)
    form = client.get(board, headers=FRENCH).text
    fields = {"bidder": "Bob", "contract": "7H", "tricks": "8", "save": "y"}
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form)
    assert version
    sent = {**fields, "csrf_token": csrf(form), "version": version[1]}
    saved = client.post(board + "/hands", data=sent, headers=FRENCH)
    assert saved.status_code == 302
    page = french(client, board)
    assert "Manche 1\u00a0: Bob 7♥ réussie, Eux +200, Nous +20." in unescape(page)
    assert "<button>Annuler</button>" in page


def test_a_won_game_says_how_in_french(app, client):
    board = game(app, client, {"bidder": "Bob", "contract": "10NT", "tricks": 10})
    page = french(client, board)
    assert "Victoire\u00a0: Eux (grande porte)." in page
    assert "Revanche" in page


def test_a_hand_refused_on_the_page_says_why_in_french(app, client):
    board = game(app, client)
    form = client.get(board, headers=FRENCH).text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form)
    assert version
    sent = {"bidder": "Bob", "tricks": "8", "save": "y", "version": version[1]}
    refused = client.post(
        board + "/hands", data={**sent, "csrf_token": csrf(form)}, headers=FRENCH
    )
    assert refused.status_code == 400
    assert "Touchez la mise, par exemple" in refused.text
    assert left(refused.text) == []


def words(page: str, element: str) -> dict[str, object]:
    """Return the words a page hands one of its scripts (its data-words)."""
    found = re.search(rf'id="{element}"[^>]*data-words="([^"]*)"', page)
    assert found, element
    said: dict[str, object] = json.loads(unescape(found[1]))
    return said


def test_the_scripts_get_their_words_in_french_and_english_pages_carry_none(
    app, client
):
    board = game(app, client, *PLAYED)
    page = client.get(board, headers=FRENCH).text
    assert words(page, "updated")["seconds"] == "Mis à jour il y a %(num)s s"
    assert words(page, "waiting")["undo"] == "Annuler la manche %(number)s"
    assert words(page, "wake-state")["on"] == "Oui"
    tricks = words(page, "hand")["tricks"]
    assert isinstance(tricks, list)
    assert tricks[:3] == ["0 levée", "1 levée", "2 levées"]
    assert "data-words" not in client.get(board).text
    table = client.get(board + "/table", headers=FRENCH).text
    assert words(table, "table-wake")["cannot"].startswith("Ce navigateur")


class Ended(NamedTuple):
    """How a game stands, as present.ending reads it."""

    totals: tuple[int, ...]
    ending: str | None
    winner: int | None


def test_endings_and_reasons_read_as_french_sentences(app):
    with app.test_request_context(headers=FRENCH):
        both = Ended((-500, -500), "back_door", None)
        assert present.ending(["Nous", "Eux"], both) == (
            "Sorties par la porte arrière\u00a0: Nous et Eux."
        )
        one = Ended((-500, 20), "back_door", 1)
        assert present.ending(["Nous", "Eux"], one) == (
            "Sortie par la porte arrière\u00a0: Nous. Victoire\u00a0: Eux."
        )
        assert present.signed(250, "slam") == "+250 (chelem)"
        held = "their failed contract, 4 tricks, held at 490"
        assert (
            present.signed(40, held)
            == "+40 (mise adverse chutée, 4 levées, bloqué à 490)"
        )
    with app.test_request_context():  # English, joined as it always was
        three = Ended((-500, -500, -500), "back_door", None)
        assert present.ending(["Us", "Them", "You"], three) == (
            "Us and Them and You went out the back door."
        )
        assert (
            present.signed(40, held)
            == "+40 (their failed contract, 4 tricks, held at 490)"
        )
