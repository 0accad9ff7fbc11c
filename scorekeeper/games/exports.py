"""Exports a club uses: a game's hands and a list of games as CSV, a chat summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

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
    """Return every hand of a game, per side its tricks, points and running total."""
    header: list[Cell] = ["Hand", "Dealer", "Bidder", "Partner", "Contract", "Made"]
    for side in table.sides:
        header += [f"{side.name} tricks", f"{side.name} points", f"{side.name} total"]
    rows = [header]
    for result in state.hands:
        hand = result.hand
        bidder = hand.bidder or (
            table.sides[hand.side].name if hand.side is not None else None
        )
        made = {True: "yes", False: "no", None: None}[result.made]
        contract = result.contract.name if result.contract else "passed"
        row: list[Cell] = [result.number, result.dealer, bidder, hand.partner]
        row += [contract, made]
        for tricks, points, total in zip(
            hand.tricks, result.points, result.totals, strict=True
        ):
            row += [tricks, points, total]
        rows.append(row)
    return to_csv(rows)


def and_list(words: Sequence[str]) -> str:
    """Return names as 'Ann', 'Ann and Cat' or 'Ann, Cat and Eve'."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def outcome(table: Table, state: GameState) -> str:
    """Return how far a game went and how it ended, or that it goes on."""
    count = len(state.hands)
    if not count:
        return ", not started yet."
    played = f" after {count} hand{'s' if count > 1 else ''}"
    if state.ending is None:
        return f"{played}, still playing."
    return f"{played}. {present.ending([side.name for side in table.sides], state)}"


def summary(game: Played) -> str:
    """Return a game in a few lines of plain text to paste into a group chat."""
    table, state = game.table, game.state
    pairs = zip(table.sides, state.totals, strict=True)
    scores = " – ".join(f"{side.name} {total}" for side, total in pairs)
    lines = [f"{game.name}: {scores}{outcome(table, state)}"]
    for side in table.sides:
        if side.players != (side.name,):  # a lone player is named once
            lines.append(f"{side.name}: {and_list(side.players)}")
    if game.notes:
        lines.append(game.notes)
    return "\n".join(lines)
