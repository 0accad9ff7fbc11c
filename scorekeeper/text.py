"""Free text a player types (names, notes): one clean line, not too long."""

from __future__ import annotations

from .errors import N_, BadInput
from .scoring import normal_name

TEXT_LIMIT = 80


def clean_text(value: str, field: str) -> str:
    """Return text as one line in NFC; refuse control characters or too many."""
    value = normal_name(value)
    if not value.isprintable():
        raise BadInput(
            N_("The %(named)s must have no control characters."), field, named=field
        )
    if len(value) > TEXT_LIMIT:
        raise BadInput(
            N_("The %(named)s must be at most %(most)s characters."),
            field,
            named=field,
            most=TEXT_LIMIT,
        )
    return value
