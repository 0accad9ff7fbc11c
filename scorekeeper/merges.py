"""Renaming a player, or merging two: the new name, what it changes, then the change.

Never silent: the player's page asks for the name, a second page says exactly
what will change and asks the club password, and only its Yes changes anything.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)

from . import merging
from .api.schema import whole_number
from .errors import AppError, Forbidden, NotFound
from .forms import RenameForm
from .web import club

bp = Blueprint("merges", __name__)


def asked(name: str, new_name: str, error: AppError | None = None):
    """Show the player's name asked again, with why the last one was refused."""
    page = render_template(
        "merges/rename.html", name=name, new_name=new_name, error=error
    )
    return page, error.status if error else 200


def confirmation(name: str, form: RenameForm, status: int = 200):
    """Show what a rename or merge will change and ask the club password."""
    new_name = form.new_name.data or ""
    try:
        change = merging.plan(name, new_name)
    except AppError as error:
        if error.field != merging.FIELD:
            raise
        return asked(name, new_name, error)
    form.new_name.data, form.games.data = change.new, str(len(change.games))
    page = render_template("merges/confirm.html", name=name, change=change, form=form)
    # The page holds its form's CSRF token: no cache may keep a copy.
    return page, status, {"Cache-Control": "no-store"}


@bp.get("/players/<name>/rename")
def confirm(name: str):
    """Say what renaming a player to the name asked (or merging them) will do."""
    club.require(current_app.config["CLUB_PASSWORD"])
    new_name = request.args.get("new_name")
    if new_name is None:
        return asked(name, "")
    return confirmation(name, RenameForm(new_name=new_name))


@bp.post("/players/<name>/rename")
def rename(name: str):
    """Rename the player, or make them one with another, given the club password."""
    form = RenameForm()
    form.validate_on_submit()  # the CSRF token, checked already for every POST
    try:
        club.check(form.password.data, current_app.config["CLUB_PASSWORD"])
    except Forbidden as error:
        form.password.errors = [error.message]
        return confirmation(name, form, error.status)
    new_name = form.new_name.data or ""
    try:
        done = merging.change(name, new_name, whole_number(form.games.data))
    except NotFound:
        if not merging.has_played(new_name):
            raise
        # A second tap, or Back and send again: the first did it.
        flash(f"{name} is {new_name} already.")
        return redirect(url_for("people.player", name=new_name))
    except AppError as error:
        if error.field != merging.FIELD:
            raise
        return asked(name, new_name, error)
    flash(done.done)
    return redirect(url_for("people.player", name=done.new))
