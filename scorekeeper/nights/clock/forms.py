"""The console's clock forms: pause or resume the round's clock, and the next
rounds' minutes."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, SubmitField
from wtforms.validators import AnyOf, NumberRange, Optional

from ..forms import CLOCK, ActionForm


class PauseForm(ActionForm):
    """Pause or resume the clock of the round the console showed (`round`)."""

    action = HiddenField(validators=[AnyOf(["pause", "resume"])])


class MinutesForm(FlaskForm):
    """The round clock of the rounds seated from now on; empty for none."""

    round_minutes = IntegerField(
        _l("Next rounds' clock, in minutes"),
        validators=[Optional(), NumberRange(5, 120, CLOCK)],
    )
    change = SubmitField(_l("Change the clock"))
