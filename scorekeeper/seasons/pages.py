"""Pages for seasons: list and name them, change or delete them, their standings."""

from __future__ import annotations

import re
from typing import Any

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext, pgettext
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import (
    SelectChoice,
)

from ..api import schema, sheets
from ..api.sheets import csv_file
from ..errors import AppError
from ..house_rules import service as rulesets
from ..web.clubs import password as club
from ..web.forms import page_number
from . import exports, ladder, service, table
from .forms import DeleteSeasonForm, SeasonForm

bp = Blueprint("seasons", __name__, url_prefix="/seasons")
# A season's standings show this many players (and teams) a page.
SHOWN = 50


# The season form's house rules picker offers this many, found by name.
PICKED = 50


def season_form(season: Any = None) -> tuple[SeasonForm, Any]:
    """Return the season form and the house rules its picker found.

    The picker offers the saved house rules whose name holds what `?rules=`
    asks (the first PICKED by name), and the ones the season keeps to or the
    form sent, so every saved rule set can be picked, however many there are.
    """
    form = SeasonForm(obj=season) if season else SeasonForm()
    if season is not None and not form.is_submitted():
        form.ruleset.data = str(season.ruleset_id or "")
    found = rulesets.find_rulesets(request.args.get("rules", "")[:80], PICKED)
    names = {r.id: r.name for r in found.items}
    picked = form.ruleset.data or ""
    kept = [int(picked)] if re.fullmatch("[0-9]{1,9}", picked) else []
    names |= rulesets.names_of(kept)
    choices = [SelectChoice("", gettext("Every game"))]
    choices += [
        SelectChoice(str(key), gettext("Only %(rules)s", rules=name))
        for key, name in names.items()
    ]
    if kept and kept[0] not in names:  # deleted since: it may stay kept
        choices.append(SelectChoice(picked, gettext("House rules no longer saved")))
    form.ruleset.choices = choices
    return form, found


def show_error(form: FlaskForm, error: AppError) -> int:
    """Show an error on the field it names (or above the form); return its status."""
    field = form._fields.get(error.field or "")
    if field is None:
        form.form_errors.append(error.message)
    else:
        field.errors = [*field.errors, error.message]
    return error.status


def check_password(form: FlaskForm) -> None:
    """Refuse the form, naming the password field, unless it has the club password."""
    club.check(form.password.data, current_app.config.get("CLUB_PASSWORD"))


def closed() -> str | None:
    """Return why no season can be named or changed here, or None when one can."""
    return club.why_not()


def saving(form: SeasonForm, season: Any = None) -> Response | int:
    """Save a season the form sends; go to its page, or return an error's status."""
    if not form.validate():
        return 400
    ruleset = int(form.ruleset.data) if form.ruleset.data else None
    try:
        check_password(form)
        made = service.save_season(
            form.name.data or "",
            form.first_day.data,
            form.last_day.data,
            ruleset,
            season,
            best_nights=form.best_nights.data,
            min_nights=form.min_nights.data or 1,
            rank_by=form.rank_by.data or "wins",
        )
    except AppError as error:
        return show_error(form, error)
    flash(gettext("Season “%(name)s” saved.", name=made.name))
    return redirect(url_for(".season", season_id=made.id))


@bp.route("/", methods=["GET", "POST"])
def index() -> tuple[str, int] | Response:
    """List the seasons, newest first, and name a new one (with the club password)."""
    form, found = season_form()
    done = saving(form) if form.is_submitted() else 200
    if isinstance(done, Response):
        return done
    seasons = service.all_seasons()
    return render_template(
        "seasons/index.html",
        seasons=seasons,
        form=form,
        found=found,
        rules=rulesets.names_of(s.ruleset_id for s in seasons),
        closed=closed(),
    ), done


@bp.route("/<int:season_id>", methods=["GET", "POST"])
def season(season_id: int) -> tuple[str, int] | Response:
    """Show a season's standings; change it (with the club password)."""
    found = service.get_season(season_id)
    form, picker = season_form(found)
    done = saving(form, found) if form.is_submitted() else 200
    if isinstance(done, Response):
        return done
    players = table.table(found, False, page_number(request.args.get("page")), SHOWN)
    teams = table.table(found, True, 1, SHOWN)
    return render_template(
        "seasons/season.html",
        season=found,
        nights=ladder.season_ladder(found),
        found=picker,
        rules=rulesets.names_of([found.ruleset_id]),
        players=players,
        teams=teams,
        form=form,
        remove=DeleteSeasonForm(formdata=None),
        closed=closed(),
    ), done


@bp.post("/<int:season_id>/delete")
def delete(season_id: int) -> tuple[str, int] | Response:
    """Delete a season (with the club password); its games stay."""
    found = service.get_season(season_id)
    form, status = DeleteSeasonForm(), 400
    if form.validate():
        try:
            check_password(form)
            service.delete_season(found)
        except AppError as error:
            status = show_error(form, error)
        else:
            flash(gettext("Season “%(name)s” deleted.", name=found.name))
            return redirect(url_for(".index"))
    return render_template("seasons/delete.html", season=found, form=form), status


@bp.get("/<int:season_id>/standings.csv")
def standings_csv(season_id: int) -> Response:
    """Download a season's standings: every player, then every team."""
    found = service.get_season(season_id)
    lines = [
        *table.table(found, False, 1, schema.NUMBER_LIMIT).items,
        *table.table(found, True, 1, schema.NUMBER_LIMIT).items,
    ]
    name = sheets.file_stem(pgettext("file name", "standings"), found.name)
    rungs = ladder.season_ladder(found)
    return csv_file(exports.standings_csv(lines, rungs), f"{name}.csv")
