"""Renaming and merging players: every game, result, standing and rating follows."""

from __future__ import annotations

import html
from datetime import date, datetime
from typing import Any

import pytest
from api_helpers import CLUB_PASSWORD, import_past, statements
from flask import Flask
from sqlalchemy import select
from test_bad_pages import csrf_token
from test_players import kept_ratings, page_figures, replay_figures
from test_results import normal, replayed, stored

from scorekeeper.db import store
from scorekeeper.db.models import Game, db
from scorekeeper.errors import BadInput, Conflict, NotFound, Stale
from scorekeeper.games import service as services
from scorekeeper.players import merging
from scorekeeper.players import service as players
from scorekeeper.results import archive, ratings
from scorekeeper.results.models import ALL_TIME, standing
from scorekeeper.scoring import make_hand, make_table, rules_from_dict
from scorekeeper.seasons import service as seasons

RULES = rules_from_dict({"preset": "australian"})


@pytest.fixture
def club(app: Flask) -> Flask:
    """Return the app with a club password set."""
    app.config["CLUB_PASSWORD"] = CLUB_PASSWORD
    return app


def _game(
    day: str, sides: list[tuple[str, list[str]]], dealer: str, *hands: dict[str, Any]
) -> archive.PastGame:
    table = make_table(sides, dealer)
    made = tuple(make_hand(RULES, table, **hand) for hand in hands)
    return archive.PastGame(
        day, RULES, table, made, created=datetime.fromisoformat(day)
    )


# Annie (also typed "annie") and Ann (also "ann") are one person, who bid,
# was called as a partner, dealt first and sat alone under her own name.
CLUB = [
    _game(
        "2020-01-01",
        [("Us", ["Annie", "Cat"]), ("Them", ["Bob", "Dan"])],
        "Annie",
        {"bidder": "Annie", "contract": "7H", "tricks": 8},
        {"bidder": "Bob", "contract": "6S", "tricks": 4},
        {"bidder": "Annie", "contract": "10NT", "tricks": 10},
    ),
    _game(
        "2020-02-01",
        [("annie", ["annie"]), ("Bob", ["Bob"]), ("Cat", ["Cat"])],
        "annie",
        {"bidder": "annie", "contract": "6S", "tricks": [6, 4, 0]},
    ),
    _game(
        "2020-01-15",
        [("Reds", ["Ann", "Dan"]), ("Blues", ["Bob", "Cat"])],
        "Bob",
        {"bidder": "Ann", "contract": "10NT", "tricks": 10},
    ),
    _game(
        "2020-03-01",
        [(n, [n]) for n in ("Bob", "Cat", "Dan", "Eve", "Annie")],
        "Bob",
        {
            "bidder": "Bob",
            "partner": "Annie",
            "contract": "8H",
            "tricks": [4, 1, 1, 0, 4],
        },
    ),
    _game(
        "2020-04-01",
        [("Us", ["ann", "Eve"]), ("Them", ["Bob", "Dan"])],
        "Eve",
        {"bidder": "Eve", "contract": "9D", "tricks": 9},
    ),
]


def versions() -> dict[str, int]:
    return dict(db.session.execute(select(Game.name, Game.version)).all())


def whole(app: Flask) -> tuple[Any, ...]:
    """Return every stored result, standing and rating, to see that nothing moved."""
    with app.app_context():
        return normal(stored()), kept_ratings(), versions()


def test_merging_two_players_moves_every_game_and_statistic(app: Flask, runner):
    with app.app_context():
        import_past(CLUB)
        before = {n: players.profile(n) for n in ("Annie", "Ann")}
        change = merging.plan("annie", " ann ")  # Ann, as most often spelled
        assert change.words[:2] == [
            "Annie's 3 games become Ann's: one person, 5 games in all.",
            # A reader's order (the Unicode Collation Algorithm): lower case first.
            "2 spellings (“annie”, “Annie”) become “Ann” in 3 games.",
        ]
        was = versions()
        merging.change("annie", " ann ", expected=3)
        db.session.expire_all()

        now = versions()
        assert {n for n in now if now[n] != was[n]} == {
            "2020-01-01",
            "2020-02-01",
            "2020-03-01",
        }
        assert all(now[n] == was[n] + 1 for n in ("2020-01-01", "2020-02-01"))
        ann = players.profile("ANN")
        assert ann.name == "Ann"
        for counter in ("games", "finished", "wins", "front_door", "tricks_bid"):
            got = getattr(ann.stats, counter)
            assert got == sum(getattr(p.stats, counter) for p in before.values())
        played = [(g.table, g.state) for g in services.all_games()]
        figures = replay_figures("ann", played)
        assert figures["games"] == 5
        assert page_figures(ann) == figures
        with pytest.raises(NotFound, match="No one called 'Annie'"):
            players.profile("Annie")
        whos = db.session.execute(select(standing.c.who)).scalars().all()
        assert not [who for who in whos if "annie" in who]
        assert ann.rating is not None and ann.rating.games == 2
        # Everything kept equals a fresh replay, and the ratings a fresh rating.
        assert normal(stored()) == normal(replayed())
        kept = kept_ratings()
        store.transaction(ratings.refresh)
        assert kept_ratings() == kept
    after = whole(app)
    assert runner.invoke(args=["rescore"]).exit_code == 0
    assert whole(app) == after


def test_a_merge_keeps_each_seasons_and_teams_standings_as_a_fresh_fold(app: Flask):
    with app.app_context():
        import_past(CLUB)
        # Winter holds Ann's game with Dan and annie's alone; spring the rest.
        winter = seasons.save_season("Winter", date(2020, 1, 10), date(2020, 2, 15))
        spring = seasons.save_season("Spring", date(2020, 3, 1), date(2020, 4, 30))
        merging.change("Annie", "Ann")
        db.session.expire_all()
        assert normal(stored()) == normal(replayed())
        kept = db.session.execute(
            select(standing.c.scope, standing.c.who, standing.c.games)
        ).all()
        ann = {(scope, who): games for scope, who, games in kept if "ann" in who}
        assert ann == {
            (ALL_TIME, "ann"): 5,
            (ALL_TIME, "ann\ncat"): 1,
            (ALL_TIME, "ann\ndan"): 1,
            (ALL_TIME, "ann\neve"): 1,
            (winter.id, "ann"): 2,
            (winter.id, "ann\ndan"): 1,
            (spring.id, "ann"): 2,
            (spring.id, "ann\neve"): 1,
        }


def _theirs(name: str, month: int, count: int) -> list[archive.PastGame]:
    """Return a player's games with a partner, bidding and dealing, a day apart."""
    return [
        _game(
            f"2021-{month:02}-{day:02}",
            [("Us", [name, "Cat"]), ("Them", ["Bob", "Dan"])],
            name,
            {"bidder": name, "contract": "7H", "tricks": 8},
            {"bidder": "Bob", "contract": "6S", "tricks": 4},
        )
        for day in range(1, count + 1)
    ]


def test_a_rename_runs_as_many_statements_for_many_games_as_for_few(app: Flask):
    with app.app_context():
        import_past(_theirs("Yan", 1, 2) + _theirs("Zoe", 2, 6))
    few = statements(app, lambda: merging.change("Yan", "Yul"))
    many = statements(app, lambda: merging.change("Zoe", "Zed"))
    assert len(many) == len(few)
    with app.app_context():
        assert normal(stored()) == normal(replayed())


def test_renaming_changes_the_spelling_everywhere(app: Flask, club: Flask, client):
    with app.app_context():
        [(lone, _)] = import_past([CLUB[1]])
        services.load(lone)  # this worker keeps its table, with the old names
    page = client.get("/players/ANNIE")
    assert "Rename or merge" in page.text
    asked = client.get("/players/ANNIE/rename?new_name=Anne")
    assert asked.status_code == 200
    assert "<h1>Rename annie to Anne?</h1>" in asked.text
    assert "annie's 1 game becomes Anne's." in html.unescape(asked.text)
    form = {"csrf_token": csrf_token(asked.text), "new_name": "Anne", "games": "1"}
    done = client.post(
        "/players/annie/rename", data={**form, "password": CLUB_PASSWORD}
    )
    assert done.status_code == 302 and done.location == "/players/Anne"
    shown = client.get(done.location)
    assert "annie is Anne now (1 game changed)." in shown.text
    again = client.post(
        "/players/annie/rename", data={**form, "password": CLUB_PASSWORD}
    )
    assert again.status_code == 302 and again.location == "/players/Anne"
    assert "annie is Anne already." in client.get(again.location).text
    board = client.get(f"/games/{lone}").text
    assert "Anne" in board and "annie" not in board
    game = client.get(f"/api/games/{lone}").get_json()
    assert game["version"] == 2 and game["sides"][0]["name"] == "Anne"
    assert game["first_dealer"] == "Anne" and game["hands"][0]["bidder"] == "Anne"
    assert "Anne" in client.get("/history?player=anne").text
    assert client.get("/players/annie").status_code == 404


def test_a_wrong_or_missing_password_is_refused_and_nothing_changes(
    app: Flask, club: Flask, client
):
    with app.app_context():
        import_past(CLUB)
    was = whole(app)
    asked = client.get("/players/Annie/rename?new_name=Ann")
    form = {"csrf_token": csrf_token(asked.text), "new_name": "Ann", "games": "3"}
    for password in ("friday at eight", ""):
        refused = client.post(
            "/players/Annie/rename", data={**form, "password": password}
        )
        assert refused.status_code == 403
        assert "That is not the club password." in refused.text
        assert 'id="password-errors"' in refused.text
    assert whole(app) == was
    club.config["CLUB_PASSWORD"] = None
    page = client.get("/players/Annie")
    assert "this server has none" in page.text and "new_name" not in page.text
    assert client.get("/players/Annie/rename?new_name=Ann").status_code == 403
    refused = client.post(
        "/players/Annie/rename", data={**form, "password": CLUB_PASSWORD}
    )
    assert refused.status_code == 403 and "no club password" in refused.text
    assert whole(app) == was


def test_two_players_of_one_game_cannot_be_merged(app: Flask, club: Flask, client):
    with app.app_context():
        import_past(CLUB)
        with pytest.raises(Conflict, match="played in the same game") as refused:
            merging.plan("Annie", "Cat")
        assert refused.value.field == "new_name"
    was = whole(app)
    page = client.get("/players/Annie/rename?new_name=cat")
    assert page.status_code == 409
    assert "Annie and Cat played in the same game (3 games together)" in page.text
    assert whole(app) == was


@pytest.mark.parametrize(
    ("new_name", "refusal"),
    [
        ("", "needs a name"),
        ("\u200b ", "needs a name"),
        ("A" * 41, "longer than 40"),
        ("An\x07n", "control characters"),
        ("Annie", "spelled Annie in every game already"),
    ],
)
def test_a_bad_new_name_is_refused_naming_the_field(
    app: Flask, club: Flask, client, new_name: str, refusal: str
):
    with app.app_context():
        import_past(CLUB[:1])
        with pytest.raises(BadInput, match=refusal) as refused:
            merging.change("Annie", new_name)
        assert refused.value.field == "new_name"
    page = client.get("/players/Annie/rename", query_string={"new_name": new_name})
    assert page.status_code == 400 and 'id="new_name-errors"' in page.text


def test_a_change_confirmed_before_another_game_changed_does_nothing(app: Flask):
    with app.app_context():
        import_past(CLUB[:2])
        with pytest.raises(Stale, match="nothing was renamed"):
            merging.change("Annie", "Ann", expected=1)
        db.session.expire_all()
        assert players.profile("Annie").stats.games == 2
        with pytest.raises(NotFound):
            merging.plan("Zed", "Ann")


def test_a_rename_the_games_own_names_refuse_changes_nothing(app: Flask):
    with app.app_context():
        import_past(
            [_game("2020-01-01", [("Annie", ["Annie"]), ("Ann", ["Bob"])], "Bob")]
        )
        was = normal(stored())
        # Annie's side is named after her, and another side is called Ann.
        with pytest.raises(Conflict, match="2020-01-01: Side names must differ"):
            merging.change("Annie", "Ann")
        db.session.expire_all()
        assert normal(stored()) == was
