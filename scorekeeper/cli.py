"""Command-line tasks: flask --app scorekeeper init-db | export-games | import-games |
rescore | edit-link. On a many-clubs server each says its club: --club SLUG."""

import functools
import json
import signal
import time
from collections.abc import Callable
from typing import Any

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from .api import imports, schema
from .clubs import service as clubs
from .db import migration
from .db.clubs import scope
from .errors import AppError, app_error
from .games import service as services
from .house_rules import service as rulesets
from .results import archive
from .scoring import ScoringError


def in_club(command: Callable[..., Any]) -> Callable[..., Any]:
    """Run a command in the club `--club SLUG` names: its games, its rules.

    A many-clubs server needs it (CLUBS.md); one club has no club to name.
    """

    @click.option("--club", "slug", metavar="SLUG", help="The club (many clubs).")
    @functools.wraps(command)
    def in_its_club(slug: str | None, **given: Any) -> Any:
        many = current_app.config["CLUBS"] == "many"
        if many and not slug:
            raise click.UsageError("This server has many clubs: name one, --club SLUG.")
        if not many and slug:
            raise click.UsageError("This server has one club: leave out --club.")
        place = None
        if slug:
            try:
                place = clubs.place(clubs.find(slug))
            except AppError as error:
                raise click.ClickException(f"{slug}: {error}") from None
        with scope.inside(place):
            return command(**given)

    return in_its_club


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the tables (as flask db upgrade does)."""
    ran = migration.upgrade_database()
    click.echo("Upgraded the database." if ran else "The database is up to date.")


@click.command("export-games")
@with_appcontext
@in_club
@click.argument("file", type=click.File("w", encoding="utf-8"), default="-")
def export_games_command(file: Any) -> None:
    """Write every game, as the API shows it, to FILE (default: standard output)."""
    data = [schema.game_to_dict(g) for g in services.all_games()]
    json.dump({"games": data}, file, ensure_ascii=False, indent=1)
    file.write("\n")
    click.echo(f"Exported {len(data)} games.", err=True)


@click.command("import-games")
@with_appcontext
@in_club
@click.argument("file", type=click.File("r", encoding="utf-8"))
def import_games_command(file: Any) -> None:
    """Recreate exported games, checked by replay; a bad file writes nothing."""
    try:
        data = json.load(file)
    except ValueError as error:
        raise click.ClickException(f"{file.name} is not JSON: {error}") from None
    except RecursionError:  # nested thousands deep: no export is
        raise click.ClickException(
            f"{file.name} is not an export: its JSON is nested too deep."
        ) from None
    games = data.get("games") if isinstance(data, dict) else data
    if not isinstance(games, list):
        raise click.ClickException('Expected {"games": [...]} as export-games writes.')
    checked = []
    for number, game in enumerate(games, start=1):
        try:
            schema.check_text(game)
            past = imports.imported(game, number - 1)
            checked.append((past, archive.replayed(past)))
        except (AppError, ScoringError) as error:
            given = game.get("id") if isinstance(game, dict) else None
            raise failed("Nothing imported", error, number, given) from None
        except KeyboardInterrupt:
            raise stopped([], KeyboardInterrupt()) from None
    many = "s" if len(checked) != 1 else ""
    click.echo(f"Checked {len(checked):,} game{many}.", err=True)
    checked = archive.with_ids(checked)
    done, began = 0, time.monotonic()
    try:
        for batch in archive.import_games(checked):
            for game_id, token in batch:
                click.echo(f"{game_id}  /games/{game_id}/play/{token}")
            done += len(batch)
            if done % PROGRESS == 0 or done == len(checked):
                click.echo(progress(done, len(checked), began), err=True)
    except (KeyboardInterrupt, Exception) as error:
        raise stopped([past.id or "" for past, _ in checked], error) from None
    click.echo(f"Imported {done} games.", err=True)


def stopped(ids: list[str], error: BaseException) -> click.ClickException:
    """Take back every game an import wrote before it stopped (a Ctrl-C, an
    error), so it is all or nothing; return the one line that says so."""
    # A second Ctrl-C must not stop the taking back half way.
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        taken = archive.take_back(ids)
    except Exception as failure:
        return click.ClickException(
            f"Stopped ({error!r}), and the games written could not be taken back "
            f"({failure}): run `flask rescore`, and look for the file's games."
        )
    finally:
        signal.signal(signal.SIGINT, before)
    back = f" (the {taken:,} games written were taken back)" if taken else ""
    if isinstance(error, KeyboardInterrupt):
        said = click.ClickException(f"Interrupted: nothing imported{back}.")
        said.exit_code = 130  # as a shell says of a Ctrl-C
        return said
    if isinstance(error, AppError):
        return failed(f"Nothing imported{back}", error)
    return click.ClickException(f"Nothing imported{back}: {error!r}")


# Games between two lines of an import's progress.
PROGRESS = 1000


def progress(done: int, total: int, began: float) -> str:
    """Return the line that says how far an import is, and how fast it goes."""
    rate = done / max(time.monotonic() - began, 1e-6)
    line = f"Written {done:,} of {total:,} games, {rate:,.0f} a second"
    return line + (": rating the players." if done == total else ".")


def failed(
    said: str,
    error: AppError | ScoringError,
    number: int | None = None,
    given: object = None,
) -> click.ClickException:
    """Return the one line that says what was wrong: which game (its place in
    the file and the id it gives), hand and field."""
    problem = app_error(error)
    named = f" (id {given[:40]})" if isinstance(given, str) and given else ""
    place = ", ".join(
        ([f"game {number}{named}"] if number else [])
        + ([f"hand {problem.hand}"] if problem.hand else [])
    )
    if problem.field:
        place = f"{place} ({problem.field})".strip()
    return click.ClickException(f"{said}: {place + ': ' if place else ''}{problem}")


@click.command("edit-link")
@with_appcontext
@in_club
@click.argument("ruleset_id", type=int)
def edit_link_command(ruleset_id: int) -> None:
    """Give saved house rules a new write token and print their edit link."""
    try:
        token = rulesets.new_token(ruleset_id)
    except AppError as error:
        raise click.ClickException(str(error)) from None
    place = scope.current()
    prefix = "" if place is None else f"/c/{place.slug}"
    click.echo(f"{prefix}/rules/{ruleset_id}/edit/{token}")
    click.echo("Open it on the phone that should change them.", err=True)


@click.command("rescore")
@with_appcontext
@in_club
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
        edit_link_command,
    ):
        app.cli.add_command(command)
