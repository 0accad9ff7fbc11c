"""The club password's throttle and a proxy (issue 32.4): as many forwarded hops
as configured are trusted, guessing is bounded for the club as a whole, and a
setting the traffic contradicts is said loudly in the log."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_helpers import CLUB_PASSWORD
from flask import Flask
from flask.testing import FlaskClient
from test_password_tries import name_season

from scorekeeper import create_app
from scorekeeper.db import tries
from scorekeeper.db.models import db


@pytest.fixture
def proxied(app: Flask) -> Iterator[Callable[[object], Flask]]:
    """Return what makes an app on the same database, with PROXY_FIX set and a
    club password (another worker or server); each is closed after the test."""
    made: list[Flask] = []

    def make(setting: object) -> Flask:
        keep = ("SECRET_KEY", "SQLALCHEMY_DATABASE_URI")
        config = {k: app.config[k] for k in keep}
        other = create_app({"TESTING": True, "PROXY_FIX": setting, **config})
        other.config.update(CLUB_PASSWORD=CLUB_PASSWORD)
        made.append(other)
        return other

    yield make
    for each in made:
        with each.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def apps(proxied: Callable[[object], Flask]) -> list[Flask]:
    """Return two servers of a club on one database, each trusting one proxy."""
    return [proxied(True), proxied(True)]


def via(app: Flask, forwarded: str | None, peer: str = "127.0.0.1") -> FlaskClient:
    """Return a client whose requests carry an X-Forwarded-For (None: none)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = peer
    if forwarded is not None:
        client.environ_base["HTTP_X_FORWARDED_FOR"] = forwarded
    return client


def test_one_trusted_hop_counts_the_right_most_address(apps):
    # Behind one proxy that appends the client's address, what the client
    # writes before it changes nothing: five wrong tries, then it waits.
    answers = [
        name_season(via(apps[0], f"10.9.8.{n}, 198.51.100.4"), f"guess {n}")
        for n in range(tries.ALLOWED + 1)
    ]
    assert [a.status_code for a in answers] == [403] * tries.ALLOWED + [429]
    assert name_season(via(apps[0], "198.51.100.5"), "guess").status_code == 403


def test_two_proxies_are_two_trusted_hops(proxied):
    two = proxied(2)  # FLASK_PROXY_FIX=2, as from_prefixed_env reads it
    for n in range(tries.ALLOWED):
        client = via(two, f"6.6.6.{n}, 203.0.113.9, 10.0.0.2")
        assert name_season(client, f"guess {n}").status_code == 403
    assert name_season(via(two, "203.0.113.9, 10.0.0.2"), "x").status_code == 429
    # Another client behind the same inner proxy is not held up.
    other = via(two, "203.0.113.10, 10.0.0.2")
    assert name_season(other, CLUB_PASSWORD).status_code == 302


@pytest.mark.parametrize("setting", ["maybe", "-1", "1.5", 99])
def test_a_setting_that_says_no_number_of_proxies_refuses_to_start(proxied, setting):
    with pytest.raises(RuntimeError, match="FLASK_PROXY_FIX"):
        proxied(setting)


def test_an_address_changed_at_every_try_is_bounded_by_the_club_s_limit(apps):
    # gunicorn reached directly with FLASK_PROXY_FIX on: the client picks
    # X-Forwarded-For, a new address each try, on either server of the club.
    answers = [
        name_season(via(apps[n % 2], f"10.{n // 250}.{n % 250}.1"), f"guess {n}")
        for n in range(tries.CLUB_ALLOWED + 5)
    ]
    statuses = [a.status_code for a in answers]
    assert statuses == [403] * tries.CLUB_ALLOWED + [429] * 5
    refused = name_season(via(apps[0], "192.0.2.200"), CLUB_PASSWORD)
    assert refused.status_code == 429 and "from anywhere" in refused.text
    assert 59 * 60 < int(refused.headers["Retry-After"]) <= 60 * 60


def test_racing_tries_from_many_addresses_check_at_most_the_club_s_limit(apps):
    def guess(n: int):  # a client each: a test client is not for threads
        return name_season(via(apps[n % 2], f"10.1.{n}.1"), f"guess {n}")

    count = tries.CLUB_ALLOWED + 12
    with ThreadPoolExecutor(6) as pool:
        statuses = [a.status_code for a in pool.map(guess, range(count))]
    assert set(statuses) <= {403, 429}
    assert statuses.count(403) <= tries.CLUB_ALLOWED
    assert statuses.count(429) >= count - tries.CLUB_ALLOWED


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_forwarded_requests_with_the_setting_off_are_said_in_the_log(proxied, caplog):
    off = proxied(False)
    with caplog.at_level(logging.WARNING):
        via(off, None, "192.0.2.1").get("/api/presets")
        assert warnings(caplog) == []
        for n in range(3):
            via(off, f"198.51.100.{n}").get("/api/presets")
    (said,) = warnings(caplog)  # once, not at every request
    assert "FLASK_PROXY_FIX is off" in said and "127.0.0.1" in said


def test_direct_clients_with_the_setting_on_are_said_in_the_log(proxied, caplog):
    on = proxied(True)
    with caplog.at_level(logging.WARNING):
        via(on, "198.51.100.4").get("/api/presets")  # through the proxy
        assert warnings(caplog) == []
        via(on, None, "203.0.113.50").get("/api/presets")
        via(on, None, "203.0.113.51").get("/api/presets")
    (said,) = warnings(caplog)
    assert "without passing its proxies" in said and "203.0.113.50" in said
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        via(proxied(2), "198.51.100.4").get("/api/presets")  # one of two
    assert "trusts 2 hops" in warnings(caplog)[0]
