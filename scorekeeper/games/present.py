"""Words for the pages: a replayed game turned into what a player reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import count
from typing import Protocol

from markupsafe import Markup, escape

from ..results.listing import Summary
from ..scoring import (
    Contract,
    GameState,
    HandResult,
    Outlook,
    Rules,
    Table,
    contracting_sides,
    moves_deal,
    outlook,
)

ENDING_WORDS = {
    "front_door": "out the front door",
    "back_door": "out the back door",
    "ceiling": "when a side reached the ceiling",
    "point_spread": "on the point spread",
    "hands_limit": "at the end of the session",
    "called": "when time was called",
}


@dataclass(frozen=True)
class Row:
    """One hand as a row of the scoreboard."""

    number: int
    dealer: str
    bidder: str
    contract: Contract | None
    tricks: str
    made: str
    points: tuple[str, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    """One game as a row of a list, with what tells it apart from the others."""

    id: str
    name: str
    created: datetime
    hands: int
    finished: bool
    scores: tuple[
        tuple[str, int], ...
    ]  # ("Ann & Cat", 30): who played, and their total


def card(game: Summary) -> Card:
    """Return a game as a row of a list: its name, players, scores and hands."""
    return Card(
        id=game.id,
        name=game.name,
        created=game.created,
        hands=game.hands,
        finished=game.finished,
        scores=tuple(
            (" & ".join(players), total)
            for players, total in zip(game.players, game.totals, strict=True)
        ),
    )


def suit_class(suit: str | None) -> str:
    """Return the CSS class that colours a suit: red for diamonds and hearts."""
    return "suit-red" if suit in ("D", "H") else ""


def signed(points: int, reason: str = "") -> str:
    """Return points as '+250 (slam)' or '-120'."""
    text = f"{points:+d}" if points else "0"
    plain = reason in ("", "made", "failed", "redeal", "nothing on a misère")
    if plain or reason.endswith((" trick", " tricks")) or reason == "no trick points":
        return text
    return f"{text} ({reason})"


def rows(table: Table, state: GameState, last: int | None = None) -> list[Row]:
    """Return a game's hands (the `last` few, if given) as rows, newest first."""
    out = []
    for result in reversed(state.hands[-last:] if last else state.hands):
        hand = result.hand
        bidder = hand.bidder or (
            table.sides[hand.side].name if hand.side is not None else "—"
        )
        if hand.partner:
            bidder += f" + {hand.partner}"
        made = {True: "made", False: "failed", None: ""}[result.made]
        out.append(
            Row(
                number=result.number,
                dealer=result.dealer,
                bidder=bidder,
                contract=result.contract,
                tricks="–".join(str(t) for t in hand.tricks),
                made=made,
                points=tuple(
                    signed(p, r)
                    for p, r in zip(result.points, result.reasons, strict=True)
                ),
                totals=result.totals,
            )
        )
    return out


DONE = {
    "recorded": "Hand {number}: {what}.",
    "corrected": "Hand {number} corrected: {what}.",
    "undone": "Hand {number} undone: it was {what}.",
}


def bid_words(contract: Contract) -> str:
    """Return a contract as a sentence names it: '7♥', 'misère', 'Hi/Lo'."""
    name, rest = contract.name, contract.name[1:]
    return name if contract.is_normal or rest != rest.lower() else name.lower()


def confirmation(table: Table, result: HandResult, kind: str = "recorded") -> str:
    """Return the line that confirms a saved hand: 'Hand 5: Bob 7♥ made, Them +200.'"""
    hand, contract = result.hand, result.contract
    if contract is None:
        what = "everyone passed"
    else:
        who = hand.bidder or table.sides[hand.side or 0].name
        if hand.partner:
            who += f" + {hand.partner}"
        made = "made" if result.made else "failed"
        what = f"{who} {bid_words(contract)} {made}"
    first = contracting_sides(table, hand)
    order = [*first, *(s for s in range(len(table.sides)) if s not in first)]
    scores = [
        f"{table.sides[s].name} {signed(result.points[s], result.reasons[s])}"
        for s in order
        if result.points[s]
    ]
    what = ", ".join([what, *scores]) if scores else f"{what}, no points"
    return DONE[kind].format(number=result.number, what=what)


def either(words: list[str]) -> str:
    """Return at most three names as '7♥, 8♠ or 9♣', with '…' for more."""
    names = words[:3]
    if len(words) > 3:
        return ", ".join(names) + ", …"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


def _view_words(view: Outlook) -> list[str]:
    """Return what wins and what loses the game for one side next hand, shortly."""
    parts = []
    least = view.wins_with
    if least is not None and view.or_better:
        wins = f"{bid_words(least)} or better"
    elif least is not None:
        wins = "only " + either([bid_words(c) for c in view.winning])
    else:
        wins = ""
    # One cheaper way out at most: calling a partner (five-handed), else a slam.
    called = [
        (p, c) for p, c in view.partners if least is None or c.value < least.value
    ]
    slam = view.slam_wins_with
    if called:
        cheapest = min((c for _, c in called), key=lambda c: c.value)
        names = [p for p, c in called if c.value == cheapest.value]
        # Five lone players: all four others may be called.
        who = "any partner" if len(names) == 4 else either(names)
        other = f"{bid_words(cheapest)} calling {who}"
    elif slam is not None and (least is None or slam.value < least.value):
        other = f"{bid_words(slam)} with a slam"
    else:
        other = ""
    if wins and other:
        parts.append(f"{wins} wins ({other})")
    elif wins or other:
        parts.append(f"{wins or other} wins")
    if view.back_door_with is not None:
        parts.append(f"failing {bid_words(view.back_door_with)} loses")
    if view.ceiling_with is not None:
        parts.append(f"making {bid_words(view.ceiling_with)} or more loses")
    return parts


def hints(rules: Rules, table: Table, state: GameState) -> list[str]:
    """Return one short line per side: what wins or loses it the game next hand."""
    lines = []
    for view in outlook(rules, table, state):
        parts = _view_words(view)
        if parts:
            lines.append(f"{table.sides[view.side].name}: " + "; ".join(parts) + ".")
    return lines


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


class Outcome(Protocol):
    """How a game stands: a replayed GameState, or a listed game's Summary."""

    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def ending(self) -> str | None: ...
    @property
    def winner(self) -> int | None: ...


def ending(sides: Sequence[str], state: Outcome) -> str:
    """Return the end-of-game banner, or '' while the game goes on."""
    if state.ending is None:
        return ""
    how = ENDING_WORDS[state.ending]
    if state.ending == "back_door":
        fallen = [
            side
            for side, total in zip(sides, state.totals, strict=True)
            if total == min(state.totals)
        ]
        winner = "" if state.winner is None else f" {sides[state.winner]} won."
        return f"{' and '.join(fallen)} went out the back door.{winner}"
    if state.winner is None:
        return f"The game ended {how} with no single winner."
    return f"{sides[state.winner]} won {how}."


def chart(table: Table, state: GameState) -> Markup:
    """Return an inline SVG line chart of every side's total, hand by hand."""
    if not state.hands:
        return Markup("")
    series = [[0, *(r.totals[s] for r in state.hands)] for s in range(len(table.sides))]
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    width, height, pad = 320, 160, 24
    steps = max(1, len(state.hands))

    def point(index: int, total: int) -> str:
        x = pad + (width - 2 * pad) * index / steps
        y = pad + (height - 2 * pad) * (high - total) / (high - low)
        return f"{x:.1f},{y:.1f}"

    zero = point(0, 0).split(",")[1]
    lines = [
        f'<polyline class="s{i}" points="{" ".join(map(point, count(), s))}"/>'
        for i, s in enumerate(series)
    ]
    described = "; ".join(
        f"{side.name} ends on {state.totals[i]}" for i, side in enumerate(table.sides)
    )
    label = escape(f"Score chart over {len(state.hands)} hands: {described}.")
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}">'
        f'<line class="axis" x1="{pad}" x2="{width - pad}" y1="{zero}" y2="{zero}"/>'
        f'<text x="2" y="{pad}">{high}</text><text x="2" y="{height - 6}">{low}</text>'
        + "".join(lines)
        + "</svg>"
        + '<p class="legend">'
        + "".join(
            f'<span class="s{i}">■ {escape(side.name)}</span>'
            for i, side in enumerate(table.sides)
        )
        + "</p>"
    )
