"""The operator's commands (`flask clubs ...`): a club made, listed, exported,
deleted and imported back to every row, adopted from one-club data, links and
tokens for its people."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from accounts_helpers import token
from clubs_helpers import GAME, make_club
from flask import Flask
from sqlalchemy import select

from scorekeeper.clubs import founders, service
from scorekeeper.db.clubs import storage
from scorekeeper.db.clubs.people import AccessToken, Membership, OneUseLink
from scorekeeper.db.models import db
from scorekeeper.db.tokens import token_hash

HANDS = [
    {"bidder": "Ann", "contract": "7S", "tricks": 8},
    {"bidder": "Bob", "contract": "8H", "tricks": 6},
]
NIGHT = {
    "name": "Tuesday",
    "rules": {"preset": "australian"},
    "movement": "progressive",
    "round_hands": 2,
    "rank_by": "wins",
    "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
}


def every_row(app: Flask, slug: str) -> dict[str, list[Any]]:
    """Return every row of every table of a club, by table, in key order."""
    with app.app_context():
        club = service.find(slug)
        with storage.connected(db.engine, club.storage) as connection:
            return {
                table.name: [
                    tuple(row)
                    for row in connection.execute(
                        select(table).order_by(*table.primary_key.columns)
                    )
                ]
                for table in storage.club_tables()
            }


def fill(app: Flask, slug: str) -> None:
    """Give a club games with hands, house rules, a season and a night."""
    client = app.test_client()
    for _ in range(3):
        game = client.post(f"/c/{slug}/api/games", json=GAME).json
        for hand in HANDS:
            made = client.post(
                f"/c/{slug}/api/games/{game['id']}/hands",
                json=hand,
                headers={"Authorization": f"Bearer {game['write_token']}"},
            )
            assert made.status_code == 201, made.json
    rules = {"name": "Ours", "rules": {"preset": "australian"}}
    assert client.post(f"/c/{slug}/api/rulesets", json=rules).status_code == 201
    director = {"Authorization": f"Bearer {token(app, slug, 'director')}"}
    made = client.post(f"/c/{slug}/api/nights", json=NIGHT, headers=director)
    assert made.status_code == 201, made.json


def test_a_club_exported_deleted_and_imported_has_every_row_back(
    many_app: Flask, tmp_path: Path
) -> None:
    make_club(many_app, "north")
    make_club(many_app, "south")
    fill(many_app, "north")
    fill(many_app, "south")
    runner = many_app.test_cli_runner()
    assert (
        runner.invoke(
            args=["clubs", "create", "west", "West", "--owner", "ann@x.org"]
        ).exit_code
        == 0
    )
    with many_app.app_context():
        account = founders.find_account("ann@x.org")
        assert account is not None
        founders.grant(account, service.find("north"), "admin")
        db.session.commit()
    before = every_row(many_app, "north")
    south = every_row(many_app, "south")
    assert sum(map(len, before.values())) > 100
    file = tmp_path / "north.jsonl"
    exported = runner.invoke(args=["clubs", "export", "north", str(file)])
    assert exported.exit_code == 0, exported.output
    deleted = runner.invoke(args=["clubs", "delete", "north"], input="n\n")
    assert deleted.exit_code == 1  # asked, and said no
    assert runner.invoke(args=["clubs", "delete", "north", "--yes"]).exit_code == 0
    with many_app.app_context():
        # South's director and West's owner stay; north's people's roles went.
        kept = db.session.execute(select(Membership.role)).scalars().all()
        assert sorted(kept) == ["director", "owner"]
    imported = runner.invoke(args=["clubs", "import", "north", str(file)])
    assert imported.exit_code == 0, imported.output
    assert every_row(many_app, "north") == before
    assert every_row(many_app, "south") == south
    with many_app.app_context():
        club = service.find("north")
        assert founders.role_in(founders.find_account("ann@x.org"), club.id) == "admin"
    # The numbering goes on after the rows imported (PostgreSQL's sequences).
    client = many_app.test_client()
    rules = {"name": "Theirs", "rules": {"preset": "australian"}}
    assert client.post("/c/north/api/rulesets", json=rules).json["id"] == 2
    assert client.post("/c/north/api/games", json=GAME).status_code == 201
    listed = runner.invoke(args=["clubs", "list"]).output.splitlines()
    assert listed[0] == "slug\tname\tgames\tplayers\tlast game"
    north = [line.split("\t") for line in listed if line.startswith("north")]
    assert north[0][:4] == ["north", "North", "6", "8"]


def test_a_bad_file_imports_nothing(many_app: Flask, tmp_path: Path) -> None:
    file = tmp_path / "bad.jsonl"
    file.write_text('{"format": "something else"}\n')
    runner = many_app.test_cli_runner()
    refused = runner.invoke(args=["clubs", "import", "north", str(file)])
    assert refused.exit_code == 1
    assert "not a club's export" in refused.output
    with many_app.app_context():
        assert service.slug_taken("north") is False


def test_create_prints_a_link_to_set_the_owners_password(many_app: Flask) -> None:
    runner = many_app.test_cli_runner()
    made = runner.invoke(
        args=["clubs", "create", "north", "North", "--owner", "A@x.org"]
    )
    assert made.exit_code == 0, made.output
    link = made.output.splitlines()[-1]
    assert link.startswith("/reset/")
    with many_app.app_context():
        (kept,) = db.session.execute(select(OneUseLink.token_hash)).scalars()
        assert kept == token_hash(link.removeprefix("/reset/"))
        assert founders.role_in(founders.find_account("a@x.org"), 1) == "owner"
    for wrong in (["api", "X"], ["ok-slug", ""], ["north", "Again"]):
        said = runner.invoke(args=["clubs", "create", *wrong, "--owner", "b@x.org"])
        assert said.exit_code == 1, wrong
    again = runner.invoke(args=["clubs", "reset-link", "a@x.org"])
    assert again.output.startswith("/reset/")
    assert runner.invoke(args=["clubs", "reset-link", "z@x.org"]).exit_code == 1


def test_token_prints_a_members_token_alone_on_its_last_line(many_app: Flask) -> None:
    runner = many_app.test_cli_runner()
    runner.invoke(args=["clubs", "create", "north", "North", "--owner", "a@x.org"])
    made = runner.invoke(
        args=["clubs", "token", "north", "a@x.org", "--role", "director"]
    )
    assert made.exit_code == 0, made.output
    token = made.output.splitlines()[-1]
    with many_app.app_context():
        (kept,) = db.session.execute(select(AccessToken)).scalars()
        assert (kept.role, kept.token_hash) == ("director", token_hash(token))
    assert runner.invoke(args=["clubs", "token", "north", "z@x.org"]).exit_code == 1


def test_the_one_club_data_is_adopted_once(many_app: Flask) -> None:
    with many_app.app_context():  # rows from before CLUBS=many, outside any club
        from scorekeeper.db.models import RuleSet

        db.session.add(
            RuleSet(
                name="Old rules", name_key="old rules", rules={"preset": "australian"}
            )
        )
        db.session.commit()
    runner = many_app.test_cli_runner()
    made = runner.invoke(
        args=["clubs", "adopt", "old", "The Old Club", "--owner", "a@x.org"]
    )
    assert made.exit_code == 0, made.output
    client = many_app.test_client()
    (rules,) = client.get("/c/old/api/rulesets").json["rulesets"]
    assert rules["name"] == "Old rules"
    again = runner.invoke(
        args=["clubs", "adopt", "fresh", "Fresh", "--owner", "a@x.org"]
    )
    assert again.exit_code == 1
    assert "already" in again.output


def test_deleting_the_adopted_club_deletes_its_rows_alone(many_app: Flask) -> None:
    make_club(many_app, "south")
    client = many_app.test_client()
    kept = client.post("/c/south/api/games", json=GAME).json["id"]
    runner = many_app.test_cli_runner()
    runner.invoke(args=["clubs", "adopt", "old", "Old", "--owner", "a@x.org"])
    assert client.post("/c/old/api/games", json=GAME).status_code == 201
    assert len(every_row(many_app, "old")["game"]) == 1
    assert runner.invoke(args=["clubs", "delete", "old", "--yes"]).exit_code == 0
    with many_app.app_context():
        from scorekeeper.db.models import Game

        assert db.session.execute(select(Game.id)).all() == []  # the app's own
    assert client.get(f"/c/south/api/games/{kept}").status_code == 200
