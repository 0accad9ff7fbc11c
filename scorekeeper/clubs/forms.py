"""The clubs' forms: start a club, its settings, deleting it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    EmailField,
    PasswordField,
    RadioField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.validators import InputRequired, Length, Optional

from ..language import NAMES

NAME = _l("Give the club a name.")


class NewClubForm(FlaskForm):
    """A new club's name and address, and its founder's account."""

    name = StringField(
        _l("The club's name"), validators=[InputRequired(NAME), Length(max=80)]
    )
    slug = StringField(_l("Its address"), validators=[Optional(), Length(max=40)])
    email = EmailField(_l("Your email address"), validators=[Optional()])
    owner = StringField(_l("Your name"), validators=[Optional(), Length(max=80)])
    password = PasswordField(_l("A password for you"), validators=[Optional()])
    code = StringField(_l("The code for starting a club"), validators=[Optional()])
    start = SubmitField(_l("Start the club"))


class SettingsForm(FlaskForm):
    """A club's name, its visitors' language, who sees it, and the directory."""

    name = StringField(
        _l("The club's name"), validators=[InputRequired(NAME), Length(max=80)]
    )
    language = SelectField(_l("Language for visitors who chose none"))
    visibility = RadioField(
        _l("Who sees the club"),
        choices=[
            SelectChoice("public", _l("Anyone with its address")),
            SelectChoice(
                "members", _l("Its signed-in members (tables by their play links)")
            ),
        ],
    )
    listed = BooleanField(_l("Found by name on this server's front page"))
    save = SubmitField(_l("Save the settings"))

    def offer_languages(self, spoken: tuple[str, ...]) -> SettingsForm:
        """Offer the languages the server speaks, each in its own words."""
        self.language.choices = [SelectChoice(c, NAMES[c]) for c in spoken]
        return self


class DeleteClubForm(FlaskForm):
    """The club's name typed again, to delete it and everything in it."""

    confirm = StringField(_l("Type the club's name to delete it"))
    delete = SubmitField(_l("Delete the club and everything in it"))
