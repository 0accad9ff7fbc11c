"""The people's forms: sign in, an account, a password, a token, roles, links."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    HiddenField,
    PasswordField,
    SelectChoice,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.validators import InputRequired

# A role's words, as the pages say them (ROLES in db/clubs/people.py).
ROLE_WORDS = {
    "owner": _l("Owner"),
    "admin": _l("Admin"),
    "director": _l("Director"),
    "member": _l("Member"),
}


def role_choices(roles: tuple[str, ...]) -> list[SelectChoice]:
    """Return the roles a form offers, in their words."""
    return [SelectChoice(role, ROLE_WORDS[role]) for role in roles]


class SignInForm(FlaskForm):
    """An email address and a password."""

    email = StringField(_l("Email"), validators=[InputRequired(_l("Give your email."))])
    password = PasswordField(
        _l("Password"), validators=[InputRequired(_l("Give your password."))]
    )
    next = HiddenField()
    sign_in = SubmitField(_l("Sign in"))


class NewAccountForm(FlaskForm):
    """A new account: email, name and password (accepting an invitation)."""

    email = StringField(_l("Email"), validators=[InputRequired(_l("Give your email."))])
    name = StringField(
        _l("Your name"), validators=[InputRequired(_l("Give your name."))]
    )
    password = PasswordField(
        _l("Password (at least 10 characters)"),
        validators=[InputRequired(_l("Choose a password."))],
    )
    create = SubmitField(_l("Create my account and join"))


class PasswordForm(FlaskForm):
    """A new password, from a reset link."""

    password = PasswordField(
        _l("New password (at least 10 characters)"),
        validators=[InputRequired(_l("Choose a password."))],
    )
    save = SubmitField(_l("Set my password"))


class ButtonForm(FlaskForm):
    """A button alone: sign out, sign out everywhere, accept, make a link."""

    target = HiddenField()
    go = SubmitField()


class TokenForm(FlaskForm):
    """A new personal access token: its club, its role and a name."""

    club = SelectField(_l("Club"), validate_choice=False)
    role = SelectField(_l("Role"), choices=role_choices(tuple(ROLE_WORDS)))
    name = StringField(_l("What it is for"), default="API")
    make = SubmitField(_l("Make a token"))


class RoleForm(FlaskForm):
    """A member's new role, or none (taken out of the club)."""

    target = HiddenField()
    role = SelectField(
        _l("Role"),
        choices=[*role_choices(tuple(ROLE_WORDS)), SelectChoice("", _l("No role"))],
        validate_choice=False,
    )
    change = SubmitField(_l("Change"))


class InviteForm(FlaskForm):
    """An invitation link for a role."""

    role = SelectField(
        _l("Role"), choices=role_choices(tuple(ROLE_WORDS)), default="member"
    )
    invite = SubmitField(_l("Make an invitation link"))
