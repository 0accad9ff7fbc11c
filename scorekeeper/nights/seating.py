"""Who sits where: a night's next round (the night's rows in, the movements'
pure functions in movements/ asked, a seating out), its games opened, and
each player's night as the seatings tell it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from flask_babel import gettext

from ..db import grants
from ..db.kept import Kept
from ..errors import N_, BadInput, Conflict
from ..games import service as games
from ..scoring import make_table, name_key
from ..scoring.rules import rules_from_dict
from ..text import TEXT_LIMIT
from . import board, cards, tables
from .models import Night, NightRound, NightTable
from .movements import movement
from .movements import pairs as pairs_movement
from .movements.movement import NightError, Seating
from .movements.rotation import rotation_schedule

# A table's game is named once, in the language of the phone that starts the round.
GAME_NAME = N_("%(night)s: round %(round)s, table %(table)s")

T = TypeVar("T")


def seed(night: Night) -> int:
    """Return the night's own random seed: the same draw on every worker."""
    return int.from_bytes(hashlib.sha256(night.id.encode()).digest()[:8], "big")


def present(night: Night) -> list[str]:
    """Return the players still in the night, in roster order."""
    return [p.name for p in night.players if p.present]


def pairs(night: Night) -> list[tuple[str, str]]:
    """Return a fixed-pairs night's pairs, in the order given."""
    found: dict[int, list[str]] = {}
    for player in night.players:
        if player.pair is not None:
            found.setdefault(player.pair, []).append(player.name)
    return [(a, b) for a, b in found.values()]


def player_order(night: Night) -> list[str]:
    """Return the present players in the order the rotation plans from: the
    roster's, or as drawn for round 1, so later rounds keep to that plan."""
    players = present(night)
    return movement.drawn(players, seed(night)) if night.shuffle else players


def pair_order(night: Night) -> list[tuple[str, str]]:
    """Return the pairs in the order the night's round robin follows: as given,
    or as drawn for round 1, so every later round keeps to the same schedule."""
    order = pairs(night)
    return movement.drawn(order, seed(night)) if night.shuffle else order


def history(night: Night, shown: bool = False) -> list[Seating]:
    """Return every round so far as the movements see it (`shown`: for a page,
    each game's sides as this worker last read them at its version)."""
    ids = [t.game_id for one in night.rounds for t in one.tables]
    if shown:
        sides = {g: one.sides for g, one in tables.shown(ids)[0].items()}
    else:
        sides = tables.seated(ids)
    return [
        Seating(
            tuple(movement.Table(t.number, sides[t.game_id]) for t in one.tables),
            tuple(one.sitting_out),
        )
        for one in night.rounds
    ]


def first_seating(night: Night) -> Seating:
    """Seat round 1: the roster (or pairs) in order, or drawn at random."""
    if night.movement == "fixed_pairs":
        order = pair_order(night)
        return _seat(lambda: pairs_movement.first_pairs_round(order), "pairs")
    players = player_order(night)
    if night.movement == "rotation":
        return _seat(lambda: _rotation(night, players, []), "players")
    return _seat(lambda: movement.first_round(players, night.odd_players), "players")


def _rotation(night: Night, players: list[str], past: list[Seating]) -> Seating:
    """The rotation's next round: from the schedule planned at the start while the
    roster is as it was, else planned again from the rounds played."""
    return _rotation_ahead(night, players, past, 1)[0]


def _rotation_ahead(
    night: Night, players: list[str], past: list[Seating], count: int
) -> list[Seating]:
    """The rotation's next `count` rounds, each as `_rotation` will seat it."""
    ahead: list[Seating] = []
    if not past or all(p.present for p in night.players):
        planned = rotation_schedule(players, None, night.odd_players, (), seed(night))
        if list(planned[: len(past)]) == past:
            ahead = list(planned[len(past) : len(past) + count])
    while len(ahead) < count:
        after = rotation_schedule(
            players, 1, night.odd_players, [*past, *ahead], seed(night)
        )
        ahead += after
    return ahead


def next_seating(night: Night, shown: bool = False) -> Seating:
    """Seat the next round by the night's movement (`shown`: see `history`)."""
    past = history(night, shown)
    if night.movement == "fixed_pairs":
        schedule = pairs_movement.fixed_pairs_schedule(pair_order(night))
        if len(past) >= len(schedule):
            raise Conflict(
                N_("Every pair has met every other: finish the night."), "round"
            )
        return schedule[len(past)]
    if night.movement == "rotation":
        return _seat(lambda: _rotation(night, player_order(night), past), "players")
    last = night.rounds[-1].tables
    ids = [t.game_id for t in last]
    games = tables.shown(ids)[0] if shown else tables.played(ids)
    winners = {t.number: games[t.game_id].winner for t in last}
    return _seat(
        lambda: movement.progressive_next(past, winners, present(night)), "players"
    )


def game_name(night: str, number: int, table: int) -> str:
    """Return a table's game's name, the night's own shortened to fit a game's."""
    room = TEXT_LIMIT - len(gettext(GAME_NAME, night="", round=number, table=table))
    shortened = movement.shortened(night, room)
    return gettext(GAME_NAME, night=shortened, round=number, table=table)


def open_round(night: Night, seated: Seating) -> list[games.Loaded]:
    """Add the next round and a game for each of its tables (in the transaction)."""
    number = len(night.rounds) + 1
    one = NightRound(number=number, sitting_out=list(seated.sitting_out))
    one.minutes = night.round_minutes  # its clock, whatever the next rounds get
    night.rounds.append(one)
    rules = rules_from_dict(night.rules)
    if night.round_hands is not None:
        rules = replace(rules, hands_limit=night.round_hands)
    made, new = [], []
    for table in seated.tables:
        names = movement.side_names(table.sides)
        sides = [(n, list(side)) for n, side in zip(names, table.sides, strict=True)]
        name = game_name(night.name, number, table.number)
        seats = make_table(sides, table.sides[0][0])
        new.append((name, rules, seats, "", night.ruleset_id))
    for table, (game, token) in zip(seated.tables, games.add_games(new), strict=True):
        grants.add_key(game.id, night.token_hash)
        sealed = cards.seal(game.id, token)
        one.tables.append(
            NightTable(number=table.number, game_id=game.id, sealed=sealed)
        )
        made.append(game)
    night.version += 1
    return made


def rounds_ahead(night: Night, count: int) -> list[Seating]:
    """Return up to `count` rounds after those seated, as rotation and fixed pairs
    plan them now (what `next_seating` will seat while the roster stays); none
    for progressive, whose next round waits for results."""
    past = history(night, shown=True)
    if night.movement == "fixed_pairs":
        planned = pairs_movement.fixed_pairs_schedule(pair_order(night))
        return list(planned[len(past) :][:count])
    if night.movement != "rotation" or count < 1:
        return []
    order = player_order(night)
    return _seat(lambda: _rotation_ahead(night, order, past, count), "players")


def rotation_length(night: Night) -> int:
    """Return how many rounds a whole rotation (or fixed-pairs round robin) of
    the night's roster as it stands takes."""
    if night.movement == "fixed_pairs":
        return len(pairs_movement.fixed_pairs_schedule(pair_order(night)))
    count = len(present(night))
    return max(count - 1 if count % 2 == 0 else count, 1)


def _seat(seat: Callable[[], T], field: str) -> T:
    """Seat a round; a roster the movement cannot seat is a 400 naming the field."""
    try:
        return seat()
    except NightError as error:
        raise BadInput(error.template, error.field or field, **error.params) from None


# By night and the ETag a poll draws it at: the next round's seating. Between
# rounds every table's page shows it, each drawn anew after every hand.
_UPCOMING: Kept[tuple[str, str], Seating] = Kept(64)


def upcoming(night: Night) -> Seating | None:
    """Return the next round's seating once it is known: between rounds (in a
    poll's draw, seated once per ETag)."""
    at = board.drawn_at(night)
    if at is None:
        return _upcoming(night)
    found = _UPCOMING.get((night.id, at))
    if found is None and (found := _upcoming(night)) is not None:
        _UPCOMING.keep((night.id, at), found)
    return found


def _upcoming(night: Night) -> Seating | None:
    if night.status == "finished" or board.tables_playing(night):
        return None
    if night.rounds_planned is not None and len(night.rounds) >= night.rounds_planned:
        return None
    try:
        return next_seating(night, shown=True)
    except (BadInput, Conflict):
        return None


# A player's night


def seat_of(one: dict[str, Any], name: str) -> dict[str, Any]:
    """Return where a player sat in one round (as night_to_dict shows it)."""
    for table in one["tables"]:
        for s, side in enumerate(table["sides"]):
            if name in side["players"]:
                others = [
                    p for o in table["sides"] if o is not side for p in o["players"]
                ]
                won = table["winner"]
                result = "playing" if won is None else ("won" if won == s else "lost")
                return {
                    "round": one["number"],
                    "table": table["number"],
                    "game": table["game"],
                    "partners": [p for p in side["players"] if p != name],
                    "opponents": others,
                    "score": side["score"],
                    "result": result,
                }
    sat_out = name in one["sitting_out"]
    return {
        "round": one["number"],
        "table": None,
        "result": "sat out" if sat_out else "away",
    }


def player_night(night: Night, name: str) -> dict[str, Any] | None:
    """Return one player's night as their page shows it, or None if not on it."""
    key = name_key(name)
    entry = next((p for p in night.players if p.name_key == key), None)
    if entry is None:
        return None
    data = board.night_to_dict(night)
    coming = upcoming(night)
    return {
        "name": entry.name,
        "present": entry.present,
        "rounds": [seat_of(one, entry.name) for one in data["rounds"]],
        "next_table": next_table(coming, entry.name) if coming else None,
        "standing": next(s for s in data["standings"] if s["player"] == entry.name),
    }


def next_table(seating: Any, name: str) -> dict[str, Any]:
    """Return where a player goes next round (a movement's Seating), or a bye."""
    for table in seating.tables:
        for side in table.sides:
            if name in side:
                others = [p for o in table.sides if o is not side for p in o]
                partners = [p for p in side if p != name]
                return {
                    "table": table.number,
                    "partners": partners,
                    "opponents": others,
                }
    return {"table": None}
