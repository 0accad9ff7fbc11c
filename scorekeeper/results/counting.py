"""What a game's result rows add to each player's and team's counters (pure).

standings.py moves the kept rows by these counts; tallies.py counts beside them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from ..scoring import reading_order
from .models import ALL_TIME, COUNTERS

WIN_KINDS = ("front_door", "back_door")
Row = Mapping[str, Any]
Rows = tuple[list[Row], list[Row], list[Row]]  # a game's hands, sides, players
NOTHING: Rows = ([], [], [])
Key = TypeVar("Key", str, tuple[Any, ...])


def team_name(players: Iterable[str]) -> str:
    """Return a team's name from its players, the same whatever the seating."""
    return " & ".join(sorted(players, key=reading_order))


def _outcome(counts: Counter[str], row: Row, ending: str | None) -> None:
    counts["games"] += 1
    counts["finished"] += int(bool(row["finished"]))
    counts["points_for"] += row["total"]
    counts["points_against"] += row["against"]
    if row["win"] is not None:
        counts["wins"] += 1
        counts[row["win"] if row["win"] in WIN_KINDS else "other_wins"] += 1
    elif ending is not None:  # another side won
        counts[f"lost_{ending}"] += 1


def _bid(counts: Counter[str], row: Row) -> None:
    made = int(bool(row["made"]))
    counts["bid"] += 1
    counts["made"] += made
    if row["kind"] == "normal":
        for key in (row["suit"].lower(), row["level"]):
            counts[f"bid_{key}"] += 1
            counts[f"made_{key}"] += made
        counts["tricks_bid"] += row["level"]
        counts["tricks_taken"] += row["taken"]
        short = row["level"] - row["taken"]
        counts["set"] += short >= 2
        counts["ralphed"] += short >= 3
    else:
        kind = "misere" if row["kind"] == "misere" else "special"
        counts[f"{kind}_bid"] += 1
        counts[f"{kind}_made"] += made
        if kind == "misere" and row["taken"] >= 3:  # set and ralphed at once
            counts["set"] += 1
            counts["ralphed"] += 1


def _side(
    found: defaultdict[str, Counter[str]], hand: Row, players: Iterable[Row]
) -> None:
    for row in players:
        counted = found[row["name_key"]]
        if row["side"] == hand["side"]:
            counted["contracted"] += 1
            counted["contract_points"] += hand["points"] or 0
        else:
            counted["defended"] += 1


def counts(
    hands: Iterable[Row], sides: Iterable[Row], players: Iterable[Row]
) -> dict[str, Counter[str]]:
    """Return what result rows add to each player's (name key) and team's counters."""
    # Not setdefault(key, Counter()): that makes a Counter for every row.
    found: defaultdict[str, Counter[str]] = defaultdict(Counter)
    sides, players = list(sides), list(players)
    ending = next((row["win"] for row in sides if row["win"] is not None), None)
    for row in players:
        _outcome(found[row["name_key"]], row, ending)
    for row in sides:
        if row["team_key"] is not None:
            _outcome(found[row["team_key"]], row, ending)
    for row in hands:
        if row["side"] is not None:  # each player contracted or defended it
            _side(found, row, players)
        if row["kind"] == "pass":
            continue
        for who in (row["bidder_key"], row["team_key"]):
            if who is not None:
                _bid(found[who], row)
    return dict(found)


def played(rows: Rows, hands: int) -> Rows:
    """Return a game's results as the standings count them: none without a hand.

    A game started and never played (a wrong table, a test) is no one's game.
    """
    return rows if hands else NOTHING


def labels(players: Iterable[Row]) -> dict[str, tuple[str, str]]:
    """Return each player's and team's name and players in one game's results."""
    sides: dict[int, list[Row]] = {}
    found = {}
    for row in players:
        found[row["name_key"]] = (row["name"], row["name"])
        sides.setdefault(row["side"], []).append(row)
    for rows in sides.values():
        if len(rows) > 1:  # a team: keyed as results.team_key keys it
            key = "\n".join(sorted(r["name_key"] for r in rows))
            ordered = sorted((r["name"] for r in rows), key=reading_order)
            found[key] = (team_name(ordered), "\n".join(ordered))
    return found


def fold(
    games: Iterable[tuple[str, Any, Rows]], scope: int = ALL_TIME
) -> list[dict[str, Any]]:
    """Return the standings of games' results, given oldest first, as rows."""
    found: dict[str, dict[str, Any]] = {}
    for game_id, created, (hands, sides, players) in games:
        if not hands:  # every hand of each game is here: this one has none
            continue
        named = labels(players)
        for who, counted in counts(hands, sides, players).items():
            if who not in found:
                name, seated = named[who]
                found[who] = {
                    "scope": scope,
                    "who": who,
                    "team": "\n" in who,
                    "name": name,
                    "players": seated,
                    "first_created": created,
                    "first_game": game_id,
                    **dict.fromkeys(COUNTERS, 0),
                }
            for counter, value in counted.items():
                found[who][counter] += value
    return list(found.values())


def moved(
    old: Mapping[Key, Counter[str]], new: Mapping[Key, Counter[str]]
) -> dict[Key, dict[str, int]]:
    """Return each key's counters changed from old to new, in key order.

    In key order: concurrent writes then lock the same rows in the same order.
    """
    changes = {}
    for key in sorted(old.keys() | new.keys()):
        was, now = old.get(key, Counter()), new.get(key, Counter())
        change = {c: now[c] - was[c] for c in was.keys() | now.keys()}
        change = {c: by for c, by in change.items() if by}
        if change:
            changes[key] = change
    return changes
