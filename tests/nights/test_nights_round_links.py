"""Every link and form of the console names its round one way (`round`), and
is refused once that round is over, whatever page it came from (issue 40
point 1: the clock's *Call time* acted on a later round)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_nights_api import get
from test_nights_clock_pause import Now
from test_nights_pages import csrf, set_up

from scorekeeper.db.models import db
from scorekeeper.nights.clock import service as clock_service
from scorekeeper.nights.clock import times
from scorekeeper.nights.models import NightRound

T0 = datetime(2026, 11, 26, 19, 0, 0)


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    frozen = Now()
    monkeypatch.setattr(times, "utcnow", frozen)
    monkeypatch.setattr(clock_service, "utcnow", frozen)
    return frozen


def seated_at(app: Flask, night_id: str, when: datetime) -> None:
    with app.app_context():
        rounds = db.session.execute(
            db.select(NightRound).where(NightRound.night_id == night_id)
        ).scalars()
        for one in rounds:
            one.started = when
        db.session.commit()


def round_2_playing(client: FlaskClient) -> tuple[str, str]:
    """A night whose round 1 ended and round 2 plays; return its id and a
    console drawn while round 1 played (its CSRF token)."""
    night = set_up(client, round_minutes="20")
    console = client.get(f"/nights/{night}/direct").text
    token = csrf(console)
    data = {"csrf_token": token, "round": "1"}
    client.post(f"/nights/{night}/direct/close", data=data)
    client.post(f"/nights/{night}/direct/round", data={**data, "round": "2"})
    assert len(get(client, night)["rounds"]) == 2
    return night, token


def said(client: FlaskClient, answer) -> str:  # type: ignore[no-untyped-def]
    assert answer.status_code == 302
    return client.get(answer.headers["Location"]).text


def test_the_call_time_confirmation_for_round_1_opened_in_round_2_is_refused(client):
    night, token = round_2_playing(client)
    for link in ("close?round=1", "close?number=1", "close"):  # old and bare links
        page = said(client, client.get(f"/nights/{night}/direct/{link}"))
        assert "Call time on round 2?" not in page, link
        assert (
            "Round 1 is not in play: no time to call." in page
            or "This button named no round: nothing was done." in page
        ), link
    for data in ({"round": "1"}, {"number": "1"}, {}):  # stale, misnamed, bare
        sent = client.post(
            f"/nights/{night}/direct/close", data={"csrf_token": token, **data}
        )
        page = said(client, sent)
        assert "Time called on round" not in page, data
    rounds = get(client, night)["rounds"]
    assert not rounds[1]["called"] and rounds[1]["status"] == "in_progress"


def test_the_console_at_zero_offers_one_call_time_naming_its_round(client, app, now):
    night = set_up(client, round_minutes="20")
    seated_at(app, night, T0)
    now.at = T0 + timedelta(minutes=21)
    console = client.get(f"/nights/{night}/direct").text
    assert console.count("Call time on round 1</a>") == 1
    assert console.count(f'href="/nights/{night}/direct/close?round=1"') == 1
    assert "number=" not in console


def test_a_pause_naming_round_1_sent_while_round_2_plays_is_refused(client):
    night, token = round_2_playing(client)
    console = client.get(f"/nights/{night}/direct").text
    assert 'name="round" value="2"' in console  # the pause form names its round
    sent = client.post(
        f"/nights/{night}/direct/clock",
        data={"csrf_token": token, "round": "1", "action": "pause"},
    )
    assert "Round 1 is not in play: its clock stands." in said(client, sent)
    sent = client.post(
        f"/nights/{night}/direct/clock", data={"csrf_token": token, "action": "pause"}
    )
    assert "This button named no round: nothing was done." in said(client, sent)
    assert not get(client, night)["rounds"][1]["paused"]


def test_a_start_naming_no_round_starts_none(client):
    night = set_up(client)
    token = csrf(client.get(f"/nights/{night}/direct").text)
    data = {"csrf_token": token, "round": "1"}
    client.post(f"/nights/{night}/direct/close", data=data)
    sent = client.post(f"/nights/{night}/direct/round", data={"csrf_token": token})
    assert "This button named no round: nothing was done." in said(client, sent)
    assert len(get(client, night)["rounds"]) == 1
