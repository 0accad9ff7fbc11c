"""Pages for saved house rules: list, create, edit and delete, every setting a tap."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectChoice,
    StringField,
    SubmitField,
)
from wtforms.validators import AnyOf, InputRequired, Length

from . import services
from .errors import AppError, app_error
from .scoring import (
    PRESET_NAMES,
    PRESETS,
    Rules,
    ScoringError,
    describe_rules,
    rules_from_dict,
    rules_to_dict,
)
from .scoring.contracts import KNOWN_SPECIALS
from .scoring.rules import CHOICES as WORD_SETTINGS
from .services import TEXT_LIMIT as NAME_LENGTH

bp = Blueprint("houserules", __name__, url_prefix="/rules")

# The values RULES.md lists for each special contract, its default first.
SPECIAL_VALUES = {
    "misere": (250, 150, 500),
    "open_misere": (500, 350, 520, 250, 1000),
    "blind_misere": (500,),
    "misere_no_pickup": (350,),
    "grand_nullo": (510,),
    "patastrophe": (1000,),
    "hi_lo": (350,),
    "grand_slam": (500,),
    "grand_slam_nt": (520,),
}
SPECIAL_WORDS = {
    "misere": "The bidder plays alone and must take no trick.",
    "open_misere": "As misère, with the bidder's hand shown after the first trick.",
    "blind_misere": "As misère, called before looking at the cards.",
    "misere_no_pickup": "As misère, without picking up the kitty.",
    "grand_nullo": "Neither partner may take a trick.",
    "patastrophe": "Open misère played by both partners.",
    "hi_lo": "The bidder takes exactly five tricks while the partner folds.",
    "grand_slam": "The bidder alone takes all ten tricks; failing costs 500.",
    "grand_slam_nt": "As grand slam, at no trumps; failing costs 500.",
}
# Each choice setting's values and their words; None is "off" or "none".
CHOICES: dict[str, tuple[tuple[Any, str], ...]] = {
    "normal_offset": ((0, "Standard: 6♠ is 40"), (-20, "Perfect: 6♠ is 20")),
    "failure": (
        ("subtract", "Taken off the bidders"),
        ("to_opponents", "To the opponents"),
    ),
    "defender_tricks": (
        ("always", "Always"),
        ("only_if_contract_fails", "If the bid fails"),
        ("never", "Never"),
    ),
    "misere_defenders": (("nothing", "Nothing"), ("per_contractor_trick", "Per trick")),
    "points_per_trick": ((10, "10"),),
    "lock": ((None, "Off"), (490, "490"), (460, "460")),
    "target": ((500, "500"), (1000, "1000"), (None, "None")),
    "floor": ((-500, "−500"), (-1000, "−1000"), (None, "None")),
    "point_spread": ((None, "Off"), (500, "500")),
    "hands_limit": ((None, "Off"), (40, "40 hands")),
    "all_pass": (("redeal", "Redeal"), ("play_no_trumps", "Play no trumps")),
    "partner_share": (("half", "Half each"), ("full", "Full each")),
}
TOGGLES = (
    "six_contracts",
    "slam_bonus",
    "youngstown_bonus",
    "win_requires_contract",
    "redeal_same_dealer",
    "set_rule",
    "ralph_rule",
)


def encode(value: object) -> str:
    """Return a setting's value as a radio button's value."""
    return "off" if value is None else str(value)


def decode(setting: str, text: str) -> object:
    """Return a radio button's value as the setting's value."""
    if setting in WORD_SETTINGS:
        return text
    return None if text == "off" else int(text)


def choice(setting: str, label: str, words: str) -> RadioField:
    """Return a choice among the values RULES.md gives for a setting."""
    options = [SelectChoice(encode(v), text) for v, text in CHOICES[setting]]
    return RadioField(label, choices=options, description=words)


class PresetForm(FlaskForm):
    """Pick the preset whose settings the house rules form starts from (a GET)."""

    class Meta:
        csrf = False

    preset = RadioField(
        "Start from", choices=[SelectChoice(k, n) for k, n in PRESET_NAMES.items()]
    )


class HouseRulesForm(FlaskForm):
    """Name a rule set and tap every setting; the preset comes from PresetForm."""

    name = StringField("Name", validators=[InputRequired(), Length(max=NAME_LENGTH)])
    preset = HiddenField(
        validators=[AnyOf(list(PRESETS), message="There is no such preset.")]
    )
    normal_offset = choice(
        "normal_offset",
        "Normal contract values",
        "Perfect takes 20 off every suit and no-trump bid.",
    )
    six_contracts = BooleanField(
        "Bids of six can be played", description="Off: a six is only a signal."
    )
    slam_bonus = BooleanField(
        "Slam bonus", description="All ten tricks on a bid under 250 scores 250."
    )
    youngstown_bonus = BooleanField(
        "Youngstown bonus", description="All ten tricks on a bid under ten: 100 more."
    )
    failure = choice(
        "failure",
        "A failed bid's value is",
        "Given to the opponents, scores never go below zero.",
    )
    defender_tricks = choice(
        "defender_tricks",
        "Defenders score for their tricks",
        "When the sides that did not bid score for their tricks.",
    )
    misere_defenders = choice(
        "misere_defenders",
        "On a misère the defenders score",
        "Per trick: 10 for each trick the misère bidder takes (American nullo).",
    )
    points_per_trick = choice(
        "points_per_trick", "Points per trick", "What one trick is worth to defenders."
    )
    lock = choice(
        "lock",
        "Trick points lock at",
        "Trick points cannot lift a side past this; only a contract can.",
    )
    target = choice("target", "Target", "A side reaching it goes out the front door.")
    floor = choice("floor", "Floor", "A side falling to it goes out the back door.")
    win_requires_contract = BooleanField(
        "Only a made contract wins",
        description="Off: defenders reaching the target on tricks win too.",
    )
    point_spread = choice(
        "point_spread",
        "Point spread",
        "A side above zero this far ahead of one below zero wins.",
    )
    hands_limit = choice(
        "hands_limit", "Hands limit", "After this many hands the highest total wins."
    )
    all_pass = choice(
        "all_pass",
        "When everyone passes",
        "Redeal, or play at no trumps with every side scoring its tricks.",
    )
    redeal_same_dealer = BooleanField(
        "Same dealer deals again", description="On a redeal; off: the deal moves on."
    )
    partner_share = choice(
        "partner_share",
        "Five players: bidder and called partner",
        "Half the contract's value each, or the full value each.",
    )
    set_rule = BooleanField(
        "Set rule",
        description="A bidder who is set (5 short on a 7 … 2 on a 10) may not "
        "bid next hand.",
    )
    ralph_rule = BooleanField(
        "Ralph rule",
        description="A bidder short by more than 3 tricks may not bid next hand.",
    )
    save = SubmitField("Save house rules")


for _key, _special in KNOWN_SPECIALS.items():
    _values = [SelectChoice(str(v)) for v in SPECIAL_VALUES[_key]]
    _words = SPECIAL_WORDS[_key]
    setattr(HouseRulesForm, _key, BooleanField(_special.name, description=_words))
    setattr(
        HouseRulesForm,
        f"{_key}_value",
        RadioField(f"{_special.name} is worth", choices=_values),
    )


def settings_data(rules: Rules) -> dict[str, object]:
    """Return a rule set as the form's data."""
    data: dict[str, object] = {"preset": rules.preset}
    for setting in TOGGLES:
        data[setting] = getattr(rules, setting)
    for setting in CHOICES:
        data[setting] = encode(getattr(rules, setting))
    for key, values in SPECIAL_VALUES.items():
        data[f"{key}_value"] = str(values[0])
    for special in rules.contracts:
        if special.key in KNOWN_SPECIALS:
            data[special.key] = True
            data[f"{special.key}_value"] = str(special.value)
    return data


def add_current_values(form: HouseRulesForm, rules: Rules) -> None:
    """Offer a saved value RULES.md does not list, so editing keeps it."""
    current = {s: encode(getattr(rules, s)) for s in CHOICES}
    current |= {f"{s.key}_value": str(s.value) for s in rules.contracts}
    for name, value in current.items():
        field = getattr(form, name, None)
        if field is not None and value not in (c.value for c in field.choices):
            shown = SelectChoice(value, value.replace("-", "−"))
            field.choices = [*field.choices, shown]


def extra_contracts(data: dict[str, Any]) -> dict[str, Any]:
    """Return the saved contracts the form cannot show: custom ones, kept as saved."""
    contracts = data.get("contracts", {}) if isinstance(data, dict) else {}
    return {
        key: spec
        for key, spec in contracts.items()
        if key not in KNOWN_SPECIALS or not isinstance(spec, int)
    }


def rules_data(form: HouseRulesForm, extras: dict[str, Any]) -> dict[str, Any]:
    """Return the preset and only the settings that differ from it."""
    preset = form.preset.data
    settings: dict[str, Any] = {s: getattr(form, s).data for s in TOGGLES}
    for setting in CHOICES:
        settings[setting] = decode(setting, getattr(form, setting).data)
    contracts = {
        key: int(getattr(form, f"{key}_value").data)
        for key in KNOWN_SPECIALS
        if key not in extras and getattr(form, key).data
    }
    settings["contracts"] = contracts | extras
    base = rules_to_dict(PRESETS[preset])
    changed = {k: v for k, v in settings.items() if v != base[k]}
    return {"preset": preset, **changed}


def show_error(form: HouseRulesForm, error: AppError | ScoringError) -> None:
    """Show an engine error on the setting it names, or above the form."""
    error = app_error(error)
    field = getattr(form, error.field or "", None)
    if error.field == "contracts" or not hasattr(field, "errors"):
        form.form_errors.append(error.message)
    else:
        field.errors = [*field.errors, error.message]


class DeleteForm(FlaskForm):
    """Confirm deleting saved house rules."""

    delete = SubmitField("Yes, delete them")


@bp.get("/")
def index() -> str:
    """List the saved house rules, each with its rules in plain words."""
    entries = [
        {
            "ruleset": ruleset,
            "preset": PRESET_NAMES.get(ruleset.rules.get("preset", "australian")),
            "summary": describe_rules(rules_from_dict(ruleset.rules)),
        }
        for ruleset in services.list_rulesets()
    ]
    return render_template("houserules/index.html", entries=entries)


def edit_page(ruleset: Any) -> tuple[str, int] | Response:
    """Show the house rules form; on a valid save, go back to the list."""
    saved = dict(ruleset.rules) if ruleset else {"preset": "australian"}
    saved_rules, extras = rules_from_dict(saved), extra_contracts(saved)
    picker = PresetForm(request.args)
    picked = request.args.get("preset")
    if picked is not None and picked not in PRESETS:
        picker.preset.errors = ["There is no such preset: pick one of these."]
    rules = PRESETS[picked] if picked in PRESETS else saved_rules
    picker.preset.data = rules.preset
    name = ruleset.name if ruleset else ""
    form = HouseRulesForm(data={"name": name, **settings_data(rules)})
    add_current_values(form, saved_rules)
    if form.validate_on_submit():
        try:
            services.save_ruleset(
                form.name.data, rules_data(form, extras), ruleset and ruleset.id
            )
        except (AppError, ScoringError) as error:
            show_error(form, error)
        else:
            flash(f"House rules “{' '.join(form.name.data.split())}” saved.")
            return redirect(url_for("houserules.index"))
    status = 400 if form.is_submitted() or picker.preset.errors else 200
    return render_template(
        "houserules/edit.html",
        picker=picker,
        form=form,
        ruleset=ruleset,
        specials=list(KNOWN_SPECIALS),
        extras=extras,
        kept=[s for s in saved_rules.contracts if s.key in extras],
    ), status


@bp.route("/new", methods=["GET", "POST"])
def create() -> tuple[str, int] | Response:
    """Make new house rules, starting from a preset."""
    return edit_page(None)


@bp.route("/<int:ruleset_id>/edit", methods=["GET", "POST"])
def edit(ruleset_id: int) -> tuple[str, int] | Response:
    """Change saved house rules; games already started keep their own copy."""
    return edit_page(services.get_ruleset(ruleset_id))


@bp.route("/<int:ruleset_id>/delete", methods=["GET", "POST"])
def delete(ruleset_id: int) -> str | Response:
    """Ask once, then delete saved house rules (a POST)."""
    ruleset = services.get_ruleset(ruleset_id)
    form = DeleteForm()
    if form.validate_on_submit():
        name = ruleset.name
        services.delete_ruleset(ruleset.id)
        flash(f"House rules “{name}” deleted.")
        return redirect(url_for("houserules.index"))
    return render_template("houserules/delete.html", ruleset=ruleset, form=form)
