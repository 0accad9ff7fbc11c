"""Write access that lasts: one device cookie, grants kept by the server, sealed."""

from __future__ import annotations

import hashlib
import re

import pytest
from api_helpers import NEW_GAME_FORM
from flask.testing import FlaskClient

from scorekeeper.db import grants, store
from scorekeeper.db.models import DeviceGrant, db
from scorekeeper.house_rules import service as rulesets
from scorekeeper.results import game_rows
from scorekeeper.scoring import PRESETS, make_table, replay

HAND = {"save": "1", "bidder": "Bob", "contract": "7H", "tricks": "7"}
WATCHING = "You are watching this game"


@pytest.fixture
def client(app) -> FlaskClient:
    """Return a test client for forms without CSRF tokens (CSRF is tested apart)."""
    app.config["WTF_CSRF_ENABLED"] = False
    return app.test_client()


def start(client: FlaskClient) -> str:
    """Start a game through the pages; return its scoreboard path."""
    data = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1"}
    response = client.post("/new/2x2", data=data)
    assert response.status_code == 302
    return response.location


def scores(client: FlaskClient, board: str) -> bool:
    """Return whether this phone may record a hand in the game (and record it)."""
    return client.post(board + "/hands", data=HAND).status_code == 302


def play_link(client: FlaskClient, board: str) -> str:
    """Return the play link the scoring phone shows again (Share, another phone)."""
    page = client.get(board + "/share/play").text
    found = re.search(r'href="http://localhost(/games/[^/"]+/play/[^"]+)"', page)
    assert found, page
    return found.group(1)


def device_cookie(response) -> str:
    """Return the Set-Cookie line for the device cookie."""
    lines = [
        c for c in response.headers.getlist("Set-Cookie") if c.startswith("device=")
    ]
    assert len(lines) == 1, response.headers
    return lines[0]


@pytest.mark.parametrize(
    "base, secure", [("http://localhost", False), ("https://localhost", True)]
)
def test_the_device_cookie_is_httponly_lax_lasting_and_secure_over_https(
    app, api, base, secure
):
    api.create()
    response = app.test_client().get(
        f"/games/{api.game_id}/play/{api.token}", base_url=base
    )
    cookie = device_cookie(response)
    assert re.match(r"device=[A-Za-z0-9_-]{43};", cookie)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert "Max-Age=34560000" in cookie  # 400 days, Chromium's cap
    assert ("Secure" in cookie) is secure


def test_the_database_keeps_neither_the_device_id_nor_the_token(app, client):
    board = start(client)
    device = client.get_cookie("device").value
    token = play_link(client, board).rsplit("/", 1)[1]
    with app.app_context():
        row = db.session.execute(db.select(DeviceGrant)).scalar_one()
        assert row.device == hashlib.sha256(device.encode()).hexdigest()
        assert device not in row.sealed and token not in row.sealed
        assert row.target == board.rsplit("/", 1)[1] and row.kind == "game"


def test_the_scoring_phone_shows_its_play_link_again_and_the_link_works(app, client):
    board = start(client)
    link = play_link(client, board)
    assert scores(client, board)
    other = app.test_client()
    other.application.config["WTF_CSRF_ENABLED"] = False
    assert WATCHING in other.get(board).text
    assert other.get(link).status_code == 302
    assert scores(other, board)


def test_a_phone_that_lost_its_cookie_watches_until_it_opens_the_play_link(client):
    board = start(client)
    link = play_link(client, board)
    client.delete_cookie("device")
    assert WATCHING in client.get(board).text
    assert not scores(client, board)
    client.get(link)
    assert scores(client, board)


def test_the_cookie_is_renewed_when_the_phone_scores_not_when_it_watches(app, client):
    board = start(client)
    assert "Max-Age=34560000" in device_cookie(client.get(board))
    watcher = app.test_client()
    assert "Set-Cookie" not in watcher.get(board).headers


def test_a_rematch_is_the_phone_s_to_score(client):
    board = start(client)
    client.post(
        board + "/hands",
        data={**HAND, "bidder": "Ann", "contract": "10NT", "tricks": "10"},
    )
    rematch = client.post(board + "/rematch")
    assert rematch.status_code == 302 and rematch.location != board
    assert scores(client, rematch.location)


def test_six_hundred_games_on_one_phone_all_stay_writable(app, client):
    client.get("/new/2x2")
    device = client.get_cookie("device").value
    table = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
    with app.app_context():
        made = []
        for _ in range(600):
            game, token = store.game_row("", PRESETS["australian"], table)
            db.session.add(game)
            db.session.flush()
            # As create_game keeps them: a game's results are made with it.
            game_rows.keep(
                game, table, replay(PRESETS["australian"], table, []), fresh=True
            )
            grants.grant(device, grants.GAME, game.id, token)
            made.append(game.id)
        db.session.commit()
    for game_id in (made[0], made[299], made[-1]):
        assert scores(client, f"/games/{game_id}")
    # The phone sends the same small cookies however many games it keeps: the
    # device id, and a session holding at most the line confirming its last save.
    sent = client.get(f"/games/{made[-1]}").request.headers["Cookie"]
    assert "device=" in sent and len(sent) < 600, sent


def test_tokens_an_older_version_kept_in_the_session_become_grants(app, client, api):
    mine = api.create()
    theirs = api.create()
    with client.session_transaction() as session:
        session["tokens"] = {mine["id"]: mine["write_token"], theirs["id"]: "forged"}
    board = f"/games/{mine['id']}"
    page = client.get(board)
    assert "Save hand" in page.text and client.get_cookie("device")
    with client.session_transaction() as session:
        assert "tokens" not in session
    assert scores(client, board)
    assert not scores(client, f"/games/{theirs['id']}")
    with app.app_context():
        assert db.session.execute(db.select(DeviceGrant.target)).scalars().all() == [
            mine["id"]
        ]


def test_a_forged_device_cookie_grants_nothing(app, client):
    board = start(client)
    other = app.test_client()
    other.set_cookie("device", "x" * 43)
    assert WATCHING in other.get(board).text
    other.set_cookie("device", "not a device id")
    assert WATCHING in other.get(board).text


def test_deleting_a_game_or_house_rules_drops_every_phone_s_grant(app, client):
    board = start(client)
    token = play_link(client, board).rsplit("/", 1)[1]
    game_id = board.rsplit("/", 1)[1]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.delete(f"/api/games/{game_id}", headers=auth).status_code == 204
    with app.app_context():
        made, ruleset_token = rulesets.create_ruleset("Club", {"preset": "australian"})
        grants.grant("a phone", grants.RULESET, str(made.id), ruleset_token)
        db.session.commit()
        rulesets.delete_ruleset(made.id)
        assert db.session.execute(db.select(DeviceGrant)).first() is None
