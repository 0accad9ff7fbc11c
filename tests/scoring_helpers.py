"""Tables and short-hands shared by the scoring tests (no fixtures, no app)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.scoring import (
    PRESETS,
    GameState,
    Rules,
    make_hand,
    make_table,
    parse_contract,
    replay,
    rules_from_dict,
    score_hand,
)

AUSTRALIAN = PRESETS["australian"]
AMERICAN = PRESETS["american"]
YOUNGSTOWN = PRESETS["youngstown"]
TASMANIAN = PRESETS["tasmanian"]
FRENCH_CANADIAN = PRESETS["french_canadian"]
PERFECT = PRESETS["perfect"]

# Us (Ann, Cat) against Them (Bob, Dan); seats Ann, Bob, Cat, Dan; Ann deals first.
TEAMS = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])])
THREE = make_table([(name, [name]) for name in ("Ann", "Bob", "Cat")])
FIVE = make_table([(name, [name]) for name in ("Ann", "Bob", "Cat", "Dan", "Eve")])


def house(preset: str = "australian", **changes: Any) -> Rules:
    """Return a preset with house rules applied."""
    return rules_from_dict({"preset": preset, **changes})


def play(rules: Rules, table: Any, *hands: dict[str, Any]) -> GameState:
    """Record hands given as make_hand keywords and replay the game."""
    return replay(rules, table, [make_hand(rules, table, **h) for h in hands])


def points(rules: Rules, table: Any, **hand: Any) -> tuple[int, ...]:
    """Return what each side scores for one hand at the start of a game."""
    return play(rules, table, hand).hands[0].points


def score_from(
    rules: Rules, table: Any, totals: Sequence[int], **hand: Any
) -> tuple[int, ...]:
    """Return what each side scores for one hand played from these totals."""
    made = make_hand(rules, table, **hand)
    bid = parse_contract(rules, made.contract)
    return score_hand(rules, table, made, bid, totals)[0]
