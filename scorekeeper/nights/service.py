"""What the pages and the API can do with club nights (NIGHTS.md): set one up,
find and list them (the director's writes are in director.py).

Each table of a round is an ordinary game, made through the games' service in
the night's own transaction: a round starts with all its games or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..db import store, tokens
from ..db.models import Game, db
from ..errors import N_, BadInput, NotFound
from ..games import service as games
from ..results import listing as names_played
from ..scoring import Rules, name_key
from ..scoring.rules import rules_to_dict
from ..scoring.table import clean_name
from ..text import clean_text
from . import seating
from .clock import times
from .models import Night, NightPlayer
from .movements import movement

RANK_BY = ("wins", "points")
MOST_HANDS_A_ROUND = 40


@dataclass(frozen=True)
class NewNight:
    """A night asked for (NIGHTS.md `POST /api/nights`), checked by `check`."""

    name: str
    rules: Rules
    movement: str
    players: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    round_hands: int | None = None
    rank_by: str = "wins"
    odd_players: str = "sit_out"
    rounds: int | None = None
    round_minutes: int | None = None
    shuffle: bool = False
    ruleset: int | None = None
    new_players: tuple[str, ...] = ()  # lookalikes meant as new people


def roster(new: NewNight) -> tuple[str, list[str]]:
    """Return the field that holds a night's roster and the names on it."""
    if new.movement == "fixed_pairs":
        return "pairs", [p for pair in new.pairs for p in pair]
    return "players", list(new.players)


def lookalikes(new: NewNight) -> list[tuple[str, str]]:
    """Return each new name on the roster that looks like someone who has
    played, with that person's name, unless the night confirms it as new."""
    return names_played.lookalikes(roster(new)[1], new.new_players)


def check(new: NewNight) -> None:
    """Refuse a night NIGHTS.md refuses, naming the field."""
    clean_text(new.name, "name")  # at most 80 characters, as the pages allow
    if new.movement not in movement.MOVEMENTS:
        raise BadInput(
            N_("The movement must be one of %(kinds)s."),
            "movement",
            kinds=", ".join(movement.MOVEMENTS),
        )
    if new.rank_by not in RANK_BY:
        raise BadInput(N_("Rank players by wins or by points."), "rank_by")
    if new.odd_players not in movement.ODD_PLAYERS:
        raise BadInput(
            N_("odd_players must be sit_out or mixed_tables."), "odd_players"
        )
    if new.odd_players == "mixed_tables" and new.movement != "rotation":
        raise BadInput(
            N_("Mixed tables go with the rotation movement only."), "odd_players"
        )
    if new.round_hands is not None and not 1 <= new.round_hands <= MOST_HANDS_A_ROUND:
        raise BadInput(
            N_("A round lasts 1 to %(most)s hands (or a whole game)."),
            "round_hands",
            most=MOST_HANDS_A_ROUND,
        )
    if new.rounds is not None and not 1 <= new.rounds <= 100:
        raise BadInput(N_("Plan 1 to 100 rounds, or leave it open."), "rounds")
    times.check_minutes(new.round_minutes)
    field, names = roster(new)
    if field == "pairs" and len(new.pairs) < 2:
        raise BadInput(N_("Fixed pairs need at least two pairs."), "pairs")
    if len(names) < 4:
        raise BadInput(N_("A night needs at least four players."), field)
    for name in names:  # a roster typed on the page is refused as the API's is
        clean_name(name, field)
    keys = [name_key(p) for p in names]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise BadInput(N_("%(name)s is on the roster twice."), field, name=names[i])
    names_played.refuse_lookalikes(names, field, new.new_players)


def create(new: NewNight) -> tuple[Night, str]:
    """Set up a night and seat its round 1; return it and the director's token."""
    check(new)
    token, token_hash = tokens.new_token()
    night = Night(
        name=new.name,
        rules=rules_to_dict(new.rules),
        ruleset_id=new.ruleset,
        movement=new.movement,
        round_hands=new.round_hands,
        rank_by=new.rank_by,
        odd_players=new.odd_players,
        rounds_planned=new.rounds,
        round_minutes=new.round_minutes,
        shuffle=new.shuffle,
        token_hash=token_hash,
    )
    named = [(p, i) for i, pair in enumerate(new.pairs) for p in pair] or [
        (p, None) for p in new.players
    ]
    for position, (name, pair) in enumerate(named):
        night.players.append(
            NightPlayer(
                position=position, name=name, name_key=name_key(name), pair=pair
            )
        )

    def work() -> list[games.Loaded]:
        db.session.add(night)
        db.session.flush()
        return seating.open_round(night, seating.first_seating(night))

    made = store.transaction(work)
    for game in made:
        games.keep_made(game)
    return night, token


def load(night_id: str) -> Night:
    """Return the night with this id, or raise NotFound."""
    night = db.session.get(Night, night_id) if len(night_id) <= 32 else None
    if night is None:
        raise NotFound(N_("There is no club night with that id."))
    return night


def may_direct(night: Night, token: str | None) -> bool:
    """Return whether a token is the night's director's."""
    return tokens.grants(token, night.token_hash)


def games_of(nights: Sequence[Night]) -> list[str]:
    """Return the ids of every game of these nights."""
    return [t.game_id for n in nights for r in n.rounds for t in r.tables]


def listing(page: int, per_page: int) -> tuple[list[Night], int]:
    """Return a page of nights, newest first, and how many there are."""
    count = db.session.execute(db.select(db.func.count(Night.id))).scalar_one()
    query = (
        db.select(Night)
        .order_by(Night.created.desc(), Night.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return list(db.session.execute(query).scalars()), count


def statuses(nights: Sequence[Night]) -> dict[str, str]:
    """Return each night's status as `GET /api/nights/<id>` says it, in one query:
    finished by the director, or once its last planned round has ended."""
    due = {
        n.id: [t.game_id for t in n.rounds[-1].tables]
        for n in nights
        if n.status != "finished"
        and n.rounds_planned is not None
        and len(n.rounds) >= n.rounds_planned
    }
    ids = [g for found in due.values() for g in found]
    query = db.select(Game.id).where(Game.id.in_(ids), Game.ending.is_not(None))
    ended = set(db.session.execute(query).scalars()) if ids else set()
    return {
        n.id: "finished"
        if n.id in due and all(g in ended for g in due[n.id])
        else n.status
        for n in nights
    }


__all__ = ["Night"]
