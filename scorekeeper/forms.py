"""One FlaskForm per form. Forms check the shape of input; the engine owns the rules."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import (
    FieldList,
    HiddenField,
    RadioField,
    SelectChoice,
    StringField,
    SubmitField,
)
from wtforms.validators import InputRequired, Length, Optional

from .scoring import Rules, Table
from .scoring.table import NAME_LIMIT

TRICKS = [SelectChoice(str(n)) for n in range(11)]


class HandForm(FlaskForm):
    """Record or edit one hand by tapping: bidder, contract, tricks, save."""

    version = HiddenField()
    bidder = RadioField("Who won the bidding?", validate_choice=False)
    partner = RadioField("Called partner", validate_choice=False)
    contract = RadioField("Contract", validate_choice=False)
    tricks = RadioField(
        "Tricks the bidders took", choices=TRICKS, validate_choice=False
    )
    save = SubmitField("Save hand")
    passed = SubmitField("Everyone passed")


def hand_form(rules: Rules, table: Table, **kwargs: object) -> HandForm:
    """Return a hand form for this table: per-side tricks when more than two sides."""

    class Form(HandForm):
        pass

    # Tricks per side: always with three or more sides, and for an all-pass
    # hand played at no trumps, where every side scores its own tricks.
    if len(table.sides) > 2 or rules.all_pass == "play_no_trumps":
        for index, side in enumerate(table.sides):
            field = RadioField(side.name, choices=TRICKS, validate_choice=False)
            setattr(Form, f"tricks_{index}", field)
    form = Form(**kwargs)
    form.bidder.choices = [SelectChoice(p) for p in table.seats]
    form.partner.choices = [SelectChoice("", "Alone")]
    form.partner.choices += [SelectChoice(p) for p in table.seats]
    contracts = rules.normal_contracts() + rules.special_contracts()
    form.contract.choices = [
        SelectChoice(c.key, c.name, {"data-tricks": c.tricks}) for c in contracts
    ]
    return form


def side_tricks_fields(form: HandForm, table: Table) -> list[RadioField]:
    """Return the per-side tricks fields of a form, in side order, if it has them."""
    fields = [getattr(form, f"tricks_{i}", None) for i in range(len(table.sides))]
    return [field for field in fields if field is not None]


def hand_data(form: HandForm, table: Table) -> dict[str, object]:
    """Return the hand a submitted form describes, shaped like the JSON API's body."""
    per_side = [f.data for f in side_tricks_fields(form, table)]
    if form.passed.data:
        data: dict[str, object] = {"contract": "pass"}
    else:
        data = {"contract": form.contract.data, "bidder": form.bidder.data or None}
        if form.partner.data:
            data["partner"] = form.partner.data
        if len(table.sides) == 2:
            per_side = []
            if form.tricks.data:
                data["tricks"] = _number(form.tricks.data)
    if per_side and all(per_side):
        data["tricks"] = [_number(v) for v in per_side]
    return data


def _number(text: str) -> object:
    """Return tapped text as a number, or as it came for the engine to refuse."""
    return int(text) if text.isdigit() else text


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


class ConfirmForm(FlaskForm):
    """A form with nothing but its CSRF token and a button: undo, delete, rematch."""

    version = HiddenField()
    confirm = SubmitField("Yes")
