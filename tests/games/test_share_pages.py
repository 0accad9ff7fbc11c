"""Sharing a game: the view link for anyone, the play link only behind a tap."""

from __future__ import annotations

from api_helpers import FRIDAY, has_inline_code


def test_the_scoreboard_never_prints_the_play_link_but_offers_share(app, api):
    game = api.create()
    scorer = app.test_client()
    assert scorer.get(game["links"]["play"]).status_code == 302
    board = scorer.get(f"/games/{game['id']}")
    assert "Save hand" in board.text  # the scoring phone's own page
    assert api.token not in board.text and "/play/" not in board.text
    assert f'href="/games/{game["id"]}/share"' in board.text


def test_the_share_page_shows_the_view_link_as_a_qr_code(client, api):
    game = api.create()
    page = client.get(f"/games/{game['id']}/share")
    assert page.status_code == 200
    view = f"http://localhost/games/{game['id']}"
    assert f'href="{view}"' in page.text
    assert page.text.count("<svg") == 1 and 'class="qr"' in page.text
    assert not has_inline_code(page.text)
    assert api.token not in page.text and "/play/" not in page.text
    assert "Let another phone score" not in page.text  # a watcher may not


def test_only_the_scoring_phone_can_show_the_play_link(app, client, api):
    game = api.create()
    share = f"/games/{game['id']}/share"
    assert client.get(share + "/play").status_code == 403
    scorer = app.test_client()
    scorer.get(game["links"]["play"])
    assert "Let another phone score" in scorer.get(share).text
    page = scorer.get(share + "/play")
    assert page.status_code == 200
    assert f"http://localhost{game['links']['play']}" in page.text
    assert "Anyone with this code can change the score" in page.text
    assert page.headers["Cache-Control"] == "no-store"
    assert not has_inline_code(page.text)


def test_sharing_an_unknown_game_is_a_404(client):
    assert client.get("/games/nope/share").status_code == 404
    assert client.get("/games/nope/share/play").status_code == 404


def test_the_play_link_qr_code_differs_from_the_view_links(app, api):
    game = api.create(**{**FRIDAY, "name": "Saturday"})
    scorer = app.test_client()
    scorer.get(game["links"]["play"])
    view = scorer.get(f"/games/{game['id']}/share").text
    play = scorer.get(f"/games/{game['id']}/share/play").text
    assert view.split("<svg")[1] != play.split("<svg")[1]


def test_the_share_page_offers_a_summary_for_the_group_chat(client, api):
    game = api.create(notes="At Zoë's")
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    page = client.get(f"/games/{game['id']}/share").text
    summary = (
        "Friday: Us 520 – Them 0 after 1 hand. Us won out the front door.\n"
        "Us: Ann and Cat\nThem: Bob and Dan\nAt Zoë&#39;s"
    )
    assert f'<p class="summary">{summary}</p>' in page
    assert f'data-text="{summary}"' in page
    assert "Copy summary</button>" in page and "Share summary…</button>" in page
