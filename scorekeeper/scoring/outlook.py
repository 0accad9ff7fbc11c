"""What wins from here: the contracts that end the game for each side next hand.

Each contract is tried as the side's bid, made exactly (its tricks and no more;
a misère with none; a slam with all ten) or failed by one trick (one trick taken
in a misère). The defending sides share the other tricks evenly, the
lower-numbered sides taking any spare one. The side bids through its first
player not barred from bidding; a side whose players are all barred has no
contract.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .contracts import Contract
from .game import MOST_HANDS, GameState, ending_after, moves_deal
from .hands import Hand
from .rules import Rules
from .table import Table


@dataclass(frozen=True)
class Outlook:
    """For the next hand, one side: the contracts that end the game for it.

    wins_with: the least valued contract that, made exactly playing alone, ends
    the game with this side the winner; winning: every such contract, least
    first (with an exact target or a ceiling a bigger contract may not win:
    or_better says whether every contract worth at least wins_with wins).
    slam_wins_with: the same, made with all ten tricks (bonuses apply).
    partners: five-handed, each player the bidder could call and the least
    contract that, made exactly with that partner, wins for this side.
    back_door_with: the least costly contract that, failed by one trick playing
    alone, sends this side out the back door. ceiling_with: the least contract
    that, made exactly playing alone, takes this side to the ceiling.
    """

    side: int
    wins_with: Contract | None
    back_door_with: Contract | None
    winning: tuple[Contract, ...] = ()
    or_better: bool = False
    slam_wins_with: Contract | None = None
    partners: tuple[tuple[str, Contract], ...] = ()
    ceiling_with: Contract | None = None


def made_tricks(contract: Contract) -> int:
    """Return the tricks that make a contract exactly."""
    return 0 if contract.made == "none" else contract.tricks


def failed_tricks(contract: Contract) -> int:
    """Return the tricks that fail a contract by one."""
    return contract.tricks - 1 if contract.tricks > 0 else 1


def bidder_for(table: Table, state: GameState, side: int) -> str | None:
    """Return who bids for a side next hand: its first player not barred."""
    free = [p for p in table.sides[side].players if p not in state.barred]
    return free[0] if free else None


def trial_hand(
    table: Table,
    bidder: str,
    contract: Contract,
    taken: int,
    partner: str | None = None,
) -> Hand:
    """Return the hand in which a bid takes `taken` tricks, the defenders the rest."""
    side, count = table.side_of(bidder), len(table.sides)
    tricks = [0] * count
    tricks[side] = taken
    contractors = [side]
    if partner is not None:
        contractors.append(table.side_of(partner))
        tricks[side], tricks[contractors[1]] = taken - taken // 2, taken // 2
    defenders = [s for s in range(count) if s not in contractors]
    even, spare = divmod(10 - taken, len(defenders))
    for place, s in enumerate(defenders):
        tricks[s] = even + (1 if place < spare else 0)
    return Hand(contract.key, tuple(tricks), side, bidder, partner)


def wins_if_made(
    rules: Rules,
    table: Table,
    state: GameState,
    side: int,
    contract: Contract,
    partner: str | None = None,
    taken: int | None = None,
) -> bool:
    """Return whether a side bidding and making a contract next hand wins the game.

    The contract is made exactly unless `taken` says with how many tricks.
    """
    bidder = bidder_for(table, state, side)
    if state.finished or bidder is None:
        return False
    tricks = made_tricks(contract) if taken is None else taken
    hand = trial_hand(table, bidder, contract, tricks, partner)
    _, ending, winner = ending_after(rules, table, state, hand, contract)
    return ending is not None and winner == side


def _loses_by(
    rules: Rules, table: Table, state: GameState, bid: Contract, taken: int, side: int
) -> str | None:
    """Return how a side bidding alone and taking `taken` tricks loses, if it does."""
    bidder = bidder_for(table, state, side)
    assert bidder is not None
    hand = trial_hand(table, bidder, bid, taken)
    totals, ending, _ = ending_after(rules, table, state, hand, bid)
    if (
        ending == "back_door"
        and rules.floor is not None
        and totals[side] <= rules.floor
    ):
        return ending
    if ending == "ceiling" and rules.ceiling is not None:
        return ending if totals[side] >= rules.ceiling else None
    return None


def _side_outlook(
    rules: Rules, table: Table, state: GameState, side: int, bids: list[Contract]
) -> Outlook:
    if bidder_for(table, state, side) is None:
        return Outlook(side, None, None)
    winning = tuple(c for c in bids if wins_if_made(rules, table, state, side, c))
    least = winning[0] if winning else None
    or_better = least is not None and all(
        c in winning for c in bids if c.value >= least.value
    )
    slam = next(
        (
            c
            for c in bids
            if c.is_made(10) and wins_if_made(rules, table, state, side, c, taken=10)
        ),
        None,
    )
    partners = []
    if len(table.sides) == 5:
        for partner in table.players:
            if table.side_of(partner) == side:
                continue
            called = next(
                (
                    c
                    for c in bids
                    if not c.is_misere
                    and wins_if_made(rules, table, state, side, c, partner)
                ),
                None,
            )
            if called is not None:
                partners.append((partner, called))
    ceiling = next(
        (
            c
            for c in bids
            if rules.ceiling is not None
            and _loses_by(rules, table, state, c, made_tricks(c), side) == "ceiling"
        ),
        None,
    )
    # The least costly failure: a grand slam costs less than its value.
    ruin = next(
        (
            c
            for c in sorted(bids, key=lambda c: c.penalty)
            if rules.floor is not None
            and _loses_by(rules, table, state, c, failed_tricks(c), side) == "back_door"
        ),
        None,
    )
    return Outlook(
        side, least, ruin, winning, or_better, slam, tuple(partners), ceiling
    )


def bids_offered(rules: Rules) -> list[Contract]:
    """Return every contract the rules allow, least valued first (stable)."""
    return sorted(
        rules.normal_contracts() + rules.special_contracts(), key=lambda c: c.value
    )


def outlook(rules: Rules, table: Table, state: GameState) -> tuple[Outlook, ...]:
    """Return per side the contracts that, made or failed next hand, end the game."""
    if state.finished:
        return ()
    bids = bids_offered(rules)
    return tuple(
        _side_outlook(rules, table, state, side, bids)
        for side in range(len(table.sides))
    )


# The settings a hand's score, the ending and who may not bid read: all a port
# of this engine (static/outlook.js, for hands waiting on a phone) is given.
PORTED = (
    "slam_bonus",
    "youngstown_bonus",
    "failure",
    "defender_tricks",
    "misere_defenders",
    "points_per_trick",
    "lock",
    "target",
    "floor",
    "exact_target",
    "ceiling",
    "win_requires_contract",
    "point_spread",
    "hands_limit",
    "all_pass",
    "partner_share",
    "set_rule",
    "ralph_rule",
)


def port_model(
    rules: Rules,
    table: Table,
    state: GameState,
    name: Callable[[Contract], str] = lambda contract: contract.name,
) -> dict[str, Any]:
    """Return, JSON-ready, what a port needs to score hands played after `state`.

    The rules' settings, the sides, the contracts as this engine offers them
    (least valued first, as `outlook` tries them; each as `name` says it) and
    how the game stands.
    """
    return {
        "rules": {key: getattr(rules, key) for key in PORTED},
        "sides": [{"name": s.name, "players": list(s.players)} for s in table.sides],
        "bids": [
            {
                "key": c.key,
                "name": name(c),
                "value": c.value,
                "penalty": c.penalty,
                "tricks": c.tricks,
                "made": c.made,
                "misere": c.is_misere,
                "normal": c.is_normal,
            }
            for c in bids_offered(rules)
        ],
        "totals": list(state.totals),
        "hands": len(state.hands),
        "most": MOST_HANDS,
        "barred": state.barred[0] if state.barred else "",
        "ending": state.ending,
        "winner": state.winner,
    }


def first_out_matters(rules: Rules, totals: Sequence[int]) -> bool:
    """Return whether two or more sides could go out together next hand."""
    if rules.target is None or rules.win_requires_contract:
        return False
    # Only sides that make no contract can tie for out (a contractor out wins):
    # they gain at most every trick's points, a slam's 250 on an all-pass hand
    # at no trumps, and a failed contract when failures go to the opponents.
    bids = rules.normal_contracts() + rules.special_contracts()
    gain = 10 * rules.points_per_trick
    if rules.slam_bonus and rules.all_pass == "play_no_trumps":
        gain = max(gain, 250)
    if rules.failure == "to_opponents":
        gain += max(c.penalty for c in bids)
    # With an exact target a side above it can fall onto it by failing.
    loss = max(c.penalty for c in bids) if rules.exact_target else 0
    near = [t for t in totals if -loss <= rules.target - t <= gain]
    return len(near) >= 2


def deals_ahead(rules: Rules, table: Table, state: GameState) -> dict[str, object]:
    """Return the deals from here, so hands waiting on the phone move the deal line.

    seats: who deals and who bids first, the next deal first and once round the
    table; passes: whether everyone passing passes the deal on.
    """
    seats = [table.dealer(state.deals + k) for k in range(len(table.seats))]
    return {
        "seats": [[dealer, table.left_of(dealer)] for dealer in seats],
        "passes": moves_deal(rules, None),
    }
