"""The web half's shape: layers point down, files stay small, derived data rebuilds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from api_helpers import Api

from scorekeeper.db.models import Game, db

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
WEB = sorted(p for p in PACKAGE.glob("*.py"))


def imports(path: Path) -> set[str]:
    """Return every module a file imports, relative ones as written (.models)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found.add(module)
            if node.level and not node.module:
                found |= {"." + alias.name for alias in node.names}
    return found


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_no_web_module_is_longer_than_about_250_lines(path):
    assert len(path.read_text().splitlines()) <= 280


# The services and the stores and derived data under them: no web framework.
SERVICES = (
    *("services.py", "service.py", "archive.py", "store.py", "heads.py"),
    "idempotency.py",
    *("grants.py", "text.py", "notes.py", "exports.py", "game_rows.py"),
    *("standings.py", "ratings.py", "listing.py", "players.py", "club.py"),
    *("merging.py", "tallies.py", "counting.py"),
    *("seasons.py", "seasonal.py", "season_table.py"),
)


def test_the_services_import_nothing_from_flask_or_werkzeug():
    for name in SERVICES:
        for module in imports(next(PACKAGE.rglob(name))):
            assert not module.startswith(("flask", "werkzeug")), (name, module)


@pytest.mark.parametrize(
    "name",
    [
        *("routes.py", "games.py", "newgame.py", "pages.py", "history.py"),
        *("share.py", "people.py", "merges.py"),
        *("share.py", "season_pages.py"),
    ],
)
def test_the_pages_and_the_api_import_no_model(name):
    assert not {".models", ".result_models"} & imports(next(PACKAGE.rglob(name)))


def test_rescore_rebuilds_every_stored_ending_from_the_hands(app, client, runner):
    api = Api(client)
    won = api.create()
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    playing = api.create()
    with app.app_context():
        for game in db.session.execute(db.select(Game)).scalars():
            game.ending = {won["id"]: None, playing["id"]: "back_door"}[game.id]
        db.session.commit()
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 0 and "Rescored 2 games." in result.output
    with app.app_context():
        endings = {
            g.id: g.ending for g in db.session.execute(db.select(Game)).scalars()
        }
    assert endings == {won["id"]: "front_door", playing["id"]: None}
