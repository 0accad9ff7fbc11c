"""NIGHTS.md's ten-trick award is a side's: both players of the side that took
all ten tricks count, the bidder's side or the defenders (issue 40, point 8)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from test_nights_reads import forget

from scorekeeper.db.models import db
from scorekeeper.nights.standings import all_ten, awards
from scorekeeper.results.models import HandResultRow

AC_BD = (("Ann", "Cat"), ("Bob", "Dan"))


def test_a_made_contract_with_all_ten_counts_for_both_partners():
    assert all_ten(AC_BD, 0, None, (10, 0)) == ("Ann", "Cat")


def test_defenders_who_take_all_ten_both_count():
    assert all_ten(AC_BD, 1, None, (10, 0)) == ("Ann", "Cat")


def test_no_side_with_all_ten_counts_for_no_one():
    assert all_ten(AC_BD, 0, None, (9, 1)) == ()
    assert all_ten(AC_BD, None, None, (0, 0)) == ()  # all passed, redealt


def test_a_hand_all_passed_and_played_out_counts_for_the_side_with_all_ten():
    assert all_ten(AC_BD, None, None, (0, 10)) == ("Bob", "Dan")


def test_at_a_table_of_three_a_side_is_one_player():
    three = (("Ann",), ("Bob",), ("Cat",))
    assert all_ten(three, 0, None, (10, 0, 0)) == ("Ann",)
    assert all_ten(three, 0, None, (0, 0, 10)) == ("Cat",)
    # The two defenders split the ten tricks: neither side took all ten.
    assert all_ten(three, 0, None, (0, 4, 6)) == ()


def test_at_a_table_of_five_the_called_partner_is_on_the_bidder_s_side():
    five = (("Ann",), ("Bob",), ("Cat",), ("Dan",), ("Eve",))
    assert all_ten(five, 0, "Cat", (6, 0, 4, 0, 0)) == ("Ann", "Cat")
    assert all_ten(five, 0, None, (10, 0, 0, 0, 0)) == ("Ann",)  # played alone
    assert all_ten(five, 0, "Cat", (0, 10, 0, 0, 0)) == ("Bob",)


def test_at_a_table_of_six_a_side_of_two_defenders_both_count():
    six = (("Ann", "Dan"), ("Bob", "Eve"), ("Cat", "Fay"))
    assert all_ten(six, 0, None, (0, 10, 0)) == ("Bob", "Eve")


def test_the_award_counts_every_player_of_the_side_with_all_ten():
    hands = [
        ("Ann", "normal", 7, True, 250, ("Ann", "Cat")),  # 7♦ with all ten
        ("Bob", "normal", 6, False, -40, ("Ann", "Cat")),  # set, defenders took ten
        (None, "pass", None, None, None, ()),
    ]
    won = {a["name"]: (a["players"], a["value"]) for a in awards(hands)}
    assert won["Most ten-trick hands"] == (["Ann", "Cat"], 2)
    assert won["Most contracts made"] == (["Ann"], 1)


EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _hand(client: FlaskClient, night: dict[str, Any], table: int, **hand: Any) -> None:
    game = night["rounds"][0]["tables"][table]["game"]
    token = {"Authorization": f"Bearer {night['director_token']}"}
    saved = client.post(f"/api/games/{game}/hands", json=hand, headers=token)
    assert saved.status_code == 201, saved.json


def test_a_night_gives_the_ten_trick_award_to_both_players_of_the_side(client):
    body = {"name": "Tens", "round_hands": 4, "players": EIGHT}
    night = client.post("/api/nights", json=body).json
    # Table 1: Ann and Cat against Bob and Dan; table 2: Eve and Gus against
    # Fay and Hal. Ann's 7♦ takes all ten; Fay's 6♠ takes none.
    _hand(client, night, 0, bidder="Ann", contract="7D", tricks=10)
    _hand(client, night, 1, bidder="Fay", contract="6S", tricks=0)
    shown = client.get(f"/api/nights/{night['id']}").json
    tens = next(a for a in shown["awards"] if a["name"] == "Most ten-trick hands")
    assert tens == {
        "name": "Most ten-trick hands",
        "players": ["Ann", "Cat", "Eve", "Gus"],
        "value": 1,
    }


def test_flask_rescore_rebuilds_the_kept_rows_the_awards_read(app, client, runner):
    body = {"name": "Tens", "round_hands": 4, "players": EIGHT}
    night = client.post("/api/nights", json=body).json
    _hand(client, night, 0, bidder="Ann", contract="7D", tricks=10)
    _hand(client, night, 1, bidder="Fay", contract="6S", tricks=0)
    before = client.get(f"/api/nights/{night['id']}").json["awards"]
    with app.app_context():  # the kept results lost: no award at all
        db.session.execute(db.delete(HandResultRow))
        db.session.commit()
    forget()
    assert client.get(f"/api/nights/{night['id']}").json["awards"] == []
    assert runner.invoke(args=["rescore"]).exit_code == 0
    forget()
    assert client.get(f"/api/nights/{night['id']}").json["awards"] == before
