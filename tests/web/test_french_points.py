"""Points and days as each language writes them: 1 000 and 25 nov. 2026 on a
French page, 1000 and 2026-11-25 as before on an English one (Babel's formats
for the page's locale)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta

import pytest
from api_helpers import Api
from flask.testing import FlaskClient
from test_language import FRENCH, app, compiled  # noqa: F401

from scorekeeper.seasons import service as seasons

NB = "\u202f"  # French groups thousands with a narrow no-break space
MONTHS = "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.".split()


def french_day(day: date) -> str:
    """Return a day as a French page writes it (Babel's medium date in fr, the
    first of a month as an ordinal: 1er sept. 2026)."""
    number = "1er" if day.day == 1 else str(day.day)
    return f"{number} {MONTHS[day.month - 1]} {day.year}"


@pytest.fixture
def api(client: FlaskClient) -> Api:
    """The API helper, on the app with the compiled French catalogue."""
    return Api(client)


def test_a_total_past_a_thousand_is_written_for_the_pages_language(client, api):
    api.create(rules={"preset": "australian", "target": 2000, "floor": -2000})
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.hand(bidder="Cat", contract="10NT", tricks=10)
    path = f"/games/{api.game_id}"
    french = client.get(path, headers=FRENCH).text
    english = client.get(path).text
    assert f'<span class="score">1{NB}040</span>' in french
    assert f"+1{NB}040" not in french and "+520" in french  # each hand's points
    assert '<span class="score">1040</span>' in english
    assert f"Us\u00a0: 1{NB}040 à la fin" in french  # the chart's words
    assert "Us ends on 1040" in english
    table = client.get(f"{path}/table", headers=FRENCH).text
    assert f'<span class="table-score long">1{NB}040</span>' in table


def finished_past_a_thousand(api: Api) -> None:
    """Play a game Ann & Cat win with 1040 (two 10NT made, to 1000)."""
    api.create(rules={"preset": "australian", "target": 1000, "floor": -1000})
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.hand(bidder="Cat", contract="10NT", tricks=10)


def test_the_lists_of_games_write_points_and_days_for_the_pages_language(client, api):
    finished_past_a_thousand(api)
    today = datetime.now(UTC).date()
    for path in ("/", "/history"):
        french = client.get(path, headers=FRENCH).text
        english = client.get(path).text
        assert f"Ann &amp; Cat 1{NB}040" in french, path
        assert french_day(today) in french and today.isoformat() not in french, path
        assert "Ann &amp; Cat 1040" in english and today.isoformat() in english, path
        assert french_day(today) not in english, path


def test_a_seasons_days_and_points_are_written_for_the_pages_language(client, api):
    finished_past_a_thousand(api)
    today = datetime.now(UTC).date()
    first = today - timedelta(days=40)
    with client.application.app_context():
        path = f"/seasons/{seasons.save_season('Hiver', first, today).id}"
    french = client.get(path, headers=FRENCH).text
    assert f"du {french_day(first)} au {french_day(today)}" in french
    assert f"1{NB}040 – " in french
    english = client.get(path).text
    assert f"{first.isoformat()} to {today.isoformat()}" in english
    assert "1040 – " in english


def test_a_season_from_the_first_of_a_month_says_1er_in_french(client):
    # "du 1 sept." (issue 33.5): the first of a month is an ordinal in French.
    with client.application.app_context():
        made = seasons.save_season("Automne", date(2026, 9, 1), date(2026, 11, 30))
    path = f"/seasons/{made.id}"
    assert "du 1er sept. 2026 au 30 nov. 2026" in client.get(path, headers=FRENCH).text
    assert "2026-09-01 to 2026-11-30" in client.get(path).text


def test_a_nights_standings_write_points_for_the_pages_language(client):
    body = {
        "name": "Mardi",
        "rules": {"preset": "australian", "target": 2000, "floor": -2000},
        "movement": "progressive",
        "round_hands": 2,
        "players": ["Ann", "Bob", "Cat", "Dan"],
    }
    night = client.post("/api/nights", json=body).json
    assert night is not None
    (table,) = night["rounds"][0]["tables"]
    director = {"Authorization": f"Bearer {night['director_token']}"}
    for _ in range(2):
        made = {"bidder": "Ann", "contract": "10NT", "tricks": 10}
        answer = client.post(
            f"/api/games/{table['game']}/hands", json=made, headers=director
        )
        assert answer.status_code == 201, answer.json
    path = f"/nights/{night['id']}"
    points = '<td class="num" data-label="Points">'
    assert f"{points}1{NB}040</td>" in client.get(path, headers=FRENCH).text
    assert f"{points}1040</td>" in client.get(path).text
    ann = client.get(f"{path}/players/Ann", headers=FRENCH).text
    assert f"1{NB}040 points" in ann
    assert "1040 points" in client.get(f"{path}/players/Ann").text


def read_csv(client: FlaskClient, path: str, **headers: str) -> list[list[str]]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200 and response.mimetype == "text/csv", path
    text = io.StringIO(response.data.decode("utf-8-sig"), newline="")
    # A French page's file is what a French spreadsheet splits: semicolons.
    return list(csv.reader(text, delimiter=";" if headers else ","))


def test_the_csv_downloads_speak_the_pages_language_and_keep_plain_numbers(client, api):
    # English headers on every file, whatever the phone spoke (issue 33.2).
    finished_past_a_thousand(api)
    today = datetime.now(UTC).date()
    with client.application.app_context():
        season = seasons.save_season("Hiver", today, today).id
    files = {
        "hands": f"/games/{api.game_id}/hands.csv",
        "games": "/history/games.csv",
        "season": f"/seasons/{season}/standings.csv",
    }
    french = {name: read_csv(client, path, **FRENCH) for name, path in files.items()}
    english = {name: read_csv(client, path) for name, path in files.items()}
    assert french["hands"][0][:6] == [
        "Manche",
        "Donneur",
        "Preneur",
        "Partenaire",
        "Mise",
        "Réussie",
    ]
    assert english["hands"][0][:6] == [
        "Hand",
        "Dealer",
        "Bidder",
        "Partner",
        "Contract",
        "Made",
    ]
    assert french["hands"][1][4:6] == ["10SA", "oui"]  # a contract as the page says it
    assert english["hands"][1][4:6] == ["10NT", "yes"]
    assert french["games"][0][:4] == ["Date (UTC)", "Nom", "Notes", "Équipe 1"]
    assert english["games"][0][:4] == ["Date (UTC)", "Name", "Notes", "Side 1"]
    assert "1040" in french["games"][1] and "1040" in english["games"][1]
    assert "par la grande porte" in " ".join(french["games"][1])
    assert french["season"][0][:3] == ["Nom", "Joueurs", "Équipe"]
    assert english["season"][0][:3] == ["Name", "Players", "Team"]
    assert french["season"][1][2] == "non" and english["season"][1][2] == "no"
