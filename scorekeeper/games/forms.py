"""Every page form, one FlaskForm each: forms check shape, the engine the rules."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    FieldList,
    RadioField,
    SelectChoice,
    StringField,
    SubmitField,
)
from wtforms.validators import (
    InputRequired,
    Length,
    Optional,
    ValidationError,
)

from ..api.schema import whole_number
from ..language import named
from ..scoring import Contract, Hand, Rules, Table, first_out_matters, make_hand
from ..scoring.table import NAME_LIMIT
from ..text import TEXT_LIMIT
from ..web.forms import OnceForm, VersionedForm

TRICKS = [SelectChoice(str(n)) for n in range(11)]
NOTES_LENGTH = Length(
    max=TEXT_LIMIT,
    message=_l("The notes must be at most %(limit)s characters.", limit=TEXT_LIMIT),
)


def _side_tricks(index: int) -> RadioField:
    return RadioField(
        _l("Side %(num)s", num=index + 1), choices=TRICKS, validate_choice=False
    )


class HandForm(VersionedForm):
    """Record or edit one hand by tapping: bidder, contract, tricks, save."""

    bidder = RadioField(_l("Who won the bidding?"), validate_choice=False)
    partner = RadioField(_l("Called partner"), validate_choice=False)
    contract = RadioField(_l("Contract"), validate_choice=False)
    tricks = RadioField(
        _l("Tricks the bidders took"), choices=TRICKS, validate_choice=False
    )
    # Tricks per side, for tables of three or more sides and for an all-pass
    # hand played at no trumps; a table uses the first of them, one a side.
    tricks_0, tricks_1, tricks_2, tricks_3, tricks_4 = map(_side_tricks, range(5))
    first_out = RadioField(_l("Who went out first?"), validate_choice=False)
    save = SubmitField(_l("Save hand"))
    passed = SubmitField(_l("Everyone passed"))

    def for_table(self, rules: Rules, table: Table) -> HandForm:
        """Offer this table's players and the contracts its rules allow."""
        # The script reads each player's side and each contract's tricks.
        seats = [
            SelectChoice(p, p, {"data-side": table.side_of(p)}) for p in table.seats
        ]
        self.bidder.choices = seats
        self.partner.choices = [SelectChoice("", gettext("Alone")), *seats]
        contracts = rules.normal_contracts() + rules.special_contracts()
        self.contract.choices = [
            SelectChoice(c.key, shown_name(c), _contract_data(c)) for c in contracts
        ]
        per_side = self.side_tricks(rules, table)
        for field, side in zip(per_side, table.sides, strict=False):
            field.label.text = side.name
        self.first_out.choices = [
            SelectChoice(str(i), side.name) for i, side in enumerate(table.sides)
        ]
        return self

    def validate_contract(self, field: RadioField) -> None:
        """Ask for a contract in the page's words, unless everyone passed."""
        if self.passed.data or field.data:
            return
        names = {choice.value: choice.label for choice in field.choices}  # type: ignore[union-attr]
        examples = [names.get("7H") or next(iter(names.values()), "")]
        examples += [name for key, name in names.items() if not key[:1].isdigit()][:1]
        if len(examples) > 1:
            examples = [
                gettext("%(some)s or %(last)s", some=examples[0], last=examples[1])
            ]
        raise ValidationError(
            gettext(
                "Tap the contract, such as %(examples)s, or Everyone passed.",
                examples=examples[0],
            )
        )

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
        if self.first_out.data:
            fields["first_out"] = _number(self.first_out.data)
        return make_hand(rules, table, **fields)  # type: ignore[arg-type]


def shown_name(contract: Contract) -> str:
    """Return a contract's name on a tap: 7♥ as it is, a special in the page's words."""
    return named(contract)


def _contract_data(contract: Contract) -> dict[str, object]:
    """Return what the script reads of a contract: its tricks, name and kind."""
    # On a misère the defenders score nothing apart: the script splits their tricks.
    return {
        "data-tricks": contract.tricks,
        "data-name": shown_name(contract),
        "data-misere": contract.is_misere,
    }


def first_error(form: FlaskForm) -> str:
    """Return the first thing wrong with a form, in field order, or ''."""
    for field in form:
        if field.errors:
            return str(field.errors[0])
    return str(form.form_errors[0]) if form.form_errors else ""


def hand_data(hand: Hand) -> dict[str, str]:
    """Return a recorded hand as the hand form's data, to edit it or post it again."""
    data = {
        "bidder": hand.bidder or "",
        "partner": hand.partner or "",
        "contract": hand.contract,
        "tricks": str(hand.tricks[hand.side]) if hand.side is not None else "",
        "first_out": "" if hand.first_out is None else str(hand.first_out),
    }
    for index, taken in enumerate(hand.tricks):
        data[f"tricks_{index}"] = str(taken)
    return data


def _number(text: str) -> object:
    """Return tapped text as a number, or as it came for the engine to refuse."""
    number = whole_number(text)
    return text if number is None else number


class NewGameForm(OnceForm):
    """Name the sides and players, pick the rules, then the first dealer."""

    name = StringField(_l("Game name"), validators=[Optional(), Length(max=NAME_LIMIT)])
    notes = StringField(_l("Notes"), validators=[Optional(), NOTES_LENGTH])
    sides = FieldList(
        StringField(_l("Side"), validators=[Optional(), Length(max=NAME_LIMIT)])
    )
    players = FieldList(
        StringField(_l("Player"), validators=[InputRequired(), Length(max=NAME_LIMIT)])
    )
    rules = RadioField(_l("Rules"), validate_choice=False, validators=[InputRequired()])
    first_dealer = RadioField(_l("Who deals first?"), validate_choice=False)
    review = SubmitField(_l("Next: check the rules"))
    start = SubmitField(_l("Start the game"))
    change = SubmitField(_l("Change names or rules"))


class NotesForm(FlaskForm):
    """Change a game's notes: one line, such as where, or who brought the cards."""

    notes = StringField(_l("Notes"), validators=[Optional(), NOTES_LENGTH])
    save = SubmitField(_l("Save notes"))


class ConfirmForm(VersionedForm):
    """A form with nothing but its CSRF token and a button: undo, delete, rematch."""

    confirm = SubmitField(_l("Yes"))


def hand_fields(
    form: HandForm, rules: Rules, table: Table, totals: tuple[int, ...]
) -> dict[str, Any]:
    """Return what the hand form's template needs: the taps laid out like the table."""
    contracts = rules.normal_contracts()
    return {
        "form": form,
        "ask_first_out": bool(form.first_out.data) or first_out_matters(rules, totals),
        "table": table,
        "side_tricks": form.side_tricks(rules, table),
        "grid": [contracts[i : i + 5] for i in range(0, len(contracts), 5)],
        "specials": rules.special_contracts(),
        "options": {option.data: option for option in form.contract},
        # Shown by Save hand, where the eye is when a save is refused.
        "refusal": first_error(form),
    }
