"""Recording, replacing and undoing hands through the JSON API."""

import pytest

SEVEN_HEARTS = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def hands_path(api, number=None):
    path = f"/api/games/{api.game_id}/hands"
    return path if number is None else f"{path}/{number}"


def win(api):
    """Play three hands of Australian 500 that take Us out the front door."""
    api.hand(bidder="Ann", contract="8H", tricks=8)
    api.hand(bidder="Bob", contract="7S", tricks=7)
    return api.hand(bidder="Cat", contract="7H", tricks=7)


def test_hand_is_scored_and_bumps_the_version(client, api):
    api.create()
    response = client.post(hands_path(api), json=SEVEN_HEARTS, headers=api.headers())
    assert response.status_code == 201 and response.headers["ETag"] == '"2"'
    game = response.json
    assert game["version"] == 2
    assert game["hands"] == [
        {
            "number": 1,
            "dealer": "Ann",
            "bidder": "Bob",
            "side": 1,
            "partner": None,
            "contract": "7H",
            "tricks": [3, 7],
            "first_out": None,
            "made": True,
            "points": [30, 200],
            "reasons": ["3 tricks", "made"],
            "totals": [30, 200],
        }
    ]
    assert [s["score"] for s in game["sides"]] == [30, 200]
    assert game["next_dealer"] == "Bob" and api.game() == game


def test_hand_by_side_and_tricks_per_side(api):
    api.create()
    game = api.hand(side=0, contract="misere", tricks=[0, 10])
    assert game["hands"][0]["bidder"] is None and game["sides"][0]["score"] == 250


def test_a_front_door_win_finishes_the_game(api):
    api.create()
    game = win(api)
    assert game["status"] == "finished" and game["ending"] == "front_door"
    assert game["winner"] == 0 and [s["score"] for s in game["sides"]] == [530, 190]
    assert game["next_dealer"] is None


def test_no_hand_after_the_end(client, api):
    api.create()
    win(api)
    response = client.post(hands_path(api), json=SEVEN_HEARTS, headers=api.headers())
    assert response.status_code == 409 and response.json["field"] == "hand"
    assert "game is over" in response.json["error"]
    assert len(api.game()["hands"]) == 3 and api.game()["version"] == 4


@pytest.mark.parametrize(
    ("hand", "field", "message"),
    [
        ({}, "contract", "Name the contract"),
        ({"bidder": "Bob", "contract": 7, "tricks": 7}, "contract", "Name the"),
        (
            {"bidder": "Bob", "contract": "7X", "tricks": 7},
            "contract",
            "not a contract",
        ),
        (
            {"bidder": "Bob", "contract": "blind_misere", "tricks": 0},
            "contract",
            "not allowed",
        ),
        ({"contract": "7H", "tricks": 7}, "bidder", "who won the bidding"),
        (
            {"bidder": "Zed", "contract": "7H", "tricks": 7},
            "bidder",
            "not at this table",
        ),
        ({"bidder": 3, "contract": "7H", "tricks": 7}, "bidder", "not at this table"),
        ({"bidder": "Bob", "side": 0, "contract": "7H", "tricks": 7}, "side", "side 0"),
        ({"side": 2, "contract": "7H", "tricks": 7}, "side", "0 to 1"),
        ({"bidder": "Bob", "contract": "7H"}, "tricks", "how many tricks"),
        ({"bidder": "Bob", "contract": "7H", "tricks": 11}, "tricks", "0 to 10"),
        ({"bidder": "Bob", "contract": "7H", "tricks": -1}, "tricks", "0 to 10"),
        ({"bidder": "Bob", "contract": "7H", "tricks": "7"}, "tricks", "whole number"),
        ({"bidder": "Bob", "contract": "7H", "tricks": True}, "tricks", "whole number"),
        ({"bidder": "Bob", "contract": "7H", "tricks": [3]}, "tricks", "all 2 sides"),
        ({"bidder": "Bob", "contract": "7H", "tricks": [3, 6]}, "tricks", "add up"),
        ({**SEVEN_HEARTS, "partner": "Dan"}, "partner", "five-handed"),
        ({**SEVEN_HEARTS, "trumps": "H"}, "trumps", "not a field of a hand"),
        ([SEVEN_HEARTS], None, "JSON object"),
        ("7H", None, "JSON object"),
    ],
)
def test_bad_hands_are_400_and_write_nothing(client, api, hand, field, message):
    api.create()
    before = api.game()
    response = client.post(hands_path(api), json=hand, headers=api.headers())
    assert response.status_code == 400
    assert response.json["field"] == field and message in response.json["error"]
    assert api.game() == before


def test_malformed_json_is_400(client, api):
    api.create()
    response = client.post(
        hands_path(api),
        data="{",
        content_type="application/json",
        headers=api.headers(),
    )
    assert response.status_code == 400 and "not valid JSON" in response.json["error"]
    assert api.game()["version"] == 1


@pytest.mark.parametrize(
    ("method", "number"), [("post", None), ("put", 1), ("delete", 1)]
)
@pytest.mark.parametrize(
    ("authorization", "message"),
    [(None, "needs its write token"), ("Bearer nope", "does not belong")],
)
def test_hand_writes_need_the_token(
    client, api, method, number, authorization, message
):
    api.create()
    api.hand(**SEVEN_HEARTS)
    headers = {"Authorization": authorization} if authorization else {}
    send = getattr(client, method)
    response = send(hands_path(api, number), json=SEVEN_HEARTS, headers=headers)
    assert response.status_code == 403 and message in response.json["error"]
    assert api.game()["version"] == 2


@pytest.mark.parametrize(
    ("method", "number"), [("post", None), ("put", 1), ("delete", 1)]
)
def test_hand_writes_to_an_unknown_game_are_404(client, api, method, number):
    api.create()
    path = hands_path(api, number).replace(api.game_id, "missing")
    response = getattr(client, method)(path, json=SEVEN_HEARTS, headers=api.headers())
    assert response.status_code == 404 and "no game" in response.json["error"]


@pytest.mark.parametrize("method", ["put", "delete"])
def test_unknown_hand_is_404(client, api, method):
    api.create()
    api.hand(**SEVEN_HEARTS)
    response = getattr(client, method)(
        hands_path(api, 2), json=SEVEN_HEARTS, headers=api.headers()
    )
    assert response.status_code == 404
    assert response.json["error"] == "There is no hand 2 in this game."
    assert api.game()["version"] == 2


def test_if_match_lets_only_one_of_two_phones_land(client, api):
    api.create()
    first = api.headers(**{"If-Match": '"1"'})
    response = client.post(hands_path(api), json=SEVEN_HEARTS, headers=first)
    assert response.status_code == 201 and response.headers["ETag"] == '"2"'
    response = client.post(hands_path(api), json=SEVEN_HEARTS, headers=first)
    assert response.status_code == 412 and "reload" in response.json["error"]
    assert len(api.game()["hands"]) == 1 and api.game()["version"] == 2


@pytest.mark.parametrize("method", ["put", "delete"])
@pytest.mark.parametrize("etag", ['"1"', "garbage", 'W/"9"'])
def test_if_match_mismatch_on_edit_and_undo_is_412(client, api, method, etag):
    api.create()
    api.hand(**SEVEN_HEARTS)
    headers = api.headers(**{"If-Match": etag})
    response = getattr(client, method)(
        hands_path(api, 1), json=SEVEN_HEARTS, headers=headers
    )
    assert response.status_code == 412
    assert api.game()["version"] == 2 and len(api.game()["hands"]) == 1


def test_if_match_accepts_the_current_etag_and_star(client, api):
    api.create()
    for etag in ('"1"', 'W/"2"', "*"):
        headers = api.headers(**{"If-Match": etag})
        response = client.post(hands_path(api), json=SEVEN_HEARTS, headers=headers)
        assert response.status_code == 201
    assert api.game()["version"] == 4


def test_replace_a_hand(client, api):
    api.create()
    api.hand(**SEVEN_HEARTS)
    api.hand(bidder="Cat", contract="6S", tricks=6)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 4}
    response = client.put(hands_path(api, 1), json=hand, headers=api.headers())
    assert response.status_code == 200 and response.headers["ETag"] == '"4"'
    game = response.json
    assert game["hands"][0]["made"] is False
    assert game["hands"][0]["totals"] == [60, -200]
    assert game["hands"][1]["totals"] == [100, -160]


def test_bad_replacement_is_400_and_writes_nothing(client, api):
    api.create()
    api.hand(**SEVEN_HEARTS)
    before = api.game()
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 12}
    response = client.put(hands_path(api, 1), json=hand, headers=api.headers())
    assert response.status_code == 400 and response.json["field"] == "tricks"
    assert api.game() == before


def test_undo_the_last_hand_reopens_a_finished_game(client, api):
    api.create()
    win(api)
    response = client.delete(hands_path(api, 3), headers=api.headers())
    assert response.status_code == 200 and response.headers["ETag"] == '"5"'
    game = response.json
    assert game["status"] == "in_progress" and game["winner"] is None
    assert len(game["hands"]) == 2 and game["next_dealer"] == "Cat"
    api.hand(bidder="Cat", contract="7H", tricks=7)


def test_only_the_last_hand_can_be_undone(client, api):
    api.create()
    api.hand(**SEVEN_HEARTS)
    api.hand(**SEVEN_HEARTS)
    response = client.delete(hands_path(api, 1), headers=api.headers())
    assert response.status_code == 409
    assert response.json == {
        "error": "Only the last hand (2) can be undone; edit hand 1 instead.",
        "field": "number",
    }
    assert len(api.game()["hands"]) == 2 and api.game()["version"] == 3


def long_game(api):
    """Twelve hands: Us and Them both at 440 after 11, then Us out on 7H."""
    api.create()
    api.hand(bidder="Ann", contract="6S", tricks=6)
    for _ in range(10):
        api.hand(bidder="Bob", contract="6S", tricks=6)
    return api.hand(bidder="Ann", contract="7H", tricks=7)


def test_editing_hand_one_recomputes_every_later_total_and_the_ending(client, api):
    before = long_game(api)
    assert before["ending"] == "front_door" and before["winner"] == 0
    hand = {"bidder": "Ann", "contract": "8S", "tricks": 5}
    response = client.put(hands_path(api, 1), json=hand, headers=api.headers())
    assert response.status_code == 200
    after = response.json
    for old, new in zip(before["hands"], after["hands"], strict=True):
        assert new["totals"] == [old["totals"][0] - 280, old["totals"][1] + 10]
    assert [s["score"] for s in after["sides"]] == [360, 480]
    assert after["status"] == "in_progress" and after["ending"] is None
    assert after["winner"] is None and api.game() == after


def test_an_edit_that_ends_the_game_earlier_is_409(client, api):
    before = long_game(api)
    hand = {"bidder": "Ann", "contract": "10NT", "tricks": 5}
    response = client.put(hands_path(api, 1), json=hand, headers=api.headers())
    assert response.status_code == 409
    assert "ends at hand 1" in response.json["error"]
    assert api.game() == before
