"""Reading a game is cheap: 304 from its version, a repeat render reused."""

from __future__ import annotations

import pytest
from api_helpers import statements

from scorekeeper import conditional, games, services, store

SEVEN_HEARTS = {"bidder": "Bob", "contract": "7H", "tricks": 7}


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Start each test with no page kept from another."""
    conditional.PAGES.pages.clear()


def refuse(*_args, **_kwargs):
    raise AssertionError("a conditional read drew or replayed the game")


def test_a_watcher_gets_304_from_the_version_alone(app, client, api, monkeypatch):
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    first = client.get(board)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    assert "Cookie" in first.headers["Vary"]
    tag = first.headers["ETag"]
    assert tag.startswith('W/"2-view-')
    monkeypatch.setattr(games, "drawn", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    seen = []

    def again():
        seen.append(client.get(board, headers={"If-None-Match": tag}))

    assert len(statements(app, again)) == 1  # the game's version, nothing else
    assert seen[0].status_code == 304 and seen[0].headers["ETag"] == tag
    assert seen[0].data == b"" and seen[0].headers["Cache-Control"] == "no-cache"


def test_a_new_hand_changes_the_etag(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    tag = client.get(board).headers["ETag"]
    api.hand(**SEVEN_HEARTS)
    fresh = client.get(board, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    assert fresh.headers["ETag"].startswith('W/"2-view-')


def test_the_writers_page_and_the_watchers_have_different_etags(app, api):
    api.create()
    board = f"/games/{api.game_id}"
    watcher, writer = app.test_client(), app.test_client()
    writer.get(f"{board}/play/{api.token}")
    writer.get(board)  # the first draw gives the phone its CSRF token
    mine = writer.get(board)
    theirs = watcher.get(board)
    assert mine.headers["ETag"].startswith('W/"1-play-')
    assert theirs.headers["ETag"].startswith('W/"1-view-')
    assert mine.headers["Cache-Control"] == "private, no-cache"
    # The watcher's copy never answers the writer, nor the other way round.
    assert watcher.get(board, headers={"If-None-Match": mine.headers["ETag"]}).text
    assert "play/" not in watcher.get(board).text
    assert (
        writer.get(board, headers={"If-None-Match": mine.headers["ETag"]}).status_code
        == 304
    )


def test_a_repeat_render_is_reused(client, api, monkeypatch):
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    first = client.get(board).text
    monkeypatch.setattr(games, "drawn", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    assert client.get(board).text == first


def test_a_page_with_a_message_is_drawn_once_and_not_kept(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    client.get(board)
    stale = {"version": "9", "contract": "pass", "save": "Save hand"}
    csrf = client.get(board).text.split('name="csrf_token" type="hidden" value="')[1]
    stale["csrf_token"] = csrf.split('"')[0]
    client.post(f"{board}/hands", data=stale)  # another phone moved on: a message
    shown = client.get(board)
    assert games.MOVED_ON in shown.text
    assert "ETag" not in shown.headers
    assert games.MOVED_ON not in client.get(board).text


def test_the_api_game_answers_304_without_loading_it(app, client, api, monkeypatch):
    api.create()
    api.hand(**SEVEN_HEARTS)
    url = f"/api/games/{api.game_id}"
    assert client.get(url).headers["ETag"] == '"2"'
    monkeypatch.setattr(services, "load", refuse)
    seen = []

    def again():
        seen.append(client.get(url, headers={"If-None-Match": '"2"'}))

    assert len(statements(app, again)) == 1
    assert seen[0].status_code == 304 and seen[0].headers["ETag"] == '"2"'


def test_the_api_game_still_refuses_a_stale_if_match_on_a_read(client, api):
    api.create()
    url = f"/api/games/{api.game_id}"
    stale = client.get(url, headers={"If-Match": '"7"', "If-None-Match": '"1"'})
    assert stale.status_code == 412
    assert client.get(url, headers={"If-None-Match": '"0"'}).status_code == 200


def test_a_missing_game_is_still_a_404(client):
    assert client.get("/games/nope").status_code == 404
    assert (
        client.get("/api/games/nope", headers={"If-None-Match": '"1"'}).status_code
        == 404
    )
