"""The flask CLI: init-db, export-games, import-games (in batches) and edit-link."""

import json
import re
from datetime import datetime

import pytest
from api_helpers import FRIDAY
from sqlalchemy import event
from sqlalchemy.orm import Session

from scorekeeper import cli, create_app
from scorekeeper.db.models import db
from scorekeeper.results import archive, ratings
from scorekeeper.results.models import PlayerRating, RatingRow


def test_init_db_says_the_database_is_up_to_date(runner):
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "up to date" in result.output


def test_export_then_import_recreates_games_and_hands(app, runner, api, tmp_path):
    api.create()
    api.hand(bidder="Bob", contract="7H", tricks=7)
    api.hand(side=0, contract="misere", tricks=[0, 10])
    exported = api.game()
    path = tmp_path / "games.json"
    result = runner.invoke(args=["export-games", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["games"] == [exported]

    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "t",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite'}",
        }
    )
    result = other.test_cli_runner().invoke(args=["import-games", str(path)])
    assert result.exit_code == 0, result.output
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"{exported['id']}  /games/{exported['id']}/play/")
    imported = other.test_client().get(f"/api/games/{exported['id']}").json
    assert imported == {**exported, "version": 1}
    with other.app_context():
        db.engine.dispose()


def test_import_is_all_or_nothing(runner, client, tmp_path):
    good = {**FRIDAY, "hands": [{"bidder": "Bob", "contract": "7H", "tricks": [3, 7]}]}
    bad = {**FRIDAY, "hands": [{"bidder": "Zed", "contract": "7H", "tricks": 7}]}
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": [good, bad]}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1
    assert "Nothing imported: game 2, hand 1 (bidder): 'Zed'" in result.output
    assert client.get("/api/games").json["total"] == 0


def test_import_refuses_a_game_already_there(runner, api, tmp_path):
    game = api.create()
    path = tmp_path / "games.json"
    path.write_text(json.dumps([game]))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1 and "already in the database" in result.output


def test_import_refuses_what_is_not_an_export(runner, tmp_path):
    path = tmp_path / "games.json"
    path.write_text("{")
    assert "is not JSON" in runner.invoke(args=["import-games", str(path)]).output
    path.write_text('{"games": 5}')
    assert "Expected" in runner.invoke(args=["import-games", str(path)]).output


def test_the_migrations_go_down_to_nothing_and_up_again(app, runner):
    for args in (["db", "downgrade", "base"], ["db", "upgrade"]):
        result = runner.invoke(args=args)
        assert result.exit_code == 0, result.output
    with app.app_context():
        names = set(db.inspect(db.engine).get_table_names())
    assert {"game", "game_side", "player", "hand", "ruleset"} <= names
    assert runner.invoke(args=["init-db"]).output.strip() == (
        "The database is up to date."
    )


def numbered(count: int) -> list[dict]:
    """Return `count` games as an export file holds them, without ids."""
    hand = {"bidder": "Bob", "contract": "7H", "tricks": [3, 7]}
    return [{**FRIDAY, "name": f"Game {i}", "hands": [hand]} for i in range(count)]


def test_import_writes_five_hundred_games_a_transaction(runner, client, tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": numbered(1250)}))
    commits = []

    def count(session: Session) -> None:
        commits.append(session)

    event.listen(Session, "after_commit", count)
    try:
        result = runner.invoke(args=["import-games", str(path)])
    finally:
        event.remove(Session, "after_commit", count)
    assert result.exit_code == 0, result.output
    assert len(commits) == 4  # 500, 500 and 250 games, then the ratings once
    assert result.output.count("/play/") == 1250
    assert client.get("/api/games").json["total"] == 1250


@pytest.mark.parametrize(
    ("last", "says"),
    [
        (
            {**FRIDAY, "hands": [{"bidder": "Zed", "contract": "7H", "tricks": 7}]},
            "game 251, hand 1 (bidder): 'Zed' is not at this table",
        ),
        ({**FRIDAY, "sides": []}, "game 251 (sides):"),
        ({**FRIDAY, "id": "twice"}, "share the id twice"),
    ],
)
def test_a_bad_game_anywhere_in_the_file_writes_nothing(
    runner, client, tmp_path, last, says
):
    games = numbered(250)
    games[0]["id"] = "twice"
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": [*games, last]}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1
    assert "Nothing imported: " in result.output and says in result.output
    assert client.get("/api/games").json["total"] == 0


def test_a_game_the_database_would_refuse_stops_the_file_before_any_write(
    runner, client, tmp_path
):
    games = numbered(200)
    games[149] = {**games[149], "id": "g150", "notes": "n" * 81}
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": games}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 1
    assert "Nothing imported: game 150 (id g150) (notes): " in result.output
    assert "at most 80 characters" in result.output
    assert client.get("/api/games").json["total"] == 0


def decided(count: int) -> list[dict]:
    """Return `count` finished games dated alike (a file of dates alone), the
    winners taking turns."""
    games = []
    for i in range(count):
        taken = [7, 3] if i % 3 else [3, 7]
        bidder = "Ann" if i % 3 else "Bob"
        hand = {"bidder": bidder, "contract": "7H", "tricks": taken}
        games.append(
            {
                **FRIDAY,
                "name": f"Game {i}",
                "rules": {"target": 100},
                "created": "2020-01-01T00:00:00+00:00",
                "hands": [hand],
            }
        )
    return games


def ratings_kept(app) -> dict[str, list[tuple]]:
    with app.app_context():
        kept = {
            model.__tablename__: sorted(
                tuple(getattr(row, c.key) for c in model.__table__.columns)
                for row in db.session.execute(db.select(model)).scalars()
            )
            for model in (RatingRow, PlayerRating)
        }
        db.session.remove()
    return kept


def test_an_import_replays_the_ratings_once_as_a_fresh_replay_would(
    app, runner, api, tmp_path, monkeypatch
):
    api.create(rules={"target": 100})  # a game kept already, newer than the file's
    api.hand(bidder="Ann", contract="8S", tricks=[8, 2])
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": decided(250)}))
    replays = []
    replay = ratings.refresh

    def counted(since=None, without=None):
        replays.append(since)
        replay(since, without)

    monkeypatch.setattr(ratings, "refresh", counted)
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 0, result.output
    assert replays == [datetime(2020, 1, 1)]  # once, from the file's first date
    imported = ratings_kept(app)
    assert len(imported["rating"]) == 251 * 4
    assert runner.invoke(args=["rescore"]).exit_code == 0
    assert ratings_kept(app) == imported


def test_an_import_shows_its_progress_count_and_rate(runner, tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS", 100)
    monkeypatch.setattr(archive, "BATCH", 50)  # a line every other batch
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": numbered(250)}))
    result = runner.invoke(args=["import-games", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == "Checked 250 games."
    written = [
        re.fullmatch(r"Written (\d+) of 250 games, [\d,]+ a second(.*)", line)
        for line in lines[1:-1]
    ]
    assert [int(m.group(1)) for m in written if m] == [100, 200, 250]
    assert written[-1].group(2) == ": rating the players."
    assert lines[-1] == "Imported 250 games."
