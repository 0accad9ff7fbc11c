"""Exports a club uses: a game's hands and a list of games as CSV, a chat summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from babel.lists import format_list
from flask_babel import gettext, ngettext, pgettext

from .. import language
from ..api.sheets import Cell, to_csv
from ..scoring import GameState, Table
from . import present


@dataclass(frozen=True)
class Played:
    """A game as the exports see it: when, its name and notes, its table, replayed."""

    created: datetime
    name: str
    notes: str
    table: Table
    state: GameState


def hands_csv(table: Table, state: GameState) -> str:
    """Return every hand of a game, per side its tricks, points and running total
    (the headers and words in the page's language; contracts and numbers as a
    program reads them)."""
    header: list[Cell] = [
        pgettext("csv", "Hand"),
        pgettext("csv", "Dealer"),
        pgettext("csv", "Bidder"),
        pgettext("csv", "Partner"),
        pgettext("csv", "Contract"),
        pgettext("csv", "Made"),
    ]
    for side in table.sides:
        header += [
            pgettext("csv", "%(side)s tricks", side=side.name),
            pgettext("csv", "%(side)s points", side=side.name),
            pgettext("csv", "%(side)s total", side=side.name),
        ]
    rows = [header]
    said = {True: gettext("yes"), False: gettext("no"), None: None}
    for result in state.hands:
        hand = result.hand
        bidder = hand.bidder or (
            table.sides[hand.side].name if hand.side is not None else None
        )
        made = said[result.made]
        contract = (
            language.named(result.contract) if result.contract else gettext("passed")
        )
        row: list[Cell] = [result.number, result.dealer, bidder, hand.partner]
        row += [contract, made]
        for tricks, points, total in zip(
            hand.tricks, result.points, result.totals, strict=True
        ):
            row += [tricks, points, total]
        rows.append(row)
    return to_csv(rows)


def and_list(words: Sequence[str]) -> str:
    """Return names as 'Ann', 'Ann and Cat' or 'Ann, Cat and Eve' (the page's words)."""
    spoken = language.current()
    # The app's English writes lists with no serial comma, as Australia does.
    return format_list(list(words), locale="en_AU" if spoken == "en" else spoken)


def outcome(table: Table, state: GameState, scores: str) -> str:
    """Return the scores, how far a game went and how it ended, or that it goes on."""
    count = len(state.hands)
    if not count:
        return gettext("%(scores)s, not started yet.", scores=scores)
    if state.ending is None:
        return ngettext(
            "%(scores)s after %(num)s hand, still playing.",
            "%(scores)s after %(num)s hands, still playing.",
            count,
            scores=scores,
        )
    return ngettext(
        "%(scores)s after %(num)s hand. %(ending)s",
        "%(scores)s after %(num)s hands. %(ending)s",
        count,
        scores=scores,
        ending=present.ending([side.name for side in table.sides], state),
    )


def summary(game: Played) -> str:
    """Return a game in a few lines of plain text to paste into a group chat."""
    table, state = game.table, game.state
    pairs = zip(table.sides, state.totals, strict=True)
    scores = " – ".join(
        f"{side.name} {language.points(total)}" for side, total in pairs
    )
    said = outcome(table, state, scores)
    lines = [gettext("%(name)s: %(outcome)s", name=game.name, outcome=said)]
    for side in table.sides:
        if side.players != (side.name,):  # a lone player is named once
            players = and_list(side.players)
            lines.append(
                gettext("%(side)s: %(players)s", side=side.name, players=players)
            )
    if game.notes:
        lines.append(game.notes)
    return "\n".join(lines)
