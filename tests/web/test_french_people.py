"""The players', history's and seasons' pages in French: no English catalogue string
left, their forms, refusals and confirmations said in French, English unchanged."""

from __future__ import annotations

import re
from datetime import date, datetime

from api_helpers import CLUB_PASSWORD, import_past
from flask import Flask
from flask.testing import FlaskClient
from test_language import FRENCH, app, bare_app, compiled, csrf, english_left  # noqa: F401
from test_seasons import PAIRS, TRIO, played

from scorekeeper.db.models import db
from scorekeeper.seasons import service as seasons
from scorekeeper.web.clubs import password as club_password


def unswitched(page: str) -> str:
    """Return a page without its footer (the language switch)."""
    return re.sub(r"<footer>.*?</footer>", "<footer></footer>", page, flags=re.S)


def club(app: Flask) -> dict[str, str]:  # noqa: F811
    """Play three games (two of pairs, one of three) and name a season; return paths."""
    app.config["CLUB_PASSWORD"] = CLUB_PASSWORD
    with app.app_context():
        import_past(
            [
                played(PAIRS, datetime(2021, 3, 5)),
                played(PAIRS, datetime(2021, 4, 2), wins=False),
                played(TRIO, datetime(2021, 4, 9)),
            ]
        )
        season = seasons.save_season("Printemps", date(2021, 3, 1), date(2021, 5, 31))
        number = season.id
    return {
        "leaderboard": "/players",
        "leaderboard, season": f"/players?season={number}",
        "player": "/players/Cat",
        "player, no one": "/players/Nobody",
        "rename asked": "/players/Cat/rename",
        "rename": "/players/Cat/rename?new_name=Kat",
        "merge": "/players/Cat/rename?new_name=Eve",
        "merge refused": "/players/Cat/rename?new_name=Dan",
        "history": "/history",
        "history, filtered": f"/history?player=Cat&status=finished&season={number}",
        "history, no match": "/history?player=Zed",
        "history, far page": "/history?page=9",
        "history, bad page": "/history?page=x",
        "statistics": "/stats",
        "statistics, season": f"/stats?season={number}",
        "seasons": "/seasons/",
        "season": f"/seasons/{number}",
        "no season": "/seasons/999",
    }


def mine(page: str) -> str:
    """Return a page less how each game ended: games/present.py's words, not these."""
    return re.sub(r'<span class="ended">.*?</span>', "", page)


def untokened(page: str) -> str:
    """Return a page less its form's CSRF token, new on every page."""
    return re.sub(r'name="csrf_token" type="hidden" value="[^"]+"', "", page)


def test_every_people_page_in_french_shows_no_english_catalogue_string(
    app: Flask,  # noqa: F811
    client: FlaskClient,
):
    for name, path in club(app).items():
        page = client.get(path, headers=FRENCH).text
        assert '<html lang="fr">' in page, name
        assert english_left(mine(page)) == [], (name, english_left(mine(page)))


def test_the_people_pages_say_their_words_in_french(app: Flask, client):  # noqa: F811
    paths = club(app)
    player = client.get(paths["player"], headers=FRENCH).text
    assert "<dt>Par la grande porte</dt>" in player
    assert "<caption>Mises par couleur</caption>" in player
    assert "</span> Sans-atout</th>" in player and "</span> Cœur</th>" in player
    assert "après 2 parties terminées\u00a0: une nouvelle cote" in player
    # Numbers written as Québec writes them (Babel): a decimal comma, "50 %".
    assert re.search(r"Cote \u2212?\d+,\d après 2 parties", player)
    assert "(taux de victoire 50\u00a0%)" in player
    assert "<dt>Mises</dt><dd>1 réussie sur 2 (50\u00a0%)</dd>" in player
    statistics = client.get(paths["statistics"], headers=FRENCH).text
    assert "5,0 levées pour une mise moyenne de 8,0" in statistics
    assert "<strong>Zoë</strong>\u00a0: 1 gagnée sur 2 contre Cat" in player
    assert re.search(r"-?\d+,\d en 2 manches", player)
    assert ">Cote</text>" in player and ">Parties terminées jouées</text>" in player
    merge = client.get(paths["merge"], headers=FRENCH).text
    assert "<h1>Fusionner Cat avec Eve?</h1>" in merge
    assert "une seule personne, 3 parties en tout." in merge
    assert "«\u00a0Cat\u00a0» devient «\u00a0Eve\u00a0» dans 2 parties." in merge
    refused = client.get(paths["merge refused"], headers=FRENCH)
    assert refused.status_code == 409
    assert "ne peuvent pas être une seule personne" in refused.text
    history = client.get("/history?page=x", headers=FRENCH).text
    assert "Page\u00a0:" in history
    far = client.get("/history?page=0", headers=FRENCH).text
    assert "Page\u00a0: La page doit être un nombre à partir de 1." in far
    csv = client.get("/history/games.csv?page=0", headers=FRENCH)
    assert csv.status_code == 400
    assert "Page\u00a0: La page doit être un nombre à partir de 1." in csv.text
    season = client.get(paths["season"], headers=FRENCH).text
    assert "du 1er mars 2021 au 31 mai 2021" in season
    assert 'data-label="Gagnées">1 sur 2' in season
    assert '<span class="muted">(50\u00a0%)</span>' in season
    assert re.search(r'data-label="Variation de la cote">[+-]\d+,\d<', season)


def test_renaming_in_french_is_confirmed_in_french(app: Flask, client):  # noqa: F811
    token = csrf(client.get(club(app)["rename"], headers=FRENCH).text)
    asked = {"new_name": "Kat", "games": "2", "csrf_token": token}
    wrong = client.post(
        "/players/Cat/rename",
        data={**asked, "password": "nope"},
        headers=FRENCH,
    )
    assert wrong.status_code == 403
    assert "Ce n’est pas le mot de passe du club." in wrong.text
    done = client.post(
        "/players/Cat/rename",
        data={**asked, "password": CLUB_PASSWORD},
        headers=FRENCH,
        follow_redirects=True,
    )
    assert "Cat s’appelle maintenant Kat (changement dans 2 parties)." in done.text


def test_a_season_saved_and_refused_in_french(app: Flask, client):  # noqa: F811
    token = csrf(client.get(club(app)["seasons"], headers=FRENCH).text)
    form = {"name": "Été", "first_day": "2021-06-01", "last_day": "2021-05-01"}
    form["csrf_token"] = token
    refused = client.post(
        "/seasons/", data={**form, "password": CLUB_PASSWORD}, headers=FRENCH
    )
    assert refused.status_code == 400
    assert "Le dernier jour ne doit pas précéder le premier jour." in refused.text
    assert english_left(refused.text) == []
    saved = client.post(
        "/seasons/",
        data={**form, "last_day": "2021-08-31", "password": CLUB_PASSWORD},
        headers=FRENCH,
        follow_redirects=True,
    )
    assert "Saison «\u00a0Été\u00a0» enregistrée." in saved.text
    assert english_left(saved.text) == []


def test_the_people_pages_in_english_are_those_of_an_app_with_no_catalogue(
    app: Flask,  # noqa: F811
    client,
    tmp_path,
):
    paths = club(app)
    bare = bare_app(app, tmp_path, CLUB_PASSWORD=CLUB_PASSWORD)
    for name, path in paths.items():
        # Only the footer differs: a second language spoken puts the switch there.
        with_catalogue = unswitched(untokened(client.get(path).text))
        without = unswitched(untokened(bare.test_client().get(path).text))
        assert with_catalogue == without, name
    assert "Cat&#39;s 2 games become Kat&#39;s." in client.get(paths["rename"]).text
    assert "<h1>Merge Cat into Eve?</h1>" in client.get(paths["merge"]).text
    with bare.app_context():
        db.engine.dispose()


def test_without_a_club_password_the_pages_say_why_in_french(app: Flask, client):  # noqa: F811
    paths = club(app)
    app.config["CLUB_PASSWORD"] = None
    for name in ("seasons", "season", "player"):
        page = client.get(paths[name], headers=FRENCH).text
        assert "mot de passe du club" in page, name
        assert english_left(page) == [], name
    assert (
        "Ce serveur n’a pas de mot de passe du club"
        in client.get(paths["seasons"], headers=FRENCH).text
    )


def test_too_many_wrong_passwords_are_told_in_french(app: Flask):  # noqa: F811
    with app.test_request_context(headers=FRENCH):
        assert club_password.wait(1).endswith("Réessayez dans 1 minute.")
        assert club_password.wait(3).endswith("Réessayez dans 3 minutes.")
    with app.test_request_context():
        assert club_password.wait(3) == (
            "Too many wrong club passwords from here: nothing was changed. "
            "Try again in 3 minutes."
        )


def test_deleting_a_season_in_french(app: Flask, client):  # noqa: F811
    paths = club(app)
    token = csrf(client.get(paths["season"], headers=FRENCH).text)
    delete = paths["season"] + "/delete"
    wrong = client.post(
        delete, data={"csrf_token": token, "password": "nope"}, headers=FRENCH
    )
    assert wrong.status_code == 403
    assert "<h1>Supprimer «\u00a0Printemps\u00a0»?</h1>" in wrong.text
    assert english_left(wrong.text) == []
    done = client.post(
        delete,
        data={"csrf_token": token, "password": CLUB_PASSWORD},
        headers=FRENCH,
        follow_redirects=True,
    )
    assert "Saison «\u00a0Printemps\u00a0» supprimée." in done.text
