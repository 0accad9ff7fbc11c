"""The players' form: yes to a rename or merge, with the club password."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField, SubmitField


class RenameForm(FlaskForm):
    """Say yes to a rename or merge, with the club password; the name rides along."""

    new_name = HiddenField()
    games = HiddenField()  # how many games the confirmation named
    password = PasswordField(_l("Club password"))
    confirm = SubmitField(_l("Yes"))
