"""The app's commands on a many-clubs server: each runs in the club it names."""

from __future__ import annotations

import json

from clubs_helpers import GAME, make_club
from flask import Flask


def test_export_import_and_rescore_say_their_club(many_app: Flask, tmp_path) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    client = many_app.test_client()
    client.post("/c/north/api/games", json={**GAME, "name": "North's own"})
    runner = many_app.test_cli_runner()
    refused = runner.invoke(args=["export-games"])
    assert refused.exit_code == 2
    assert "This server has many clubs: name one, --club SLUG." in refused.output
    unknown = runner.invoke(args=["export-games", "--club", "west"])
    assert unknown.exit_code == 1 and "west: There is no club" in unknown.output
    exported = tmp_path / "north.json"
    done = runner.invoke(args=["export-games", "--club", "north", str(exported)])
    assert done.exit_code == 0, done.output
    games = json.loads(exported.read_text())["games"]
    assert [g["name"] for g in games] == ["North's own"]
    empty = runner.invoke(args=["export-games", "--club", "south"])
    assert json.loads(empty.stdout.split("Exported")[0])["games"] == []
    imported = runner.invoke(args=["import-games", "--club", "south", str(exported)])
    assert imported.exit_code == 0, imported.output
    assert [g["name"] for g in client.get("/c/south/api/games").json["games"]] == [
        "North's own"
    ]
    assert len(client.get("/c/north/api/games").json["games"]) == 1
    rescored = runner.invoke(args=["rescore", "--club", "south"])
    assert rescored.output.strip() == "Rescored 1 games."


def test_one_club_has_no_club_to_name(runner) -> None:
    refused = runner.invoke(args=["rescore", "--club", "north"])
    assert refused.exit_code == 2
    assert "This server has one club: leave out --club." in refused.output
    assert runner.invoke(args=["rescore"]).output.strip() == "Rescored 0 games."


def test_an_edit_link_opens_in_its_club(many_app: Flask) -> None:
    make_club(many_app, "north")
    client = many_app.test_client()
    rules = {"name": "North rules", "rules": {"preset": "australian"}}
    made = client.post("/c/north/api/rulesets", json=rules).json
    runner = many_app.test_cli_runner()
    said = runner.invoke(args=["edit-link", "--club", "north", str(made["id"])])
    link = said.stdout.strip()
    assert link.startswith(f"/c/north/rules/{made['id']}/edit/"), link
    assert client.get(link, follow_redirects=True).status_code == 200
