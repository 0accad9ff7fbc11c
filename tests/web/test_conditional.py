"""Reading a game is cheap: 304 from its version, a repeat answer given again."""

from __future__ import annotations

import gzip
import threading
import time

import pytest
from api_helpers import statements

from scorekeeper import create_app
from scorekeeper.db import grants, heads, store
from scorekeeper.db.models import db
from scorekeeper.games import pages as games

SEVEN_HEARTS = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def refuse(*_args, **_kwargs):
    raise AssertionError("a conditional read drew or replayed the game")


@pytest.fixture
def reads(app, monkeypatch):
    """Count the light reads of a game's head; make Flask's views refuse to run."""
    counted = []
    head = heads.head

    def counting(*args, **kwargs):
        counted.append(args)
        return head(*args, **kwargs)

    monkeypatch.setattr(heads, "head", counting)

    def no_flask():
        for name in ("games.scoreboard", "games_api.game"):
            monkeypatch.setitem(app.view_functions, name, refuse)
        monkeypatch.setattr(store, "replay", refuse)

    return counted, no_flask


def scoring_phone(app, api):
    """Make a game; return the phone that opened its play link, its scoreboard's
    path, and that scoreboard as the phone has it (drawn twice: the first draw
    gives the phone its CSRF token)."""
    api.create()
    board = f"/games/{api.game_id}"
    writer = app.test_client()
    writer.get(f"{board}/play/{api.token}")
    writer.get(board)
    return writer, board, writer.get(board)


def test_a_watcher_gets_304_from_the_version_alone(app, client, api, reads):
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    first = client.get(board)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    assert first.headers["Vary"] == "Cookie, Accept-Encoding, Accept-Language"
    tag = first.headers["ETag"]
    assert tag.startswith('W/"2-view-')
    counted, no_flask = reads
    counted.clear()
    no_flask()
    seen = []

    def again():
        seen.append(client.get(board, headers={"If-None-Match": tag}))

    assert statements(app, again) == [] and len(counted) == 1  # one light read
    unchanged = seen[0]
    assert unchanged.status_code == 304 and unchanged.data == b""
    # What RFC 9110 asks of a 304: the ETag, Cache-Control and Vary of the 200.
    for name in ("ETag", "Cache-Control", "Vary"):
        assert unchanged.headers[name] == first.headers[name]
    assert "Set-Cookie" not in unchanged.headers


def test_a_scoreboard_drawn_once_is_given_again_without_flask(client, api, reads):
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    packed = {"Accept-Encoding": "gzip"}
    first, first_packed = client.get(board), client.get(board, headers=packed)
    reads[1]()
    again, again_packed = client.get(board), client.get(board, headers=packed)
    assert again.data == first.data and again.headers == first.headers
    assert again_packed.headers == first_packed.headers
    assert again_packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(again_packed.data) == first.data
    assert again.headers["Content-Security-Policy"]  # as Flask answered it


def test_a_new_hand_changes_the_etag(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    tag = client.get(board).headers["ETag"]
    api.hand(**SEVEN_HEARTS)
    fresh = client.get(board, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    assert fresh.headers["ETag"].startswith('W/"2-view-')


def test_the_writers_page_and_the_watchers_have_different_etags(app, api, reads):
    writer, board, mine = scoring_phone(app, api)
    watcher = app.test_client()
    assert "Save hand" in mine.text
    reads[1]()  # from here on, every answer is given before Flask runs
    assert writer.get(board).text == mine.text
    mine_tag = mine.headers["ETag"]
    assert mine_tag.startswith('W/"1-play-')
    assert mine.headers["Cache-Control"] == "private, no-cache"
    # The writer's kept page never answers a watcher, nor its ETag a 304.
    with pytest.raises(AssertionError):
        watcher.get(board, headers={"If-None-Match": mine_tag})
    with pytest.raises(AssertionError):
        watcher.get(board)
    again = writer.get(board, headers={"If-None-Match": mine_tag})
    assert again.status_code == 304 and again.headers["ETag"] == mine_tag
    assert again.headers["Cache-Control"] == "private, no-cache"


def test_the_scoring_phones_grant_is_opened_once_for_its_polls(app, api, monkeypatch):
    writer, board, drawn = scoring_phone(app, api)
    tag = drawn.headers["ETag"]
    opened = []
    unseal = grants.opened

    def counting(*args):
        opened.append(args)
        return unseal(*args)

    monkeypatch.setattr(grants, "opened", counting)
    polls = [writer.get(board, headers={"If-None-Match": tag}) for _ in range(3)]
    assert [p.status_code for p in polls] == [304] * 3
    assert opened == []  # opened when the page was drawn, kept since
    api.hand(**SEVEN_HEARTS)  # the version moves; the phone still scores
    fresh = writer.get(board, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and "Save hand" in fresh.text


def test_a_watcher_never_gets_the_writers_page(app, api):
    _, board, mine = scoring_phone(app, api)
    watcher = app.test_client()
    theirs = watcher.get(board, headers={"If-None-Match": mine.headers["ETag"]})
    assert theirs.status_code == 200 and theirs.headers["ETag"].startswith('W/"1-view')
    assert "Save hand" not in theirs.text and "play/" not in theirs.text
    assert "Set-Cookie" not in theirs.headers


def test_a_kept_writers_page_renews_the_device_cookie(app, api, reads):
    writer, board, drawn = scoring_phone(app, api)
    reads[1]()
    kept = writer.get(board)
    assert kept.headers.getlist("Set-Cookie") == drawn.headers.getlist("Set-Cookie")
    assert kept.headers.getlist("Set-Cookie")[0].startswith("device=")


def test_a_write_changes_the_etag_the_fast_path_gives(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    tag = client.get(board).headers["ETag"]
    assert client.get(board, headers={"If-None-Match": tag}).status_code == 304
    api.hand(**SEVEN_HEARTS)
    fresh = client.get(board, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and "seven hearts" in fresh.text
    assert fresh.headers["ETag"].startswith('W/"2-view-')


def test_a_repeat_render_is_reused(client, api, monkeypatch):
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    first = client.get(board).text
    monkeypatch.setattr(games, "drawn", refuse)
    monkeypatch.setattr(store, "replay", refuse)
    assert client.get(board).text == first


def test_a_tables_phones_asking_at_once_wait_for_one_draw(app, api, monkeypatch):
    """After a hand, the four phones of a table ask for the same new page within
    the same instant: one ask draws it, the others are given that page."""
    api.create()
    api.hand(**SEVEN_HEARTS)
    board = f"/games/{api.game_id}"
    draws = []
    drawn = games.drawn

    def slow(*args, **kwargs):
        draws.append(1)
        time.sleep(0.3)  # long enough for every other phone to ask meanwhile
        return drawn(*args, **kwargs)

    monkeypatch.setattr(games, "drawn", slow)
    phones = [app.test_client() for _ in range(4)]
    ready = threading.Barrier(len(phones))
    pages: list[bytes] = []

    def watch(phone) -> None:
        ready.wait()
        answer = phone.get(board)
        assert answer.status_code == 200
        pages.append(answer.data)

    watchers = [threading.Thread(target=watch, args=(p,)) for p in phones]
    for watcher in watchers:
        watcher.start()
    for watcher in watchers:
        watcher.join()
    assert len(draws) == 1 and len(pages) == 4 and len(set(pages)) == 1


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


def test_the_api_game_answers_304_without_loading_it(app, client, api, reads):
    api.create()
    api.hand(**SEVEN_HEARTS)
    url = f"/api/games/{api.game_id}"
    full = client.get(url)
    assert full.headers["ETag"] == '"2"'
    counted, no_flask = reads
    counted.clear()
    no_flask()
    seen = []

    def again():
        seen.append(client.get(url, headers={"If-None-Match": '"2"'}))

    assert statements(app, again) == [] and len(counted) == 1
    assert seen[0].status_code == 304 and seen[0].headers["ETag"] == '"2"'
    assert seen[0].headers["Vary"] == full.headers["Vary"] == "Accept-Encoding"


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


def test_a_forged_or_stale_session_is_no_session(app, api, monkeypatch):
    writer, board, drawn = scoring_phone(app, api)
    tag = drawn.headers["ETag"]
    assert writer.get(board, headers={"If-None-Match": tag}).status_code == 304
    real = writer.get_cookie("session").value
    writer.set_cookie("session", real[:-2] + ("AA" if real[-2:] != "AA" else "BB"))
    forged = writer.get(board, headers={"If-None-Match": tag})
    assert forged.status_code == 200 and forged.headers.get("ETag") != tag
    writer.set_cookie("session", real)
    assert writer.get(board, headers={"If-None-Match": tag}).status_code == 304
    # A month on, Flask would open no session from that cookie: nor is it kept.
    later = time.time() + app.permanent_session_lifetime.total_seconds() + 60
    monkeypatch.setattr(time, "time", lambda: later)
    assert writer.get(board, headers={"If-None-Match": tag}).status_code == 200


def test_behind_a_proxy_the_fast_path_sees_the_phones_host_and_scheme(app, api):
    api.create()
    board = f"/games/{api.game_id}"
    proxied = create_app({**app.config, "PROXY_FIX": True})
    writer = proxied.test_client()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"}
    writer.get(f"{board}/play/{api.token}", headers=forwarded)
    writer.get(board, headers=forwarded)
    drawn = writer.get(board, headers=forwarded)
    kept = writer.get(board, headers=forwarded)  # given again before Flask
    assert kept.data == drawn.data and "; Secure" in kept.headers["Set-Cookie"]
    tag = drawn.headers["ETag"]
    assert (
        writer.get(board, headers={**forwarded, "If-None-Match": tag}).status_code
        == 304
    )
    # The same page asked for over another host names other links: not a 304.
    assert writer.get(board, headers={"If-None-Match": tag}).status_code == 200
    with proxied.app_context():
        db.engine.dispose()
