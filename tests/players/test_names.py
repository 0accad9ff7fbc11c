"""One person, one name: Unicode forms and case never split or double a player."""

from __future__ import annotations

import unicodedata

import pytest
from api_helpers import FRIDAY, Api
from sqlalchemy.exc import IntegrityError

from scorekeeper.db.models import RuleSet, db
from scorekeeper.scoring import ScoringError, make_table, name_key

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
