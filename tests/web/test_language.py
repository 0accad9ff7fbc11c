"""The language: Accept-Language by Babel's rules, the switch, French pages."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_helpers import FRENCH as FRENCH  # the French tests import it from here
from api_helpers import TEST_DATABASE_URL, Api, reset_database
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from scorekeeper import create_app, language
from scorekeeper.db.models import db

SOURCES = Path(language.__file__).resolve().parent / "translations"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return a folder of the catalogues compiled as `make` compiles them."""
    folder = tmp_path_factory.mktemp("translations")
    for po in SOURCES.glob("*/LC_MESSAGES/messages.po"):
        mo = folder / po.relative_to(SOURCES).with_suffix(".mo")
        mo.parent.mkdir(parents=True)
        with po.open("rb") as source, mo.open("wb") as built:
            write_mo(built, read_po(source))
    return folder


def make_app(tmp_path: Path, migrated_sqlite: Path, translations: Path) -> Flask:
    """Return the app on an empty database, reading the given catalogues."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
        url = TEST_DATABASE_URL
    else:
        shutil.copyfile(migrated_sqlite, tmp_path / "test.sqlite")
        url = f"sqlite:///{tmp_path / 'test.sqlite'}"
    settings = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url}
    return create_app(settings | {"BABEL_TRANSLATION_DIRECTORIES": str(translations)})


def bare_app(app: Flask, tmp_path: Path, **more: object) -> Flask:
    """Return the same app reading an empty translations folder (English only)."""
    empty = tmp_path / "none"
    empty.mkdir()
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
            "BABEL_TRANSLATION_DIRECTORIES": str(empty),
            **more,
        }
    )


@pytest.fixture
def app(tmp_path: Path, migrated_sqlite: Path, compiled: Path) -> Iterator[Flask]:
    """Return the app with its catalogues compiled."""
    made = make_app(tmp_path, migrated_sqlite, compiled)
    yield made
    with made.app_context():
        db.session.remove()
        db.engine.dispose()


def csrf(page: str) -> str:
    """Return the CSRF token a page's form carries."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


NIGHT_FORM = {
    "name": "Tuesday club",
    "rules": "preset:australian",
    "movement": "progressive",
    "round_hands": "4",
    "rank_by": "wins",
    "odd_players": "sit_out",
    "players": "Ann\nBob\nCat\nDan\nEve\nFay\nGus\nHal\nIvy",
}


def set_up(client: FlaskClient, **asked: str) -> str:
    """Set up a night from its page; return the console's path."""
    page = client.get("/nights/new", headers=asked).text
    made = client.post(
        "/nights/new", data={**NIGHT_FORM, "csrf_token": csrf(page)}, headers=asked
    )
    assert made.status_code == 302, made.text
    return made.headers["Location"]


def english_words() -> list[tuple[str, re.Pattern[str]]]:
    """Return each catalogue string French changes, as the words a page shows.

    A string's placeholders split it into its fixed words (three letters or more).
    """
    with (SOURCES / "fr/LC_MESSAGES/messages.po").open("rb") as po:
        catalog = read_po(po)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        for english, french in zip(ids, strings, strict=False):
            if not english or english == french:
                continue
            for part in re.split(r"%\(\w+\)s", html.unescape(english)):
                part = part.strip(" :.,·()")
                if len(part) >= 3 and part not in html.unescape(french):
                    pattern = re.compile(rf"(?<!\w){re.escape(part)}(?!\w)")
                    found.append((english, pattern))
    return found


def shown(page: str) -> str:
    """Return what a person reads on a page: its text, labels and button words."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    said = re.findall(r'(?:aria-label|value|title)="([^"]*)"', page)
    said = [s for s in said if not re.fullmatch(r"[\w.-]{20,}|/\S*|\w+", s)]
    text = re.sub(r"<[^>]+>", " ", page)
    text = re.sub(r"https?://\S+", " ", text)  # a link shown as text is no words
    return html.unescape(" ".join([text, *said]))


def english_left(page: str) -> list[str]:
    """Return the catalogue's English strings a page still shows."""
    text = shown(page)
    return sorted({english for english, words in english_words() if words.search(text)})


@pytest.mark.parametrize(
    ("header", "spoken"),
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("fr-FR", "fr"),
        ("fr_FR", "fr"),
        ("FR-ca", "fr"),
        ("de-DE, fr-CA;q=0.8, en;q=0.5", "fr"),
        ("en-US,en;q=0.9,fr;q=0.8", "en"),
        ("en-CA", "en"),
        ("fr;q=0, en;q=0.5", "en"),
        ("fr;q=0", "en"),
        ("es-MX", "en"),
        ("*", "en"),
        ("", "en"),
    ],
)
def test_accept_language_is_negotiated_by_babels_rules(header, spoken):
    accepted = parse_accept_header(header, LanguageAccept)
    assert language.negotiated(accepted, ("en", "fr")) == spoken


def test_a_language_with_no_compiled_catalogue_is_not_spoken(tmp_path):
    accepted = parse_accept_header("fr-CA", LanguageAccept)
    assert language.negotiated(accepted, language.compiled(tmp_path)) == "en"


def test_the_home_page_in_french_shows_no_english_catalogue_string(client):
    page = client.get("/", headers=FRENCH).text
    assert '<html lang="fr">' in page
    assert "<h1>Le 500</h1>" in page and "Nouvelle partie" in page
    assert english_left(page) == []


def test_the_home_page_in_english_is_as_it_was(client):
    page = client.get("/").text
    assert '<html lang="en">' in page
    for words in (
        "<h1>Five Hundred</h1>",
        ">New game</a>",
        "<h2>Games in progress</h2>",
    ):
        assert words in page
    assert "Nouvelle partie" not in page
    assert client.get("/", headers={"Accept-Language": "en-CA"}).text == page


def night_pages(client: FlaskClient) -> dict[str, str]:
    """Set up a night (in English), play round 1 out, return its pages' paths."""
    night = set_up(client).split("/")[2]
    token = csrf(client.get(f"/nights/{night}/direct").text)
    closed = client.post(
        f"/nights/{night}/direct/close", data={"csrf_token": token, "round": "1"}
    )
    client.get(closed.headers["Location"])  # its message, said in English, is seen
    return {
        "index": "/nights",
        "new": "/nights/new",
        "night": f"/nights/{night}",
        "screen": f"/nights/{night}/screen",
        "console": f"/nights/{night}/direct",
        "cards": f"/nights/{night}/cards",
        "player": f"/nights/{night}/players/Ann",
        "sat out": f"/nights/{night}/players/Ivy",
        "not found": f"/nights/{night}/players/Nobody",
    }


def test_every_night_page_in_french_shows_no_english_catalogue_string(client):
    for name, path in night_pages(client).items():
        page = client.get(path, headers=FRENCH).text
        assert '<html lang="fr">' in page, name
        assert english_left(page) == [], name


def test_the_night_pages_in_english_keep_their_words(client):
    pages = night_pages(client)
    night = client.get(pages["night"]).text
    assert '<html lang="en">' in night
    assert "<h2>Round 1: ended</h2>" in night and "<h2>Standings</h2>" in night
    assert "Sitting out: Ivy" in night and ">Big screen</a>" in night
    assert "Round 2: where everyone goes" in client.get(pages["console"]).text
    player = client.get(pages["player"]).text
    assert "Rank 1 · 1 win · " in player or " wins · " in player


def unswitched(page: bytes) -> bytes:
    """Return a page without its footer (the language switch)."""
    return re.sub(rb"<footer>.*?</footer>", b"<footer></footer>", page, flags=re.S)


def test_english_pages_are_byte_for_byte_those_of_an_app_with_no_catalogue(
    app, client, tmp_path
):
    pages = night_pages(client)
    bare = bare_app(app, tmp_path)
    for name in ("index", "night", "screen", "player", "sat out", "not found"):
        with_catalogue = app.test_client().get(pages[name])
        without = bare.test_client().get(pages[name])
        # Only the footer differs: a second language spoken puts the switch there.
        assert unswitched(with_catalogue.data) == unswitched(without.data), name
    with bare.app_context():
        db.engine.dispose()


def test_the_nights_form_and_its_errors_in_french(client):
    page = client.get("/nights/new", headers=FRENCH).text
    assert "Classer les joueurs selon" in page and 'value="Commencer la soirée"' in page
    refused = client.post(
        "/nights/new", data={"csrf_token": csrf(page), "name": ""}, headers=FRENCH
    )
    assert refused.status_code == 400
    assert "Donnez un nom à la soirée." in refused.text


def test_a_night_started_is_said_in_french(client):
    console = client.get(set_up(client, **FRENCH), headers=FRENCH).text
    assert "Soirée commencée\u00a0: ronde 2 à 2 tables." not in console
    assert "Soirée commencée\u00a0: ronde 1 à 2 tables." in console


def test_the_switch_is_remembered_by_the_phone(client):
    home = client.get("/").text
    assert 'action="/language"' in home and 'lang="fr">Français</button>' in home
    # No CSRF token: a language is no secret, and the home page needs no session.
    chosen = client.post("/language", data={"lang": "fr", "next": "/nights"})
    assert chosen.status_code == 302 and chosen.headers["Location"] == "/nights"
    cookie = chosen.headers["Set-Cookie"]
    assert cookie.startswith("lang=fr;") and "Max-Age=" in cookie
    page = client.get("/nights", headers={"Accept-Language": "en-US"}).text
    assert '<html lang="fr">' in page and "<h1>Soirées de club</h1>" in page
    assert "Ce téléphone affiche maintenant l’application en français." in page
    client.post("/language", data={"lang": "en", "next": "/"})
    home = client.get("/", headers=FRENCH).text
    assert (
        '<html lang="en">' in home
        and "This phone now shows the app in English." in home
    )
    assert 'lang="en" aria-pressed="true">English</button>' in home


def test_a_read_in_the_background_leaves_the_switch_line_to_the_page_shown(client):
    # The service worker keeping its copy, or live.js asking for news, may read
    # a page between the switch and the page it leads to: the line waits.
    client.post("/language", data={"lang": "fr", "next": "/"})
    line = "Ce téléphone affiche maintenant l’application en français."
    for mode in ("same-origin", "cors", "no-cors"):
        read = client.get("/", headers={"Sec-Fetch-Mode": mode}).text
        assert '<html lang="fr">' in read and line not in read
    assert line in client.get("/", headers={"Sec-Fetch-Mode": "navigate"}).text
    assert line not in client.get("/").text  # said once
    client.post("/language", data={"lang": "en", "next": "/"})
    assert "now shows the app in English" in client.get("/").text  # no such header


@pytest.mark.parametrize(
    "back", ["//elsewhere.example/", "https://elsewhere.example/", "nights", ""]
)
def test_the_switch_goes_back_only_to_a_page_of_this_site(client, back):
    chosen = client.post("/language", data={"lang": "fr", "next": back})
    assert chosen.headers["Location"] == "/"


def test_an_unknown_language_picked_is_english(client):
    client.post("/language", data={"lang": "xx", "next": "/"})
    assert '<html lang="en">' in client.get("/", headers=FRENCH).text


def test_with_no_compiled_catalogue_the_app_speaks_english(tmp_path, migrated_sqlite):
    empty = tmp_path / "none"
    empty.mkdir()
    app = make_app(tmp_path, migrated_sqlite, empty)
    page = app.test_client().get("/", headers=FRENCH).text
    assert '<html lang="en">' in page and "<h1>Five Hundred</h1>" in page
    assert 'action="/language"' not in page  # nothing to switch to
    with app.app_context():
        db.engine.dispose()


def test_a_night_page_kept_in_one_language_is_sent_anew_in_the_other(client):
    path = night_pages(client)["night"]
    english = client.get(path)
    assert "Accept-Language" in english.headers["Vary"]
    again = client.get(path, headers={"If-None-Match": english.headers["ETag"]})
    assert again.status_code == 304
    french = client.get(
        path, headers={**FRENCH, "If-None-Match": english.headers["ETag"]}
    )
    assert french.status_code == 200 and '<html lang="fr">' in french.text


def test_a_scoreboard_kept_in_one_language_is_sent_anew_in_the_other(client):
    api = Api(client)
    api.create()
    board = f"/games/{api.game_id}"
    english = client.get(board)
    assert "Accept-Language" in english.headers["Vary"]
    tag = english.headers["ETag"]
    assert client.get(board, headers={"If-None-Match": tag}).status_code == 304
    french = client.get(board, headers={**FRENCH, "If-None-Match": tag})
    assert french.status_code == 200 and '<html lang="fr">' in french.text
    assert french.headers["ETag"] != tag


def test_a_page_finds_its_catalogue_once_not_at_every_word(app, client, monkeypatch):
    """Flask-Babel finds the catalogue anew at each word it is asked for: a
    French scoreboard asks it once per request, for its hundred words."""
    import flask_babel

    api = Api(client)
    api.create()
    api.hand(bidder="Bob", contract="7H", tricks=7)
    found = []
    finds = flask_babel.get_translations

    def counting():
        found.append(1)
        return finds()

    monkeypatch.setattr(flask_babel, "get_translations", counting)
    monkeypatch.setattr(language, "get_translations", counting)
    # Nor its locale: Flask-Babel finds it through the request's globals at each
    # ask, five hundred times on a big screen.
    locales = []
    locale = language.get_locale
    monkeypatch.setattr(language, "get_locale", lambda: locales.append(1) or locale())
    page = client.get(f"/games/{api.game_id}", headers=FRENCH).text
    assert '<html lang="fr">' in page and "Manche" in page
    assert len(found) <= 2, len(found)
    assert len(locales) <= 2, len(locales)


def test_a_page_s_language_found_once_follows_force_locale(app):
    """The page's language is found once per request, and found again when
    force_locale changes it for a while (the switch says its word that way)."""
    from flask_babel import force_locale

    with app.test_request_context("/", headers=FRENCH):
        assert language.current() == "fr" and language.points(-1000) == "−1\u202f000"
        assert language.words().gettext("Player") == "Joueur"
        with force_locale("en"):
            assert language.current() == "en" and language.points(1000) == "1000"
            assert language.words().gettext("Player") == "Player"
        assert language.current() == "fr"
        assert language.words().gettext("Player") == "Joueur"
    with app.app_context():  # outside a request: English
        assert language.current() == "en"
