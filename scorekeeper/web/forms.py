"""What the page forms share: a one-time id, a game version, a listing's page."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask_wtf import FlaskForm
from wtforms import HiddenField
from wtforms.validators import ValidationError

from ..api.schema import whole_number
from ..errors import BadInput
from ..language import N_
from .repeats import new_form_id


class OnceForm(FlaskForm):
    """A form sent once: a repeat of its id answers as the first time did."""

    form_id = HiddenField()

    def fresh(self) -> OnceForm:
        """Give a form about to be shown its one-time id, if it has none yet."""
        self.form_id.data = self.form_id.data or new_form_id()
        return self


class VersionedForm(OnceForm):
    """A form drawn from one version of a game, so a stale save is caught."""

    version = HiddenField()

    def validate_version(self, field: HiddenField) -> None:
        """Refuse a version that is not a game's: a missing one means no If-Match."""
        if field.data and whole_number(field.data) is None:
            raise ValidationError(
                gettext("The form's version is not a game version: reload the page.")
            )

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate, showing a hidden version's error above the form."""
        valid = super().validate(extra_validators)
        self.form_errors.extend(self.version.errors)
        return valid

    def expected_version(self) -> int | None:
        """Return the game version the form was drawn from, for If-Match."""
        return whole_number(self.version.data)


PAGE_LIMIT = 100_000


PAGE_WRONG = N_("The page must be a number from 1 up.")


def page_number(text: str | None) -> int:
    """Return the page a listing page asks for (the first if none), or refuse it."""
    number = 1 if text is None else whole_number(text, PAGE_LIMIT)
    if number is None or number < 1:
        raise BadInput(PAGE_WRONG, "page")
    return number
