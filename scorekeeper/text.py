"""Free text a player types (names, notes): one clean line, not too long."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import N_, BadInput
from .scoring import key_outgrows, normal_name

TEXT_LIMIT = 80


def clean_text(value: str, field: str, *, keyed: bool = False) -> str:
    """Return text as one line in NFC; refuse control characters or too many
    (a name compared by its key, `keyed`: too many once written out in full)."""
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
    if keyed and key_outgrows(value, TEXT_LIMIT):
        raise BadInput(
            N_(
                "The %(named)s is too long once its letters are written out in "
                "full; shorten it."
            ),
            field,
            named=field,
        )
    return value


def default_name(sides: Iterable[str]) -> str:
    """Return the name a game gets when none is typed: its sides', 'Us v Them'
    (the API's; a page says it in its own language, nights/room/names.py)."""
    return " v ".join(sides)
