"""The round clock on the pages: the console's pause, resume and minutes (plain
forms), and `night_clock`, the clock as a page draws it (static/clock.js then
counts down from the server's seconds left, asked again now and then)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, flash, redirect, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from ...errors import AppError
from ..pages import directed
from ..reading.frame import Shown
from ..service import Night
from . import service
from .forms import MinutesForm, PauseForm

bp = Blueprint("night_clock", __name__, url_prefix="/nights")


def night_clock(night: Shown | str, number: int | None = None) -> dict[str, Any]:
    """The night's clock for a page, as of drawing (a template global); by its
    id alone (a table's scoreboard) in two light queries, not the whole night.

    Given a round's number (a table's page), that round's clock only: unshown
    once another round is the night's latest (NIGHTS.md, the round clock:
    never the next round's time under this round's number)."""
    said = service.clock_of(night) if isinstance(night, str) else service.clock(night)
    if number is not None and said["round"] != number:
        stopped = {"in_play": False, "seconds_left": None, "last_hand": False}
        return {**said, "round": number, **stopped}
    return said


@bp.record_once
def _global(state: Any) -> None:
    app: Flask = state.app
    app.add_template_global(night_clock)
    app.add_template_global(PauseForm, "clock_pause_form")
    app.add_template_global(MinutesForm, "clock_minutes_form")


def console(night: Night) -> BaseResponse:
    return redirect(url_for("nights.direct", night_id=night.id))


@bp.post("/<night_id>/direct/clock")
def pause(night_id: str) -> BaseResponse:
    """Pause or resume the clock of the round the form names (`round`): refused
    once that round is over, whatever round is in play by then."""
    found = directed(night_id)
    form = PauseForm()
    if not form.validate_on_submit():
        flash(gettext("The form expired: try again."))
        return console(found)
    try:
        number = form.named()
        service.set_clock(found, number, form.action.data)
    except AppError as error:
        flash(error.message)
    else:
        flash(
            gettext("Round %(number)s's clock is paused.", number=number)
            if form.action.data == "pause"
            else gettext("Round %(number)s's clock runs again.", number=number)
        )
    return console(found)


@bp.post("/<night_id>/direct/round_minutes")
def minutes(night_id: str) -> BaseResponse:
    """Change the next rounds' clock."""
    found = directed(night_id)
    form = MinutesForm()
    if not form.validate_on_submit():
        flash(
            next(
                iter(form.round_minutes.errors),
                gettext("The form expired: try again."),
            )
        )
        return console(found)
    try:
        service.set_minutes(found, form.round_minutes.data)
    except AppError as error:
        flash(error.message)
    else:
        minutes = form.round_minutes.data
        flash(
            gettext("The next rounds run %(minutes)s minutes.", minutes=minutes)
            if minutes
            else gettext("The next rounds have no clock.")
        )
    return console(found)
