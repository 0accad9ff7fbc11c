"""French, round three (issue 42.3): what a Québec editor's third read found.

No side or name spliced where French needs agreement, no English left in a
default game name, a file name or a refusal, and files a French spreadsheet
splits as it opens them."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_language import FRENCH, app, compiled
from test_typography import french_strings

__all__ = ["app", "compiled"]

NBSP = "\u00a0"
# Placeholders that stand for a side or a person: French makes a verb, an
# adjective or « de » agree with them, so they stand as labels.
SIDE = re.compile(r"%\((side|sides)\)s")
PERSON = "name|player|players|old|new|into|typed|known|side|sides|partner|partners"
UNELIDED = re.compile(rf"\bde %\(({PERSON}|opponents|dealer|who|both)\)s")


def agreement_faults(text: str) -> list[str]:
    """Return where a French string places a side or a name that must agree."""
    found = []
    for match in SIDE.finditer(text):
        before, after = text[: match.start()], text[match.end() :]
        labelled = after.startswith((NBSP + ":", " (", ")")) or after == ""
        labelled |= before.endswith((NBSP + ": ", "l’équipe ", "(", "«" + NBSP))
        if not labelled:
            found.append(f"a side spliced into a sentence: {match.group(0)}")
    if UNELIDED.search(text):
        found.append("« de » before a name (d’Émile)")
    return found


def test_no_side_or_name_is_spliced_where_french_needs_agreement():
    wrong = {e: agreement_faults(f) for e, f in french_strings()}
    assert {e: said for e, said in wrong.items() if said} == {}


@pytest.mark.parametrize(
    "text",
    [
        "Victoire de %(side)s.",
        "%(sides)s est sorti par la porte arrière.",
        "%(side)s finit à %(total)s",
        "%(num)s partie de %(old)s devient une partie de %(new)s.",
    ],
)
def test_each_agreement_fault_is_caught(text):
    assert agreement_faults(text)


def test_the_labels_pass():
    assert agreement_faults(f"Victoire{NBSP}: %(side)s (grande porte).") == []
    assert agreement_faults(f"%(side)s{NBSP}: %(total)s à la fin") == []
    assert agreement_faults("%(name)s n’est pas dans l’équipe %(side)s.") == []


TABLE = {
    "sides": [
        {"name": "Nous", "players": ["Émile", "Cat"]},
        {"name": "Eux", "players": ["Bob", "Dan"]},
    ],
}


def started(client: FlaskClient, table: dict[str, object] = TABLE) -> dict:
    """Start a game through the API, named by default; return its answer."""
    made = client.post("/api/games", json=table)
    assert made.status_code == 201, made.json
    return made.json


def test_a_default_game_name_is_said_in_french_but_kept_as_the_api_keeps_it(
    app: Flask,
):
    client = app.test_client()
    made = started(client)
    assert made["name"] == "Nous v Eux"  # the API's contract (docs/api.md)
    game = client.get(f"/games/{made['id']}", headers=FRENCH).text
    assert "<title>Nous c. Eux" in game and "Nous v Eux" not in game
    home = client.get("/", headers=FRENCH).text
    assert "Nous c. Eux" in home and "Nous v Eux" not in home
    history = client.get("/history", headers=FRENCH).text
    assert "Nous c. Eux" in history and "Nous v Eux" not in history
    english = client.get(f"/games/{made['id']}").text
    assert "<title>Nous v Eux" in english


def test_a_typed_name_is_shown_as_typed(app: Flask):
    client = app.test_client()
    made = started(client, {**TABLE, "name": "Nous v Eux, la revanche"})
    page = client.get(f"/games/{made['id']}", headers=FRENCH).text
    assert "Nous v Eux, la revanche" in page


def test_three_players_default_name_in_french(app: Flask):
    client = app.test_client()
    sides = [{"name": n, "players": [n]} for n in ("Francine", "Marcel", "Jocelyne")]
    made = started(client, {"sides": sides})
    page = client.get(f"/games/{made['id']}", headers=FRENCH).text
    assert "Francine c. Marcel c. Jocelyne" in page


def test_downloads_in_french_have_french_names_semicolons_and_9sa(app: Flask):
    client = app.test_client()
    made = started(client)
    token = {"Authorization": f"Bearer {made['write_token']}"}
    hand = {"bidder": "Émile", "contract": "9NT", "tricks": 9}
    answer = client.post(f"/api/games/{made['id']}/hands", json=hand, headers=token)
    assert answer.status_code == 201, answer.json
    hands = client.get(f"/games/{made['id']}/hands.csv", headers=FRENCH)
    disposition = hands.headers["Content-Disposition"]
    assert "nous-c-eux" in disposition and disposition.endswith("-manches.csv")
    text = hands.data.decode("utf-8-sig")
    assert "9SA" in text and "9NT" not in text
    assert text.splitlines()[0].count(";") == 5 + 3 * 2
    games = client.get("/history/games.csv", headers=FRENCH)
    assert "filename=parties" in games.headers["Content-Disposition"]
    assert "Nous c. Eux" in games.data.decode("utf-8-sig")
    english = client.get(f"/games/{made['id']}/hands.csv")
    assert english.headers["Content-Disposition"].endswith("-hands.csv")
    assert "9NT" in english.data.decode("utf-8-sig").split("\r\n")[1]


def test_a_french_spreadsheet_reads_decimal_commas():
    from scorekeeper.api.sheets import defused

    assert defused(4.9, ",") == "4,9"
    assert defused(4.9) == 4.9
    assert defused(-3.5, ",") == "'-3,5" or defused(-3.5, ",") == "-3,5"


def test_a_name_mixing_alphabets_is_refused_in_french_words(app: Flask):
    client = app.test_client()
    sides = [
        {"name": "Nous", "players": ["\u0410nn", "Cat"]},
        {"name": "Eux", "players": ["Bob", "Dan"]},
    ]
    answer = client.post("/api/games", json={"sides": sides}, headers=FRENCH)
    assert answer.status_code == 400
    error = answer.json["error"]
    assert "cyrillique et latin" in error and "Cyrillic" not in error


def test_the_rules_are_named_whole_in_french(app: Flask):
    client = app.test_client()
    made = started(client)
    page = client.get(f"/games/{made['id']}", headers=FRENCH).text
    assert "Règles australiennes" in page or "règles australiennes" in page
    assert f"Règles{NBSP}: Australiennes" not in page


def test_ratings_and_charts_write_the_minus_sign(app: Flask):
    from scorekeeper import language

    with app.test_request_context(headers=FRENCH):
        assert language.decimal(-0.6) == "\u22120,6"
        assert language.decimal(0.6, "+0.0;-0.0") == "+0,6"
        page = app.jinja_env.from_string("{{ -1.25|round(1)|decimalformat('0.0') }}")
        assert page.render() == "\u22121,2" or page.render() == "\u22121,3"
    with app.test_request_context():
        assert language.decimal(-0.6) == "\u22120.6"


def test_the_404_page_quotes_what_was_typed(app: Flask):
    client = app.test_client()
    page = client.get("/players/Zo%C3%A9", headers=FRENCH)
    assert page.status_code == 404
    assert f"sous le nom «{NBSP}Zoé{NBSP}»" in page.text


def test_a_french_refusal_writes_big_numbers_as_french_does(app: Flask):
    client = app.test_client()
    table = {**TABLE, "rules": {"target": 10**12}}
    answer = client.post("/api/games", json=table, headers=FRENCH)
    assert answer.status_code == 400
    said = answer.json["error"]
    assert re.search(r"±\d{1,3}(\u202f\d{3})+", said), said
    english = client.post("/api/games", json=table).json["error"]
    assert re.search(r"±\d{4,}", english), english


# Words a program reads (JSON values and keys), shown in a French sentence.
PROGRAM_WORDS = re.compile(
    r"\b(true|false|null|in_progress|finished|pass|new_players|round_minutes|shuffle)\b"
)
QUOTED = re.compile(r"«\u00a0[^»]*\u00a0»|<[^>]*>|\{[^}]*\}|%\(\w+\)s")


def test_a_program_s_words_in_a_french_sentence_are_quoted():
    bare = {
        english: found.group(0)
        for english, french in french_strings()
        if (found := PROGRAM_WORDS.search(QUOTED.sub(" ", french)))
    }
    assert bare == {}


def test_a_rounds_hands_played_count_follows_the_hands_in_french(app: Flask):
    from flask import render_template_string

    page = (
        "{{ ngettext('%(num)s of %(of)s hands played', "
        "'%(num)s of %(of)s hands played', n, of=4) }}"
    )
    with app.test_request_context(headers=FRENCH):
        said = [render_template_string(page, n=n) for n in (0, 1, 2)]
    assert said == [
        "0 manche jouée sur 4",
        "1 manche jouée sur 4",
        "2 manches jouées sur 4",
    ]
    with app.test_request_context():
        assert render_template_string(page, n=1) == "1 of 4 hands played"


def test_the_rules_form_writes_its_numbers_as_the_page_does(app: Flask):
    client = app.test_client()
    french = client.get("/rules/new?preset=walker_ultimate", headers=FRENCH).text
    assert re.search(r">\s*1\u202f000\s*<", french), "the ceiling, 1 000"
    assert re.search(r">\s*\u22121\u202f000\s*<", french), "the floor, −1 000"
    english = client.get("/rules/new?preset=walker_ultimate").text
    assert re.search(r">\s*\u22121000\s*<", english)
