"""Words for the pages: a replayed game turned into what a player reads."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from babel.lists import format_list
from flask_babel import gettext, ngettext

from ..language import DEFAULT, N_, current, named, points
from ..results.listing import Summary
from ..scoring import (
    Contract,
    GameState,
    HandResult,
    Outlook,
    Rules,
    Table,
    contracting_sides,
    outlook,
)

ENDING_WORDS = {
    "front_door": N_("out the front door"),
    "back_door": N_("out the back door"),
    "ceiling": N_("when a side reached the ceiling"),
    "point_spread": N_("on the point spread"),
    "hands_limit": N_("at the end of the session"),
    "called": N_("when time was called"),
}
# The end-of-game banner, one whole sentence for each way a game ends: with a
# winner, and with none (a tie). Out the back door is said apart (`ending`).
WON = {
    "front_door": N_("%(side)s won out the front door."),
    "ceiling": N_("%(side)s won when a side reached the ceiling."),
    "point_spread": N_("%(side)s won on the point spread."),
    "hands_limit": N_("%(side)s won at the end of the session."),
    "called": N_("%(side)s won when time was called."),
}
NO_WINNER = {
    "front_door": N_("The game ended out the front door with no single winner."),
    "ceiling": N_(
        "The game ended when a side reached the ceiling with no single winner."
    ),
    "point_spread": N_("The game ended on the point spread with no single winner."),
    "hands_limit": N_(
        "The game ended at the end of the session with no single winner."
    ),
    "called": N_("The game ended when time was called with no single winner."),
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


def signed(number: int, reason: str = "") -> str:
    """Return points as '+250 (slam)' or '-120'."""
    text = ("+" if number > 0 else "") + points(number)
    plain = reason in ("", "made", "failed", "redeal", "nothing on a misère")
    if plain or reason.endswith((" trick", " tricks")) or reason == "no trick points":
        return text
    return f"{text} ({reason_words(reason)})"


# The engine's reasons, one part of them at a time ("failed, to the opponents").
REASONS = {N_("slam"), N_("slam +100"), N_("failed"), N_("to the opponents")}
REASONS |= {N_("their failed contract")}
COUNTED = re.compile(r"(\d+) (contractor )?tricks?|held at (-?\d+)")


def reason_words(reason: str) -> str:
    """Return the engine's reason for points in the page's language."""
    parts = []
    for part in reason.split(", "):
        counted = COUNTED.fullmatch(part)
        if part in REASONS:
            part = gettext(part)
        elif counted and counted[3]:
            part = gettext("held at %(points)s", points=points(int(counted[3])))
        elif counted and counted[2]:
            part = ngettext(
                "%(num)s contractor trick", "%(num)s contractor tricks", int(counted[1])
            )
        elif counted:
            part = ngettext("%(num)s trick", "%(num)s tricks", int(counted[1]))
        parts.append(part)
    return ", ".join(parts)


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
        made = {True: gettext("made"), False: gettext("failed"), None: ""}[result.made]
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
    "recorded": N_("Hand %(number)s: %(what)s."),
    "corrected": N_("Hand %(number)s corrected: %(what)s."),
    "undone": N_("Hand %(number)s undone: it was %(what)s."),
}


def bid_words(contract: Contract) -> str:
    """Return a contract as a sentence names it: '7♥', 'misère', 'Hi/Lo'."""
    # A special's name is in the catalogue where the rules' words are marked.
    name = named(contract)
    rest = name[1:]
    return name if contract.is_normal or rest != rest.lower() else name.lower()


def confirmation(table: Table, result: HandResult, kind: str = "recorded") -> str:
    """Return the line that confirms a saved hand: 'Hand 5: Bob 7♥ made, Them +200.'"""
    hand, contract = result.hand, result.contract
    if contract is None:
        what = gettext("everyone passed")
    else:
        who = hand.bidder or table.sides[hand.side or 0].name
        if hand.partner:
            who += f" + {hand.partner}"
        made = gettext("made") if result.made else gettext("failed")
        what = f"{who} {bid_words(contract)} {made}"
    first = contracting_sides(table, hand)
    order = [*first, *(s for s in range(len(table.sides)) if s not in first)]
    scores = [
        f"{table.sides[s].name} {signed(result.points[s], result.reasons[s])}"
        for s in order
        if result.points[s]
    ]
    what = ", ".join([what, *scores] if scores else [what, gettext("no points")])
    return gettext(DONE[kind], number=result.number, what=what)


def either(words: list[str]) -> str:
    """Return at most three names as '7♥, 8♠ or 9♣', with '…' for more."""
    names = words[:3]
    if len(words) > 3:
        return ", ".join(names) + ", …"
    if len(names) == 1:
        return names[0]
    return gettext("%(some)s or %(last)s", some=", ".join(names[:-1]), last=names[-1])


# A cheaper way out than what wins: said alone, or after it ("too").
CALLING = (N_("%(bid)s calling %(who)s wins."), N_("%(bid)s calling %(who)s wins too."))
SLAM = (N_("%(bid)s with a slam wins."), N_("%(bid)s with a slam wins too."))


def _view_words(view: Outlook) -> list[str]:
    """Return what wins and what loses the game for one side next hand, a whole
    sentence each (static/outlook.js hintLines says the same)."""
    parts = []
    least = view.wins_with
    if least is not None and view.or_better:
        parts.append(gettext("%(bid)s or better wins.", bid=bid_words(least)))
    elif least is not None:
        bids = either([bid_words(c) for c in view.winning])
        parts.append(gettext("Only %(bids)s wins.", bids=bids))
    # One cheaper way out at most: calling a partner (five-handed), else a slam.
    called = [
        (p, c) for p, c in view.partners if least is None or c.value < least.value
    ]
    slam = view.slam_wins_with
    if called:
        cheapest = min((c for _, c in called), key=lambda c: c.value)
        names = [p for p, c in called if c.value == cheapest.value]
        # Five lone players: all four others may be called.
        who = gettext("any partner") if len(names) == 4 else either(names)
        parts.append(gettext(CALLING[bool(parts)], bid=bid_words(cheapest), who=who))
    elif slam is not None and (least is None or slam.value < least.value):
        parts.append(gettext(SLAM[bool(parts)], bid=bid_words(slam)))
    if view.back_door_with is not None:
        bid = bid_words(view.back_door_with)
        parts.append(gettext("Failing %(bid)s loses.", bid=bid))
    if view.ceiling_with is not None:
        bid = bid_words(view.ceiling_with)
        parts.append(gettext("Making %(bid)s or more loses.", bid=bid))
    return [part[:1].upper() + part[1:] for part in parts]  # "Open misère…"


def hints(rules: Rules, table: Table, state: GameState) -> list[str]:
    """Return one short line per side: what wins or loses it the game next hand."""
    lines = []
    for view in outlook(rules, table, state):
        parts = _view_words(view)
        if parts:
            side, said = table.sides[view.side].name, " ".join(parts)
            said = said if current() == DEFAULT else said[:1].lower() + said[1:]
            lines.append(gettext("%(side)s: %(said)s", side=side, said=said))
    return lines


class Outcome(Protocol):
    """How a game stands: a replayed GameState, or a listed game's Summary."""

    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def ending(self) -> str | None: ...
    @property
    def winner(self) -> int | None: ...


def together(names: list[str]) -> str:
    """Return names as one phrase in the page's language: 'Us and Them'."""
    spoken = current()
    # English pages join them as they always have; others by Babel's list rules.
    return " and ".join(names) if spoken == "en" else format_list(names, locale=spoken)


def ending(sides: Sequence[str], state: Outcome) -> str:
    """Return the end-of-game banner, or '' while the game goes on."""
    if state.ending is None:
        return ""
    if state.ending == "back_door":
        low = min(state.totals)
        fallen = [s for s, t in zip(sides, state.totals, strict=True) if t == low]
        went = ngettext(  # English says one side or more alike
            "%(sides)s went out the back door.",
            "%(sides)s went out the back door.",
            len(fallen),
            sides=together(fallen),
        )
        if state.winner is None:
            return went
        return went + " " + gettext("%(side)s won.", side=sides[state.winner])
    if state.winner is None:
        return gettext(NO_WINNER[state.ending])
    return gettext(WON[state.ending], side=sides[state.winner])
