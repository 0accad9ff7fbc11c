"""Pages for starting a game: the table, the names, the rules, the first dealer."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from ..api import schema
from ..db import idempotency
from ..errors import AppError, BadInput, NotFound, app_error
from ..house_rules import service as rulesets
from ..language import N_, PageWords
from ..results import listing
from ..scoring import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    SHAPES,
    Rules,
    ScoringError,
    Table,
    describe_rules,
    in_short,
    make_table,
    rules_from_dict,
)
from ..web import access, repeats
from . import service
from .forms import NewGameForm

bp = Blueprint("newgame", __name__, url_prefix="/new")

# The team names a new game offers, to keep or to change.
DEFAULT_SIDES = [N_("Us"), N_("Them"), N_("Others")]


def parse_shape(shape: str) -> tuple[int, int]:
    """Return (sides, players per side) from '2x2', or answer 404."""
    sides, _, size = shape.partition("x")
    key = (schema.whole_number(sides) or 0, schema.whole_number(size) or 0)
    if key not in SHAPES:
        raise NotFound(gettext("500 is not played at such a table."))
    return key


# House rules offered: this phone's own and the latest used (with a link to all).
OFFERED = 10


def chosen_ruleset(choice: str | None) -> int | None:
    """Return the id of the house rules a choice names, if it names some."""
    kind, _, key = (choice or "").partition(":")
    return schema.whole_number(key) if kind == "ruleset" else None


def rule_choices(chosen: str | None) -> list[SelectChoice]:
    """Return the presets and a few house rules a game can start with."""
    choices = [
        SelectChoice(f"preset:{key}", gettext(name))
        for key, name in PRESET_NAMES.items()
    ]
    own = [schema.whole_number(t) for t in access.latest(access.RULESET, OFFERED)]
    first = [chosen_ruleset(chosen)]
    for ruleset in rulesets.offered([n for n in first + own if n], OFFERED):
        choices.append(
            SelectChoice(
                f"ruleset:{ruleset.id}",
                gettext("House: %(name)s", name=ruleset.name),
            )
        )
    return choices


def chosen_rules(choice: str) -> dict[str, object]:
    """Return the rules dict a choice names."""
    choice = choice or ""
    if choice.startswith("ruleset:"):
        number = chosen_ruleset(choice)
        if number is None:
            raise BadInput(
                gettext("There are no such house rules: pick the rules."), "rules"
            )
        return dict(rulesets.get_ruleset(number).rules)
    key = choice.partition(":")[2]
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
    """Offer the table shapes 500 is played with (keeping rules picked elsewhere)."""
    rules = request.args.get("rules")
    return render_template("games/new_table.html", shapes=SHAPES, rules=rules)


def blank_form(sides: int, size: int) -> NewGameForm:
    """Return the new-game form, with a field for every side and player."""
    form = NewGameForm().fresh()
    asked = form.rules.data if form.is_submitted() else request.args.get("rules")
    form.rules.choices = rule_choices(asked)
    if form.is_submitted():
        # A field list is as long as the form that came, not as the table.
        if len(form.players) != sides * size:
            raise BadInput(
                gettext("This table needs %(num)s player names.", num=sides * size),
                "players",
            )
        if size > 1 and len(form.sides) != sides:
            raise BadInput(
                gettext("This table needs %(num)s team names.", num=sides),
                "sides",
            )
        return form
    offered = {choice.value for choice in form.rules.choices}
    form.rules.data = asked if asked in offered else f"preset:{DEFAULT_PRESET}"
    for index in range(sides):
        form.sides.append_entry(gettext(DEFAULT_SIDES[index]) if size > 1 else "")
    for _ in range(sides * size):
        form.players.append_entry("")
    return form


def start(form: NewGameForm, rules: Rules, table: Table) -> Response:
    """Start the game, once however often the form is sent; go to its scoreboard."""
    keyed = repeats.page_key()

    def write() -> Response:
        also = access.granting(access.GAME, repeats.keeping(keyed))
        name, notes = form.name.data or "", form.notes.data or ""
        ruleset = chosen_ruleset(form.rules.data)
        game, _ = service.create_game(name, rules, table, notes, also, ruleset)
        rulesets.used(ruleset)
        return redirect(url_for("games.scoreboard", game_id=game.id))

    return idempotency.once(keyed, write, repeats.redirect_again)


@bp.route("/<shape>", methods=["GET", "POST"])
def names(shape: str):
    """Name the sides and players, pick the rules, review, then start."""
    sides, size = parse_shape(shape)
    access.device(create=True)  # before the form: a double tap shares one phone
    form = blank_form(sides, size)
    summary, error, table, short, alike = None, None, None, "", []
    if form.validate_on_submit() and not form.change.data:
        try:
            table = new_table(form, sides, size)
            rules = rules_from_dict(chosen_rules(form.rules.data))
            form.first_dealer.choices = [SelectChoice(p) for p in table.seats]
            form.first_dealer.data = table.first_dealer
            summary = describe_rules(rules, len(table.seats), PageWords())
            short = in_short(rules, PageWords())
            if form.start.data:
                return start(form, rules, table)
            # Asked on the review, before Start makes a lookalike a new player.
            alike = listing.lookalikes(table.players)
        except (AppError, ScoringError) as err:
            summary, error, table = None, app_error(err), None
    groups = [
        (form.sides[i] if size > 1 else None, form.players[i * size : (i + 1) * size])
        for i in range(sides)
    ]
    return render_template(
        "games/new_names.html",
        form=form,
        size=size,
        groups=groups,
        summary=summary,
        short=short,
        table=table,
        error=error,
        lookalikes=alike,
        used_names=service.player_names(),
    ), (400 if form.is_submitted() and not (summary or form.change.data) else 200)
