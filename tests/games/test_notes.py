"""Notes on a game: one line, set at the start, changed by the scoring phone only."""

from __future__ import annotations

import json

import pytest
from api_helpers import FRIDAY, NEW_GAME_FORM
from test_bad_pages import csrf_token

from scorekeeper import create_app
from scorekeeper.db.models import db

LONG = "x" * 81
TOO_LONG = "The notes must be at most 80 characters."


def test_notes_given_to_the_api_are_kept_folded_and_in_nfc(api):
    game = api.create(notes="  At Zoe\u0308's,   Bob brought the cards ")
    assert game["notes"] == "At Zoë's, Bob brought the cards"
    assert api.game()["notes"] == "At Zoë's, Bob brought the cards"


def test_a_game_without_notes_has_empty_notes(api, client):
    assert api.create()["notes"] == ""
    assert client.get("/api/games").json["games"][0]["notes"] == ""


@pytest.mark.parametrize(
    ("notes", "message"),
    [
        (LONG, TOO_LONG),
        ("a\x07b", "The notes must have no control characters."),
        (5, "The notes must be text."),
    ],
)
def test_bad_notes_are_a_400_naming_them_and_make_no_game(client, notes, message):
    response = client.post("/api/games", json={**FRIDAY, "notes": notes})
    assert response.status_code == 400
    assert response.json == {"error": message, "field": "notes"}
    assert client.get("/api/games").json["total"] == 0


def test_notes_show_on_the_scoreboard_and_in_history(client, api):
    api.create(notes="At Ann's <kitchen>")
    for page in (f"/games/{api.game_id}", "/history"):
        assert "At Ann&#39;s &lt;kitchen&gt;" in client.get(page).text


def new_game(client, **changes: str):
    """Post the new-game page's form, with its CSRF token, to start a game."""
    token = csrf_token(client.get("/new/2x2").text)
    data = {**NEW_GAME_FORM, "first_dealer": "Ann", "start": "1", **changes}
    return client.post("/new/2x2", data={**data, "csrf_token": token})


def test_the_new_game_page_takes_notes(client):
    response = new_game(client, notes="Club night,  table 3")
    assert response.status_code == 302
    game = client.get("/api" + response.location).json
    assert game["notes"] == "Club night, table 3"


def test_the_new_game_page_refuses_too_long_notes_and_says_so(client):
    response = new_game(client, notes=LONG)
    assert response.status_code == 400
    assert TOO_LONG in response.text
    assert client.get("/api/games").json["total"] == 0


def scorer_of(app, play_link: str):
    """Return a client that opened a game's play link (the scoring phone)."""
    scorer = app.test_client()
    assert scorer.get(play_link).status_code == 302
    return scorer


def post_notes(client, game_id: str, notes: str):
    """Post the share page's notes form with the page's own CSRF token."""
    token = csrf_token(client.get(f"/games/{game_id}/share").text)
    form = {"notes": notes, "save": "1", "csrf_token": token}
    return client.post(f"/games/{game_id}/notes", data=form)


def test_the_scoring_phone_changes_the_notes_and_the_version_moves_on(app, api):
    game = api.create()
    scorer = scorer_of(app, game["links"]["play"])
    board = scorer.get(f"/games/{game['id']}").text
    assert "Add notes" in board
    response = post_notes(scorer, game["id"], " Bob's cards ")
    assert response.status_code == 302
    assert response.location.endswith(f"/games/{game['id']}/share#notes")
    changed = api.game()
    assert changed["notes"] == "Bob's cards" and changed["version"] == 2
    assert "Notes saved." in scorer.get(response.location).text
    assert "Bob&#39;s cards" in scorer.get(f"/games/{game['id']}").text


def test_a_watcher_cannot_change_the_notes(app, client, api):
    game = api.create(notes="Ann's")
    share = client.get(f"/games/{game['id']}/share").text
    assert 'name="notes"' not in share
    assert "Add notes" not in client.get(f"/games/{game['id']}").text
    # The watcher's own valid CSRF token, from a page it may open.
    token = csrf_token(client.get("/new/2x2").text)
    form = {"notes": "Hijacked", "csrf_token": token}
    response = client.post(f"/games/{game['id']}/notes", data=form)
    assert response.status_code == 403
    assert api.game()["notes"] == "Ann's" and api.game()["version"] == 1


def test_too_long_notes_on_the_share_page_say_so_and_change_nothing(app, api):
    game = api.create(notes="Ann's")
    scorer = scorer_of(app, game["links"]["play"])
    response = post_notes(scorer, game["id"], LONG)
    assert response.status_code == 400
    assert TOO_LONG in response.text
    assert api.game()["notes"] == "Ann's" and api.game()["version"] == 1
    control = post_notes(scorer, game["id"], "a\x07b")
    assert control.status_code == 400
    assert "The notes must have no control characters." in control.text


def test_notes_without_a_csrf_token_change_nothing(app, api):
    game = api.create(notes="Ann's")
    scorer = scorer_of(app, game["links"]["play"])
    response = scorer.post(f"/games/{game['id']}/notes", data={"notes": "x"})
    assert response.status_code == 400
    assert api.game()["notes"] == "Ann's"


def test_a_rematch_keeps_the_notes(app, api):
    game = api.create(notes="Ann's kitchen")
    scorer = scorer_of(app, game["links"]["play"])
    token = csrf_token(scorer.get(f"/games/{game['id']}").text)
    rematch = scorer.post(f"/games/{game['id']}/rematch", data={"csrf_token": token})
    assert rematch.status_code == 302
    assert scorer.get("/api" + rematch.location).json["notes"] == "Ann's kitchen"


def test_notes_round_trip_through_export_and_import(app, runner, api, tmp_path):
    api.create(notes="Ann's, Bob's cards")
    api.hand(bidder="Bob", contract="7H", tricks=7)
    old = api.create(name="Before notes")
    path = tmp_path / "games.json"
    assert runner.invoke(args=["export-games", str(path)]).exit_code == 0
    games = json.loads(path.read_text())["games"]
    assert [g["notes"] for g in games] == ["Ann's, Bob's cards", ""]
    del games[1]["notes"]  # as export-games wrote it before notes existed
    path.write_text(json.dumps({"games": games}))

    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite'}",
        }
    )
    result = other.test_cli_runner().invoke(args=["import-games", str(path)])
    assert result.exit_code == 0, result.output
    client = other.test_client()
    first = client.get(f"/api/games/{games[0]['id']}").json
    assert first["notes"] == "Ann's, Bob's cards"
    assert client.get(f"/api/games/{old['id']}").json["notes"] == ""
    assert "Ann&#39;s, Bob&#39;s cards" in client.get("/history").text
    with other.app_context():
        db.engine.dispose()
