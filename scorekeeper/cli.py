"""Command-line tasks: flask --app scorekeeper init-db | export-games | import-games |
rescore."""

import json
from typing import Any

import click
from flask import Flask
from flask.cli import with_appcontext

from . import archive, migration, schema, services
from .errors import AppError, app_error
from .scoring import ScoringError


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the tables (as flask db upgrade does)."""
    ran = migration.upgrade_database()
    click.echo("Upgraded the database." if ran else "The database is up to date.")


@click.command("export-games")
@with_appcontext
@click.argument("file", type=click.File("w", encoding="utf-8"), default="-")
def export_games_command(file: Any) -> None:
    """Write every game, as the API shows it, to FILE (default: standard output)."""
    data = [schema.game_to_dict(g) for g in services.all_games()]
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
        schema.check_text(games)
        past = [schema.imported(game, index) for index, game in enumerate(games)]
        tokens = archive.import_games(past)
    except (AppError, ScoringError) as error:
        problem = app_error(error)
        where = f" (hand {problem.hand})" if problem.hand else ""
        raise click.ClickException(f"Nothing imported: {problem}{where}") from None
    for game_id, token in tokens:
        click.echo(f"{game_id}  /games/{game_id}/play/{token}")
    click.echo(f"Imported {len(tokens)} games.", err=True)


@click.command("rescore")
@with_appcontext
def rescore_command() -> None:
    """Rebuild every result stored beside the hands (bids, totals, wins) by replay."""
    click.echo(f"Rescored {archive.rescore()} games.")


def init_app(app: Flask) -> None:
    """Register the commands with the app."""
    for command in (
        init_db_command,
        export_games_command,
        import_games_command,
        rescore_command,
    ):
        app.cli.add_command(command)
