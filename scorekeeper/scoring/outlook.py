"""What wins from here: the contracts that end the game for each side next hand."""

from __future__ import annotations

from dataclasses import dataclass

from .contracts import Contract
from .game import GameState
from .rules import Rules
from .table import Table


@dataclass(frozen=True)
class Outlook:
    """For the next hand: the least contract that takes a side out each door."""

    side: int
    wins_with: Contract | None
    back_door_with: Contract | None


def outlook(rules: Rules, table: Table, state: GameState) -> tuple[Outlook, ...]:
    """Return per side the least winning contract and the least ruinous failure."""
    if state.finished:
        return ()
    bids = sorted(
        rules.normal_contracts() + rules.special_contracts(), key=lambda c: c.value
    )
    result = []
    for side, total in enumerate(state.totals):
        wins = None
        if rules.target is not None:
            wins = next((c for c in bids if total + c.value >= rules.target), None)
        ruin = None
        if rules.floor is not None and rules.failure == "subtract":
            ruin = min(
                (c for c in bids if total - c.penalty <= rules.floor),
                key=lambda c: c.penalty,
                default=None,
            )
        result.append(Outlook(side, wins, ruin))
    return tuple(result)
