"""Refusals in French: the engine's, the API's `error` sentences and HTTP's own
words, when the phone or client asks for French; English answers unchanged."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from api_helpers import FRIDAY, Api
from flask.testing import FlaskClient
from test_language import FRENCH, app, compiled  # noqa: F401

import scorekeeper

NB = "\u00a0"  # French puts a no-break space before a colon


@pytest.fixture
def api(client: FlaskClient) -> Api:
    """The API helper, on the app with the compiled French catalogue."""
    return Api(client)


def said(client: FlaskClient, method: str, path: str, french: bool, **more):
    """Return the answer's status and its `error` sentence, in French or English."""
    headers = {**more.pop("headers", {}), **(FRENCH if french else {})}
    response = client.open(path, method=method, headers=headers, **more)
    assert response.is_json, response.text
    return response.status_code, response.json["error"]


def in_both(client: FlaskClient, method: str, path: str, **more):
    """Return the answer to the same request asked in English, then in French."""
    return said(client, method, path, False, **more), said(
        client, method, path, True, **more
    )


def test_the_engines_refusal_of_a_hand_in_french_and_in_english(client, api):
    api.create()
    path = f"/api/games/{api.game_id}/hands"
    bad = {"bidder": "Ann", "contract": "7X", "tricks": 7}
    english, french = in_both(client, "POST", path, json=bad, headers=api.headers())
    assert english == (
        400,
        "'7X' is not a contract: use 6S to 10NT (suits S C D H NT), "
        "a special contract the rules allow, or pass.",
    )
    assert french == (
        400,
        f"«{NB}7X{NB}» n’est pas une mise{NB}: utilisez 6S à 10NT "
        "(couleurs S C D H NT), "
        f"une mise spéciale que les règles permettent, ou «{NB}pass{NB}».",
    )
    assert api.game()["hands"] == []  # nothing written, in either language


def test_a_refusal_with_its_values_keeps_them_in_french(client, api):
    api.create()
    path = f"/api/games/{api.game_id}/hands"
    hand = {"bidder": "Ann", "contract": "7H", "tricks": [7, 2, 1]}
    assert said(client, "POST", path, True, json=hand, headers=api.headers()) == (
        400,
        "Donnez les levées des 2 équipes.",
    )
    hand = {"bidder": "Zed", "contract": "7H", "tricks": 7}
    assert said(client, "POST", path, True, json=hand, headers=api.headers()) == (
        400,
        f"«{NB}Zed{NB}» n’est pas à cette table.",
    )


def test_who_may_not_bid_is_said_in_french(client, api):
    api.create(rules={"preset": "australian", "set_rule": True})
    api.hand(bidder="Ann", contract="8S", tricks=4)  # set: Ann sits the next one out
    path = f"/api/games/{api.game_id}/hands"
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 7}
    status, error = said(client, "POST", path, True, json=hand, headers=api.headers())
    assert (status, error) == (
        400,
        f"Ann ne peut pas miser à cette manche{NB}: a chuté à la manche précédente.",
    )


def test_a_marked_word_inside_a_refusal_is_french_too(client):
    bad = {
        **FRIDAY,
        "sides": [{"name": "Us", "players": ["Ann", ""]}, FRIDAY["sides"][1]],
    }
    assert in_both(client, "POST", "/api/games", json=bad) == (
        (400, "Every player needs a name."),
        (400, "Chaque joueur a besoin d’un nom."),
    )


def test_an_error_within_an_error_is_french_all_through(client, api):
    api.create(rules={"preset": "australian", "set_rule": True})
    api.hand(bidder="Ann", contract="7H", tricks=7)
    api.hand(bidder="Ann", contract="7H", tricks=7)
    # Hand 1 set instead bars Ann from bidding hand 2.
    failed = {"bidder": "Ann", "contract": "8S", "tricks": 4}
    path = f"/api/games/{api.game_id}/hands/1"
    english, french = in_both(client, "PUT", path, json=failed, headers=api.headers())
    assert english == (
        400,
        "Hand 2 would then be wrong: Ann may not bid this hand: set or ralphed "
        "last hand.",
    )
    assert french == (
        400,
        f"La manche 2 serait alors fausse{NB}: Ann ne peut pas miser à cette "
        f"manche{NB}: a chuté à la manche précédente.",
    )


def test_the_apis_own_http_errors_in_french(client):
    assert in_both(client, "GET", "/api/nowhere") == (
        (404, "There is no such address in the API."),
        (404, "Cette adresse n’existe pas dans l’API."),
    )
    assert said(client, "DELETE", "/api/games", True) == (
        405,
        "Cette adresse n’accepte pas DELETE.",
    )


def test_a_nights_refusal_in_french(client):
    night = {"name": "Mardi", "movement": "progressive", "players": ["Ann", "Bob"]}
    assert said(client, "POST", "/api/nights", True, json=night) == (
        400,
        "Une soirée demande au moins quatre joueurs.",
    )


def test_the_error_page_in_french_and_as_it_was_in_english(client):
    french = client.get("/games/nowhere", headers=FRENCH)
    assert french.status_code == 404
    assert "<h1>Introuvable</h1>" in french.text
    assert "Il n’y a pas de partie avec cet identifiant." in french.text
    english = client.get("/games/nowhere")
    assert "<h1>Not Found</h1>" in english.text
    assert "There is no game with that id." in english.text
    page = client.get("/no/such/page", headers=FRENCH).text
    assert "Il n’y a rien à cette adresse sur le serveur." in page


# Every class that carries a sentence a person reads, and where its sentence sits.
SENTENCE_AT = {
    **dict.fromkeys(("ScoringError", "GameOver", "NightError"), 1),
    **dict.fromkeys(
        (
            "AppError",
            "BadInput",
            "Forbidden",
            "NotFound",
            "Conflict",
            "Unprocessable",
            "TooMany",
            "Stale",
            "Busy",
        ),
        0,
    ),
}


def unmarked_sentences(source: str) -> list[str]:
    """Return the sentences an error is raised with that no catalogue mark holds."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        name = getattr(called, "id", None) or getattr(called, "attr", "")
        place = SENTENCE_AT.get(name)
        if place is None or len(node.args) <= place:
            continue
        sentence = node.args[place]
        if isinstance(sentence, ast.JoinedStr) or (
            isinstance(sentence, ast.Constant)
            and isinstance(sentence.value, str)
            and " " in sentence.value
        ):
            found.append(f"{name}: {ast.unparse(sentence)[:60]}")
    return found


def test_every_error_sentence_is_marked_for_the_catalogue():
    package = Path(scorekeeper.__file__).resolve().parent
    left = {
        str(path.relative_to(package)): unmarked_sentences(path.read_text())
        for path in package.rglob("*.py")
    }
    assert {path: found for path, found in left.items() if found} == {}


def test_the_check_finds_an_unmarked_sentence():
    source = 'raise BadInput(f"Table {n} is gone.")\nraise NightError("x", "No way.")'
    assert unmarked_sentences(source) == [
        "BadInput: f'Table {n} is gone.'",
        "NightError: 'No way.'",
    ]


def test_a_nights_games_are_named_in_the_language_that_started_the_round(client):
    night = {"name": "Mardi", "movement": "progressive", "players": list("ABCDEFGH")}
    french = client.post("/api/nights", json=night, headers=FRENCH).json
    english = client.post("/api/nights", json={**night, "name": "Tuesday"}).json
    names = {
        game["name"] for game in client.get("/api/games?per_page=10").json["games"]
    }
    assert names == {
        "Mardi : ronde 1, table 1",  # a name keeps plain spaces (NFKC)
        "Mardi : ronde 1, table 2",
        "Tuesday: round 1, table 1",
        "Tuesday: round 1, table 2",
    }, (french, english)


def test_a_nights_games_are_listed_in_the_readers_language(client):
    # Issue 33.6: a French night's games read "ronde 1" on an English phone.
    night = {"name": "Mardi", "movement": "progressive", "players": list("ABCDEFGH")}
    made = client.post("/api/nights", json=night, headers=FRENCH).json
    game = made["rounds"][0]["tables"][0]["game"]
    pages = ("/", "/history", f"/games/{game}/table", f"/games/{game}/hands")
    for path in (*pages, f"/games/{game}/share"):
        english = client.get(path).text
        french = client.get(path, headers=FRENCH).text
        assert "Mardi: round 1, table 1" in english, path
        assert "ronde" not in english, path
        assert "Mardi\u00a0: ronde 1, table 1" in french, path


def test_a_value_spliced_into_a_french_refusal_is_french_too(client, api):
    """Issue 33.2: "'foo' n’est pas un champ de a hand." is all French."""
    api.create()
    path = f"/api/games/{api.game_id}/hands"
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 7, "foo": 1}
    english, french = in_both(client, "POST", path, json=hand, headers=api.headers())
    assert english[0] == french[0] == 400
    assert "a hand" in english[1]
    assert french[1] == "«\u00a0foo\u00a0» n’est pas un champ accepté pour une manche."
    # Without the game's key: what may not be written is named in French too.
    assert said(client, "POST", path, True, json=hand) == (
        403,
        "Modifier cette partie demande son jeton d’écriture\u00a0: envoyez "
        "Authorization: Bearer <token>.",
    )


def test_a_page_number_that_is_no_number_is_said_once_in_french(client):
    page = client.get("/history?page=abc", headers=FRENCH)
    assert page.status_code == 400
    text = page.text
    assert text.count("La page doit être un nombre") == 1, text
