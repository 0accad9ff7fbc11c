"""The table display: one game for a tablet between the players, live."""

from __future__ import annotations

import re

from api_helpers import has_inline_code


def test_the_table_display_shows_totals_the_deal_and_the_last_hand(client, api):
    api.create()
    board = client.get(f"/games/{api.game_id}").text
    assert f'href="/games/{api.game_id}/table">Table display' in board
    empty = client.get(f"/games/{api.game_id}/table")
    assert empty.status_code == 200 and "No hand yet." in empty.text
    api.hand(bidder="Bob", contract="7H", tricks=7)
    page = client.get(f"/games/{api.game_id}/table").text
    scores = re.findall(r'class="table-score(?: long)?">(-?\d+)<', page)
    assert scores == ["30", "200"]
    assert (
        "Hand 2: <strong>Bob</strong> deals, <strong>Cat</strong> bids first." in page
    )
    assert "Hand 1: Bob 7♥ made, Them +200, Us +30." in page
    # A tap anywhere opens the scoreboard's entry; live.js asks for this page.
    assert f'data-entry="/games/{api.game_id}#hand"' in page
    assert f'data-url="/games/{api.game_id}/table"' in page
    assert "/static/live." in page and "/static/table." in page
    assert not has_inline_code(page)


def test_the_table_display_answers_304_while_the_game_has_not_changed(client, api):
    api.create()
    first = client.get(f"/games/{api.game_id}/table")
    tag = first.headers["ETag"]
    again = client.get(f"/games/{api.game_id}/table", headers={"If-None-Match": tag})
    assert again.status_code == 304
    api.hand(contract="pass")
    moved = client.get(f"/games/{api.game_id}/table", headers={"If-None-Match": tag})
    assert moved.status_code == 200


def test_the_table_display_of_no_such_game_is_a_404(client):
    assert client.get("/games/nothing-here/table").status_code == 404
