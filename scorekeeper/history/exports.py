"""The history's file: a list of games as CSV, one row a game."""

from __future__ import annotations

from collections.abc import Sequence

from ..api.sheets import Cell, to_csv
from ..games import present
from ..results.listing import Summary


def games_csv(games: Sequence[Summary]) -> str:
    """Return one row a game: date, name, notes, each side, winner, ending, hands."""
    most = max((len(g.sides) for g in games), default=2)
    header: list[Cell] = ["Date (UTC)", "Name", "Notes"]
    for number in range(1, most + 1):
        header += [f"Side {number}", f"Side {number} players", f"Side {number} total"]
    rows = [header + ["Winner", "Ending", "Hands"]]
    for game in games:
        sides = zip(game.sides, game.players, game.totals, strict=True)
        row: list[Cell] = [f"{game.created:%Y-%m-%d %H:%M}", game.name, game.notes]
        for side, players, total in sides:
            row += [side, ", ".join(players), total]
        row += [None] * 3 * (most - len(game.sides))
        winner = None if game.winner is None else game.sides[game.winner]
        ending = present.ENDING_WORDS[game.ending] if game.ending else "in progress"
        rows.append(row + [winner, ending, game.hands])
    return to_csv(rows)
