"""A game's notes: one line of the table's own words, changed by the scoring phone."""

from __future__ import annotations

from . import store
from .services import Loaded, clean_text


def set_notes(game: Loaded, notes: str) -> str:
    """Change a game's notes and move its version on; return them as kept."""
    cleaned = clean_text(notes, "notes")

    def work() -> None:
        # Take the game's lock and bump its version: every copy (a watcher's
        # scoreboard, an API client's ETag) sees that the game changed.
        store.lock(game.game, None)
        game.game.notes = cleaned

    store.transaction(work)
    return cleaned
