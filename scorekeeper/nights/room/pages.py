"""The director's console asks once (NIGHTS.md "Who may do what"): calling
time, finishing the night and marking a player gone each open a page that
says what will happen, whose one button does it (plain forms, no script); a
late arrival whose name looks like another's is asked about before being added.
And a table's game, once ended, says where each of its players goes next."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response as BaseResponse

from ...errors import N_, AppError, NotFound
from ...results.listing import LooksLike
from ...scoring import name_key
from .. import board, director, tables
from ..forms import NO_ROUND, ActionForm, PlayerForm, confirmed
from ..pages import directed
from ..reading import frame
from ..service import Night
from .after import after_round

bp = Blueprint("room", __name__, url_prefix="/nights")


def console(night: Night, said: str) -> BaseResponse:
    """Go back to the console, saying why nothing was asked."""
    flash(said)
    return redirect(url_for("nights.direct", night_id=night.id))


def progress(night: Night, number: int) -> list[dict[str, object]]:
    """Return round `number`'s tables still playing, each with its hands so far."""
    data = board.night_to_dict(night)
    one = next((r for r in data["rounds"] if r["number"] == number), None)
    return [t for t in (one["tables"] if one else []) if t["status"] != "finished"]


def ask(night: Night, **page: object) -> str:
    """Draw the page that asks once."""
    return render_template("nights/ask.html", night=night, action=ActionForm(), **page)


@bp.get("/<night_id>/direct/close")
def ask_close(night_id: str) -> str | BaseResponse:
    """Ask before calling time on the round the console showed (`?round=`):
    nothing is asked for a round no longer in play, or a link naming none."""
    found = directed(night_id)
    number = request.args.get("round", type=int)
    if number is None:
        return console(found, gettext(NO_ROUND))
    playing = progress(found, number)
    if number != len(found.rounds) or not playing:
        said = gettext(
            "Round %(number)s is not in play: no time to call.",
            number=number,
        )
        return console(found, said)
    return ask(
        found,
        question=gettext("Call time on round %(number)s?", number=number),
        playing=playing,
        lines=[
            gettext(
                "Each game still going ends as it stands: the side ahead wins, "
                "a level game goes to the side that won the last hand that differed."
            )
        ],
        post=url_for("nights.close_round", night_id=found.id),
        number=number,
        yes=gettext("Yes, call time on round %(number)s", number=number),
    )


@bp.get("/<night_id>/direct/finish")
def ask_finish(night_id: str) -> str | BaseResponse:
    """Ask before finishing the night."""
    found = directed(night_id)
    if board.night_to_dict(found)["status"] == "finished":
        return console(found, gettext("The night is finished."))
    return ask(
        found,
        question=gettext("Finish the night?"),
        playing=progress(found, len(found.rounds)),
        lines=[
            gettext("No round starts after it: the standings as they stand are final.")
        ],
        post=url_for("nights.finish", night_id=found.id),
        yes=gettext("Yes, finish the night"),
    )


@bp.get("/<night_id>/direct/players/<path:name>/gone")
def ask_gone(night_id: str, name: str) -> str | BaseResponse:
    """Ask before marking a player gone."""
    found = directed(night_id)
    key = name_key(name)
    player = next((p for p in found.players if p.name_key == key), None)
    if player is None:
        raise NotFound(N_("%(name)s is not on this night's roster."), "name", name=name)
    if not player.present:
        said = gettext("%(name)s is marked gone: not seated again.", name=player.name)
        return console(found, said)
    return ask(
        found,
        question=gettext("Mark %(name)s gone?", name=player.name),
        lines=[
            gettext(
                "%(name)s is not seated again from the next round; what they played "
                "stays in the standings.",
                name=player.name,
            )
        ],
        post=url_for("nights.mark_gone", night_id=found.id, name=player.name),
        yes=gettext("Yes, mark %(name)s gone", name=player.name),
    )


@bp.get("/<night_id>/rounds/<int:number>/tables/<int:table>/next")
def after(night_id: str, number: int, table: int) -> BaseResponse:
    """Where a table's players go after round `number` (its scoreboard asks,
    static/after.js): a 304 while the night has not moved."""

    def draw() -> str:
        found = frame.load(night_id)
        one = next((r for r in found.rounds if r.number == number), None)
        at = next((t for t in one.tables if t.number == table), None) if one else None
        if at is None:
            message = N_("There is no table %(number)s in this night.")
            raise NotFound(message, "table", number=table)
        ended = tables.played([at.game_id])[at.game_id].ending is not None
        said = after_round(at.game_id, ended)
        return render_template("nights/after.html", night=found, night_after=said)

    kind = f"after-{number}-{table}"
    return board.polled(night_id, kind, draw, **{"Cache-Control": "no-cache"})


@bp.post("/<night_id>/direct/players")
def add_player(night_id: str) -> str | BaseResponse:
    """Add a late arrival; ask once first when the name looks like another's."""
    found = directed(night_id)
    form = PlayerForm()
    if not form.validate_on_submit():
        said = next(iter(form.name.errors), gettext("The form expired: try again."))
        return console(found, said)
    try:
        director.add_player(found, form.name.data, confirmed(form.new_players.data))
    except LooksLike as asked:
        typed, known = asked.found[0]
        return ask(
            found,
            question=gettext("Add %(name)s as a new player?", name=typed),
            lines=[
                gettext(
                    "%(typed)s looks like %(known)s, who has played here or is on "
                    "the roster. The same person? Go back and add %(known)s.",
                    typed=typed,
                    known=known,
                )
            ],
            post=url_for(".add_player", night_id=found.id),
            hidden={"name": typed, "new_players": typed},
            yes=gettext("Yes, add %(name)s as a new player", name=typed),
        )
    except AppError as error:
        return console(found, error.message)
    return console(
        found, gettext("%(name)s joins from the next round.", name=form.name.data)
    )
