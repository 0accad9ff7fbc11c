"""A season's file: its standings as CSV, one row a player or team, with each
player's place on the ladder of the season's club nights."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext, pgettext

from ..api.sheets import Cell, to_csv
from ..scoring import name_key
from .ladder import Ladder, Rung


def _rung(rung: Rung | None) -> list[Cell]:
    """Return a player's ladder cells: rank, nights, nights won, wins, points."""
    if rung is None:
        return [None] * 5
    return [rung.rank, rung.nights, rung.nights_won, rung.wins, rung.points]


def standings_csv(lines: Sequence[Any], ladder: Ladder) -> str:
    """Return a season's standings (season_table Lines): one row a player or team;
    players on the nights' ladder and not in the games' standings come last."""
    header: list[Cell] = [
        pgettext("csv", "Name"),
        pgettext("csv", "Players"),
        pgettext("csv", "Team"),
        pgettext("csv", "Games"),
        pgettext("csv", "Finished"),
        pgettext("csv", "Wins"),
        pgettext("csv", "Win rate (%)"),
        pgettext("csv", "Points for"),
        pgettext("csv", "Points against"),
        pgettext("csv", "Rating change"),
        pgettext("csv", "Ladder rank"),
        pgettext("csv", "Nights"),
        pgettext("csv", "Nights won"),
        pgettext("csv", "Night wins"),
        pgettext("csv", "Night points"),
    ]
    rows = [header]
    yes, no = gettext("yes"), gettext("no")
    rungs = {name_key(r.player): r for r in (*ladder.ranked, *ladder.unranked)}
    for line in lines:
        change = line.rating_change
        rung = None if line.team else rungs.pop(name_key(line.name), None)
        rows.append(
            [line.name, ", ".join(line.players), yes if line.team else no]
            + [line.games, line.finished, line.wins, line.win_rate]
            + [line.points_for, line.points_against]
            + [None if change is None else round(change, 1)]
            + _rung(rung)
        )
    for rung in rungs.values():
        rows.append([rung.player, rung.player, no, *[None] * 7, *_rung(rung)])
    return to_csv(rows)
