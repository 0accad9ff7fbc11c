"""Command-line tasks: flask --app scorekeeper init-db | export-games | import-games."""

import json
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext

from . import models, services
from .scoring import ScoringError


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the tables (as flask db upgrade does)."""
    ran = models.upgrade_database()
    click.echo("Upgraded the database." if ran else "The database is up to date.")


@click.command("export-games")
@with_appcontext
@click.argument("file", type=click.File("w", encoding="utf-8"), default="-")
def export_games_command(file: Any) -> None:
    """Write every game, as the API shows it, to FILE (default: standard output)."""
    games = services.all_games()
    data = [services.game_to_dict(g, services.game_state(g)) for g in games]
    json.dump({"games": data}, file, ensure_ascii=False, indent=1)
    file.write("\n")
    click.echo(f"Exported {len(data)} games.", err=True)


@click.command("import-games")
@with_appcontext
@click.argument("file", type=click.File("r", encoding="utf-8"))
def import_games_command(file: Any) -> None:
    """Recreate the games of an export file; all or nothing, each checked by replay."""
    try:
        data = json.load(file)
    except ValueError as error:
        raise click.ClickException(f"{file.name} is not JSON: {error}") from None
    games = data.get("games") if isinstance(data, dict) else data
    if not isinstance(games, list):
        raise click.ClickException('Expected {"games": [...]} as export-games writes.')
    try:
        tokens = services.import_games(games)
    except (ScoringError, services.Conflict) as error:
        where = f" (hand {error.hand})" if getattr(error, "hand", None) else ""
        message = getattr(error, "message", None) or getattr(error, "description", "")
        raise click.ClickException(f"Nothing imported: {message}{where}") from None
    for game_id, token in tokens:
        click.echo(f"{game_id}  /games/{game_id}/play/{token}")
    click.echo(f"Imported {len(tokens)} games.", err=True)


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    app.cli.add_command(init_db_command)
    app.cli.add_command(export_games_command)
    app.cli.add_command(import_games_command)
