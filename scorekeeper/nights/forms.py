"""The nights' forms: set up a night, and the director's buttons."""

from __future__ import annotations

from flask_babel import LazyString, gettext, ngettext
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..errors import N_, BadInput
from ..house_rules import service as rulesets
from ..scoring import PRESET_NAMES, rules_from_dict
from .service import NewNight

MOVEMENTS = [
    SelectChoice("progressive", _l("Progressive: winners move up a table")),
    SelectChoice("rotation", _l("Rotation: everyone partners everyone")),
    SelectChoice("fixed_pairs", _l("Fixed pairs: each pair meets every other")),
]


def hands(count: int) -> str:
    """Return a number of hands in words, in the page's language."""
    return ngettext("%(num)s hand", "%(num)s hands", count)


def rounds(count: int) -> str:
    """Return a number of rounds in words, in the page's language."""
    return ngettext("%(num)s round", "%(num)s rounds", count)


ROUND_HANDS = [SelectChoice("", _l("A whole game"))] + [
    SelectChoice(str(n), LazyString(hands, n)) for n in (4, 6, 8, 10, 12, 16, 20)
]


CLOCK = _l("A round's clock runs 5 to 120 minutes; leave it empty for none.")


class NightForm(FlaskForm):
    """A night: its name, rules, movement, round length, ranking and roster."""

    name = StringField(
        _l("Name"), validators=[InputRequired(_l("Name the night.")), Length(max=80)]
    )
    rules = SelectField(_l("Rules"), choices=[])
    movement = RadioField(_l("Movement"), choices=MOVEMENTS, default="progressive")
    round_hands = SelectField(_l("A round lasts"), choices=ROUND_HANDS, default="8")
    rank_by = RadioField(
        _l("Rank players by"),
        choices=[
            SelectChoice("wins", _l("Wins")),
            SelectChoice("points", _l("Points")),
        ],
        default="wins",
    )
    odd_players = RadioField(
        _l("When the players do not make tables of four"),
        choices=[
            SelectChoice("sit_out", _l("One to three sit out each round, in turn")),
            SelectChoice(
                "mixed_tables", _l("A table of three, five or six (rotation)")
            ),
        ],
        default="sit_out",
    )
    rounds = SelectField(
        _l("Rounds"),
        choices=[SelectChoice("", _l("Until the director finishes"))]
        + [SelectChoice(str(n), LazyString(rounds, n)) for n in range(2, 16)],
        default="",
    )
    round_minutes = IntegerField(
        _l("Round clock, in minutes"),
        validators=[Optional(), NumberRange(5, 120, CLOCK)],
    )
    players = TextAreaField(
        _l("Players, one a line (in seating order)"),
        validators=[InputRequired(_l("List the players, one a line."))],
    )
    shuffle = BooleanField(_l("Draw round 1 at random"))
    # The names asked about once as lookalikes: Start again makes them new players.
    new_players = HiddenField()
    start = SubmitField(_l("Start the night"))

    def offer_rules(self, saved: dict[int, str]) -> None:
        """Offer the presets and the saved house rules."""
        choices = [
            SelectChoice(f"preset:{key}", gettext(name))
            for key, name in PRESET_NAMES.items()
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
                raise BadInput(
                    gettext("Write each pair on a line as: Ann & Cat."), "players"
                )
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
            round_minutes=self.round_minutes.data,
            shuffle=bool(self.shuffle.data),
            ruleset=int(key) if kind == "saved" and key.isdigit() else None,
            new_players=confirmed(self.new_players.data),
        )


def confirmed(value: str | None) -> tuple[str, ...]:
    """Return the names a page's hidden field confirms as new players, a line each."""
    return tuple(line for line in (value or "").splitlines() if line.strip())


class ActionForm(FlaskForm):
    """A director's button: its CSRF token, and the round it acts on (NIGHTS.md:
    a page drawn before another device acted must not act on a later round)."""

    round = HiddenField()
    go = SubmitField(_l("Go"))

    def number(self) -> int | None:
        """Return the round the button names, or None when it names none."""
        value = (self.round.data or "").strip()
        return int(value) if value.isdigit() and len(value) < 6 else None

    def named(self) -> int:
        """Return the round the button names; refuse one that names none (it
        would act on whatever round is in play by then)."""
        number = self.number()
        if number is None:
            raise BadInput(NO_ROUND, "round")
        return number


# Every link and form that acts on a round names it (`round`): one naming none
# acts on nothing.
NO_ROUND = N_("This button named no round: nothing was done.")


class PlayerForm(FlaskForm):
    """A late arrival's name (and, once asked, that it is a new player's)."""

    name = StringField(
        _l("Name"), validators=[InputRequired(_l("Give the name.")), Length(max=40)]
    )
    new_players = HiddenField()
    add = SubmitField(_l("Add"))
