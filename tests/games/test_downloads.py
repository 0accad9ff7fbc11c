"""Downloads through the test client: CSV a spreadsheet opens, a game's JSON."""

from __future__ import annotations

import csv
import gzip
import io
import re

from api_helpers import FRIDAY

BOM = b"\xef\xbb\xbf"
ZOE = {
    **FRIDAY,
    "name": "Zoë's Friday",
    "sides": [
        {"name": "Zoë & Renée", "players": ["Zoë", "Renée"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
    "first_dealer": "Zoë",
}
FORMULAS = {
    **FRIDAY,
    "name": "=1+1",
    "notes": "@SUM(A1)",
    "sides": [
        {"name": "=Us", "players": ["=Ann", "+Cat"]},
        {"name": "Them", "players": ["Bob", "-Dan"]},
    ],
    "first_dealer": "=Ann",
}


def rows(response) -> list[list[str]]:
    """Return a CSV download as Python's csv module reads it (BOM and CRLF checked)."""
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    body = response.get_data()
    assert body.startswith(BOM) and body.endswith(b"\r\n")
    assert b"\n" not in body.replace(b"\r\n", b"")
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))


def test_a_games_hands_download_as_csv_with_accents_and_negative_scores(client, api):
    game = api.create(**ZOE)
    api.hand(bidder="Bob", contract="8H", tricks=6)
    response = client.get(f"/games/{game['id']}/hands.csv")
    day = game["created"][:10]
    disposition = f"attachment; filename=zoe-s-friday-{day}-hands.csv"
    assert response.headers["Content-Disposition"] == disposition
    header, hand = rows(response)
    assert header[6] == "Zoë & Renée tricks"
    assert hand == ["1", "Zoë", "Bob", "", "8♥", "no", "4", "40", "40"] + [
        "6",
        "-300",
        "-300",
    ]


def test_formula_names_are_neutralised_in_csv_and_shown_as_typed_on_pages(client, api):
    game = api.create(**FORMULAS)
    api.hand(bidder="-Dan", contract="6S", tricks=6)
    header, hand = rows(client.get(f"/games/{game['id']}/hands.csv"))
    assert header[6] == "'=Us tricks" and hand[1:3] == ["'=Ann", "'-Dan"]
    assert hand[-6:] == ["4", "40", "40", "6", "40", "40"]
    listed = rows(client.get("/history/games.csv"))[1]
    assert listed[1:6] == ["'=1+1", "'@SUM(A1)", "'=Us", "'=Ann, +Cat", "40"]
    for page in (f"/games/{game['id']}", f"/games/{game['id']}/share", "/history"):
        html = client.get(page).text
        assert "'=" not in html and "&#39;=" not in html and "=1+1" in html
    board = client.get(f"/games/{game['id']}").text
    assert "=Us" in board and "-Dan" in board and "@SUM(A1)" in board
    assert "=Ann &amp; +Cat 40" in client.get("/history").text


def test_a_games_json_downloads_as_the_api_gives_it(client, api):
    game = api.create(notes="At the club")
    api.hand(bidder="Bob", contract="7H", tricks=7)
    response = client.get(f"/games/{game['id']}/game.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    day = game["created"][:10]
    disposition = f"attachment; filename=friday-{day}.json"
    assert response.headers["Content-Disposition"] == disposition
    assert response.json == api.game()


def test_an_unknown_game_has_no_downloads(client):
    assert client.get("/games/nope/hands.csv").status_code == 404
    assert client.get("/games/nope/game.json").status_code == 404


def test_the_history_csv_holds_every_game_its_filters_show(app, client, api):
    app.config["GAMES_PER_PAGE"] = 1
    api.create(name="Won", notes="Club")
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.create(name="Going")
    api.hand(contract="pass")
    three = [{"name": n, "players": [n]} for n in ("Eve", "Fay", "Gus")]
    api.create(name="Three", sides=three, first_dealer="Eve")
    every = rows(client.get("/history/games.csv"))
    assert [r[1] for r in every[1:]] == ["Three", "Going", "Won"]
    assert every[0][-3:] == ["Winner", "Ending", "Hands"] and len(every[0]) == 15
    assert every[3][:4] == [every[3][0], "Won", "Club", "Us"]
    assert every[3][-3:] == ["Us", "out the front door", "1"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", every[3][0])
    ann = client.get("/history/games.csv?player=ann")
    assert [r[1] for r in rows(ann)[1:]] == ["Going", "Won"]
    assert ann.headers["Content-Disposition"] == "attachment; filename=games-ann.csv"
    done = rows(client.get("/history/games.csv?player=ANN&status=finished"))
    assert [r[1] for r in done[1:]] == ["Won"] and len(done[0]) == 12
    playing = client.get("/history/games.csv?status=in_progress")
    assert [r[1] for r in rows(playing)[1:]] == ["Three", "Going"]


def test_the_history_csv_refuses_a_bad_filter_naming_it(client):
    response = client.get("/history/games.csv?status=won")
    assert response.status_code == 400 and "Show: Not a valid choice" in response.text
    response = client.get("/history/games.csv?player=" + "x" * 41)
    assert response.status_code == 400 and "Player:" in response.text


def test_the_share_page_and_the_history_link_to_the_downloads(client, api):
    game = api.create()
    api.hand(contract="pass")
    share = client.get(f"/games/{game['id']}/share").text
    assert f'href="/games/{game["id"]}/hands.csv" download>Hands (CSV)' in share
    assert f'href="/games/{game["id"]}/game.json" download>Game (JSON)' in share
    history = client.get("/history?player=Ann&status=in_progress").text
    link = "/history/games.csv?player=Ann&amp;status=in_progress"
    assert f'href="{link}" download>Download this game (CSV)' in history
    assert "Download" not in client.get("/history?player=Zed").text


def test_a_long_csv_is_gzipped_for_a_phone_that_accepts_it(client, api):
    api.create(rules={"target": None, "floor": None, "hands_limit": 100})
    for _ in range(12):
        api.hand(bidder="Bob", contract="7H", tricks=7)
    path = f"/games/{api.game_id}/hands.csv"
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    response.direct_passthrough = False
    assert gzip.decompress(response.data) == client.get(path).get_data()
