"""Every page form, one FlaskForm each: forms check shape, the engine the rules."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    StringField,
    SubmitField,
)
from wtforms.validators import (
    AnyOf,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from .schema import whole_number
from .scoring import (
    PRESET_NAMES,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    Hand,
    Rules,
    Setting,
    Table,
    make_hand,
    rules_to_dict,
)
from .scoring.contracts import KNOWN_SPECIALS
from .scoring.table import NAME_LIMIT
from .services import TEXT_LIMIT

TRICKS = [SelectChoice(str(n)) for n in range(11)]
MOST_SIDES = 5


def _side_tricks(index: int) -> RadioField:
    return RadioField(f"Side {index + 1}", choices=TRICKS, validate_choice=False)


class VersionedForm(FlaskForm):
    """A form drawn from one version of a game, so a stale save is caught."""

    version = HiddenField()

    def validate_version(self, field: HiddenField) -> None:
        """Refuse a version that is not a game's: a missing one means no If-Match."""
        if field.data and whole_number(field.data) is None:
            raise ValidationError(
                "The form's version is not a game version: reload the page."
            )

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate, showing a hidden version's error above the form."""
        valid = super().validate(extra_validators)
        self.form_errors.extend(self.version.errors)
        return valid

    def expected_version(self) -> int | None:
        """Return the game version the form was drawn from, for If-Match."""
        return whole_number(self.version.data)


class HandForm(VersionedForm):
    """Record or edit one hand by tapping: bidder, contract, tricks, save."""

    bidder = RadioField("Who won the bidding?", validate_choice=False)
    partner = RadioField("Called partner", validate_choice=False)
    contract = RadioField("Contract", validate_choice=False)
    tricks = RadioField(
        "Tricks the bidders took", choices=TRICKS, validate_choice=False
    )
    # Tricks per side, for tables of three or more sides and for an all-pass
    # hand played at no trumps; a table uses the first of them, one a side.
    tricks_0 = _side_tricks(0)
    tricks_1 = _side_tricks(1)
    tricks_2 = _side_tricks(2)
    tricks_3 = _side_tricks(3)
    tricks_4 = _side_tricks(4)
    save = SubmitField("Save hand")
    passed = SubmitField("Everyone passed")

    def for_table(self, rules: Rules, table: Table) -> HandForm:
        """Offer this table's players and the contracts its rules allow."""
        self.bidder.choices = [SelectChoice(p) for p in table.seats]
        self.partner.choices = [SelectChoice("", "Alone")]
        self.partner.choices += [SelectChoice(p) for p in table.seats]
        contracts = rules.normal_contracts() + rules.special_contracts()
        self.contract.choices = [
            SelectChoice(c.key, c.name, {"data-tricks": c.tricks}) for c in contracts
        ]
        for field, side in zip(
            self.side_tricks(rules, table), table.sides, strict=False
        ):
            field.label.text = side.name
        return self

    def side_tricks(self, rules: Rules, table: Table) -> list[RadioField]:
        """Return the per-side tricks fields this table uses, in side order."""
        # Every side taps its tricks with three or more sides, and for an
        # all-pass hand played at no trumps, where each side scores its own.
        if len(table.sides) == 2 and rules.all_pass != "play_no_trumps":
            return []
        return [getattr(self, f"tricks_{i}") for i in range(len(table.sides))]

    def hand(self, rules: Rules, table: Table) -> Hand:
        """Return the tapped hand, checked by the engine."""
        per_side = [f.data for f in self.side_tricks(rules, table)]
        if self.passed.data:
            fields: dict[str, object] = {"contract": "pass"}
        else:
            fields = {
                "contract": self.contract.data,
                "bidder": self.bidder.data or None,
            }
            if self.partner.data:
                fields["partner"] = self.partner.data
            if len(table.sides) == 2:
                per_side = []
                if self.tricks.data:
                    fields["tricks"] = _number(self.tricks.data)
        if per_side and all(per_side):
            fields["tricks"] = [_number(v) for v in per_side]
        return make_hand(rules, table, **fields)  # type: ignore[arg-type]


def _number(text: str) -> object:
    """Return tapped text as a number, or as it came for the engine to refuse."""
    number = whole_number(text)
    return text if number is None else number


class NewGameForm(FlaskForm):
    """Name the sides and players, pick the rules, then the first dealer."""

    name = StringField("Game name", validators=[Optional(), Length(max=NAME_LIMIT)])
    sides = FieldList(
        StringField("Side", validators=[Optional(), Length(max=NAME_LIMIT)])
    )
    players = FieldList(
        StringField("Player", validators=[InputRequired(), Length(max=NAME_LIMIT)])
    )
    rules = RadioField("Rules", validate_choice=False, validators=[InputRequired()])
    first_dealer = RadioField("Who deals first?", validate_choice=False)
    review = SubmitField("Next: check the rules")
    start = SubmitField("Start the game")


class ConfirmForm(VersionedForm):
    """A form with nothing but its CSRF token and a button: undo, delete, rematch."""

    confirm = SubmitField("Yes")


STATUSES = [
    SelectChoice("all", "All games"),
    SelectChoice("in_progress", "In progress"),
    SelectChoice("finished", "Finished"),
]
PAGE_LIMIT = 100_000


class HistoryForm(FlaskForm):
    """Filter the games by player and status; a GET, so no CSRF token."""

    class Meta:
        csrf = False

    player = StringField("Player", validators=[Optional(), Length(max=NAME_LIMIT)])
    status = RadioField("Show", choices=STATUSES, default="all")
    page = IntegerField(
        "Page",
        validators=[
            Optional(),
            NumberRange(1, PAGE_LIMIT, "The page must be a number from 1 up."),
        ],
    )


# House rules: one field a setting, built from the engine's declaration.


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
        return BooleanField(setting.label, description=setting.words)
    options = [SelectChoice(encode(c.value), c.words) for c in setting.choices]
    return RadioField(setting.label, choices=options, description=setting.words)


def _special_fields() -> dict[str, BooleanField | RadioField]:
    fields: dict[str, BooleanField | RadioField] = {}
    for key, offer in SPECIAL_OFFERS.items():
        name = KNOWN_SPECIALS[key].name
        fields[key] = BooleanField(name, description=offer.words)
        values = [SelectChoice(str(v)) for v in offer.values]
        fields[f"{key}_value"] = RadioField(f"{name} is worth", choices=values)
    return fields


class PresetForm(FlaskForm):
    """Pick the preset whose settings the house rules form starts from (a GET)."""

    class Meta:
        csrf = False

    preset = RadioField(
        "Start from", choices=[SelectChoice(k, n) for k, n in PRESET_NAMES.items()]
    )


class HouseRulesBase(FlaskForm):
    """A rule set's name and preset; HouseRulesForm adds every setting."""

    name = StringField("Name", validators=[InputRequired(), Length(max=TEXT_LIMIT)])
    preset = HiddenField(
        validators=[AnyOf(list(PRESETS), message="There is no such preset.")]
    )
    save = SubmitField("Save house rules")

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

    delete = SubmitField("Yes, delete them")
