"""Pages for starting a game: the table, the names, the rules, the first dealer."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for
from wtforms import SelectChoice

from . import rulesets, schema, services
from .errors import AppError, BadInput, NotFound, app_error
from .forms import NewGameForm
from .games import remember_token
from .scoring import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    SHAPES,
    ScoringError,
    Table,
    describe_rules,
    make_table,
    rules_from_dict,
)

bp = Blueprint("newgame", __name__, url_prefix="/new")

DEFAULT_SIDES = ["Us", "Them", "Others"]


def parse_shape(shape: str) -> tuple[int, int]:
    """Return (sides, players per side) from '2x2', or answer 404."""
    sides, _, size = shape.partition("x")
    key = (schema.whole_number(sides) or 0, schema.whole_number(size) or 0)
    if key not in SHAPES:
        raise NotFound("500 is not played at such a table.")
    return key


def rule_choices() -> list[SelectChoice]:
    """Return the presets and saved house rules a game can start with."""
    choices = [
        SelectChoice(f"preset:{key}", name) for key, name in PRESET_NAMES.items()
    ]
    for ruleset in rulesets.list_rulesets():
        choices.append(SelectChoice(f"ruleset:{ruleset.id}", f"House: {ruleset.name}"))
    return choices


def chosen_rules(choice: str) -> dict[str, object]:
    """Return the rules dict a choice names."""
    kind, _, key = (choice or "").partition(":")
    if kind == "ruleset":
        number = schema.whole_number(key)
        if number is None:
            raise BadInput("There are no such house rules: pick the rules.", "rules")
        return dict(rulesets.get_ruleset(number).rules)
    return {"preset": key if key in PRESET_NAMES else DEFAULT_PRESET}


def new_table(form: NewGameForm, sides: int, size: int) -> Table:
    """Return the table the form names, checked by the engine."""
    players = [field.data or "" for field in form.players]
    groups = [players[i * size : (i + 1) * size] for i in range(sides)]
    if size == 1:
        names = [group[0] for group in groups]
    else:
        names = [field.data or "" for field in form.sides]
    pairs = list(zip(names, groups, strict=True))
    return make_table(pairs, form.first_dealer.data or None)


@bp.get("/")
def choose_table() -> str:
    """Offer the table shapes 500 is played with."""
    return render_template("newgame/choose_table.html", shapes=SHAPES)


def blank_form(sides: int, size: int) -> NewGameForm:
    """Return the new-game form, with a field for every side and player."""
    form = NewGameForm()
    form.rules.choices = rule_choices()
    if form.is_submitted():
        # A field list is as long as the form that came, not as the table.
        if len(form.players) != sides * size:
            raise BadInput(f"This table needs {sides * size} player names.", "players")
        if size > 1 and len(form.sides) != sides:
            raise BadInput(f"This table needs {sides} team names.", "sides")
        return form
    form.rules.data = f"preset:{DEFAULT_PRESET}"
    for index in range(sides):
        form.sides.append_entry(DEFAULT_SIDES[index] if size > 1 else "")
    for _ in range(sides * size):
        form.players.append_entry("")
    return form


@bp.route("/<shape>", methods=["GET", "POST"])
def names(shape: str):
    """Name the sides and players, pick the rules, review, then start."""
    sides, size = parse_shape(shape)
    form = blank_form(sides, size)
    summary, error = None, None
    if form.validate_on_submit():
        try:
            table = new_table(form, sides, size)
            rules = rules_from_dict(chosen_rules(form.rules.data))
            form.first_dealer.choices = [SelectChoice(p) for p in table.seats]
            form.first_dealer.data = table.first_dealer
            summary = describe_rules(rules)
            if form.start.data:
                name, notes = form.name.data or "", form.notes.data or ""
                game, token = services.create_game(name, rules, table, notes)
                remember_token(game.id, token)
                return redirect(url_for("games.scoreboard", game_id=game.id))
        except (AppError, ScoringError) as err:
            summary, error = None, app_error(err)
    groups = [
        (form.sides[i] if size > 1 else None, form.players[i * size : (i + 1) * size])
        for i in range(sides)
    ]
    return render_template(
        "newgame/names.html",
        form=form,
        size=size,
        groups=groups,
        summary=summary,
        error=error,
        used_names=services.player_names(),
    ), (400 if form.is_submitted() and not summary else 200)
