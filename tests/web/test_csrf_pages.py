"""A scoreboard left open keeps its taps (issue 10, finding 7)."""

from __future__ import annotations

import re
import time

from itsdangerous.timed import TimestampSigner
from test_bad_pages import HAND_FORM, csrf_token
from test_pages_saved import confirmation


def test_a_hand_form_a_day_old_still_saves(client, api, monkeypatch):
    api.create()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    form = {**HAND_FORM, "csrf_token": csrf_token(client.get(board).text)}
    later = int(time.time()) + 24 * 3600
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: later)
    response = client.post(f"{board}/hands", data=form)
    assert response.status_code == 302, response.text
    assert len(api.game()["hands"]) == 1


def test_a_hand_form_with_a_bad_token_comes_back_with_its_taps(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    for token in (None, "nope"):
        form = dict(HAND_FORM) if token is None else {**HAND_FORM, "csrf_token": token}
        response = client.post(f"{board}/hands", data=form)
        assert response.status_code == 400
        page = response.text
        assert "CSRF" not in page
        assert "Your taps are kept" in page
        assert re.search(
            r"<input checked [^>]*id=\"bidder-1\" [^>]*value=\"Bob\"", page
        )
        assert api.game()["hands"] == []
    again = {**HAND_FORM, "csrf_token": csrf_token(page)}
    assert client.post(f"{board}/hands", data=again).status_code == 302
    assert len(api.game()["hands"]) == 1


def test_an_edit_with_a_bad_token_comes_back_with_its_taps(client, api):
    api.create()
    api.hand(bidder="Ann", contract="6S", tricks=6)
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    response = client.post(f"{board}/hands/1/edit", data=HAND_FORM)
    assert response.status_code == 400
    assert "Your taps are kept" in response.text and "CSRF" not in response.text
    again = {**HAND_FORM, "csrf_token": csrf_token(response.text)}
    assert client.post(f"{board}/hands/1/edit", data=again).status_code == 302
    assert api.game()["hands"][0]["bidder"] == "Bob"


def test_the_one_tap_undo_after_a_save_still_needs_the_csrf_token(client, api):
    api.create()
    board = f"/games/{api.game_id}"
    client.get(f"{board}/play/{api.token}")
    form = {"bidder": "Bob", "contract": "7H", "tricks": "7"}
    client.post(
        f"{board}/hands",
        data={**form, "csrf_token": csrf_token(client.get(board).text)},
    )
    page = client.get(board).text
    _, action, fields = confirmation(page)
    assert fields["csrf_token"]
    del fields["csrf_token"]
    client.post(action, data=fields)
    assert len(api.game()["hands"]) == 1  # asked again, nothing undone
