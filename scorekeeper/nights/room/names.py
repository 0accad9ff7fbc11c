"""A game named in the reader's language.

A night's table game keeps its name in the language of the phone that started
its round ("Mardi, ronde 2, table 3"), so a page says it again from what it is
(the night, the round, the table) for whoever reads it (issue 33.6). A game
named by default after its sides ("Us v Them", as the API keeps it) is said
with the reader's word between them ("Nous c. Eux", issue 42.3). A name typed
is shown as typed."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from flask_babel import pgettext

from ...db.store import rules_and_table
from ...text import default_name
from .. import seating
from ..models import night_of, nights_of

Named = TypeVar("Named")


def night_names(game_ids: Iterable[str]) -> dict[str, str]:
    """Return each night game's name in the reader's language, in one query
    (asked for an empty page too: a list asks as many statements however many
    games it shows)."""
    found = nights_of(game_ids)
    return {g: seating.game_name(*found[g]) for g in found}


def sides_named(stored: str, sides: Sequence[str]) -> str:
    """Return a game's own name, its sides' in the reader's words if it is theirs."""
    if not sides or stored != default_name(sides):
        return stored
    between = pgettext("between the sides of a game named after them", "v")
    return f" {between} ".join(sides)


def named(games: Sequence[Named]) -> list[Named]:
    """Return a list's games (dataclasses with `id`, `name` and `sides`), each
    named in the reader's language."""
    names = night_names(g.id for g in games)  # type: ignore[attr-defined]
    return [
        dataclasses.replace(g, name=names.get(g.id) or sides_named(g.name, g.sides))  # type: ignore[attr-defined, type-var]
        for g in games
    ]


def title(game_id: str, stored: str, sides: Sequence[str] = ()) -> str:
    """Return one game's name as this page says it."""
    found = night_of(game_id)
    return sides_named(stored, sides) if found is None else seating.game_name(*found)


def game_title(game: Any) -> str:
    """The `named` filter: a game (its row) named as this page says it, on
    every page of one game (scoreboard, table display, hands, share, delete)."""
    table = rules_and_table(game)[1]
    return title(game.id, game.name, [side.name for side in table.sides])
