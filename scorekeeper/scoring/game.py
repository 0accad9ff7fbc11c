"""One hand scored, a whole game replayed: RULES.md sections 3 to 5."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .contracts import KNOWN_SPECIALS, PASS, Contract
from .errors import ScoringError
from .rules import Rules
from .table import Table

ENDINGS = ("front_door", "back_door", "ceiling", "point_spread", "hands_limit")


class GameOver(ScoringError):
    """A hand was recorded after the game ended."""


@dataclass(frozen=True)
class Hand:
    """What happened in one hand, as the table reports it; tricks are per side."""

    contract: str
    tricks: tuple[int, ...]
    side: int | None = None
    bidder: str | None = None
    partner: str | None = None
    first_out: int | None = None


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


@lru_cache(maxsize=64)
def _bids(rules: Rules) -> Mapping[str, Contract]:
    """Return every contract the rules allow by its key in capitals; specials win."""
    bids = rules.normal_contracts() + rules.special_contracts()
    return MappingProxyType({bid.key.upper(): bid for bid in bids})


def parse_contract(rules: Rules, text: object) -> Contract | None:
    """Return the contract a bid names under these rules, or None for all passing."""
    if not isinstance(text, str) or not text.strip():
        raise ScoringError("contract", "Name the contract, such as 7H, misere or pass.")
    key = text.strip()
    if key.lower() == PASS:
        return None
    normal = key.upper()
    bid = _bids(rules).get(normal)
    if bid is not None:
        return bid
    if normal[:1] == "6" and normal[1:] in ("S", "C", "D", "H", "NT"):
        raise ScoringError(
            "contract", "A bid of six cannot be played under these rules."
        )
    if key.lower() in KNOWN_SPECIALS:
        name = KNOWN_SPECIALS[key.lower()].name
        raise ScoringError("contract", f"{name} is not allowed under these rules.")
    raise ScoringError(
        "contract",
        f"{key[:20]!r} is not a contract: use 6S to 10NT (suits S C D H NT), "
        "a special contract the rules allow, or pass.",
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side_tricks(table: Table, side: int | None, tricks: object) -> tuple[int, ...]:
    count = len(table.sides)
    if _is_int(tricks):
        assert isinstance(tricks, int)
        if count != 2 or side is None:
            raise ScoringError(
                "tricks", f"Give the tricks as a list of {count} numbers, one a side."
            )
        if not 0 <= tricks <= 10:
            raise ScoringError("tricks", "Tricks must be from 0 to 10.")
        return (tricks, 10 - tricks) if side == 0 else (10 - tricks, tricks)
    if not isinstance(tricks, list | tuple) or not all(_is_int(t) for t in tricks):
        raise ScoringError("tricks", "Tricks must be a whole number or a list of them.")
    if len(tricks) != count:
        raise ScoringError("tricks", f"Give the tricks of all {count} sides.")
    if any(not 0 <= t <= 10 for t in tricks) or sum(tricks) != 10:
        raise ScoringError("tricks", "The tricks of all sides must add up to 10.")
    return tuple(tricks)


def _side_index(table: Table, side: object) -> int:
    if not _is_int(side) or not 0 <= side < len(table.sides):  # type: ignore[operator]
        raise ScoringError("side", f"The side must be 0 to {len(table.sides) - 1}.")
    assert isinstance(side, int)
    return side


def make_hand(
    rules: Rules,
    table: Table,
    *,
    contract: object,
    tricks: object = None,
    bidder: object = None,
    side: object = None,
    partner: object = None,
    first_out: object = None,
) -> Hand:
    """Validate a reported hand and return it with tricks per side."""
    bid = parse_contract(rules, contract)
    out = None if first_out is None else _side_index(table, first_out)
    if bid is None:
        if rules.all_pass == "redeal":
            return Hand(PASS, (0,) * len(table.sides))
        return Hand(PASS, _side_tricks(table, None, tricks), first_out=out)
    if bidder is not None:
        if not isinstance(bidder, str) or bidder not in table.players:
            raise ScoringError("bidder", f"{str(bidder)[:40]!r} is not at this table.")
        index = table.side_of(bidder)
        if side is not None and side != index:
            raise ScoringError("side", f"{bidder} does not sit on side {side}.")
    elif side is not None:
        index = _side_index(table, side)
        players = table.sides[index].players
        bidder = players[0] if len(players) == 1 else None
    else:
        raise ScoringError("bidder", "Say who won the bidding.")
    if partner is not None:
        if len(table.sides) != 5:
            raise ScoringError("partner", "Only five-handed games call a partner.")
        if not isinstance(partner, str) or partner not in table.players:
            raise ScoringError(
                "partner", f"{str(partner)[:40]!r} is not at this table."
            )
        if partner == bidder:
            raise ScoringError("partner", "The bidder cannot call themself as partner.")
        if bid.is_misere:
            raise ScoringError("partner", f"{bid.name} is played alone.")
    if tricks is None:
        raise ScoringError("tricks", "Say how many tricks were taken.")
    return Hand(
        bid.key,
        _side_tricks(table, index, tricks),
        side=index,
        bidder=bidder if isinstance(bidder, str) else None,
        partner=partner if isinstance(partner, str) else None,
        first_out=out,
    )


def _locked(rules: Rules, old: int, points: int) -> int:
    """Return the trick points a side keeps under the lock."""
    if rules.lock is None or points <= 0:
        return points
    return max(old, min(old + points, rules.lock)) - old


def _half(points: int) -> int:
    return points // 2 if points >= 0 else -(-points // 2)


def _score_pass(
    rules: Rules, hand: Hand, totals: Sequence[int]
) -> tuple[list[int], list[str]]:
    if rules.all_pass == "redeal":
        return [0] * len(totals), ["redeal"] * len(totals)
    points, reasons = [], []
    for old, taken in zip(totals, hand.tricks, strict=True):
        raw = rules.points_per_trick * taken
        reason = f"{taken} tricks"
        if rules.slam_bonus and taken == 10:
            raw, reason = max(raw, 250), "slam"
        kept = _locked(rules, old, raw)
        points.append(kept)
        reasons.append(reason + (f", held at {rules.lock}" if kept < raw else ""))
    return points, reasons


def _made_value(rules: Rules, bid: Contract, taken: int) -> tuple[int, str]:
    value, reason = bid.value, "made"
    if bid.is_normal and taken == 10:
        if rules.slam_bonus and value < 250:
            value, reason = 250, "slam"
        if rules.youngstown_bonus and bid.tricks < 10:
            value, reason = value + 100, "slam +100"
    return value, reason


def score_hand(
    rules: Rules, table: Table, hand: Hand, bid: Contract | None, totals: Sequence[int]
) -> tuple[tuple[int, ...], tuple[str, ...], bool | None]:
    """Score one hand against the totals before it: points, reasons, made."""
    if bid is None:
        points, reasons = _score_pass(rules, hand, totals)
        return tuple(points), tuple(reasons), None
    assert hand.side is not None
    contractors = {hand.side}
    if hand.partner is not None:
        contractors.add(table.side_of(hand.partner))
    taken = sum(hand.tricks[s] for s in contractors)
    made = bid.is_made(taken)
    if made:
        value, reason = _made_value(rules, bid, taken)
    else:
        value, reason = -bid.penalty, "failed"
    if len(contractors) > 1 and rules.partner_share == "half":
        value = _half(value)
    points, reasons = [0] * len(totals), [""] * len(totals)
    for s in contractors:
        if made or rules.failure == "subtract":
            points[s], reasons[s] = value, reason
        else:
            reasons[s] = "failed, to the opponents"
    per = rules.points_per_trick
    for s in range(len(totals)):
        if s in contractors:
            continue
        if bid.is_misere:
            raw = per * taken if rules.misere_defenders == "per_contractor_trick" else 0
            why = f"{taken} contractor tricks" if raw else "nothing on a misère"
        elif rules.defender_tricks == "always" or (
            rules.defender_tricks == "only_if_contract_fails" and not made
        ):
            raw, why = per * hand.tricks[s], f"{hand.tricks[s]} tricks"
        else:
            raw, why = 0, "no trick points"
        kept = _locked(rules, totals[s], raw)
        if kept < raw:
            why += f", held at {rules.lock}"
        if not made and rules.failure == "to_opponents":
            kept += bid.penalty
            why = "their failed contract" + (f", {why}" if raw else "")
        points[s], reasons[s] = kept, why
    return tuple(points), tuple(reasons), made


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
        contractors = []
        if hand.side is not None and result.made:
            contractors = [hand.side]
            if hand.partner is not None:
                contractors.append(table.side_of(hand.partner))
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


def _barred(rules: Rules, hand: Hand, bid: Contract | None, made: bool | None) -> str:
    """Return the bidder who may not bid next hand, or '' if none."""
    if bid is None or made or hand.bidder is None:
        return ""
    assert hand.side is not None
    taken = hand.tricks[hand.side]
    if bid.made == "none":
        return (
            hand.bidder if (rules.set_rule or rules.ralph_rule) and taken >= 3 else ""
        )
    short = bid.tricks - taken
    if rules.set_rule and bid.is_normal and short >= 12 - bid.tricks:
        return hand.bidder
    if rules.ralph_rule and short > 3:
        return hand.bidder
    return ""


def _recorded_bid(
    rules: Rules, table: Table, hand: Hand, barred: str
) -> Contract | None:
    """Check a stored hand still fits the rules and table; return its contract."""
    bid = parse_contract(rules, hand.contract)
    if len(hand.tricks) != len(table.sides) or sum(hand.tricks) not in (0, 10):
        raise ScoringError(
            "tricks", f"Give the tricks of all {len(table.sides)} sides."
        )
    if bid is not None and hand.side not in range(len(table.sides)):
        raise ScoringError("side", "Say which side won the bidding.")
    if barred and hand.bidder == barred:
        raise ScoringError("bidder", f"{barred} may not bid this hand: set last hand.")
    return bid


def replay(
    rules: Rules,
    table: Table,
    hands: Sequence[Hand],
    since: GameState | None = None,
) -> GameState:
    """Replay a game from its hands, or go on from `since` with the hands after it."""
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
            raise GameOver("hand", "The game is over: it takes no more hands.", number)
        try:
            bid = _recorded_bid(rules, table, hand, barred)
        except ScoringError as error:
            raise ScoringError(error.field, error.message, number) from None
        points, reasons, made = score_hand(rules, table, hand, bid, totals)
        totals = tuple(t + p for t, p in zip(totals, points, strict=True))
        result = HandResult(
            number, hand, table.dealer(deals), bid, made, points, reasons, totals
        )
        results.append(result)
        if not (
            bid is None and rules.all_pass == "redeal" and rules.redeal_same_dealer
        ):
            deals += 1
        barred = _barred(rules, hand, bid, made)
        ending = _ending(rules, table, result)
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
