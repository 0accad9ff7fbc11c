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
    DEFAULT_PRESET,
    PRESET_NAMES,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    Rules,
    ScoringError,
    describe_rules,
    rules_from_dict,
    rules_to_dict,
)
from .scoring.contracts import KNOWN_SPECIALS
from .services import TEXT_LIMIT as NAME_LENGTH

bp = Blueprint("houserules", __name__, url_prefix="/rules")

# The settings shown as a switch, and those shown as a choice of taps.
TOGGLES = tuple(key for key, s in SETTINGS.items() if s.kind == "bool")
CHOICES = tuple(key for key, s in SETTINGS.items() if s.kind != "bool")


def encode(value: object) -> str:
    """Return a setting's value as a radio button's value."""
    return "off" if value is None else str(value)


def decode(setting: str, text: str) -> object:
    """Return a radio button's value as the setting's value."""
    if SETTINGS[setting].kind == "word":
        return text
    return None if text == "off" else int(text)


def choice(setting: str) -> RadioField:
    """Return a choice among the values RULES.md gives for a setting."""
    declared = SETTINGS[setting]
    options = [SelectChoice(encode(c.value), c.words) for c in declared.choices]
    return RadioField(declared.label, choices=options, description=declared.words)


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
    save = SubmitField("Save house rules")


for _key, _setting in SETTINGS.items():
    if _setting.kind == "bool":
        _field = BooleanField(_setting.label, description=_setting.words)
    else:
        _field = choice(_key)
    setattr(HouseRulesForm, _key, _field)
for _key, _special in KNOWN_SPECIALS.items():
    _offer = SPECIAL_OFFERS[_key]
    _values = [SelectChoice(str(v)) for v in _offer.values]
    setattr(HouseRulesForm, _key, BooleanField(_special.name, description=_offer.words))
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
    for key, offer in SPECIAL_OFFERS.items():
        data[f"{key}_value"] = str(offer.values[0])
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
            "preset": PRESET_NAMES.get(ruleset.rules.get("preset", DEFAULT_PRESET)),
            "summary": describe_rules(rules_from_dict(ruleset.rules)),
        }
        for ruleset in services.list_rulesets()
    ]
    return render_template("houserules/index.html", entries=entries)


def edit_page(ruleset: Any) -> tuple[str, int] | Response:
    """Show the house rules form; on a valid save, go back to the list."""
    saved = dict(ruleset.rules) if ruleset else {"preset": DEFAULT_PRESET}
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
