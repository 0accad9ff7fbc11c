"""The flask CLI: init-db, export-games and import-games."""

import json

from api_helpers import FRIDAY

from scorekeeper import create_app
from scorekeeper.models import db


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
    line = result.output.splitlines()[0]
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
    assert "Nothing imported" in result.output and "(hand 1)" in result.output
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
