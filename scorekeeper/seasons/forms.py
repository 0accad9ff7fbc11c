"""The seasons' forms: name a season and its days, or delete it, with the password."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    DateField,
    IntegerField,
    PasswordField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp

from ..web.clubs import password as club
from .ladder import MOST_NIGHTS

DAY = _l("Pick a day, as year-month-day.")
BEST = _l("Count 1 to 100 nights, or leave it empty.")
NO_SUCH_RULES = _l("There are no such saved house rules.")


class DayField(DateField):
    """A day as a date input sends it (year-month-day), refused in those words."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the day, or say how to write one."""
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(DAY) from None


class SeasonForm(FlaskForm):
    """A season's name, days and maybe house rules, and the club password."""

    name = StringField(
        _l("Name"),
        validators=[InputRequired(_l("Give the season a name.")), Length(max=80)],
    )
    first_day = DayField(_l("First day"), validators=[InputRequired(DAY)])
    last_day = DayField(_l("Last day"), validators=[InputRequired(DAY)])
    # Any saved house rules may be sent, not only those the picker showed:
    # the service refuses an id that names none, on the field.
    ruleset = SelectField(
        _l("Games"),
        choices=[SelectChoice("", _l("Every game"))],
        default="",
        validate_choice=False,
        validators=[Regexp(r"^[0-9]{0,9}$", message=NO_SUCH_RULES)],
    )
    # The ladder of club nights: the service checks the bounds too (the API's).
    best_nights = IntegerField(
        _l("Best nights counted"),
        validators=[
            Optional(),
            NumberRange(
                1, MOST_NIGHTS, _l("Count 1 to 100 nights, or leave it empty.")
            ),
        ],
    )
    min_nights = IntegerField(
        _l("Nights to be ranked"),
        default=1,
        validators=[
            Optional(),
            NumberRange(1, MOST_NIGHTS, _l("Ask for 1 to 100 nights.")),
        ],
    )
    rank_by = SelectField(
        _l("Rank the nights' players by"),
        choices=[
            SelectChoice("wins", _l("Wins, then points")),
            SelectChoice("points", _l("Points, then wins")),
        ],
        default="wins",
    )
    password = PasswordField(
        _l("Club password"), validators=[club.Given(_l("Give the club password."))]
    )
    save = SubmitField(_l("Save the season"))


class DeleteSeasonForm(FlaskForm):
    """Deleting a season needs the club password too."""

    password = PasswordField(
        _l("Club password"), validators=[club.Given(_l("Give the club password."))]
    )
    delete = SubmitField(_l("Delete the season"))
