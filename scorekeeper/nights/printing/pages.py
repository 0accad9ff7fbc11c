"""Pages to print a night: its movement (`/nights/<id>/schedule`) and its
players' tally cards (`/nights/<id>/tallies`), for everyone who may read it."""

from __future__ import annotations

from flask import Blueprint, render_template

from .. import seating, service
from . import plan

bp = Blueprint("night_printing", __name__, url_prefix="/nights")


@bp.get("/<night_id>/schedule")
def schedule(night_id: str) -> str:
    """The movement printed: every round seated so far, and the rounds ahead."""
    night = service.load(night_id)
    rounds, _ = plan.schedule(night)
    return render_template("nights/schedule.html", night=night, rounds=rounds)


@bp.get("/<night_id>/tallies")
def tallies(night_id: str) -> str:
    """Tally cards to print, four a sheet: one a player still in the night."""
    night = service.load(night_id)
    rounds, total = plan.schedule(night)
    cards = plan.tallies(seating.present(night), rounds, total)
    return render_template("nights/tallies.html", night=night, cards=cards)
