"""A night's table game named in the reader's language (issue 33.6): its name is
kept in the language of the phone that started its round ("Mardi, ronde 2,
table 3"), so a page says it again from what it is (the night, the round, the
table) for whoever reads it; a game outside a night keeps its own name."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from .. import seating
from ..models import night_of, nights_of

Named = TypeVar("Named")


def night_names(game_ids: Iterable[str]) -> dict[str, str]:
    """Return each night game's name in the reader's language, in one query
    (asked for an empty page too: a list asks as many statements however many
    games it shows)."""
    found = nights_of(game_ids)
    return {g: seating.game_name(*found[g]) for g in found}


def named(games: Sequence[Named]) -> list[Named]:
    """Return a list's games (dataclasses with `id` and `name`), each night
    game named in the reader's language."""
    names = night_names(g.id for g in games)  # type: ignore[attr-defined]
    return [
        dataclasses.replace(g, name=names[g.id]) if g.id in names else g  # type: ignore[attr-defined, type-var]
        for g in games
    ]


def title(game_id: str, stored: str) -> str:
    """Return one game's name as this page says it."""
    found = night_of(game_id)
    return stored if found is None else seating.game_name(*found)


def game_title(game: Any) -> str:
    """The `named` filter: a game (its row) named as this page says it, on
    every page of one game (scoreboard, table display, hands, share, delete)."""
    return title(game.id, game.name)
