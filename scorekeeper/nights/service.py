"""What the pages and the API can do with club nights (NIGHTS.md): set one up,
seat and start its rounds, call time, change the roster, finish it.

Each table of a round is an ordinary game, made through the games' service in
the night's own transaction: a round starts with all its games or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from flask_babel import gettext

from ..db import grants, store, tokens
from ..db.models import db
from ..errors import N_, BadInput, Conflict, Listed, NotFound
from ..games import service as games
from ..scoring import Rules, make_table, name_key, replay
from ..scoring.rules import rules_from_dict, rules_to_dict
from ..scoring.table import clean_name
from . import board, movement, seating
from .models import Night, NightPlayer, NightRound, NightTable
from .movement import Seating

RANK_BY = ("wins", "points")
MOST_HANDS_A_ROUND = 40
# A table's game is named once, in the language of the phone that starts the round.
GAME_NAME = N_("%(night)s: round %(round)s, table %(table)s")


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
    shuffle: bool = False
    ruleset: int | None = None


def check(new: NewNight) -> None:
    """Refuse a night NIGHTS.md refuses, naming the field."""
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
    field = "pairs" if new.movement == "fixed_pairs" else "players"
    names = [p for pair in new.pairs for p in pair] if field == "pairs" else new.players
    if field == "pairs" and len(new.pairs) < 2:
        raise BadInput(N_("Fixed pairs need at least two pairs."), "pairs")
    if len(names) < 4:
        raise BadInput(N_("A night needs at least four players."), field)
    keys = [name_key(p) for p in names]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise BadInput(N_("%(name)s is on the roster twice."), field, name=names[i])


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
        return _open_round(night, seating.first_seating(night))

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


def _bump(night: Night) -> None:
    night.version += 1


def _open_round(night: Night, seated: Seating) -> list[games.Loaded]:
    """Add the next round and a game for each of its tables (in the transaction)."""
    number = len(night.rounds) + 1
    one = NightRound(number=number, sitting_out=list(seated.sitting_out))
    night.rounds.append(one)
    rules = rules_from_dict(night.rules)
    if night.round_hands is not None:
        rules = replace(rules, hands_limit=night.round_hands)
    made = []
    for table in seated.tables:
        sides = [(" & ".join(side), list(side)) for side in table.sides]
        name = gettext(GAME_NAME, night=night.name, round=number, table=table.number)
        game, token = games.add_game(
            name,
            rules,
            make_table(sides, table.sides[0][0]),
            ruleset=night.ruleset_id,
        )
        grants.add_key(game.id, night.token_hash)
        sealed = seating.seal(game.id, token)
        one.tables.append(
            NightTable(number=table.number, game_id=game.id, sealed=sealed)
        )
        made.append(game)
    _bump(night)
    return made


# The director's writes


def start_round(night: Night) -> Night:
    """Seat and start the next round: 409 while a table plays or when finished."""
    if night.status == "finished":
        raise Conflict(N_("The night is finished."), "round")
    playing = board.tables_playing(night)
    if playing:
        # A list of tables is never empty: one is "table", more are "tables".
        said = (
            N_("Table %(tables)s is still playing this round.")
            if len(playing) == 1
            else N_("Tables %(tables)s are still playing this round.")
        )
        raise Conflict(said, "round", tables=Listed(playing))
    if night.rounds_planned is not None and len(night.rounds) >= night.rounds_planned:
        raise Conflict(N_("Every planned round has been played."), "round")
    seated = seating.next_seating(night)
    made = store.transaction(lambda: _open_round(night, seated))
    for game in made:
        games.keep_made(game)
    return night


def call_time(game: games.Loaded) -> games.Loaded:
    """End a game as it stands (a club night's round called); no-op if it ended."""
    if game.state.finished:
        return game

    def work() -> games.Change:
        # The game as it stands under the lock (a hand may have landed since it
        # was loaded), as record_hand reads it; then its time is called.
        row = game.game
        before = store.remembered(row, row.version - 1) or store.replay_rows(
            row, game.rules, game.table
        )
        row.called = True
        state = replay(game.rules, game.table, [], since=before, called=True)
        return games.Change(state, len(state.hands) + 1, before)

    return games.locked_write(game, None, work)


def close_round(night: Night, number: int) -> Night:
    """Call time on a round: each of its games still in progress ends as it stands."""
    one = next((r for r in night.rounds if r.number == number), None)
    if one is None:
        raise NotFound(
            N_("There is no round %(number)s in this night."), "number", number=number
        )
    for table in one.tables:
        call_time(games.load(table.game_id))
    one.called = True
    store.transaction(lambda: _bump(night))
    _finish_if_planned(night)
    return night


def _finish_if_planned(night: Night) -> None:
    if (
        night.rounds_planned is not None
        and len(night.rounds) >= night.rounds_planned
        and not board.tables_playing(night)
    ):
        finish(night)


def add_player(night: Night, name: object) -> Night:
    """Add a late arrival, seated from the next round."""
    if night.movement == "fixed_pairs":
        raise Conflict(N_("Fixed pairs keep their roster all night."), "name")
    checked = clean_name(name, "name")
    key = name_key(checked)
    for player in night.players:
        if player.name_key == key:
            if player.present:
                raise BadInput(
                    N_("%(name)s is on the roster already."), "name", name=player.name
                )
            player.present = True  # back again
            store.transaction(lambda: _bump(night))
            return night
    position = len(night.players)
    row = NightPlayer(position=position, name=checked, name_key=key)
    night.players.append(row)
    store.transaction(lambda: _bump(night))
    return night


def mark_gone(night: Night, name: str) -> Night:
    """Mark a player gone: not seated again; what they played stays."""
    if night.movement == "fixed_pairs":
        raise Conflict(N_("Fixed pairs keep their roster all night."), "name")
    key = name_key(name)
    player = next((p for p in night.players if p.name_key == key), None)
    if player is None:
        raise NotFound(N_("%(name)s is not on this night's roster."), "name", name=name)
    if len(seating.present(night)) <= 4 and player.present:
        raise Conflict(N_("A night needs at least four players."), "name")
    player.present = False
    store.transaction(lambda: _bump(night))
    return night


def finish(night: Night) -> Night:
    """Finish the night: no round starts after it."""
    night.status = "finished"
    store.transaction(lambda: _bump(night))
    return night


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


__all__ = ["Night"]
