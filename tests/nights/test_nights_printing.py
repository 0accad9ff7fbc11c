"""A night on paper: the movement printed (every round seated, the rounds ahead
as planned now) and a tally card a player, four a sheet."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.nights import seating, service
from scorekeeper.nights.movements import movement
from scorekeeper.nights.movements.rotation import rotation_schedule
from scorekeeper.nights.printing import plan
from scorekeeper.nights.printing.plan import Line, Round, Table, Tally, tallies

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def make(client: FlaskClient, **changes: Any) -> dict[str, Any]:
    body = {
        "name": "Mixer",
        "rules": {"preset": "australian"},
        "movement": "rotation",
        "round_hands": 1,
        "players": EIGHT,
        **changes,
    }
    answer = client.post("/api/nights", json=body)
    assert answer.status_code == 201, answer.json
    return answer.json


def bearer(night: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {night['director_token']}"}


def next_round(client: FlaskClient, night: dict[str, Any]) -> list[list[list[str]]]:
    """Call time on the round in play, seat the next; return its tables' sides."""
    now = client.get(f"/api/nights/{night['id']}").json
    number = now["rounds"][-1]["number"]
    closed = client.post(
        f"/api/nights/{night['id']}/rounds/{number}/close", headers=bearer(night)
    )
    assert closed.status_code == 200
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=bearer(night))
    assert started.status_code == 201, started.json
    tables = started.json["rounds"][-1]["tables"]
    return [[s["players"] for s in t["sides"]] for t in tables]


def planned(app, night_id: str) -> dict[int, list[list[list[str]]]]:
    """Return the schedule's rounds ahead: each its tables' sides."""
    with app.app_context():
        rounds, _ = plan.schedule(service.load(night_id))
    return {
        r.number: [[list(side) for side in t.sides] for t in r.tables]
        for r in rounds
        if r.state == "planned"
    }


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&amp;", "&")


def test_a_rotation_prints_every_round_ahead_as_it_will_be_seated(app, client):
    night = make(client)
    page = words(client.get(f"/nights/{night['id']}/schedule").text)
    assert "Round 1 (in play)" in page and "Round 7 (planned)" in page
    assert "Round 8" not in page  # eight players: seven rounds partner everyone
    ahead = planned(app, night["id"])
    assert sorted(ahead) == [2, 3, 4, 5, 6, 7]
    for number in (2, 3):
        assert next_round(client, night) == ahead[number]
    page = words(client.get(f"/nights/{night['id']}/schedule").text)
    assert "Round 1 (played)" in page and "Round 3 (in play)" in page


def test_after_a_roster_change_the_rounds_ahead_are_planned_again(app, client):
    night = make(client)
    before = planned(app, night["id"])
    path = f"/api/nights/{night['id']}/players"
    added = client.post(path, json={"name": "Ivy"}, headers=bearer(night))
    assert added.status_code == 201
    after = planned(app, night["id"])
    assert after != before and "Ivy" in str(after)
    assert next_round(client, night) == after[2]


def test_fixed_pairs_print_their_round_robin_and_a_planned_count_caps_it(client):
    pairs = [["Ann", "Cat"], ["Bob", "Dan"], ["Eve", "Gus"], ["Fay", "Hal"]]
    night = make(client, movement="fixed_pairs", players=None, pairs=pairs)
    page = words(client.get(f"/nights/{night['id']}/schedule").text)
    assert "Round 3 (planned)" in page and "Round 4" not in page
    assert page.count("Ann & Cat against") + page.count("against Ann & Cat") == 3
    short = make(client, rounds=4)
    page = words(client.get(f"/nights/{short['id']}/schedule").text)
    assert "Round 4 (planned)" in page and "Round 5" not in page


def test_progressive_prints_the_rounds_seated_and_the_next_once_known(client):
    night = make(client, movement="progressive")
    page = words(client.get(f"/nights/{night['id']}/schedule").text)
    assert "Round 1 (in play)" in page and "Round 2" not in page
    assert "the rounds after the next are not known yet" in page
    number = 1
    closed = client.post(
        f"/api/nights/{night['id']}/rounds/{number}/close", headers=bearer(night)
    )
    assert closed.status_code == 200
    page = words(client.get(f"/nights/{night['id']}/schedule").text)
    assert "Round 1 (played)" in page and "Round 2 (next)" in page
    assert "Ann & Cat 0 against Bob & Dan 0" in page  # time called before a hand


def test_a_tally_card_for_each_player_still_in_the_night_four_a_sheet(client):
    night = make(client, movement="progressive", players=[*EIGHT, "Ivy"])
    path = f"/api/nights/{night['id']}/players/Ivy"
    gone = client.delete(path, headers=bearer(night))
    assert gone.status_code == 200
    game = night["rounds"][0]["tables"][0]["game"]
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 8}
    made = client.post(f"/api/games/{game}/hands", json=hand, headers=bearer(night))
    assert made.status_code == 201
    html = client.get(f"/nights/{night['id']}/tallies").text
    assert html.count('class="tally-sheet per-4"') == 2
    assert html.count('class="tally-card') == 8 and 'aria-label="Ivy"' not in html
    ann = words(html[html.index('aria-label="Ann"') : html.index('aria-label="Bob"')])
    # Round 1 at table 1 with Cat against Bob & Dan, won with 200; then blank
    # lines to write up to eight rounds by hand.
    assert "1 1 Cat Bob & Dan 200 ✓" in ann
    assert " 8 Total " in ann and " 9 " not in ann


def test_the_printed_pages_are_404_for_no_such_night(client):
    for page in ("schedule", "tallies"):
        assert client.get(f"/nights/nope/{page}").status_code == 404


def test_a_tally_lists_tables_byes_and_blank_rounds_to_the_total():
    rounds = [
        Round(1, "played", (Table(1, (("Ann", "Cat"), ("Bob", "Dan")), (240, 40), 0),)),
        Round(2, "planned", (Table(1, (("Ann", "Bob"), ("Cat", "Eve"))),), ("Dan",)),
    ]
    ann, dan = tallies(["Ann", "Dan"], rounds, 3)
    assert ann.lines == (
        Line(1, 1, ("Cat",), ("Bob", "Dan"), score=240, won=True),
        Line(2, 1, ("Bob",), ("Cat", "Eve")),
        Line(3),
    )
    assert dan.lines[0].won is False and dan.lines[0].score == 40
    assert dan.lines[1] == Line(2, sitting_out=True)
    assert not ann.crowded and tallies(["Ann"], rounds, 13)[0].crowded


def test_fixed_pairs_drawn_at_random_still_meet_every_other_pair_once(app, client):
    pairs = [["A1", "A2"], ["B1", "B2"], ["C1", "C2"], ["D1", "D2"]]
    for number in range(6):  # six draws: most put round 1 out of the given order
        night = make(
            client,
            name=f"Draw {number}",
            movement="fixed_pairs",
            players=None,
            pairs=pairs,
            shuffle=True,
        )
        first = [
            [s["players"] for s in t["sides"]] for t in night["rounds"][0]["tables"]
        ]
        ahead = planned(app, night["id"])
        met = [frozenset(p[0] for p in table) for table in first]
        met += [frozenset(p[0] for p in t) for r in ahead.values() for t in r]
        assert len(met) == len(set(met)) == 6, met
        assert next_round(client, night) == ahead[2]


def test_a_rotation_drawn_at_random_keeps_to_its_plan_everyone_partners_once(
    app, client
):
    twelve = [f"P{n}" for n in range(12)]
    for number in range(3):  # three draws
        night = make(client, name=f"Draw {number}", players=twelve, shuffle=True)
        with app.app_context():
            seed = seating.seed(service.load(night["id"]))
        drawn = movement.drawn(twelve, seed)
        plan = rotation_schedule(drawn, None, "sit_out", (), seed)
        first = night["rounds"][0]["tables"]
        seated = [[s["players"] for s in t["sides"]] for t in first]
        for _ in range(2, 12):  # rounds 2 to 11
            seated += next_round(client, night)
        assert seated == [
            [list(side) for side in t.sides] for r in plan for t in r.tables
        ]
        partners = [frozenset(side) for table in seated for side in table]
        assert len(partners) == len(set(partners)) == 66  # every two, once


def test_the_night_and_its_console_link_to_the_printed_pages(client):
    night = make(client)
    client.get(night["links"]["direct"])  # this phone directs the night
    for page in (f"/nights/{night['id']}", f"/nights/{night['id']}/direct"):
        html = client.get(page).text
        assert f'href="/nights/{night["id"]}/schedule"' in html, page
        assert f'href="/nights/{night["id"]}/tallies"' in html, page


def test_a_tally_card_of_many_rounds_takes_half_a_sheet_then_a_whole_one():
    def card(rounds: int) -> Tally:
        return Tally("Ann", tuple(Line(n + 1) for n in range(rounds)))

    sheets = [(card(n).crowded, card(n).per_sheet) for n in (8, 12, 13, 24, 25)]
    assert sheets == [(False, 4), (False, 4), (True, 2), (True, 2), (True, 1)]
