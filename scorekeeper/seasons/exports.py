"""A season's file: its standings as CSV, one row a player or team."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..api.sheets import Cell, to_csv


def standings_csv(lines: Sequence[Any]) -> str:
    """Return a season's standings (season_table Lines): one row a player or team."""
    header: list[Cell] = ["Name", "Players", "Team", "Games", "Finished", "Wins"]
    header += ["Win rate (%)", "Points for", "Points against", "Rating change"]
    rows = [header]
    for line in lines:
        change = line.rating_change
        rows.append(
            [line.name, ", ".join(line.players), "yes" if line.team else "no"]
            + [line.games, line.finished, line.wins, line.win_rate]
            + [line.points_for, line.points_against]
            + [None if change is None else round(change, 1)]
        )
    return to_csv(rows)
