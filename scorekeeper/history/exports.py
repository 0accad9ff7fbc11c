"""The history's file: a list of games as CSV, one row a game."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext, pgettext

from ..api.sheets import Cell, to_csv
from ..errors import N_
from ..games import present
from ..results.listing import Summary

IN_PLAY = N_("in progress")


def games_csv(games: Sequence[Summary]) -> str:
    """Return one row a game: date, name, notes, each side, winner, ending, hands
    (the headers and words in the page's language; numbers and dates as a
    program reads them)."""
    most = max((len(g.sides) for g in games), default=2)
    header: list[Cell] = [pgettext("csv", "Date (UTC)")]
    header += [pgettext("csv", "Name"), pgettext("csv", "Notes")]
    for number in range(1, most + 1):
        header += [
            pgettext("csv", "Side %(number)s", number=number),
            pgettext("csv", "Side %(number)s players", number=number),
            pgettext("csv", "Side %(number)s total", number=number),
        ]
    header += [pgettext("csv", "Winner"), pgettext("csv", "Ending")]
    rows = [header + [pgettext("csv", "Hands")]]
    for game in games:
        sides = zip(game.sides, game.players, game.totals, strict=True)
        row: list[Cell] = [f"{game.created:%Y-%m-%d %H:%M}", game.name, game.notes]
        for side, players, total in sides:
            row += [side, ", ".join(players), total]
        row += [None] * 3 * (most - len(game.sides))
        winner = None if game.winner is None else game.sides[game.winner]
        ending = gettext(present.ENDING_WORDS[game.ending] if game.ending else IN_PLAY)
        rows.append(row + [winner, ending, game.hands])
    return to_csv(rows)
