"""One hand reported and scored: RULES.md sections 2 and 3."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .contracts import KNOWN_SPECIALS, PASS, SUITS, Contract, plural
from .errors import N_, Quoted, ScoringError
from .names import normal_name
from .rules import Rules
from .table import Table


@dataclass(frozen=True)
class Hand:
    """What happened in one hand, as the table reports it; tricks are per side."""

    contract: str
    tricks: tuple[int, ...]
    side: int | None = None
    bidder: str | None = None
    partner: str | None = None
    first_out: int | None = None


@lru_cache(maxsize=64)
def _bids(rules: Rules) -> Mapping[str, Contract]:
    """Return every contract the rules allow by its key: normal ones in capitals."""
    bids = rules.normal_contracts() + rules.special_contracts()
    return MappingProxyType({bid.key: bid for bid in bids})


def parse_contract(rules: Rules, text: object) -> Contract | None:
    """Return the contract a bid names under these rules, or None for all passing."""
    if not isinstance(text, str) or not text.strip():
        raise ScoringError(
            "contract", N_("Name the contract, such as 7H, misere or pass.")
        )
    key = text.strip()
    # Only ASCII changes case harmlessly: "6ſ".upper() is "6S".
    if key.isascii():
        if key.lower() == PASS:
            return None
        bids = _bids(rules)
        bid = bids.get(key.upper()) or bids.get(key.lower())
        if bid is not None:
            return bid
        if key[:1] == "6" and key[1:].upper() in SUITS:
            raise ScoringError(
                "contract", N_("A bid of six cannot be played under these rules.")
            )
        if key.lower() in KNOWN_SPECIALS:
            name = KNOWN_SPECIALS[key.lower()].name
            raise ScoringError(
                "contract", N_("%(name)s is not allowed under these rules."), name=name
            )
    raise ScoringError(
        "contract",
        N_(
            "%(key)s is not a contract: use 6S to 10NT (suits S C D H NT), "
            "a special contract the rules allow, or pass."
        ),
        key=Quoted(key[:20]),
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side_tricks(table: Table, side: int | None, tricks: object) -> tuple[int, ...]:
    count = len(table.sides)
    if _is_int(tricks):
        assert isinstance(tricks, int)
        if count != 2 or side is None:
            raise ScoringError(
                "tricks",
                N_("Give the tricks as a list of %(count)s numbers, one a side."),
                count=count,
            )
        if not 0 <= tricks <= 10:
            raise ScoringError("tricks", N_("Tricks must be from 0 to 10."))
        return (tricks, 10 - tricks) if side == 0 else (10 - tricks, tricks)
    if not isinstance(tricks, list | tuple) or not all(_is_int(t) for t in tricks):
        raise ScoringError(
            "tricks", N_("Tricks must be a whole number or a list of them.")
        )
    if len(tricks) != count:
        raise ScoringError(
            "tricks", N_("Give the tricks of all %(count)s sides."), count=count
        )
    if any(not 0 <= t <= 10 for t in tricks) or sum(tricks) != 10:
        raise ScoringError("tricks", N_("The tricks of all sides must add up to 10."))
    return tuple(tricks)


def _side_index(table: Table, side: object) -> int:
    if not _is_int(side) or not 0 <= side < len(table.sides):  # type: ignore[operator]
        raise ScoringError(
            "side", N_("The side must be 0 to %(last)s."), last=len(table.sides) - 1
        )
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
    # A name typed in another Unicode form is still that player.
    bidder = normal_name(bidder) if isinstance(bidder, str) else bidder
    partner = normal_name(partner) if isinstance(partner, str) else partner
    out = None if first_out is None else _side_index(table, first_out)
    if bid is None:
        if rules.all_pass == "redeal":
            return Hand(PASS, (0,) * len(table.sides))
        return Hand(PASS, _side_tricks(table, None, tricks), first_out=out)
    if bidder is not None:
        if not isinstance(bidder, str) or bidder not in table.players:
            raise ScoringError(
                "bidder",
                N_("%(name)s is not at this table."),
                name=Quoted(str(bidder)[:40]),
            )
        index = table.side_of(bidder)
        if side is not None and side != index:
            raise ScoringError(
                "side",
                N_("%(name)s does not sit on side %(side)s."),
                name=bidder,
                side=side,
            )
    elif side is not None:
        index = _side_index(table, side)
        players = table.sides[index].players
        bidder = players[0] if len(players) == 1 else None
    else:
        raise ScoringError("bidder", N_("Say who won the bidding."))
    if partner is not None:
        if len(table.sides) != 5:
            raise ScoringError("partner", N_("Only five-handed games call a partner."))
        if not isinstance(partner, str) or partner not in table.players:
            raise ScoringError(
                "partner",
                N_("%(name)s is not at this table."),
                name=Quoted(str(partner)[:40]),
            )
        if partner == bidder:
            raise ScoringError(
                "partner", N_("The bidder cannot call themself as partner.")
            )
        if bid.is_misere:
            raise ScoringError(
                "partner", N_("%(name)s is played alone."), name=bid.name
            )
    if tricks is None:
        raise ScoringError("tricks", N_("Say how many tricks were taken."))
    return Hand(
        bid.key,
        _side_tricks(table, index, tricks),
        side=index,
        bidder=bidder if isinstance(bidder, str) else None,
        partner=partner if isinstance(partner, str) else None,
        first_out=out,
    )


def contracting_sides(table: Table, hand: Hand) -> tuple[int, ...]:
    """Return the sides that contract: the bidder's, then a called partner's."""
    if hand.side is None:
        return ()
    if hand.partner is None or table.side_of(hand.partner) == hand.side:
        return (hand.side,)
    return (hand.side, table.side_of(hand.partner))


def _locked(rules: Rules, old: int, points: int) -> int:
    """Return the trick points a side keeps under the lock."""
    if rules.lock is None or points <= 0:
        return points
    return max(old, min(old + points, rules.lock)) - old


def _half(points: int) -> int:
    """Return half of a value, rounded away from zero."""
    half = (abs(points) + 1) // 2
    return half if points >= 0 else -half


def _score_pass(
    rules: Rules, hand: Hand, totals: Sequence[int]
) -> tuple[list[int], list[str]]:
    if rules.all_pass == "redeal":
        return [0] * len(totals), ["redeal"] * len(totals)
    points, reasons = [], []
    for old, taken in zip(totals, hand.tricks, strict=True):
        raw = rules.points_per_trick * taken
        reason = plural(taken, "trick")
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
    contractors = contracting_sides(table, hand)
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
            why = plural(taken, "contractor trick") if raw else "nothing on a misère"
        elif rules.defender_tricks == "always" or (
            rules.defender_tricks == "only_if_contract_fails" and not made
        ):
            raw, why = per * hand.tricks[s], plural(hand.tricks[s], "trick")
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
