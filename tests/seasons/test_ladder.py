"""A season's ladder of club nights: best nights, nights to be ranked, shared
night wins and ranks; on the season's page, in its CSV and in its JSON."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from typing import Any

import pytest
from api_helpers import CLUB_PASSWORD

from scorekeeper.db.models import Season, db
from scorekeeper.errors import BadInput
from scorekeeper.seasons import service as seasons
from scorekeeper.seasons.ladder import NightRow, Rung, ladder


def night(*rows: tuple[str, int, int, int]) -> list[NightRow]:
    """Return one night's rows: (player, rank, wins, points)."""
    return [NightRow(*row) for row in rows]


def test_the_sums_keep_each_players_best_nights_by_the_seasons_ranking():
    nights = [
        night(("Ann", 1, 3, 100)),
        night(("Ann", 2, 1, 500)),
        night(("Ann", 1, 2, 50)),
    ]
    (by_wins,) = ladder(nights, "wins", best_nights=2).ranked
    assert (by_wins.wins, by_wins.points) == (5, 150)
    (by_points,) = ladder(nights, "points", best_nights=2).ranked
    assert (by_points.wins, by_points.points) == (4, 600)
    (every,) = ladder(nights, "wins").ranked
    assert (every.nights, every.nights_won, every.wins, every.points) == (3, 2, 6, 650)


def test_players_with_too_few_nights_are_listed_apart_unranked():
    nights = [
        night(("Ann", 1, 2, 10), ("Bob", 2, 1, 90), ("Eve", 1, 2, 10)),
        night(("Ann", 2, 0, 0), ("Bob", 1, 2, 20)),
    ]
    found = ladder(nights, "wins", min_nights=2)
    assert [(r.rank, r.player) for r in found.ranked] == [(1, "Bob"), (2, "Ann")]
    assert found.unranked == (Rung(None, "Eve", 1, 1, 2, 10),)
    assert found.nights == 2


def test_a_shared_first_place_is_a_night_won_for_each():
    found = ladder([night(("Ann", 1, 2, 30), ("Bob", 1, 2, 30), ("Cat", 3, 1, 9))])
    won = {r.player: r.nights_won for r in found.ranked}
    assert won == {"Ann": 1, "Bob": 1, "Cat": 0}


def test_equal_players_share_a_rank_listed_by_name_and_the_next_rank_skips():
    found = ladder(
        [
            night(
                ("dan", 1, 3, 40), ("Cat", 2, 2, 40), ("bob", 2, 2, 40), ("Al", 4, 2, 5)
            )
        ]
    )
    ranks = [(r.rank, r.player) for r in found.ranked]
    assert ranks == [(1, "dan"), (2, "bob"), (2, "Cat"), (4, "Al")]


def test_spellings_of_one_name_are_one_player_shown_as_last_spelt():
    found = ladder([night(("ann", 1, 1, 5)), night(("Ann ", 1, 1, 5))])
    assert [(r.player, r.nights) for r in found.ranked] == [("Ann ", 2)]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"best_nights": 0}, "best_nights"),
        ({"min_nights": 101}, "min_nights"),
        ({"rank_by": "luck"}, "rank_by"),
    ],
)
def test_the_service_refuses_ladder_settings_naming_the_field(app, changes, field):
    with app.app_context(), pytest.raises(BadInput) as refused:
        seasons.save_season("S", date(2021, 1, 1), date(2021, 2, 1), **changes)
    assert refused.value.field == field


# Through the app: nights played today, a season around today.

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def play_night(
    client, players: list[str], bidder: str, finish: bool = True
) -> dict[str, Any]:
    """Set up a one-table night, play its one hand (`bidder` makes 7♥), finish it."""
    made = client.post(
        "/api/nights",
        json={
            "name": "Club",
            "rules": {"preset": "australian"},
            "movement": "progressive",
            "round_hands": 1,
            "players": players,
        },
    ).json
    bearer = {"Authorization": f"Bearer {made['director_token']}"}
    game = made["rounds"][0]["tables"][0]["game"]
    hand = {"bidder": bidder, "contract": "7H", "tricks": 8}
    played = client.post(f"/api/games/{game}/hands", json=hand, headers=bearer)
    assert played.status_code == 201
    if finish:
        done = client.post(f"/api/nights/{made['id']}/finish", headers=bearer)
        assert done.status_code == 200
    return made


@pytest.fixture
def season(app, client) -> int:
    """Two finished nights and one still playing, in a season around today that
    ranks players with two nights or more."""
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD, WTF_CSRF_ENABLED=False)
    play_night(client, PLAYERS, "Ann")  # Ann & Cat win
    play_night(client, ["Bob", "Ann", "Eve", "Cat"], "Bob")  # Bob & Eve win
    app.config["PLAYING"] = play_night(
        client, ["Bob", "Dan", "Cat", "Ann"], "Bob", finish=False
    )
    today = date.today()
    form = {
        "name": "Autumn",
        "first_day": (today - timedelta(days=1)).isoformat(),
        "last_day": (today + timedelta(days=1)).isoformat(),
        "ruleset": "",
        "best_nights": "",
        "min_nights": "2",
        "rank_by": "wins",
        "password": CLUB_PASSWORD,
    }
    assert client.post("/seasons/", data=form).status_code == 302
    with app.app_context():
        return db.session.execute(db.select(Season.id)).scalar_one()


def test_the_seasons_json_ranks_its_finished_nights(client, season):
    answer = client.get(f"/api/seasons/{season}")
    assert answer.status_code == 200
    body: dict[str, Any] = answer.json
    assert (body["min_nights"], body["best_nights"], body["rank_by"]) == (
        2,
        None,
        "wins",
    )
    shown = body["ladder"]
    assert shown["nights"] == 2  # the night still playing does not count yet
    ranked = [
        (r["rank"], r["player"], r["nights"], r["nights_won"], r["wins"])
        for r in shown["ranked"]
    ]
    assert ranked[0] == (1, "Ann", 2, 1, 1) and ranked[1][:2] == (1, "Bob")
    assert ranked[2] == (1, "Cat", 2, 1, 1)
    assert [(r["player"], r["rank"]) for r in shown["unranked"]] == [
        ("Eve", None),
        ("Dan", None),
    ]
    assert {r["name"] for r in body["standings"]["players"]} >= set(PLAYERS)
    assert client.get("/api/seasons/999").status_code == 404


def test_a_night_counts_on_the_ladder_once_it_is_finished(app, client, season):
    assert client.get(f"/api/seasons/{season}").json["ladder"]["nights"] == 2
    playing = app.config["PLAYING"]
    bearer = {"Authorization": f"Bearer {playing['director_token']}"}
    done = client.post(f"/api/nights/{playing['id']}/finish", headers=bearer)
    assert done.status_code == 200
    shown = client.get(f"/api/seasons/{season}").json["ladder"]
    assert shown["nights"] == 3
    ranked = {
        r["player"]: (r["rank"], r["nights"], r["nights_won"]) for r in shown["ranked"]
    }
    # Bob & Cat won the third night too; Dan, with two nights now, is ranked.
    assert ranked["Bob"] == (1, 3, 2) and ranked["Cat"] == (1, 3, 2)
    assert ranked["Dan"] == (4, 2, 0)


def test_the_seasons_page_shows_the_ladder_beside_its_standings(client, season):
    page = client.get(f"/seasons/{season}").text
    ladder_part = page[page.index('id="ladder"') :]
    assert "Club nights" in ladder_part and "Ann" in ladder_part
    assert "Not ranked yet (fewer than 2 nights):" in page
    assert "Eve (1 night)" in page


def test_the_seasons_csv_carries_each_players_ladder_columns(client, season):
    body = client.get(f"/seasons/{season}/standings.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(body, newline="")))
    header = rows[0]
    assert header[-5:] == [
        "Ladder rank",
        "Nights",
        "Nights won",
        "Night wins",
        "Night points",
    ]
    by_name = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert by_name["Ann"]["Ladder rank"] == "1" and by_name["Ann"]["Nights"] == "2"
    assert by_name["Eve"]["Ladder rank"] == "" and by_name["Eve"]["Nights"] == "1"
    assert by_name["Ann & Cat"]["Nights"] == ""  # a team has no ladder


def test_the_ladder_settings_are_changed_on_the_seasons_page(app, client, season):
    today = date.today()
    form = {
        "name": "Autumn",
        "first_day": (today - timedelta(days=1)).isoformat(),
        "last_day": (today + timedelta(days=1)).isoformat(),
        "ruleset": "",
        "best_nights": "1",
        "min_nights": "1",
        "rank_by": "points",
        "password": CLUB_PASSWORD,
    }
    assert client.post(f"/seasons/{season}", data=form).status_code == 302
    body = client.get(f"/api/seasons/{season}").json
    assert (body["best_nights"], body["min_nights"], body["rank_by"]) == (
        1,
        1,
        "points",
    )
    assert body["ladder"]["unranked"] == []
    refused = client.post(f"/seasons/{season}", data={**form, "min_nights": "0"})
    assert refused.status_code == 400 and "Ask for 1 to 100 nights." in refused.text
