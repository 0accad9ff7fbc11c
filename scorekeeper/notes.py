"""A game's notes: one line of the table's own words, changed by the scoring phone."""

from __future__ import annotations

from .db import store
from .services import Loaded
from .text import clean_text


def set_notes(game: Loaded, notes: str) -> None:
    """Change a game's notes and move its version on, so every copy knows."""
    cleaned = clean_text(notes, "notes")

    def work() -> None:
        # The lock bumps the version: a watcher's scoreboard and an API
        # client's ETag see that the game changed.
        store.lock(game.game, None)
        game.game.notes = cleaned

    store.transaction(work)
