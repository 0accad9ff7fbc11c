"""The history's form: which player, which games, which page."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectChoice, StringField
from wtforms.validators import Length, NumberRange, Optional

from ..scoring.table import NAME_LIMIT
from ..web.forms import PAGE_LIMIT, PAGE_WRONG

STATUSES = [
    SelectChoice("all", "All games"),
    SelectChoice("in_progress", "In progress"),
    SelectChoice("finished", "Finished"),
]


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
            NumberRange(1, PAGE_LIMIT, PAGE_WRONG),
        ],
    )
