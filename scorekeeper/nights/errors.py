"""The one exception the nights' pure functions raise."""

from __future__ import annotations


class NightError(ValueError):
    """A roster, result or setting a night cannot use: names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message
