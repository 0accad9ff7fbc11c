"""Names in a reader's order (issue 40, point 9): every list of names sorts by
the Unicode Collation Algorithm through one key, `scoring.reading_order`:
"Émile" with the E's, before "Ophélie", not after "Zack" as code points put it."""

from __future__ import annotations

import csv
import functools
import io
from datetime import date, timedelta
from typing import Any

import pytest
import pyuca
from api_helpers import CLUB_PASSWORD, Api
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.db.models import Season, db
from scorekeeper.scoring import reading_order

# Level on everything, so only their names order them.
US, THEM = ["Ophélie", "Émile"], ["Zack", "Yves"]
READER = ["Émile", "Ophélie", "Yves", "Zack"]


def test_accented_names_sort_with_their_letters():
    names = ["Zoë", "Ophélie", "eric", "Émile", "Éric", "Ann", "émile", "Ève"]
    assert sorted(names, key=reading_order) == [
        *("Ann", "émile", "Émile", "eric", "Éric", "Ève", "Ophélie", "Zoë")
    ]


NAMES = st.text(
    st.sampled_from("aeEoOzZéÉèëçÇœŒßÅåøØ -'.ñÑıİ\u0301\u0308дДあ漢"), max_size=8
)


@functools.cache
def library() -> Any:
    """Return pyuca's own collator, built apart from the app's."""
    return pyuca.Collator()


# The first example builds both collators (a second each): no deadline.
@settings(deadline=None)
@given(st.lists(NAMES, max_size=12))
def test_the_key_orders_names_as_the_unicode_collation_algorithm_does(names):
    fresh = library()
    expected = sorted(names, key=lambda name: (fresh.sort_key(name), name))
    assert sorted(names, key=reading_order) == expected


def order_in(text: str, names: list[str] = READER) -> list[str]:
    """Return these names in the order the text first shows them."""
    return sorted(names, key=text.index)


def part(page: str, start: str, end: str = "</table>") -> str:
    """Return the page from a marker to the next end (a table's, by default)."""
    begin = page.index(start)
    return page[begin : page.index(end, begin)]


def play_night(client: Any) -> dict[str, Any]:
    """One table, one hand (Ophélie's 7♥ with all ten), the night finished."""
    players = [US[0], THEM[0], US[1], THEM[1]]  # [a, c] against [b, d]
    body = {"name": "Club", "round_hands": 1, "players": players}
    night = client.post("/api/nights", json=body).json
    bearer = {"Authorization": f"Bearer {night['director_token']}"}
    game = night["rounds"][0]["tables"][0]["game"]
    hand = {"bidder": "Ophélie", "contract": "7H", "tricks": 10}
    saved = client.post(f"/api/games/{game}/hands", json=hand, headers=bearer)
    assert saved.status_code == 201, saved.json
    done = client.post(f"/api/nights/{night['id']}/finish", headers=bearer)
    assert done.status_code == 200, done.json
    return night


@pytest.fixture
def club(app, client) -> dict[str, Any]:
    """A game Ophélie and Émile won, a night they won, a season around today."""
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD, WTF_CSRF_ENABLED=False)
    api = Api(client)
    sides = [{"name": "Us", "players": US}, {"name": "Them", "players": THEM}]
    api.create(sides=sides, first_dealer="Ophélie")
    api.hand(bidder="Ophélie", contract="10NT", tricks=10)  # 520: they win
    night = play_night(client)
    today = date.today()
    form = {
        "name": "Autumn",
        "first_day": (today - timedelta(days=1)).isoformat(),
        "last_day": (today + timedelta(days=1)).isoformat(),
        "ruleset": "",
        "best_nights": "",
        "min_nights": "1",
        "rank_by": "wins",
        "password": CLUB_PASSWORD,
    }
    assert client.post("/seasons/", data=form).status_code == 302
    with app.app_context():
        season = db.session.execute(db.select(Season.id)).scalar_one()
    return {"night": night["id"], "season": season}


def test_a_nights_standings_list_level_players_in_a_readers_order(client, club):
    night = club["night"]
    shown = client.get(f"/api/nights/{night}").json
    assert [r["player"] for r in shown["standings"]] == READER
    assert [r["rank"] for r in shown["standings"]] == [1, 1, 3, 3]
    tens = next(a for a in shown["awards"] if a["name"] == "Most ten-trick hands")
    assert tens["players"] == ["Émile", "Ophélie"]
    page = client.get(f"/nights/{night}").text
    assert order_in(part(page, 'class="hands standings"')) == READER
    screen = client.get(f"/nights/{night}/screen").text
    assert order_in(part(screen, 'class="screen-standings"')) == READER


def test_a_nights_csv_lists_level_players_in_a_readers_order(client, club):
    body = client.get(f"/nights/{club['night']}/results.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body, newline="")))
    assert [row[1] for row in rows[1:]] == READER


def test_the_players_list_and_api_put_level_ratings_in_a_readers_order(client, club):
    page = client.get("/players").text
    assert order_in(part(page, "<table")) == READER
    listed = client.get("/api/players").json
    names = [p["name"] for p in listed["players"]]
    assert names == READER


def test_a_seasons_standings_and_ladder_list_level_players_in_a_readers_order(
    client, club
):
    season = client.get(f"/api/seasons/{club['season']}").json
    assert [r["name"] for r in season["standings"]["players"]] == READER
    assert [r["player"] for r in season["ladder"]["ranked"]] == READER
    page = client.get(f"/seasons/{club['season']}").text
    assert order_in(part(page, '<table class="standings">')) == READER
    assert order_in(part(page, 'id="ladder"')) == READER
    body = client.get(f"/seasons/{club['season']}/standings.csv")
    rows = list(csv.reader(io.StringIO(body.data.decode("utf-8-sig"), newline="")))
    assert [row[0] for row in rows[1:] if row[0] in READER] == READER


def test_name_suggestions_come_in_a_readers_order(client, club):
    page = client.get("/history").text
    assert order_in(part(page, '<datalist id="player-names">', "</datalist>")) == READER


def test_saved_house_rules_are_listed_in_a_readers_order(client):
    for name in ("Zack's", "Ophélie's", "Émile's", "Yves'"):
        saved = client.post("/api/rulesets", json={"name": name, "rules": {}})
        assert saved.status_code == 201, saved.json
    names = [r["name"] for r in client.get("/api/rulesets").json["rulesets"]]
    assert names == ["Émile's", "Ophélie's", "Yves'", "Zack's"]
    second = client.get("/api/rulesets?per_page=2&page=2").json["rulesets"]
    assert [r["name"] for r in second] == ["Yves'", "Zack's"]


def test_statistics_list_level_players_and_name_teams_in_a_readers_order(client, club):
    page = client.get("/stats").text
    players = part(page, "<h2>Players</h2>", "<h2>Teams</h2>")
    assert order_in(players) == READER
    assert "Émile &amp; Ophélie" in page and "Yves &amp; Zack" in page


def test_a_players_best_partners_level_on_wins_come_in_a_readers_order(client):
    api = Api(client)
    for partner in ("Ophélie", "Élodie"):  # Émile wins once beside each
        sides = [
            {"name": "Us", "players": ["Émile", partner]},
            {"name": "Them", "players": THEM},
        ]
        api.create(sides=sides, first_dealer="Émile")
        api.hand(bidder="Émile", contract="10NT", tricks=10)
    shown = client.get("/api/players/Émile").json
    assert [p["name"] for p in shown["partners"]] == ["Élodie", "Ophélie"]
