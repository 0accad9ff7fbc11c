"""One person, one name: Unicode forms and case never split or double a player."""

from __future__ import annotations

import re
import unicodedata

import pytest
from api_helpers import CLUB_PASSWORD, FRIDAY, NEW_GAME_FORM, Api
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from scorekeeper.db.models import Game, Player, RuleSet, db
from scorekeeper.scoring import ScoringError, lookalike, make_table, name_key

NFC = unicodedata.normalize("NFC", "Zoë")
NFD = unicodedata.normalize("NFD", "Zoë")


def lone(*names):
    return [{"name": f"Side {i}", "players": [n]} for i, n in enumerate(names)]


def test_nfc_and_nfd_are_one_name_and_stored_as_nfc():
    assert NFC != NFD and name_key(NFC) == name_key(NFD) == name_key(" ZOË ")
    table = make_table([("A", [NFD]), ("B", ["Bob"])], NFC)
    assert table.players[0] == NFC and table.first_dealer == NFC


def test_a_game_refuses_one_person_twice_in_two_unicode_forms(api):
    response = api.client.post(
        "/api/games", json={**FRIDAY, "sides": lone(NFC, NFD), "first_dealer": None}
    )
    assert response.status_code == 400 and response.json["field"] == "players"


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u115f\u1160", " \u200b "])
def test_a_name_that_shows_nothing_is_refused(blank):
    with pytest.raises(ScoringError) as refused:
        make_table([("A", [blank]), ("B", ["Bob"])])
    assert refused.value.field == "players"


def test_history_and_statistics_find_one_person_however_typed(client):
    api = Api(client)
    api.create(sides=lone(NFC, "Bob"), first_dealer=None)
    api.hand(bidder=NFD, contract="7H", tricks=7)
    api.create(sides=lone(NFD.upper(), "Cat"), first_dealer=None)
    api.hand(contract="pass")  # a game with no hand would be no one's
    games = client.get("/api/games", query_string={"player": "zoË"}).json
    assert games["total"] == 2
    assert (
        client.get("/history", query_string={"player": NFD}).text.count('class="ended"')
        == 2
    )
    stats = client.get("/stats").text
    assert stats.count(">Zoë<") + stats.count(">ZOË<") == 1


def test_the_database_refuses_a_case_variant_rule_set_name(app):
    with app.app_context():
        for name in ("Club", "CLUB"):
            db.session.add(RuleSet(name=name, name_key=name_key(name), rules={}))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def test_a_case_variant_rule_set_name_is_a_400_naming_the_name(client):
    assert client.post("/api/rulesets", json={"name": "Straße"}).status_code == 201
    again = client.post("/api/rulesets", json={"name": "STRASSE"})
    assert again.status_code == 400 and again.json["field"] == "name"


FULLWIDTH_ANN = "Ａｎｎ"
CYRILLIC_ANN = "\u0410nn"  # a Cyrillic capital А, then Latin letters


def test_fullwidth_letters_name_the_same_person_as_plain_ones():
    assert name_key(FULLWIDTH_ANN) == name_key("ann") == name_key("ANN")
    assert name_key("\ufb01ona") == name_key("Fiona")  # the ligature ﬁ
    with pytest.raises(ScoringError) as refused:
        make_table([("A", ["Ann"]), ("B", [FULLWIDTH_ANN])])
    assert refused.value.field == "players"


def test_history_finds_a_fullwidth_name_as_the_plain_one(api, client):
    api.create(sides=lone(FULLWIDTH_ANN, "Bob"), first_dealer=None)
    api.hand(bidder="Bob", contract="6S", tricks=6)  # a game with no hand lists no one
    games = client.get("/api/games", query_string={"player": "ann"}).json
    assert games["total"] == 1


@pytest.mark.parametrize("name", [CYRILLIC_ANN, "Bοb", "Ｓаm"])
def test_a_name_mixing_scripts_in_one_word_is_refused_by_the_api(api, name):
    response = api.client.post(
        "/api/games", json={**FRIDAY, "sides": lone(name, "Cat"), "first_dealer": None}
    )
    assert response.status_code == 400 and response.json["field"] == "players"
    assert (
        "mixes" in response.json["error"] and "one alphabet" in response.json["error"]
    )


def test_a_name_mixing_scripts_is_refused_on_the_page_with_a_plain_message(app):
    app.config["WTF_CSRF_ENABLED"] = False
    form = {**NEW_GAME_FORM, "players-0": CYRILLIC_ANN, "review": "1"}
    page = app.test_client().post("/new/2x2", data=form)
    assert page.status_code in (200, 400)
    assert "mixes Cyrillic and Latin letters in one word" in page.text


@pytest.mark.parametrize(
    "name",
    ["Zoë", "Мария Ann", "Jean-Luc", "Anne-Мария", "山田たろう", "김민준", "O'Brien 2"],
)
def test_names_in_one_script_a_word_or_a_language_that_mixes_them_are_kept(name):
    table = make_table([("A", [name]), ("B", ["Bob"])])
    assert table.players[0] == name


def test_a_saved_game_whose_name_mixes_scripts_still_loads(app, api):
    api.create(sides=lone("Ann", "Bob"), first_dealer=None)
    with app.app_context():
        db.session.execute(
            update(Player).where(Player.name == "Ann").values(name=CYRILLIC_ANN)
        )
        db.session.execute(update(Game).values(first_dealer=CYRILLIC_ANN))
        db.session.commit()
    assert api.client.get(f"/api/games/{api.game_id}").status_code == 200


CYRILLIC_ABE = "\u0410\u0412\u0415"  # all Cyrillic: А, В, Е


def test_names_that_look_alike_share_their_skeleton_whatever_the_case():
    assert lookalike(CYRILLIC_ABE) == lookalike("ABE") == lookalike("Abe")
    assert lookalike("BiII") == lookalike("Bill")  # capital I as small l
    assert lookalike("Ann") != lookalike("Anne")
    assert lookalike("\u0430\u0432\u0435") != lookalike("abe")  # small в is no b


def review(client, first: str) -> str:
    form = {**NEW_GAME_FORM, "players-0": first, "review": "1"}
    page = client.post("/new/2x2", data=form)
    assert page.status_code == 200, page.text
    return page.text


def test_the_new_game_page_asks_before_a_lookalike_becomes_a_new_player(app, api):
    api.create(sides=lone("ABE", "Bob"), first_dealer=None)
    api.hand(bidder="Bob", contract="7H", tricks=7)  # ABE has played
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    asked = f"{CYRILLIC_ABE} looks like ABE, who has played here before."
    assert asked in review(client, CYRILLIC_ABE)
    assert "looks like" not in review(client, "Abe")  # ABE himself
    assert "looks like" not in review(client, "Zed")
    started = client.post(
        "/new/2x2",
        data={**NEW_GAME_FORM, "players-0": CYRILLIC_ABE, "start": "1"},
    )
    assert started.status_code == 302  # asked once: Start makes a new player


def test_a_name_with_a_slash_has_a_working_page_api_and_rename(app, api):
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD)
    api.create(sides=lone("A/B", "Bob"), first_dealer=None)
    api.hand(bidder="Bob", contract="7H", tricks=7)
    client = app.test_client()
    board = client.get("/players").text
    assert 'href="/players/A/B"' in board
    page = client.get("/players/A/B")
    assert page.status_code == 200 and "<h1>A/B</h1>" in page.text
    answer = client.get("/api/players/a/b")
    assert answer.status_code == 200 and answer.json["name"] == "A/B"
    asked = client.get("/players/A/B/rename", query_string={"new_name": "C/D"})
    assert asked.status_code == 200 and "Rename A/B to C/D?" in asked.text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', asked.text)
    form = {"new_name": "C/D", "games": "1", "password": CLUB_PASSWORD}
    form["csrf_token"] = token.group(1)
    done = client.post("/players/A/B/rename", data=form)
    assert done.status_code == 302 and done.location == "/players/C/D"
    assert "A/B is C/D now" in client.get(done.location).text
    assert client.get("/players/A/B").status_code == 404


def test_a_name_ending_in_rename_has_its_page_beside_the_rename_of_another(app, api):
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD)
    api.create(sides=lone("Ann/rename", "Ann"), first_dealer=None)
    api.hand(bidder="Ann", contract="7H", tricks=7)
    client = app.test_client()
    assert 'href="/players/Ann/rename"' in client.get("/players").text
    page = client.get("/players/Ann/rename")
    assert page.status_code == 200 and "<h1>Ann/rename</h1>" in page.text
    asked = client.get("/players/Ann/rename", query_string={"new_name": "Anne"})
    assert asked.status_code == 200 and "Rename Ann to Anne?" in asked.text
    own = client.get("/players/Ann/rename/rename", query_string={"new_name": "X"})
    assert own.status_code == 200 and "Rename Ann/rename to X?" in own.text
