"""NIGHTS.md's JSON API end to end: set up, play tables, rounds, time, roster."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def make(client: FlaskClient, status: int = 201, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Tuesday club",
        "rules": {"preset": "australian"},
        "movement": "progressive",
        "round_hands": 2,
        "rank_by": "wins",
        "players": EIGHT,
        **changes,
    }
    body = {k: v for k, v in body.items() if v is not None}
    response = client.post("/api/nights", json=body)
    assert response.status_code == status, response.json
    assert response.json is not None
    return response.json


def director(night: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {night['director_token']}"}


def hand(client: FlaskClient, game: str, token: str, bidder: str, tricks: int) -> None:
    response = client.post(
        f"/api/games/{game}/hands",
        json={"bidder": bidder, "contract": "7H", "tricks": tricks},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 201, response.json


def play(client: FlaskClient, night: dict[str, Any], table: dict[str, Any]) -> None:
    """Save one hand at a table: its first player bids 6 spades and makes 6."""
    bidder = table["sides"][0]["players"][0]
    saved = client.post(
        f"/api/games/{table['game']}/hands",
        json={"bidder": bidder, "contract": "6S", "tricks": 6},
        headers=director(night),
    )
    assert saved.status_code == 201, saved.json


def get(client: FlaskClient, night_id: str) -> dict[str, Any]:
    response = client.get(f"/api/nights/{night_id}")
    assert response.status_code == 200
    assert response.json is not None
    return response.json


def test_a_night_starts_with_round_one_seated_in_roster_order(client):
    night = make(client)
    assert night["status"] == "in_progress" and night["rounds_planned"] is None
    assert set(night["links"]) == {"view", "screen", "direct", "cards"}
    (first,) = night["rounds"]
    sides = [[s["players"] for s in t["sides"]] for t in first["tables"]]
    assert sides == [[["Ann", "Cat"], ["Bob", "Dan"]], [["Eve", "Gus"], ["Fay", "Hal"]]]
    game = client.get(f"/api/games/{first['tables'][0]['game']}").json
    assert game["rules"]["hands_limit"] == 2
    assert game["next_dealer"] == "Ann"  # the first player of side 0 deals
    assert [s["player"] for s in night["standings"]][:2] == ["Ann", "Bob"]
    assert {s["rank"] for s in night["standings"]} == {1}


def test_no_reader_sees_a_token(client):
    night = make(client)
    shown = client.get(f"/api/nights/{night['id']}").get_data(as_text=True)
    assert night["director_token"] not in shown and "token" not in shown
    listed = client.get("/api/nights").get_data(as_text=True)
    assert night["director_token"] not in listed and night["name"] in listed


def test_the_director_plays_the_tables_and_progressive_moves_winners_up(client):
    night = make(client)
    token = night["director_token"]
    t1, t2 = night["rounds"][0]["tables"]
    # Table 1: Bob & Dan win; table 2: Eve & Gus win.
    for _ in range(2):
        hand(client, t1["game"], token, "Bob", 8)
        hand(client, t2["game"], token, "Eve", 8)
    now = get(client, night["id"])
    assert [t["winner"] for t in now["rounds"][0]["tables"]] == [1, 0]
    assert now["rounds"][0]["status"] == "finished"
    top = now["standings"][0]
    assert (top["wins"], top["played"], top["points"]) == (1, 1, 2 * 200)
    made = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert made.status_code == 201, made.json
    second = made.json["rounds"][1]["tables"]
    # Head table: winners Bob & Dan stay, table 2's winners Eve & Gus arrive.
    assert [s["players"] for s in second[0]["sides"]] == [
        ["Bob", "Eve"],
        ["Dan", "Gus"],
    ]
    # Table 2: its losers Fay & Hal stay, the head table's losers Ann & Cat arrive.
    assert [s["players"] for s in second[1]["sides"]] == [
        ["Fay", "Ann"],
        ["Hal", "Cat"],
    ]


def test_a_round_cannot_start_while_a_table_plays_and_time_can_be_called(client):
    night = make(client, round_hands=None)
    path = f"/api/nights/{night['id']}"
    early = client.post(f"{path}/rounds", headers=director(night))
    assert early.status_code == 409 and early.json["field"] == "round"
    t1 = night["rounds"][0]["tables"][0]
    hand(client, t1["game"], night["director_token"], "Ann", 8)
    called = client.post(f"{path}/rounds/1/close", headers=director(night))
    assert called.status_code == 200, called.json
    tables = called.json["rounds"][0]["tables"]
    assert [t["status"] for t in tables] == ["finished", "finished"]
    assert tables[0]["winner"] == 0  # Ann & Cat ahead
    assert tables[1]["winner"] == 0  # no hand: side 0 wins the tie
    game = client.get(f"/api/games/{t1['game']}").json
    assert game["status"] == "finished"
    refused = client.post(
        f"/api/games/{t1['game']}/hands",
        json={"bidder": "Bob", "contract": "7H", "tricks": 7},
        headers=director(night),
    )
    assert refused.status_code == 409
    assert client.post(f"{path}/rounds", headers=director(night)).status_code == 201


def test_strangers_cannot_direct_and_nothing_changes(client):
    night = make(client)
    path = f"/api/nights/{night['id']}"
    etag = client.get(path).headers["ETag"]
    for method, url in (
        ("post", f"{path}/rounds"),
        ("post", f"{path}/rounds/1/close"),
        ("post", f"{path}/finish"),
        ("delete", f"{path}/players/Ann"),
    ):
        answer = getattr(client, method)(url, headers={"Authorization": "Bearer no"})
        assert answer.status_code == 403, url
    assert client.get(path).headers["ETag"] == etag


def test_a_hand_at_a_table_moves_the_nights_etag(client):
    night = make(client)
    path = f"/api/nights/{night['id']}"
    first = client.get(path)
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    game = night["rounds"][0]["tables"][1]["game"]
    hand(client, game, night["director_token"], "Eve", 9)
    moved = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200
    assert moved.json["rounds"][0]["tables"][1]["sides"][0]["score"] == 200


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": ["Ann", "Bob", "Cat"]}, "players"),
        ({"players": ["Ann", "Bob", "Cat", "ann"]}, "players"),
        ({"movement": "swiss"}, "movement"),
        ({"rank_by": "style"}, "rank_by"),
        ({"odd_players": "wait"}, "odd_players"),
        ({"odd_players": "mixed_tables"}, "odd_players"),
        ({"round_hands": 41}, "round_hands"),
        ({"round_hands": 0}, "round_hands"),
        ({"rules": {"preset": "nowhere"}}, "preset"),
        ({"movement": "fixed_pairs", "pairs": [["Ann", "Bob"]]}, "pairs"),
    ],
)
def test_a_bad_night_is_refused_naming_the_field_and_nothing_is_written(
    client, changes, field
):
    answer = make(client, 400, **changes)
    assert answer["field"] == field, answer
    assert client.get("/api/nights").json["total"] == 0


def test_late_arrivals_and_leavers(client):
    night = make(client, players=EIGHT[:4], movement="rotation")
    path = f"/api/nights/{night['id']}"
    added = client.post(
        f"{path}/players", json={"name": "Ivy"}, headers=director(night)
    )
    assert added.status_code == 201
    assert added.json["players"][-1] == {"name": "Ivy", "present": True}
    twice = client.post(
        f"{path}/players", json={"name": "IVY"}, headers=director(night)
    )
    assert twice.status_code == 400 and twice.json["field"] == "name"
    gone = client.delete(f"{path}/players/Ivy", headers=director(night))
    assert gone.json["players"][-1] == {"name": "Ivy", "present": False}
    unknown = client.delete(f"{path}/players/Zed", headers=director(night))
    assert unknown.status_code == 404 and unknown.json["field"] == "name"


def test_a_night_with_planned_rounds_finishes_after_the_last(client):
    night = make(client, rounds=1, players=EIGHT[:4])
    path = f"/api/nights/{night['id']}"
    client.post(f"{path}/rounds/1/close", headers=director(night))
    assert get(client, night["id"])["status"] == "finished"
    late = client.post(f"{path}/rounds", headers=director(night))
    assert late.status_code == 409


def test_mixed_tables_seat_five_and_six_players_at_one_table(client):
    for count, size in ((5, 5), (6, 6), (7, 3)):
        night = make(
            client,
            movement="rotation",
            odd_players="mixed_tables",
            players=[*EIGHT, "Ivy", "Jon"][:count] if count > 4 else EIGHT,
        )
        tables = night["rounds"][0]["tables"]
        sizes = sorted(sum(len(s["players"]) for s in t["sides"]) for t in tables)
        assert size in sizes, (count, sizes)
        assert not night["rounds"][0]["sitting_out"]


def test_fixed_pairs_meet_once_each_with_one_bye_for_an_odd_count(client):
    pairs = [["Ann", "Cat"], ["Bob", "Dan"], ["Eve", "Gus"]]
    night = make(client, movement="fixed_pairs", pairs=pairs, players=None)
    path = f"/api/nights/{night['id']}"
    met = set()
    for number in range(1, 4):
        now = get(client, night["id"])
        (table,) = now["rounds"][-1]["tables"]
        met.add(frozenset(tuple(s["players"]) for s in table["sides"]))
        assert len(now["rounds"][-1]["sitting_out"]) == 2
        client.post(f"{path}/rounds/{number}/close", headers=director(night))
        if number < 3:
            started = client.post(f"{path}/rounds", headers=director(night))
            assert started.status_code == 201, started.json
    assert len(met) == 3
    done = client.post(f"{path}/rounds", headers=director(night))
    assert done.status_code == 409
    byes = {s["player"]: s["byes"] for s in get(client, night["id"])["standings"]}
    assert set(byes.values()) == {1}


def test_night_games_count_in_history_and_statistics_like_any_game(client):
    night = make(client, players=EIGHT[:4])
    game = night["rounds"][0]["tables"][0]["game"]
    hand(client, game, night["director_token"], "Ann", 8)
    hand(client, game, night["director_token"], "Ann", 8)
    listed = client.get("/api/games?player=Ann").json["games"]
    assert [g["id"] for g in listed] == [game]
    assert listed[0]["status"] == "finished"
    player = client.get("/api/players/Ann").json
    assert player["games"] == 1 and player["wins"] == 1


def test_a_round_that_fails_half_way_writes_no_game_at_all(client, app, monkeypatch):
    from scorekeeper.db.models import Game, db
    from scorekeeper.nights import service

    night = make(client, round_hands=None)
    client.post(f"/api/nights/{night['id']}/rounds/1/close", headers=director(night))
    with app.app_context():
        before = db.session.execute(db.select(db.func.count(Game.id))).scalar_one()
    made = []
    real = service.games.game_rows.keep  # the second table's game fails

    def second_fails(*args, **kwargs):
        if made:
            raise RuntimeError("the disk is full")
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(service.games.game_rows, "keep", second_fails)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    answer = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert answer.status_code == 500
    monkeypatch.undo()
    with app.app_context():
        after = db.session.execute(db.select(db.func.count(Game.id))).scalar_one()
    assert after == before
    assert len(get(client, night["id"])["rounds"]) == 1
    again = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert again.status_code == 201 and len(again.json["rounds"]) == 2


def test_a_night_finishes_when_its_last_planned_round_ends_by_its_hands(client):
    night = make(client, rounds=1, players=EIGHT[:4], round_hands=1)
    game = night["rounds"][0]["tables"][0]["game"]
    assert get(client, night["id"])["status"] == "in_progress"
    assert client.get("/api/nights").json["nights"][0]["status"] == "in_progress"
    hand(client, game, night["director_token"], "Ann", 7)
    assert get(client, night["id"])["status"] == "finished"
    # The list of nights and its page say so too.
    assert client.get("/api/nights").json["nights"][0]["status"] == "finished"
    listed = client.get("/nights").text
    assert "finished" in listed and "in progress" not in listed


def test_a_drawn_round_one_seats_everyone_once_the_same_on_every_read(client):
    night = make(client, shuffle=True)
    seated = [
        p
        for t in night["rounds"][0]["tables"]
        for s in t["sides"]
        for p in s["players"]
    ]
    assert sorted(seated) == sorted(EIGHT)
    again = get(client, night["id"])["rounds"][0]["tables"]
    assert [p for t in again for s in t["sides"] for p in s["players"]] == seated


def test_time_called_on_a_game_loaded_before_its_last_hand_keeps_rows_a_replay_gives(
    client, app
):
    from test_results import normal, replayed, stored

    from scorekeeper.games import service as games
    from scorekeeper.nights import director

    night = make(client, players=EIGHT[:4], round_hands=None)
    game = night["rounds"][0]["tables"][0]["game"]
    hand(client, game, night["director_token"], "Ann", 8)
    with app.app_context():
        stale = games.load(game)
        # Another phone saves a hand between this load and the call.
        hand(client, game, night["director_token"], "Bob", 9)
        called = director.call_time(stale)
        assert called.state.ending == "called" and len(called.state.hands) == 2
        assert normal(stored()) == normal(replayed())


def test_a_night_from_saved_house_rules_keeps_their_preset(client):
    saved = client.post(
        "/api/rulesets", json={"name": "Our table", "rules": {"preset": "american"}}
    )
    assert saved.status_code == 201, saved.json
    night = make(client, rules=None, ruleset=saved.json["id"])
    assert night["rules"]["preset"] == "american"


def test_a_stale_director_action_names_its_round_and_is_refused_changing_nothing(
    client,
):
    night = make(client, round_hands=None)
    path, auth = f"/api/nights/{night['id']}", director(night)
    assert client.post(f"{path}/rounds/1/close", headers=auth).status_code == 200
    again = client.post(f"{path}/rounds/1/close", headers=auth)
    assert again.status_code == 409 and again.json["field"] == "number"
    assert again.json["error"] == "Round 1 has ended already: nothing was changed."
    ahead = client.post(f"{path}/rounds", json={"number": 3}, headers=auth)
    assert ahead.status_code == 409
    assert ahead.json["error"] == "Round 3 cannot start before round 2."
    started = client.post(f"{path}/rounds", json={"number": 2}, headers=auth)
    assert started.status_code == 201
    before = get(client, night["id"])
    # A page drawn during round 1 calls time, or starts round 2 again.
    old = client.post(f"{path}/rounds/1/close", headers=auth)
    assert old.status_code == 409 and old.json["error"] == (
        "Round 2 has started since this page was drawn: time was not called on round 1."
    )
    twice = client.post(f"{path}/rounds", json={"number": 2}, headers=auth)
    assert twice.status_code == 409 and twice.json["field"] == "number"
    assert twice.json["error"] == "Round 2 has started since this page was drawn."
    assert get(client, night["id"]) == before  # nothing changed
    assert [t["status"] for t in before["rounds"][1]["tables"]] == ["in_progress"] * 2
    bad = client.post(f"{path}/rounds", json={"number": "2"}, headers=auth)
    assert bad.status_code == 400 and bad.json["field"] == "number"


def test_finishing_mid_round_ends_its_tables(client):
    night = make(client, round_hands=None)
    path, auth = f"/api/nights/{night['id']}", director(night)
    hand(
        client,
        night["rounds"][0]["tables"][0]["game"],
        night["director_token"],
        "Ann",
        8,
    )
    done = client.post(f"{path}/finish", headers=auth)
    assert done.status_code == 200 and done.json["status"] == "finished"
    tables = done.json["rounds"][0]["tables"]
    assert [t["status"] for t in tables] == ["finished", "finished"]
    assert [t["winner"] for t in tables] == [0, 0]
    again = client.post(f"{path}/finish", headers=auth)
    assert again.status_code == 409


def test_long_partner_names_are_shortened_in_side_names_and_a_mixer_plays_on(client):
    players = [f"{letter * 3} Longnamed-Player"[:19] for letter in "ABCDEFGH"]
    assert {len(p) for p in players} == {19}
    night = make(client, movement="rotation", players=players, round_hands=None)
    path, auth = f"/api/nights/{night['id']}", director(night)
    for number in (1, 2):
        closed = client.post(f"{path}/rounds/{number}/close", headers=auth)
        assert closed.status_code == 200, closed.json
        started = client.post(
            f"{path}/rounds", json={"number": number + 1}, headers=auth
        )
        assert started.status_code == 201, started.json
    for one in started.json["rounds"]:
        for table in one["tables"]:
            game = client.get(f"/api/games/{table['game']}").json
            for side in game["sides"]:
                assert len(side["name"]) <= 40 and "…" in side["name"]
                assert all(p in players for p in side["players"])  # full names


@pytest.mark.parametrize("length", [62, 80])
def test_a_long_night_name_still_names_round_ten_tables(client, length):
    name = ("Tuesday evening club night at the hall " * 3)[:length]
    night = make(client, name=name, players=EIGHT[:4], round_hands=None)
    path, auth = f"/api/nights/{night['id']}", director(night)
    for number in range(1, 10):
        assert (
            client.post(f"{path}/rounds/{number}/close", headers=auth).status_code
            == 200
        )
        started = client.post(f"{path}/rounds", headers=auth)
        assert started.status_code == 201, started.json
    game = client.get(f"/api/games/{started.json['rounds'][9]['tables'][0]['game']}")
    assert game.json["name"].endswith(": round 10, table 1")
    assert len(game.json["name"]) <= 80
    assert get(client, night["id"])["name"] == name  # the night keeps its own


def test_a_night_name_past_its_limit_is_refused_up_front(client):
    refused = make(client, status=400, name="N" * 81)
    assert refused["field"] == "name"
    assert refused["error"] == "The name must be at most 80 characters."
    assert client.get("/api/nights").json["nights"] == []
