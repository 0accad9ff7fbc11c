"""The house-rules forms: one field a setting, built from the engine's declaration."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectChoice,
    StringField,
    SubmitField,
)
from wtforms.validators import AnyOf, InputRequired, Length

from ..language import points
from ..scoring import (
    PRESET_NAMES,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    Rules,
    Setting,
    rules_to_dict,
)
from ..scoring.contracts import KNOWN_SPECIALS, WORTH
from ..text import TEXT_LIMIT


def encode(value: object) -> str:
    """Return a setting's value as a radio button's value."""
    return "off" if value is None else str(value)


def decode(setting: str, text: str) -> object:
    """Return a radio button's value as the setting's value."""
    if SETTINGS[setting].kind == "word":
        return text
    return None if text == "off" else int(text)


def _setting_field(setting: Setting) -> BooleanField | RadioField:
    if setting.kind == "bool":
        return BooleanField(_l(setting.label), description=_l(setting.words))
    options = [SelectChoice(encode(c.value), _l(c.words)) for c in setting.choices]
    return RadioField(_l(setting.label), choices=options, description=_l(setting.words))


def _special_fields() -> dict[str, BooleanField | RadioField]:
    fields: dict[str, BooleanField | RadioField] = {}
    for key, offer in SPECIAL_OFFERS.items():
        name = KNOWN_SPECIALS[key].name
        fields[key] = BooleanField(_l(name), description=_l(offer.words))
        values = [SelectChoice(str(v)) for v in offer.values]
        worth = _l(WORTH[key][0])
        fields[f"{key}_value"] = RadioField(worth, choices=values)
    return fields


def _said(label: object) -> str:
    """Return a choice's words as plain text, a number as the page writes it
    (« 1 000 », « −1 000 » in French)."""
    text = str(label)
    number = text.replace("−", "-")
    return points(int(number)) if number.lstrip("-").isdigit() else text


class SaidForm(FlaskForm):
    """A form whose lazy words are said once, as plain text the page escapes.

    Flask-Babel's lazy strings count as safe HTML, so "bid's" would reach the
    page unescaped; as plain text it is escaped as the English page always was.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self:
            field.label.text = str(field.label.text)
            field.description = str(field.description)
            if isinstance(field, RadioField) and field.choices:
                field.choices = [
                    SelectChoice(c.value, _said(c.label))
                    for c in field.choices  # type: ignore[union-attr]
                ]


class PresetForm(SaidForm):
    """Pick the preset whose settings the house rules form starts from (a GET)."""

    class Meta:
        csrf = False

    preset = RadioField(
        _l("Start from"),
        choices=[SelectChoice(k, _l(n)) for k, n in PRESET_NAMES.items()],
    )


class HouseRulesBase(SaidForm):
    """A rule set's name and preset; HouseRulesForm adds every setting."""

    name = StringField(_l("Name"), validators=[InputRequired(), Length(max=TEXT_LIMIT)])
    preset = HiddenField(
        validators=[AnyOf(list(PRESETS), message=_l("There is no such preset."))]
    )
    save = SubmitField(_l("Save house rules"))

    def load(self, rules: Rules) -> None:
        """Set every setting's taps to a rule set's values."""
        self.preset.data = rules.preset
        for key, setting in SETTINGS.items():
            value = getattr(rules, key)
            self[key].data = value if setting.kind == "bool" else encode(value)
        for key, offer in SPECIAL_OFFERS.items():
            self[key].data = False
            self[f"{key}_value"].data = str(offer.values[0])
        for special in rules.contracts:
            if special.key in SPECIAL_OFFERS:
                self[special.key].data = True
                self[f"{special.key}_value"].data = str(special.value)

    def keep_values(self, rules: Rules) -> None:
        """Offer a saved value the declaration does not list, so editing keeps it."""
        current = {k: encode(getattr(rules, k)) for k, s in SETTINGS.items()}
        current |= {f"{s.key}_value": str(s.value) for s in rules.contracts}
        for name, value in current.items():
            field = self._fields.get(name)
            if isinstance(field, RadioField) and value not in (
                c.value for c in field.choices
            ):
                shown = SelectChoice(value, value.replace("-", "−"))
                field.choices = [*field.choices, shown]

    def overrides(self, kept: dict[str, Any]) -> dict[str, Any]:
        """Return the preset and only the settings that differ from it."""
        settings: dict[str, Any] = {}
        for key, setting in SETTINGS.items():
            data = self[key].data
            settings[key] = data if setting.kind == "bool" else decode(key, data)
        tapped = {
            key: int(self[f"{key}_value"].data)
            for key in SPECIAL_OFFERS
            if key not in kept and self[key].data
        }
        settings["contracts"] = tapped | kept
        base = rules_to_dict(PRESETS[self.preset.data])
        changed = {k: v for k, v in settings.items() if v != base[k]}
        return {"preset": self.preset.data, **changed}


HouseRulesForm = type(
    "HouseRulesForm",
    (HouseRulesBase,),
    {
        "__doc__": "Name a rule set and tap every setting the engine declares.",
        **{key: _setting_field(s) for key, s in SETTINGS.items()},
        **_special_fields(),
    },
)


class DeleteForm(FlaskForm):
    """Confirm deleting saved house rules."""

    delete = SubmitField(_l("Yes, delete them"))
