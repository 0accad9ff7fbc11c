"""The nights' forms: set up a night, and the director's buttons."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length

from ..errors import BadInput
from ..house_rules import service as rulesets
from ..scoring import PRESET_NAMES, rules_from_dict
from .service import NewNight

MOVEMENTS = [
    SelectChoice("progressive", "Progressive: winners move up a table"),
    SelectChoice("rotation", "Rotation: everyone partners everyone"),
    SelectChoice("fixed_pairs", "Fixed pairs: each pair meets every other"),
]
ROUND_HANDS = [SelectChoice("", "A whole game")] + [
    SelectChoice(str(n), f"{n} hands") for n in (4, 6, 8, 10, 12, 16, 20)
]


class NightForm(FlaskForm):
    """A night: its name, rules, movement, round length, ranking and roster."""

    name = StringField(
        "Name", validators=[InputRequired("Name the night."), Length(max=80)]
    )
    rules = SelectField("Rules", choices=[])
    movement = RadioField("Movement", choices=MOVEMENTS, default="progressive")
    round_hands = SelectField("A round lasts", choices=ROUND_HANDS, default="8")
    rank_by = RadioField(
        "Rank players by",
        choices=[SelectChoice("wins", "Wins"), SelectChoice("points", "Points")],
        default="wins",
    )
    odd_players = RadioField(
        "When the players do not make tables of four",
        choices=[
            SelectChoice("sit_out", "One to three sit out each round, in turn"),
            SelectChoice("mixed_tables", "A table of three, five or six (rotation)"),
        ],
        default="sit_out",
    )
    rounds = SelectField(
        "Rounds",
        choices=[SelectChoice("", "Until the director finishes")]
        + [SelectChoice(str(n), f"{n} rounds") for n in range(2, 16)],
        default="",
    )
    players = TextAreaField(
        "Players, one a line (in seating order)",
        validators=[InputRequired("List the players, one a line.")],
    )
    shuffle = BooleanField("Draw round 1 at random")
    start = SubmitField("Start the night")

    def offer_rules(self, saved: dict[int, str]) -> None:
        """Offer the presets and the saved house rules."""
        choices = [
            SelectChoice(f"preset:{key}", name) for key, name in PRESET_NAMES.items()
        ]
        choices += [SelectChoice(f"saved:{i}", name) for i, name in saved.items()]
        self.rules.choices = choices
        if not self.rules.data:
            self.rules.data = choices[0].value

    def night(self) -> NewNight:
        """Read the set-up form: a line a player, or 'Ann & Cat' a pair."""
        lines = [line.strip() for line in (self.players.data or "").splitlines()]
        lines = [line for line in lines if line]
        kind, _, key = (self.rules.data or "").partition(":")
        wanted = (
            dict(rulesets.saved_rules(int(key)))
            if kind == "saved" and key.isdigit()
            else {"preset": key}
        )
        movement = self.movement.data or "progressive"
        pairs: tuple[tuple[str, str], ...] = ()
        players: tuple[str, ...] = ()
        if movement == "fixed_pairs":
            split = [tuple(p.strip() for p in line.split("&")) for line in lines]
            if any(len(pair) != 2 for pair in split):
                raise BadInput("Write each pair on a line as: Ann & Cat.", "players")
            pairs = tuple((a, b) for a, b in split)
        else:
            players = tuple(lines)
        return NewNight(
            name=(self.name.data or "").strip(),
            rules=rules_from_dict(wanted),
            movement=movement,
            players=players,
            pairs=pairs,
            round_hands=int(self.round_hands.data) if self.round_hands.data else None,
            rank_by=self.rank_by.data or "wins",
            odd_players=self.odd_players.data or "sit_out",
            rounds=int(self.rounds.data) if self.rounds.data else None,
            shuffle=bool(self.shuffle.data),
            ruleset=int(key) if kind == "saved" and key.isdigit() else None,
        )


class ActionForm(FlaskForm):
    """A director's button: its CSRF token is all it sends."""

    go = SubmitField("Go")


class PlayerForm(FlaskForm):
    """A late arrival's name."""

    name = StringField(
        "Name", validators=[InputRequired("Give the name."), Length(max=40)]
    )
    add = SubmitField("Add")
