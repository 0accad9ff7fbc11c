"""A whole game replayed: the end of the game and who may not bid, RULES.md 4 and 5."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .contracts import Contract
from .errors import N_, ScoringError
from .hands import Hand, contracting_sides, parse_contract, score_hand
from .rules import Rules
from .table import Table

# "called": the director of a club night called time (NIGHTS.md), the game
# ends as it stands.
ENDINGS = (
    "front_door",
    "back_door",
    "ceiling",
    "point_spread",
    "hands_limit",
    "called",
)
# More hands than any real game reaches: past it every write and every page of
# the game grows heavy (a 5,000-hand game's page weighed 2.5 MB).
MOST_HANDS = 500
FULL = N_(
    "A game keeps at most %(most)s hands and this one has them all: "
    "start a new game to play on."
)


class GameOver(ScoringError):
    """A hand was recorded after the game ended."""


@dataclass(frozen=True)
class HandResult:
    """One hand scored: who dealt, what each side scored and why, totals after."""

    number: int
    hand: Hand
    dealer: str
    contract: Contract | None
    made: bool | None
    points: tuple[int, ...]
    reasons: tuple[str, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameState:
    """A game replayed: every hand, the totals, the ending and the next deal."""

    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    ending: str | None
    winner: int | None
    next_dealer: str
    first_bidder: str
    barred: tuple[str, ...]
    deals: int = 0  # how far the deal has gone round: redeals by the same dealer skip

    @property
    def finished(self) -> bool:
        """Return whether the game has ended."""
        return self.ending is not None

    @property
    def full(self) -> bool:
        """Return whether the game has the most hands a game keeps."""
        return len(self.hands) >= MOST_HANDS


def check_room(state: GameState) -> None:
    """Refuse another hand in a game that has the most hands a game keeps."""
    if state.full and not state.finished:
        raise GameOver("hand", FULL, most=MOST_HANDS)


def _best(sides: Sequence[int], totals: Sequence[int]) -> int | None:
    if not sides:
        return None
    top = max(totals[s] for s in sides)
    leaders = [s for s in sides if totals[s] == top]
    return leaders[0] if len(leaders) == 1 else None


def _reached(rules: Rules, total: int) -> bool:
    """Return whether a total opens the front door."""
    assert rules.target is not None
    return total == rules.target if rules.exact_target else total >= rules.target


def _ending(
    rules: Rules,
    table: Table,
    result: HandResult,
) -> tuple[str, int | None] | None:
    totals, hand, count = result.totals, result.hand, len(result.totals)
    everyone = range(count)
    # The back door and the ceiling are one step: a side past either loses.
    fallen = [
        s for s in everyone if rules.floor is not None and totals[s] <= rules.floor
    ]
    burst = [
        s for s in everyone if rules.ceiling is not None and totals[s] >= rules.ceiling
    ]
    if fallen or burst:
        rest = [s for s in everyone if s not in fallen and s not in burst]
        return "back_door" if fallen else "ceiling", _best(rest, totals)
    if rules.target is not None:
        out = [s for s in everyone if _reached(rules, totals[s])]
        contractors = contracting_sides(table, hand) if result.made else ()
        winners = [s for s in contractors if s in out]
        if winners:
            # A bidder and called partner both out: the higher total, else the bidder.
            best = _best(winners, totals)
            return "front_door", winners[0] if best is None else best
        if out and not rules.win_requires_contract:
            if hand.first_out in out:
                return "front_door", hand.first_out
            return "front_door", _best(out, totals)
    if rules.point_spread is not None and min(totals) < 0 < max(totals):
        if max(totals) - min(totals) >= rules.point_spread:
            return "point_spread", _best(list(everyone), totals)
    if rules.hands_limit is not None and result.number >= rules.hands_limit:
        return "hands_limit", _best(list(everyone), totals)
    return None


def _barred(
    rules: Rules, table: Table, hand: Hand, bid: Contract | None, made: bool | None
) -> str:
    """Return the bidder who may not bid next hand, or '' if none."""
    if bid is None or made or hand.bidder is None:
        return ""
    taken = sum(hand.tricks[s] for s in contracting_sides(table, hand))
    if bid.made == "none":
        # A misère is set, and ralphed, by the bidder taking three tricks.
        return (
            hand.bidder if (rules.set_rule or rules.ralph_rule) and taken >= 3 else ""
        )
    short = bid.tricks - taken
    # Set: the defenders took one trick more than they needed to break the bid.
    if rules.set_rule and bid.made in ("at_least", "all") and short >= 2:
        return hand.bidder
    if rules.ralph_rule and short >= 3:
        return hand.bidder
    return ""


def _recorded_bid(
    rules: Rules, table: Table, hand: Hand, barred: str
) -> Contract | None:
    """Check a stored hand still fits the rules and table; return its contract."""
    bid = parse_contract(rules, hand.contract)
    if len(hand.tricks) != len(table.sides) or sum(hand.tricks) not in (0, 10):
        raise ScoringError(
            "tricks",
            N_("Give the tricks of all %(count)s sides."),
            count=len(table.sides),
        )
    if bid is not None and hand.side not in range(len(table.sides)):
        raise ScoringError("side", N_("Say which side won the bidding."))
    if barred and hand.bidder == barred:
        raise ScoringError(
            "bidder",
            N_("%(name)s may not bid this hand: set or ralphed last hand."),
            name=barred,
        )
    return bid


def moves_deal(rules: Rules, bid: Contract | None) -> bool:
    """Return whether a hand passes the deal on: a redeal may stay with its dealer."""
    return not (bid is None and rules.all_pass == "redeal" and rules.redeal_same_dealer)


def ending_after(
    rules: Rules, table: Table, state: GameState, hand: Hand, bid: Contract
) -> tuple[tuple[int, ...], str | None, int | None]:
    """Return the totals, ending and winner if this hand were played next."""
    points, _, made = score_hand(rules, table, hand, bid, state.totals)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    number = len(state.hands) + 1
    result = HandResult(number, hand, "", bid, made, points, (), totals)
    ending = _ending(rules, table, result)
    return (totals, None, None) if ending is None else (totals, *ending)


def replay(
    rules: Rules,
    table: Table,
    hands: Sequence[Hand],
    since: GameState | None = None,
    called: bool = False,
) -> GameState:
    """Replay a game from its hands, or go on from `since` with the hands after it.

    A game whose time was `called` ends after its hands as it stands, unless
    they ended it already: the side ahead wins, no one when level.
    """
    if since is None:
        totals: tuple[int, ...] = (0,) * len(table.sides)
        results: list[HandResult] = []
        ending: tuple[str, int | None] | None = None
        deals, barred = 0, ""
    else:
        totals, results, deals = since.totals, list(since.hands), since.deals
        ending = (since.ending, since.winner) if since.ending else None
        barred = since.barred[0] if since.barred else ""
    for number, hand in enumerate(hands, start=len(results) + 1):
        if ending is not None:
            raise GameOver(
                "hand", N_("The game is over: it takes no more hands."), number
            )
        try:
            bid = _recorded_bid(rules, table, hand, barred)
        except ScoringError as error:
            raise error.at(number) from None
        points, reasons, made = score_hand(rules, table, hand, bid, totals)
        totals = tuple(t + p for t, p in zip(totals, points, strict=True))
        result = HandResult(
            number, hand, table.dealer(deals), bid, made, points, reasons, totals
        )
        results.append(result)
        if moves_deal(rules, bid):
            deals += 1
        barred = _barred(rules, table, hand, bid, made)
        ending = _ending(rules, table, result)
    if called and ending is None:
        ending = "called", _best(range(len(totals)), totals)
    dealer = table.dealer(deals)
    return GameState(
        hands=tuple(results),
        totals=totals,
        ending=ending[0] if ending else None,
        winner=ending[1] if ending else None,
        next_dealer=dealer,
        first_bidder=table.left_of(dealer),
        barred=(barred,) if barred and ending is None else (),
        deals=deals,
    )
