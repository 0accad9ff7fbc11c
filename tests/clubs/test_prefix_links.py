"""A club's prefix travels everywhere a link goes (issue 43, point 1): its pages,
the API's `links` and `Location`, QR codes, CSV, printed cards, the language
switch; a crawl of every page of a club finds no address outside it."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from accounts_helpers import token
from clubs_helpers import GAME, make_club
from flask import Flask
from flask.testing import FlaskClient
from prefix_crawl import HOST, crawl, outside, qr_codes

from scorekeeper.clubs import service
from scorekeeper.db.clubs import scope
from scorekeeper.seasons import service as seasons

AT = "/c/north"
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
NIGHT = {
    "name": "Tuesday club",
    "rules": {"preset": "australian"},
    "movement": "progressive",
    "round_hands": 2,
    "rank_by": "wins",
    "players": EIGHT,
}
HANDS = [
    {"bidder": "Bob", "contract": "7H", "tricks": 7},
    {"bidder": "Ann", "contract": "6S", "tricks": 5},
]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def north(many_app: Flask) -> FlaskClient:
    """Return a client of club "north" (beside club "south")."""
    make_club(many_app, "north")
    make_club(many_app, "south")
    return many_app.test_client()


def new_game(client: FlaskClient) -> dict[str, Any]:
    """Start Friday's game in the club through the API, with two hands saved."""
    made = client.post(f"{AT}/api/games", json=GAME)
    assert made.status_code == 201, made.json
    for hand in HANDS:
        saved = client.post(
            f"{AT}/api/games/{made.json['id']}/hands",
            json=hand,
            headers=bearer(made.json["write_token"]),
        )
        assert saved.status_code == 201, saved.json
    return made.json


def new_night(client: FlaskClient) -> dict[str, Any]:
    app = client.application  # many clubs: a night is set up by a director
    director = bearer(token(app, "north", "director"))
    made = client.post(f"{AT}/api/nights", json=NIGHT, headers=director)
    assert made.status_code == 201, made.json
    return made.json


def test_the_api_links_and_location_carry_the_clubs_prefix(north: FlaskClient):
    made = north.post(f"{AT}/api/games", json=GAME)
    game, token = made.json["id"], made.json["write_token"]
    assert made.json["links"] == {
        "view": f"{AT}/games/{game}",
        "play": f"{AT}/games/{game}/play/{token}",
    }
    assert made.headers["Location"] == f"{AT}/api/games/{game}"
    for link in made.json["links"].values():
        assert north.get(link).status_code in (200, 302), link

    night = new_night(north)
    place = f"{AT}/nights/{night['id']}"
    assert night["links"] == {
        "view": place,
        "screen": f"{place}/screen",
        "direct": f"{place}/direct/{night['director_token']}",
        "cards": f"{place}/cards",
    }
    assert north.get(night["links"]["direct"]).location == f"{place}/direct"
    for link in night["links"].values():
        assert north.get(link).status_code in (200, 302), link

    body = {"name": "Club rules", "rules": {"preset": "australian"}}
    rules = north.post(f"{AT}/api/rulesets", json=body)
    assert rules.headers["Location"] == f"{AT}/api/rulesets/{rules.json['id']}"


def test_the_forms_of_a_club_lead_back_into_it(north: FlaskClient, many_app: Flask):
    many_app.config["WTF_CSRF_ENABLED"] = False  # CSRF is tested apart
    form = {
        **{f"sides-{i}": side for i, side in enumerate(["Us", "Them"])},
        **{f"players-{i}": name for i, name in enumerate(["Ann", "Cat", "Bob", "Dan"])},
        "rules": "preset:australian",
        "first_dealer": "Ann",
        "start": "1",
    }
    started = north.post(f"{AT}/new/2x2", data=form)
    assert started.status_code == 302, started.text
    board = started.location
    assert board.startswith(f"{AT}/games/")
    hand = {"save": "1", "bidder": "Bob", "contract": "7H", "tricks": "7"}
    saved = north.post(f"{board}/hands", data={**hand, "version": "0"})
    assert saved.status_code == 302, saved.text
    assert saved.location.startswith(f"{board}#") or saved.location == board
    undone = north.post(f"{board}/undo", data={"version": "1"})
    assert undone.location.startswith(board), undone.text

    # The language switch goes back to the page it was on, in the club.
    page = north.get(board).text
    assert f'name="next" value="{board}"' in page
    switched = north.post(f"{AT}/language", data={"lang": "fr", "next": board})
    assert switched.location == board


def test_every_page_of_a_club_links_only_inside_it(north: FlaskClient, many_app):
    game = new_game(north)
    night = new_night(north)
    north.get(night["links"]["direct"])  # this phone directs the night
    body = {"name": "Club rules", "rules": {"preset": "australian"}}
    rules = north.post(f"{AT}/api/rulesets", json=body).json
    with many_app.app_context():
        with scope.inside(service.place(service.find("north"))):
            spring = (date(2020, 1, 1), date(2099, 12, 31))
            season = seasons.save_season("Spring", *spring).id
    seeds = [
        f"{AT}/",
        f"{AT}/new/",
        f"{AT}/history",
        f"{AT}/stats",
        f"{AT}/players",
        f"{AT}/seasons/",
        f"{AT}/seasons/{season}",
        f"{AT}/rules/",
        f"{AT}/rules/{rules['id']}/edit",
        f"{AT}/nights",
        f"{AT}/nights/new",
        f"{AT}/manifest.webmanifest",
        game["links"]["play"],
        *night["links"].values(),
        f"{night['links']['view']}/schedule",
        f"{night['links']['view']}/tallies",
        f"{night['links']['view']}/results.csv",
        f"{AT}/api/games",
        f"{AT}/api/nights/{night['id']}",
    ]
    found = crawl(north, AT, seeds)
    assert {path: gone for path, gone in found.items() if gone} == {}
    read = set(found)
    board = f"{AT}/games/{game['id']}"
    for kind in ("/hands", "/hands.csv", "/game.json", "/share", "/share/play"):
        assert board + kind in read, kind  # what the crawl must have reached
    assert f"{AT}/history/games.csv" in read
    assert f"{AT}/seasons/{season}/standings.csv" in read
    assert f"{AT}/players/Ann" in read
    assert any(path.startswith(f"{night['links']['view']}/tables/") for path in read)


def test_the_qr_codes_read_back_as_the_clubs_addresses(north: FlaskClient):
    game = new_game(north)
    board = f"{HOST}{AT}/games/{game['id']}"
    north.get(game["links"]["play"])
    assert qr_codes(north.get(f"{AT}/games/{game['id']}/share").text) == [board]
    play = f"{HOST}{game['links']['play']}"
    assert qr_codes(north.get(f"{AT}/games/{game['id']}/share/play").text) == [play]

    night = new_night(north)
    north.get(night["links"]["direct"])
    console = qr_codes(north.get(f"{night['links']['view']}/direct").text)
    assert console == [f"{HOST}{night['links']['direct']}"]
    cards = qr_codes(north.get(night["links"]["cards"]).text)
    assert len(cards) == 2  # eight players: two tables
    for number, read in enumerate(cards, start=1):
        assert read.startswith(f"{HOST}{night['links']['view']}/tables/{number}/")
        assert not outside(read, AT)
        assert north.get(read.removeprefix(HOST)).status_code == 302


def test_the_manifest_and_the_worker_are_the_clubs_own(north: FlaskClient):
    manifest = north.get(f"{AT}/manifest.webmanifest").json
    assert manifest["id"] == manifest["start_url"] == manifest["scope"] == f"{AT}/"
    assert all(icon["src"].startswith(f"{AT}/static/") for icon in manifest["icons"])
    assert manifest["name"] == "North"  # installed, each club is an app by its name
    page = north.get(f"{AT}/").text
    assert f'<link rel="manifest" href="{AT}/manifest.webmanifest">' in page
    assert f'data-worker="{AT}/sw.js"' in page

    worker = north.get(f"{AT}/sw.js")
    assert worker.status_code == 200
    assert worker.headers["Service-Worker-Allowed"] == f"{AT}/"
    script = worker.get_data(as_text=True)
    assert f'const ROOT = "{AT}";' in script
    other = north.get("/c/south/sw.js")
    assert other.headers["ETag"] != worker.headers["ETag"]
    assert 'const ROOT = "/c/south";' in other.get_data(as_text=True)
    # Outside any club, the service's own worker is the one-club app's.
    root = north.get("/sw.js")
    assert root.headers["Service-Worker-Allowed"] == "/"
    assert 'const ROOT = "";' in root.get_data(as_text=True)
