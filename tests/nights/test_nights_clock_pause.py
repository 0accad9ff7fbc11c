"""The round clock, live (NIGHTS.md "The round clock"): the time left counted by
the server, pausing and resuming a round's clock, the next rounds' minutes, and
the last-hand line every screen of the night shows at zero. The clock reads a
frozen time here: `now` below."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_nights_api import get, hand, make
from test_nights_pages import csrf, set_up

from scorekeeper.db.models import db
from scorekeeper.nights.clock import service as clock_service
from scorekeeper.nights.clock import times
from scorekeeper.nights.models import NightRound

T0 = datetime(2026, 11, 26, 19, 0, 0)
LAST = "Time: finish the hand being played, start no new hand."


class Now:
    """The server's time, as the test sets it."""

    at = T0

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    frozen = Now()
    monkeypatch.setattr(times, "utcnow", frozen)
    monkeypatch.setattr(clock_service, "utcnow", frozen)
    return frozen


def started_at(app: Flask, night_id: str, when: datetime) -> None:
    """Say the night's rounds were seated at `when` (rather than wait minutes)."""
    with app.app_context():
        rounds = db.session.execute(
            db.select(NightRound).where(NightRound.night_id == night_id)
        ).scalars()
        for one in rounds:
            one.started = when
        db.session.commit()


def timed(client: FlaskClient, app: Flask, minutes: int | None = 20) -> dict[str, Any]:
    night = make(client, round_minutes=minutes)
    started_at(app, night["id"], T0)
    night["headers"] = {"Authorization": f"Bearer {night['director_token']}"}
    return night


def clock(client: FlaskClient, night_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/nights/{night_id}/clock")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    return answer.json


def act(client: FlaskClient, night: dict[str, Any], action: str, number: int = 1):
    path = f"/api/nights/{night['id']}/rounds/{number}/clock"
    return client.post(path, json={"action": action}, headers=night["headers"])


def at(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp).replace(tzinfo=None)


def test_the_clock_counts_the_seconds_left_by_the_servers_time(client, app, now):
    night = timed(client, app)
    now.at = T0 + timedelta(minutes=5, seconds=30)
    said = clock(client, night["id"])
    assert said["seconds_left"] == 14 * 60 + 30
    assert said["round"] == 1 and said["in_play"] and not said["paused"]
    assert at(said["ends"]) == T0 + timedelta(minutes=20)
    assert not said["last_hand"]


def test_a_pause_holds_the_time_left_and_moves_the_end_on(client, app, now):
    night = timed(client, app)
    now.at = T0 + timedelta(minutes=5)
    paused = act(client, night, "pause")
    assert paused.status_code == 200 and paused.json["paused"]
    assert paused.json["ends"] is None and paused.json["seconds_left"] == 15 * 60
    (first,) = get(client, night["id"])["rounds"]
    assert first["paused"] and first["ends"] is None
    now.at = T0 + timedelta(minutes=12)  # seven minutes of dispute
    assert clock(client, night["id"])["seconds_left"] == 15 * 60
    resumed = act(client, night, "resume").json
    assert not resumed["paused"] and resumed["seconds_left"] == 15 * 60
    assert at(resumed["ends"]) == T0 + timedelta(minutes=27)
    (first,) = get(client, night["id"])["rounds"]
    assert at(first["ends"]) == T0 + timedelta(minutes=27) and not first["paused"]
    now.at = T0 + timedelta(minutes=26, seconds=30)
    assert clock(client, night["id"])["seconds_left"] == 30
    # A second pause adds to the first.
    act(client, night, "pause")
    now.at = T0 + timedelta(minutes=28, seconds=30)
    assert at(act(client, night, "resume").json["ends"]) == T0 + timedelta(minutes=29)


def test_at_zero_it_is_the_last_hand_and_no_game_ends_by_itself(client, app, now):
    night = timed(client, app)
    now.at = T0 + timedelta(minutes=45)
    said = clock(client, night["id"])
    assert said["seconds_left"] == 0 and said["last_hand"] and said["in_play"]
    tables = get(client, night["id"])["rounds"][0]["tables"]
    assert {t["status"] for t in tables} == {"in_progress"}
    refused = act(client, night, "pause")
    assert refused.status_code == 409 and refused.json["field"] == "action"


def test_a_stale_clock_action_is_refused_naming_the_round(client, app, now):
    night = timed(client, app)
    assert act(client, night, "resume").status_code == 409  # it runs
    assert act(client, night, "pause").status_code == 200
    twice = act(client, night, "pause")
    assert twice.status_code == 409 and "paused already" in twice.json["error"]
    path = f"/api/nights/{night['id']}/rounds/1/close"
    assert client.post(path, headers=night["headers"]).status_code == 200
    stale = act(client, night, "resume")
    assert stale.status_code == 409 and stale.json["field"] == "round"
    assert "Round 1 is not in play" in stale.json["error"]
    assert not clock(client, night["id"])["in_play"]
    missing = act(client, night, "pause", number=7)
    assert missing.status_code == 404 and missing.json["field"] == "number"


def test_once_every_table_has_ended_the_round_is_out_of_play(client, app, now):
    night = timed(client, app)
    first, second = night["rounds"][0]["tables"]
    for table, bidder in ((first, "Ann"), (second, "Eve")):
        assert clock(client, night["id"])["in_play"]
        for _ in range(2):  # two hands a round
            hand(client, table["game"], night["director_token"], bidder, 7)
    said = clock(client, night["id"])
    assert not said["in_play"] and said["seconds_left"] is None
    assert act(client, night, "pause").json["field"] == "round"


def test_a_clock_action_needs_the_directors_token_and_a_known_action(client, app):
    night = timed(client, app)
    path = f"/api/nights/{night['id']}/rounds/1/clock"
    assert client.post(path, json={"action": "pause"}).status_code in (401, 403)
    for sent in ({"action": "stop"}, {}, {"action": "pause", "more": 1}):
        bad = client.post(path, json=sent, headers=night["headers"])
        assert bad.status_code == 400, sent
        assert bad.json["field"] in ("action", "more")


def test_a_night_without_a_clock_has_none_to_pause(client, app):
    night = timed(client, app, minutes=None)
    said = clock(client, night["id"])
    assert said["seconds_left"] is None and not said["last_hand"]
    refused = act(client, night, "pause")
    assert refused.status_code == 409 and refused.json["field"] == "round_minutes"


@pytest.mark.parametrize("sent", [{"round_minutes": 4}, {"round_minutes": "20"}, {}])
def test_the_next_rounds_minutes_out_of_bounds_are_refused_naming_them(
    client, app, sent
):
    night = timed(client, app)
    path = f"/api/nights/{night['id']}/clock"
    refused = client.patch(path, json=sent, headers=night["headers"])
    assert refused.status_code == 400 and refused.json["field"] == "round_minutes"
    assert get(client, night["id"])["round_minutes"] == 20


def test_new_minutes_hold_for_the_next_rounds_not_the_round_in_play(client, app):
    night = timed(client, app)
    path = f"/api/nights/{night['id']}"
    changed = client.patch(
        f"{path}/clock", json={"round_minutes": 30}, headers=night["headers"]
    )
    assert changed.status_code == 200
    assert changed.json["round_minutes"] == 30 and changed.json["minutes"] == 20
    (first,) = get(client, night["id"])["rounds"]
    assert at(first["ends"]) == T0 + timedelta(minutes=20)
    client.post(f"{path}/rounds/1/close", headers=night["headers"])
    second = client.post(f"{path}/rounds", headers=night["headers"]).json["rounds"][1]
    assert at(second["ends"]) - at(second["started"]) == timedelta(minutes=30)
    none = {"round_minutes": None}
    client.patch(f"{path}/clock", json=none, headers=night["headers"])
    client.post(f"{path}/rounds/2/close", headers=night["headers"])
    third = client.post(f"{path}/rounds", headers=night["headers"]).json["rounds"][2]
    assert third["ends"] is None


# The pages: the seconds left as of drawing, for clock.js to count down from.


def seconds_left(page: str) -> list[str]:
    return re.findall(r'data-seconds-left="([^"]*)"', page)


def test_every_screen_of_the_night_carries_the_servers_seconds_left(client, app, now):
    night = set_up(client, round_minutes="20")
    started_at(app, night, T0)
    now.at = T0 + timedelta(minutes=3, seconds=20)
    table = get(client, night)["rounds"][0]["tables"][0]["game"]
    for path in (f"/nights/{night}", f"/nights/{night}/screen"):
        page = client.get(path).text
        assert seconds_left(page) == ["1000"], path
        assert "16:40" in page and "data-clock-last hidden" in page
        assert "/static/clock." in page
    console = client.get(f"/nights/{night}/direct").text
    assert seconds_left(console) == ["1000"] and "Pause the clock" in console
    board = client.get(f"/games/{table}").text
    assert seconds_left(board) == ["1000"] and "/static/clock." in board


def test_at_zero_every_screen_says_last_hand_and_the_console_offers_call_time(
    client, app, now
):
    night = set_up(client, round_minutes="20")
    started_at(app, night, T0)
    now.at = T0 + timedelta(minutes=21)
    table = get(client, night)["rounds"][0]["tables"][0]["game"]
    paths = (f"/nights/{night}", f"/nights/{night}/screen", f"/games/{table}")
    for path in (*paths, f"/nights/{night}/direct"):
        page = client.get(path).text
        assert seconds_left(page) == ["0"], path
        assert LAST in page and "data-clock-last hidden" not in page, path
    console = client.get(f"/nights/{night}/direct").text
    call = console.index(f'href="/nights/{night}/direct/close?round=1"')
    assert call < console.index("Still playing")  # offered first
    assert console.count("/direct/close?") == 1  # one button, naming its round


def test_the_console_pauses_resumes_and_changes_the_next_rounds_clock(client, app):
    night = set_up(client, round_minutes="20")
    console = client.get(f"/nights/{night}/direct").text
    token = csrf(console)
    path = f"/nights/{night}/direct"
    pause = {"csrf_token": token, "round": "1", "action": "pause"}
    sent = client.post(f"{path}/clock", data=pause)
    assert sent.status_code == 302
    console = client.get(path).text
    assert "Round 1&#39;s clock is paused." in console and "Resume the clock" in console
    assert get(client, night)["rounds"][0]["paused"]
    resume = {"csrf_token": token, "round": "1", "action": "resume"}
    client.post(f"{path}/clock", data=resume)
    assert not get(client, night)["rounds"][0]["paused"]
    refused = client.post(
        f"{path}/round_minutes", data={"csrf_token": token, "round_minutes": "150"}
    )
    assert refused.status_code == 302
    assert "clock runs 5 to 120 minutes" in client.get(path).text
    sent = {"csrf_token": token, "round_minutes": "35"}
    client.post(f"{path}/round_minutes", data=sent)
    assert "The next rounds run 35 minutes." in client.get(path).text
    assert get(client, night)["round_minutes"] == 35
