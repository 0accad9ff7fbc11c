"""The history's form: which player, which games, which page."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectChoice, StringField
from wtforms.validators import Length, NumberRange, Optional

from ..scoring.table import NAME_LIMIT
from ..web.forms import PAGE_LIMIT, PAGE_WRONG

STATUSES = [
    SelectChoice("all", _l("All games")),
    SelectChoice("in_progress", _l("In progress")),
    SelectChoice("finished", _l("Finished")),
]


class HistoryForm(FlaskForm):
    """Filter the games by player and status; a GET, so no CSRF token."""

    class Meta:
        csrf = False

    player = StringField(_l("Player"), validators=[Optional(), Length(max=NAME_LIMIT)])
    status = RadioField(_l("Show"), choices=STATUSES, default="all")
    page = IntegerField(
        _l("Page"),
        validators=[
            Optional(),
            NumberRange(1, PAGE_LIMIT, _l(PAGE_WRONG)),
        ],
    )
