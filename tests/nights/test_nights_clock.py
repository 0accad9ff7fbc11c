"""The round clock, server side (NIGHTS.md "The round clock"): `round_minutes`
set up on the page and through the API, each round's `started` and `ends`."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from test_nights_pages import csrf

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def body(**changes: Any) -> dict[str, Any]:
    return {
        "name": "Timed",
        "rules": {"preset": "australian"},
        "movement": "progressive",
        "players": EIGHT,
        **changes,
    }


def moment(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)


@pytest.mark.parametrize("minutes", [4, 121, 0, -5, "20", 20.5, True])
def test_a_round_clock_outside_5_to_120_minutes_is_refused_naming_it(client, minutes):
    answer = client.post("/api/nights", json=body(round_minutes=minutes))
    assert answer.status_code == 400
    assert answer.json["field"] == "round_minutes"
    assert client.get("/api/nights").json["total"] == 0


def test_each_round_starts_its_clock_when_seated_and_ends_after_the_minutes(client):
    before = datetime.now().astimezone()
    made = client.post("/api/nights", json=body(round_minutes=20)).json
    assert made["round_minutes"] == 20
    (first,) = made["rounds"]
    started, ends = moment(first["started"]), moment(first["ends"])
    assert ends - started == timedelta(minutes=20)
    assert before - timedelta(seconds=1) <= started <= datetime.now().astimezone()
    headers = {"Authorization": f"Bearer {made['director_token']}"}
    path = f"/api/nights/{made['id']}"
    assert client.post(f"{path}/rounds/1/close", headers=headers).status_code == 200
    second = client.post(f"{path}/rounds", headers=headers).json["rounds"][1]
    assert moment(second["started"]) >= started
    assert moment(second["ends"]) - moment(second["started"]) == timedelta(minutes=20)


def test_without_a_clock_a_round_has_a_start_and_no_end(client):
    made = client.post("/api/nights", json=body()).json
    assert made["round_minutes"] is None
    (first,) = made["rounds"]
    assert first["started"] and first["ends"] is None


def test_the_setup_page_sets_the_clock_and_refuses_one_out_of_bounds(client):
    page = client.get("/nights/new").text
    assert 'name="round_minutes"' in page
    form = {
        "csrf_token": csrf(page),
        "name": "Timed",
        "rules": "preset:australian",
        "movement": "progressive",
        "round_hands": "4",
        "rank_by": "wins",
        "odd_players": "sit_out",
        "players": "\n".join(EIGHT),
    }
    refused = client.post("/nights/new", data={**form, "round_minutes": "150"})
    assert refused.status_code == 400
    assert "clock runs 5 to 120 minutes" in refused.text
    made = client.post("/nights/new", data={**form, "round_minutes": "25"})
    assert made.status_code == 302
    night = made.headers["Location"].split("/")[2]
    assert client.get(f"/api/nights/{night}").json["round_minutes"] == 25
