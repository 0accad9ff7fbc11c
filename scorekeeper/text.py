"""Free text a player types (names, notes): one clean line, not too long."""

from __future__ import annotations

from .errors import BadInput
from .scoring import normal_name

TEXT_LIMIT = 80


def clean_text(value: str, field: str) -> str:
    """Return text as one line in NFC; refuse control characters or too many."""
    value = normal_name(value)
    if not value.isprintable():
        raise BadInput(f"The {field} must have no control characters.", field)
    if len(value) > TEXT_LIMIT:
        raise BadInput(f"The {field} must be at most {TEXT_LIMIT} characters.", field)
    return value
