"""The operator's commands for a many-clubs server: `flask clubs create | list |
export | import | delete | adopt | reset-link | token`."""

from __future__ import annotations

from typing import Any

import click
from flask import Flask
from flask.cli import AppGroup
from sqlalchemy import func, select

from ..db.clubs import scope
from ..db.clubs.models import Club
from ..db.clubs.people import ROLES, Account
from ..db.models import Game, Player, db
from ..errors import AppError
from . import dump, founders, service, signup

clubs = AppGroup("clubs", help="Start, list, export, import and delete clubs.")


def refused(error: AppError) -> click.ClickException:
    """Return an app error as a command's one line, naming the field."""
    field = f" ({error.field})" if error.field else ""
    return click.ClickException(f"{error}{field}")


def found(slug: str) -> Club:
    """Return the club with this slug, or stop saying there is none."""
    try:
        return service.find(slug)
    except AppError as error:
        raise refused(error) from None


def owner_of(email: str) -> tuple[Account, bool]:
    """Return the account of an email address, made without a password if new."""
    account = founders.find_account(email)
    if account is not None:
        return account, False
    return founders.create_account(email, email.split("@")[0], None), True


def start(slug: str, name: str, email: str, adopt: bool = False) -> None:
    """Make a club with its owner, and print a link to set a new owner's password."""
    try:
        email = founders.clean_email(email)
        name = service.check_name(name)
        slug = service.check_slug(slug, signup.kept_words())
        if adopt and service.adopted() is not None:
            raise click.ClickException(
                f"The one-club data is already the club {service.adopted().slug!r}."  # type: ignore[union-attr]
            )
        club = service.create(slug, name, adopt=adopt)
        account, new = owner_of(email)
        founders.grant(account, club, "owner")
        db.session.commit()
    except AppError as error:
        raise refused(error) from None
    click.echo(f"Made the club {club.slug!r}: /c/{club.slug}/")
    if new or not account.password_hash:
        click.echo("Its owner sets a password at this link (one use, 7 days):")
        click.echo(founders.reset_link(account))


@clubs.command("create")
@click.argument("slug")
@click.argument("name")
@click.option("--owner", "email", required=True, help="The owner's email address.")
def create_command(slug: str, name: str, email: str) -> None:
    """Start a club at SLUG named NAME, its owner the account of an email address."""
    start(slug, name, email)


@clubs.command("adopt")
@click.argument("slug")
@click.argument("name")
@click.option("--owner", "email", required=True, help="The owner's email address.")
def adopt_command(slug: str, name: str, email: str) -> None:
    """Make the server's one-club data (from before CLUBS=many) the club at SLUG."""
    start(slug, name, email, adopt=True)


def counts(club: Club) -> tuple[int, int, str]:
    """Return a club's games, players and the day of its last game."""
    with scope.inside(service.place(club)):
        games, last = db.session.execute(
            select(func.count(Game.id), func.max(Game.created))
        ).one()
        players = db.session.execute(
            select(func.count(func.distinct(Player.name_key)))
        ).scalar_one()
        db.session.commit()
    return int(games), int(players), f"{last:%Y-%m-%d}" if last else "-"


@clubs.command("list")
def list_command() -> None:
    """List the clubs: slug, name, games, players, day of the last game."""
    every = db.session.execute(select(Club).order_by(Club.slug)).scalars().all()
    click.echo("slug\tname\tgames\tplayers\tlast game")
    for club in every:
        games, players, last = counts(club)
        click.echo(f"{club.slug}\t{club.name}\t{games}\t{players}\t{last}")


@clubs.command("export")
@click.argument("slug")
@click.argument("file", type=click.File("w", encoding="utf-8"))
def export_command(slug: str, file: Any) -> None:
    """Write everything of a club to FILE (JSON lines), as `import` takes it back."""
    rows = dump.export(found(slug), file)
    click.echo(f"Exported {rows:,} rows.", err=True)


@clubs.command("import")
@click.argument("slug")
@click.argument("file", type=click.File("r", encoding="utf-8"))
def import_command(slug: str, file: Any) -> None:
    """Make a club at SLUG of an export: every row as it was; a bad file, no club."""
    try:
        club, rows = dump.import_club(slug, file)
    except AppError as error:
        raise refused(error) from None
    click.echo(f"Imported {rows:,} rows into /c/{club.slug}/.")


@clubs.command("delete")
@click.argument("slug")
@click.option("--yes", is_flag=True, help="Do not ask.")
def delete_command(slug: str, yes: bool) -> None:
    """Delete a club and everything of it; other clubs are untouched."""
    club = found(slug)
    if not yes:
        click.confirm(
            f"Delete the club {club.slug!r} ({club.name}) and everything in it?",
            abort=True,
        )
    service.delete(club)
    click.echo(f"Deleted the club {slug!r}.")


@clubs.command("reset-link")
@click.argument("email")
def reset_link_command(email: str) -> None:
    """Print a one-use link (7 days) that sets an account's password."""
    account = founders.find_account(email)
    if account is None:
        raise click.ClickException(f"No account has the email address {email!r}.")
    click.echo(founders.reset_link(account))


@clubs.command("token")
@click.argument("slug")
@click.argument("email")
@click.option("--role", type=click.Choice(ROLES), help="At most the member's own.")
def token_command(slug: str, email: str, role: str | None) -> None:
    """Print a new personal access token of a member for a club, alone on its line."""
    club = found(slug)
    account = founders.find_account(email)
    held = founders.role_in(account, club.id)
    if account is None or held is None:
        raise click.ClickException(f"{email!r} has no role in the club {slug!r}.")
    role = role or held
    if ROLES.index(role) < ROLES.index(held):
        raise click.ClickException(f"{email!r} is a {held} of {slug!r}, not a {role}.")
    click.echo(f"A token for {account.email} as {role} of {slug!r} (shown once):")
    click.echo(founders.new_token(account, club, role, "flask clubs token"))


def init_app(app: Flask) -> None:
    """Register `flask clubs`."""
    app.cli.add_command(clubs)
