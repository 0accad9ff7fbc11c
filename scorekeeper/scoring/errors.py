"""The one exception the scoring engine raises."""


class ScoringError(ValueError):
    """Bad input to the engine: names the field at fault and, in a replay, the hand."""

    def __init__(self, field: str | None, message: str, hand: int | None = None):
        super().__init__(message)
        self.field = field
        self.message = message
        self.hand = hand

    def __str__(self) -> str:
        return self.message
