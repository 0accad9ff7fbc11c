"""The seasons' forms: name a season and its days, or delete it, with the password."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    DateField,
    PasswordField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.validators import InputRequired, Length, Regexp

DAY = _l("Pick a day, as year-month-day.")
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
    password = PasswordField(
        _l("Club password"), validators=[InputRequired(_l("Give the club password."))]
    )
    save = SubmitField(_l("Save the season"))


class DeleteSeasonForm(FlaskForm):
    """Deleting a season needs the club password too."""

    password = PasswordField(
        _l("Club password"), validators=[InputRequired(_l("Give the club password."))]
    )
    delete = SubmitField(_l("Delete the season"))
