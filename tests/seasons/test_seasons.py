"""Seasons: named with the club password, chosen with one tap, standings and CSV."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime

import pytest
from api_helpers import CLUB_PASSWORD, import_past

from scorekeeper.db.models import RuleSet, Season, db
from scorekeeper.errors import BadInput
from scorekeeper.house_rules import service as rulesets
from scorekeeper.results import archive, listing
from scorekeeper.results.models import RatingRow, standing
from scorekeeper.scoring import make_hand, make_table, replay, rules_from_dict
from scorekeeper.seasons import service as seasons
from scorekeeper.seasons import table as season_table

RULES = rules_from_dict({"preset": "australian"})
PAIRS = make_table([("Us", ["Zoë", "=Bob"]), ("Them", ["Cat", "Dan"])])
TRIO = make_table([(n, [n]) for n in ("Eve", "Fay", "Gus")])


@pytest.fixture
def club(app, client):
    """Return the client of a club with a password, CSRF checked elsewhere."""
    app.config.update(CLUB_PASSWORD=CLUB_PASSWORD, WTF_CSRF_ENABLED=False)
    return client


def played(table, on: datetime, wins: bool = True) -> archive.PastGame:
    """Return a game finished on a day: the second side fails 6♠, the first wins 10NT.

    With `wins` false the two sides swap.
    """
    first, second = (0, 1) if wins else (1, 0)

    def hand(contract: str, side: int, taken: int) -> object:
        tricks = [0] * len(table.sides)
        tricks[side], tricks[(side + 1) % len(tricks)] = taken, 10 - taken
        bidder = table.sides[side].players[0]
        return make_hand(RULES, table, contract=contract, bidder=bidder, tricks=tricks)

    hands = (hand("6S", second, 0), hand("10NT", first, 10))
    assert replay(RULES, table, hands).winner == first
    return archive.PastGame("Friday", RULES, table, hands, created=on)


def form(**changes: str) -> dict[str, str]:
    """Return the season form as a phone sends it."""
    return {
        "name": "Spring",
        "first_day": "2021-03-01",
        "last_day": "2021-05-31",
        "ruleset": "",
        "password": CLUB_PASSWORD,
        **changes,
    }


def saved_seasons(app) -> list[tuple[str, date, date]]:
    with app.app_context():
        rows = db.session.execute(db.select(Season)).scalars()
        return [(s.name, s.first_day, s.last_day) for s in rows]


def test_a_season_is_named_on_its_page_and_listed(app, club):
    answer = club.post("/seasons/", data=form())
    assert answer.status_code == 302
    assert saved_seasons(app) == [("Spring", date(2021, 3, 1), date(2021, 5, 31))]
    assert "Spring" in club.get("/seasons/").text


def test_without_a_club_password_the_pages_say_why_instead_of_a_form(app, club):
    club.post("/seasons/", data=form())
    with app.app_context():
        season_id = db.session.execute(db.select(Season.id)).scalar_one()
    for path in ("/seasons/", f"/seasons/{season_id}"):
        page = club.get(path).text
        assert "needs the club password" in page and 'name="password"' in page
        assert "no-club-password" not in page
    app.config["CLUB_PASSWORD"] = None
    for path in ("/seasons/", f"/seasons/{season_id}"):
        page = club.get(path).text
        assert (
            'id="no-club-password"' in page and "its owner sets CLUB_PASSWORD" in page
        )
        assert (
            'name="password"' not in page
            and "<form" not in page.split("<main")[1].split("</main>")[0]
        )


def test_a_wrong_or_missing_club_password_saves_nothing(app, club):
    wrong = club.post("/seasons/", data=form(password="friday"))
    assert wrong.status_code == 403 and "not the club password" in wrong.text
    app.config["CLUB_PASSWORD"] = None
    unset = club.post("/seasons/", data=form())
    assert unset.status_code == 403 and "no club password" in unset.text
    assert saved_seasons(app) == []


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"last_day": "2021-02-28"}, "last_day", "must not be before the first day"),
        ({"first_day": "1 March"}, "first_day", "year-month-day"),
        ({"last_day": ""}, "last_day", "year-month-day"),
        ({"name": "  "}, "name", "Give the season a name"),
        ({"name": "spring "}, "name", "already a season with that name"),
        ({"ruleset": "999"}, "ruleset", "no such saved house rules"),
        ({"ruleset": "abc"}, "ruleset", "no such saved house rules"),
        ({"ruleset": "9" * 30}, "ruleset", "no such saved house rules"),
    ],
)
def test_bad_season_input_is_refused_naming_the_field(app, club, changes, field, words):
    assert club.post("/seasons/", data=form()).status_code == 302
    answer = club.post("/seasons/", data=form(**changes))
    assert answer.status_code == 400
    assert f'id="{field}-errors"' in answer.text and words in answer.text
    assert len(saved_seasons(app)) == 1


def test_the_service_refuses_unknown_house_rules_naming_the_field(app):
    with app.app_context(), pytest.raises(BadInput) as refused:
        seasons.save_season("Spring", date(2021, 1, 1), date(2021, 2, 1), 999)
    assert refused.value.field == "ruleset"


def test_chips_filter_history_statistics_and_the_leaderboard(app, club):
    with app.app_context():
        import_past([played(PAIRS, datetime(2020, 6, 1, 20))])
        import_past([played(TRIO, datetime(2021, 4, 2, 20))])
    club.post("/seasons/", data=form())
    with app.app_context():
        spring = db.session.execute(db.select(Season.id)).scalar_one()
    history = club.get(f"/history?season={spring}").text
    listed = history.partition('<ul class="cards">')[2]
    assert "1 game in Spring" in history and "Eve" in listed and "Zoë" not in listed
    assert f'href="/history?season={spring}" aria-current="page">Spring' in history
    assert 'href="/history">All time</a>' in history
    assert "Zoë" in club.get("/history").text.partition('<ul class="cards">')[2]
    stats = club.get(f"/stats?season={spring}").text
    assert "From 1 game in Spring" in stats and "Zoë" not in stats and "Gus" in stats
    board = club.get(f"/players?season={spring}").text
    assert "Eve" in board and "Zoë" not in board and "Players in Spring" in board
    csv_link = club.get(f"/history/games.csv?season={spring}").text
    assert "Eve" in csv_link and "Zoë" not in csv_link
    assert club.get("/history?season=x").status_code == 400
    assert club.get("/stats?season=99").status_code == 404


def test_a_season_keeps_to_its_house_rules(app, club, api):
    with app.app_context():
        house, _ = rulesets.create_ruleset("Club", {"preset": "australian"})
        ruleset_id = house.id
    api.create(ruleset=ruleset_id)
    api.hand(contract="pass")
    kept = api.game_id
    three = [{"name": n, "players": [n]} for n in ("Eve", "Fay", "Gus")]
    api.create(sides=three, first_dealer="Eve")
    api.hand(contract="pass")
    today = date.today().isoformat()
    whole = form(first_day=today, last_day=today, ruleset=str(ruleset_id))
    assert club.post("/seasons/", data=whole).status_code == 302
    with app.app_context():
        season = db.session.execute(db.select(Season)).scalar_one()
        assert [g.id for g in listing.list_games(season=season).items] == [kept]
        names = set(
            db.session.execute(
                db.select(standing.c.who).where(
                    standing.c.scope == season.id, standing.c.team.is_(False)
                )
            ).scalars()
        )
    assert names == {"ann", "bob", "cat", "dan"}


def test_the_standings_table_counts_the_seasons_games_and_rating_change(app, club):
    with app.app_context():
        import_past([played(PAIRS, datetime(2021, 2, 1, 20), wins=False)])
        for day in (2, 3):
            import_past([played(PAIRS, datetime(2021, 4, day, 20))])
    club.post("/seasons/", data=form())
    with app.app_context():
        season = db.session.execute(db.select(Season)).scalar_one()
        lines = {line.name: line for line in season_table.table(season, False).items}
        zoe = lines["Zoë"]
        assert (zoe.games, zoe.wins, zoe.win_rate) == (2, 2, 100)
        assert zoe.points_for > 1000 and zoe.points_against < 0
        ratings = (
            db.session.execute(
                db.select(RatingRow.mu - 3 * RatingRow.sigma)
                .where(RatingRow.name_key == "zoë")
                .order_by(RatingRow.games)
            )
            .scalars()
            .all()
        )
        assert zoe.rating_change == pytest.approx(ratings[2] - ratings[0])
        assert lines["Cat"].rating_change < 0 < zoe.rating_change
        teams = season_table.table(season, True).items
        assert [(t.name, t.wins) for t in teams] == [
            ("=Bob & Zoë", 2),
            ("Cat & Dan", 0),
        ]
    page = club.get(f"/seasons/{season.id}").text
    assert "=Bob" in page and "Zoë" in page and "2 of 2" in page


def test_the_standings_csv_round_trips_with_accents_and_defused_names(app, club):
    with app.app_context():
        import_past([played(PAIRS, datetime(2021, 4, 2, 20))])
    club.post("/seasons/", data=form(name="Printemps été"))
    with app.app_context():
        season_id = db.session.execute(db.select(Season.id)).scalar_one()
    answer = club.get(f"/seasons/{season_id}/standings.csv")
    assert answer.mimetype == "text/csv"
    assert "standings-printemps-ete.csv" in answer.headers["Content-Disposition"]
    body = answer.data
    assert body.startswith(b"\xef\xbb\xbf") and b"\r\n" in body
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"), newline="")))
    assert rows[0][:3] == ["Name", "Players", "Team"]
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Zoë", "'=Bob", "Cat", "Dan", "'=Bob & Zoë", "Cat & Dan"}
    assert by_name["Zoë"][3:6] == ["1", "1", "1"] and by_name["Cat"][5] == "0"
    assert int(by_name["Cat"][7]) < 0  # a score stays a number, minus and all


def test_changing_a_seasons_days_rebuilds_its_standings_and_deleting_drops_them(
    app, club
):
    with app.app_context():
        import_past([played(PAIRS, datetime(2021, 4, 2, 20))])
        import_past([played(TRIO, datetime(2021, 6, 2, 20))])
    club.post("/seasons/", data=form())
    with app.app_context():
        season_id = db.session.execute(db.select(Season.id)).scalar_one()

    def names() -> set[str]:
        with app.app_context():
            query = db.select(standing.c.name).where(standing.c.scope == season_id)
            return set(db.session.execute(query).scalars())

    assert "Eve" not in names() and "Zoë" in names()
    moved = club.post(f"/seasons/{season_id}", data=form(last_day="2021-06-30"))
    assert moved.status_code == 302 and {"Eve", "Zoë"} <= names()
    refused = club.post(f"/seasons/{season_id}/delete", data={"password": "no"})
    assert refused.status_code == 403 and names()
    gone = club.post(f"/seasons/{season_id}/delete", data={"password": CLUB_PASSWORD})
    assert gone.status_code == 302 and names() == set() and saved_seasons(app) == []
    assert club.get("/history").status_code == 200


def test_rescore_rebuilds_every_seasons_standings_as_they_were(app, club, runner):
    with app.app_context():
        import_past([played(PAIRS, datetime(2021, 4, 2, 20))])
        import_past([played(TRIO, datetime(2021, 5, 2, 20), wins=False)])
    club.post("/seasons/", data=form())
    club.post("/seasons/", data=form(name="May", first_day="2021-05-01"))

    def rows() -> set[tuple[object, ...]]:
        with app.app_context():
            return {tuple(r) for r in db.session.execute(db.select(standing))}

    before = rows()
    assert {r[0] for r in before} == {0, 1, 2}
    with app.app_context():
        db.session.execute(standing.delete().where(standing.c.scope != 0))
        db.session.commit()
    assert runner.invoke(args=["rescore"]).exit_code == 0
    assert rows() == before


def test_the_season_form_can_pick_any_of_hundreds_of_saved_house_rules(app, club):
    with app.app_context():
        for n in range(250):
            db.session.add(
                RuleSet(name=f"Rules {n:03}", name_key=f"rules {n:03}", rules={})
            )
        db.session.commit()
        last = db.session.execute(
            db.select(RuleSet.id).where(RuleSet.name == "Rules 249")
        ).scalar_one()
    page = club.get("/seasons/").text
    assert "Showing 50 of 250 saved house rules" in page
    assert 'name="rules"' in page and f'value="{last}"' not in page
    found = club.get("/seasons/", query_string={"rules": "rules 249"}).text
    assert f'<option value="{last}">Only Rules 249</option>' in found
    made = club.post("/seasons/?rules=249", data=form(ruleset=str(last)))
    assert made.status_code == 302
    with app.app_context():
        assert db.session.execute(db.select(Season.ruleset_id)).scalar() == last
    season = club.get(made.location).text
    assert "only games started from Rules 249" in season
    assert f'<option selected value="{last}">Only Rules 249</option>' in season
