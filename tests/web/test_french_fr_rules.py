"""The house rules pages and the rules summary in Québec French (issue 24)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from api_helpers import FRIDAY
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient
from test_houserules_pages import read_form
from test_language import (  # noqa: F401 (compiled: a fixture)
    FRENCH,
    SOURCES,
    bare_app,
    compiled,
    csrf,
    english_left,
    make_app,
    unswitched,
)

from scorekeeper.db.models import db
from scorekeeper.scoring import PRESETS, describe_rules, in_short, rules_from_dict
from scorekeeper.scoring.contracts import normal_contract, spoken

# Two rule sets that between them make the summary say nearly every sentence.
ODD: dict[str, Any] = {
    "preset": "australian",
    "lock": 490,
    "failure": "to_opponents",
    "hands_limit": 40,
    "set_rule": True,
    "ralph_rule": True,
    "six_contracts": False,
    "normal_offset": -20,
    "floor": None,
    "ceiling": 1000,
    "point_spread": 500,
    "exact_target": True,
    "win_requires_contract": True,
    "contracts": {"misere": 150, "hi_lo": 350, "grand_slam": 500},
}
PLAIN: dict[str, Any] = {
    "preset": "american",
    "all_pass": "play_no_trumps",
    "defender_tricks": "never",
    "slam_bonus": True,
    "youngstown_bonus": True,
    "partner_share": "full",
    "misere_defenders": "per_contractor_trick",
    "redeal_same_dealer": True,
}


@pytest.fixture
def app(tmp_path: Path, migrated_sqlite: Path, compiled: Path) -> Iterator[Flask]:  # noqa: F811
    """Return the app with its catalogues compiled."""
    made = make_app(tmp_path, migrated_sqlite, compiled)
    yield made
    with made.app_context():
        db.session.remove()
        db.engine.dispose()


class French:
    """The French catalogue compiled, as the pages read it, and French points
    (language.PageWords outside a request)."""

    def __init__(self, translations: Translations) -> None:
        self.translations = translations

    def gettext(self, message: str) -> str:
        return str(self.translations.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(self.translations.ngettext(singular, plural, n))

    def number(self, n: int) -> str:
        said = format_decimal(abs(n), locale="fr_CA")
        return f"\u2212{said}" if n < 0 else said


@pytest.fixture
def french() -> French:
    """Return the French catalogue compiled, as the pages read it."""
    with (SOURCES / "fr/LC_MESSAGES/messages.po").open("rb") as po:
        catalog = read_po(po)
    built = BytesIO()
    write_mo(built, catalog)
    built.seek(0)
    return French(Translations(built))


def make(client: FlaskClient, name: str, rules: dict[str, Any]) -> int:
    """Save house rules through the API; this client may then change them."""
    made = client.post("/api/rulesets", json={"name": name, "rules": rules})
    assert made.status_code == 201, made.text
    client.get(f"/rules/{made.json['id']}/edit/{made.json['write_token']}")
    return int(made.json["id"])


def rule_pages(client: FlaskClient) -> dict[str, str]:
    """Save two rule sets; return the house rules pages' paths."""
    odd = make(client, "Chez Ginette", ODD)
    make(client, "Au chalet", PLAIN)
    return {
        "index": "/rules/",
        "new": "/rules/new",
        "edit": f"/rules/{odd}/edit",
        "delete": f"/rules/{odd}/delete",
        "nothing on page 9": "/rules/?page=9",
        "a bad preset": "/rules/new?preset=nope",
    }


def test_every_house_rules_page_in_french_shows_no_english_catalogue_string(app):
    client = app.test_client()
    for name, path in rule_pages(client).items():
        page = client.get(path, headers=FRENCH).text
        assert '<html lang="fr">' in page, name
        # The edit link is an address, not words: its "/rules/" is not English.
        assert english_left(re.sub(r"https?://[^\s<\"]+", "", page)) == [], name


def test_the_rules_summary_in_french_reads_as_a_players_sentences(app):
    client = app.test_client()
    rule_pages(client)
    page = client.get("/rules/", headers=FRENCH).text
    for said in (
        "D’après les règles australiennes.",
        "La misère vaut 150.",  # each special its own sentence: its article
        "Mises de 7♠ (120) à 10SA (500).",
        "Une mise de six n’est qu’un signal et ne se joue pas.",
        "Pas de porte arrière\u00a0: aucun pointage n’est trop bas pour continuer.",
        "Seul un total d’exactement 500 fait sortir par la grande porte\u00a0: une "
        "équipe qui le dépasse continue de jouer.",
        "la valeur d’une mise chutée va aux adversaires",
        "Quand tout le monde passe, personne ne marque et le donneur suivant donne.",
        "Quand tout le monde passe, la manche se joue sans atout et chaque équipe "
        "marque 10 par levée, 250 pour les dix.",
        # What a house changes: one whole phrase each.
        "Australiennes, sauf\u00a0: mises ordinaires à \u221220 des valeurs "
        "habituelles",
    ):
        assert said in page.replace("&#39;", "'"), said


def test_the_rules_summary_writes_its_numbers_as_french_does(app):
    # "objectif 1000", "-1000" (issue 33.3): points as the page's language writes
    # them, the minus sign in both languages.
    client = app.test_client()
    rules = {"preset": "tasmanian", "target": 1000, "floor": -1000}
    body = {**FRIDAY, "rules": rules}
    game = client.post("/api/games", json=body).json
    page = client.get(f"/games/{game['id']}", headers=FRENCH).text
    assert "1\u202f000" in page and "\u22121\u202f000 ou moins" in page
    english = client.get(f"/games/{game['id']}").text
    assert "\u22121000 or below" in english


def test_each_special_contract_s_value_is_asked_with_its_article_in_french(app):
    # "%(contract)s vaut" made "Misère vaut" (issue 33.5: "La misère vaut 500").
    page = app.test_client().get("/rules/new", headers=FRENCH).text
    for said in ("La misère vaut", "La misère ouverte vaut", "Le grand chelem vaut"):
        assert f"{said}</legend>" in page or f"{said}</label>" in page, said
    assert "Misère vaut" not in page


def test_every_preset_and_saved_summary_is_said_whole_in_french(french):
    for rules in [*PRESETS.values(), rules_from_dict(ODD), rules_from_dict(PLAIN)]:
        english = describe_rules(rules)
        said = describe_rules(rules, words=french)
        assert len(said) == len(english)
        for line, was in zip(said, english, strict=True):
            assert line != was or line.startswith(("Grand nullo", "Patastrophe"))
            assert "%(" not in line and line.endswith("."), line
        assert in_short(rules, french) != in_short(rules)


def test_a_contract_is_spoken_as_a_quebec_table_says_it(french):
    assert spoken(normal_contract(7, "H", 0)) == "seven hearts"
    assert spoken(normal_contract(7, "H", 0), french) == "sept cœur"
    assert spoken(normal_contract(10, "NT", 0), french) == "dix sans-atout"


def test_saving_and_deleting_house_rules_is_said_in_french(app):
    client = app.test_client()
    page = client.get("/rules/new", headers=FRENCH).text
    assert "Enregistrer les règles de la maison" in page
    form = read_form(page).data | {"name": "Chez Ginette"}
    made = client.post("/rules/new", data=form, headers=FRENCH, follow_redirects=True)
    assert "Règles de la maison «\u00a0Chez Ginette\u00a0» enregistrées." in made.text
    found = re.search(r'href="/rules/(\d+)/delete"', made.text)
    assert found, made.text
    path = f"/rules/{found.group(1)}/delete"
    token = csrf(client.get(path, headers=FRENCH).text)
    gone = client.post(path, data={"csrf_token": token, "delete": "1"}, headers=FRENCH)
    said = client.get(gone.headers["Location"], headers=FRENCH).text
    assert "Règles de la maison «\u00a0Chez Ginette\u00a0» supprimées." in said


def test_a_bad_name_and_a_stranger_are_told_in_french(app):
    client = app.test_client()
    odd = make(client, "Chez Ginette", ODD)
    stranger = app.test_client()
    refused = stranger.get(f"/rules/{odd}/edit", headers=FRENCH)
    assert refused.status_code == 403
    assert "ne peuvent être changées que sur le téléphone" in refused.text
    link = stranger.get(f"/rules/{odd}/edit/wrong", headers=FRENCH)
    assert "Ce lien de modification n’est pas valide" in link.text


def strip_tokens(page: bytes) -> bytes:
    """Return a page without its form token, which differs on every request, and
    its footer (the language switch, there when a second language is spoken)."""
    page = unswitched(page)
    return re.sub(rb'name="csrf_token" type="hidden" value="[^"]+"', b"", page)


def test_english_house_rules_pages_are_those_of_an_app_with_no_catalogue(app, tmp_path):
    owner = app.test_client()
    pages = rule_pages(owner)
    bare = bare_app(app, tmp_path)
    for name in ("index", "new", "nothing on page 9", "a bad preset"):
        with_catalogue = app.test_client().get(pages[name])
        without = bare.test_client().get(pages[name])
        assert strip_tokens(with_catalogue.data) == strip_tokens(without.data), name
        assert "Règles" not in with_catalogue.text, name
    with bare.app_context():
        db.engine.dispose()


def test_the_api_refuses_a_wrong_token_in_the_language_asked(app):
    client = app.test_client()
    odd = make(client, "Chez Ginette", ODD)
    wrong = {"Authorization": "Bearer wrong"}
    said = client.delete(f"/api/rulesets/{odd}", headers=wrong | FRENCH)
    assert said.status_code == 403
    assert said.json["error"] == (
        "Ce jeton d’écriture n’appartient pas à ces règles de la maison."
    )
    english = client.delete(f"/api/rulesets/{odd}", headers=wrong)
    assert english.json["error"] == (
        "That write token does not belong to these house rules."
    )


def test_the_settings_words_are_escaped_as_plain_text_as_before(app):
    page = app.test_client().get("/rules/new").text
    assert "<legend>A failed bid&#39;s value is</legend>" in page
    assert "Half the contract&#39;s value each, or the full value each." in page
