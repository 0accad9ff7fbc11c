"""The director's writes to a club night (NIGHTS.md): start a round, call time,
add a late arrival or mark a player gone, finish the night.

Each takes the night's row lock first and reads the night again under it, so
two devices acting at once act one after the other and the second sees what
the first did; an action names the round it acts on, and a stale one changes
nothing (409).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ..db import store
from ..errors import N_, BadInput, Conflict, Listed, NotFound
from ..games import service as games
from ..results import listing
from ..scoring import GameState, name_key, replay
from ..scoring.table import clean_name
from . import board, seating
from .models import Night, NightPlayer, NightRound, locked


def start_round(night: Night, number: int | None = None) -> Night:
    """Seat and start round `number` (the next): 409 while a table plays, when
    finished, or when `number` is not the next round's."""

    def work() -> list[games.Loaded]:
        locked(night)
        now = len(night.rounds)
        if number is not None and number != now + 1:
            if number <= now:
                raise Conflict(STARTED_SINCE, "number", round=now)
            raise Conflict(
                N_("Round %(number)s cannot start before round %(next)s."),
                "number",
                number=number,
                next=now + 1,
            )
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
        if night.rounds_planned is not None and now >= night.rounds_planned:
            raise Conflict(N_("Every planned round has been played."), "round")
        return seating.open_round(night, seating.next_seating(night))

    made = store.transaction(work)
    for game in made:
        games.keep_made(game)
    return night


STARTED_SINCE = N_("Round %(round)s has started since this page was drawn.")


def _calling_time(game: games.Loaded) -> games.Change:
    """End a locked game as it stands (its time called)."""
    # The game as it stands under the lock (a hand may have landed since it
    # was loaded), as record_hand reads it; then its time is called.
    row = game.game
    before = store.remembered(row, row.version - 1) or store.replay_rows(
        row, game.rules, game.table
    )
    row.called = True
    state = replay(game.rules, game.table, [], since=before, called=True)
    return games.Change(state, len(state.hands) + 1, before)


Ended = list[tuple[games.Loaded, int, GameState]]


def _call_tables(one: NightRound) -> Ended:
    """Call time on every game of a round still playing, in the caller's
    transaction; return what to remember once it committed."""
    ended = []
    for table in one.tables:
        game = games.load(table.game_id)
        if not game.state.finished:
            change = games.locked_change(game, None, partial(_calling_time, game))
            ended.append((game, *change))
    return ended


def _kept(ended: Ended) -> None:
    for game, version, state in ended:
        games.kept_change(game, version, state)


def call_time(game: games.Loaded) -> games.Loaded:
    """End a game as it stands (a club night's round called); no-op if it ended."""
    if game.state.finished:
        return game
    return games.locked_write(game, None, lambda: _calling_time(game))


def close_round(night: Night, number: int) -> Night:
    """Call time on round `number`, the round in play: each of its games still in
    progress ends as it stands; 409 when it is not the round in play."""

    def work() -> Ended:
        locked(night)
        one = next((r for r in night.rounds if r.number == number), None)
        if one is None:
            raise NotFound(
                N_("There is no round %(number)s in this night."),
                "number",
                number=number,
            )
        latest = len(night.rounds)
        if number != latest:
            raise Conflict(
                N_(
                    "Round %(round)s has started since this page was drawn: time "
                    "was not called on round %(number)s."
                ),
                "number",
                round=latest,
                number=number,
            )
        if night.status == "finished":
            raise Conflict(N_("The night is finished."), "number")
        if one.called or not board.tables_playing(night):
            raise Conflict(
                N_("Round %(number)s has ended already: nothing was changed."),
                "number",
                number=number,
            )
        one.called = True
        ended = _call_tables(one)
        if night.rounds_planned is not None and latest >= night.rounds_planned:
            night.status = "finished"
        return ended

    _kept(store.transaction(work))
    return night


def add_player(night: Night, name: object, confirmed: Sequence[str] = ()) -> Night:
    """Add a late arrival, seated from the next round; refuse a name that looks
    like someone else's unless `confirmed` lists it (a new player)."""
    if night.movement == "fixed_pairs":
        raise Conflict(N_("Fixed pairs keep their roster all night."), "name")
    checked = clean_name(name, "name")
    key = name_key(checked)
    also = [p.name for p in night.players]
    listing.refuse_lookalikes([checked], "name", confirmed, also=also)

    def work() -> None:
        locked(night)
        for player in night.players:
            if player.name_key == key:
                if player.present:
                    raise BadInput(
                        N_("%(name)s is on the roster already."),
                        "name",
                        name=player.name,
                    )
                player.present = True  # back again
                return
        position = len(night.players)
        night.players.append(NightPlayer(position=position, name=checked, name_key=key))

    store.transaction(work)
    return night


def mark_gone(night: Night, name: str) -> Night:
    """Mark a player gone: not seated again; what they played stays."""
    if night.movement == "fixed_pairs":
        raise Conflict(N_("Fixed pairs keep their roster all night."), "name")
    key = name_key(name)

    def work() -> None:
        locked(night)
        player = next((p for p in night.players if p.name_key == key), None)
        if player is None:
            raise NotFound(
                N_("%(name)s is not on this night's roster."), "name", name=name
            )
        if len(seating.present(night)) <= 4 and player.present:
            raise Conflict(N_("A night needs at least four players."), "name")
        player.present = False

    store.transaction(work)
    return night


def finish(night: Night) -> Night:
    """Finish the night: no round starts after it; a round in play ends as it
    stands (time called on it)."""

    def work() -> Ended:
        locked(night)
        if night.status == "finished":
            raise Conflict(N_("The night is finished."), "round")
        night.status = "finished"
        if not night.rounds or not board.tables_playing(night):
            return []
        night.rounds[-1].called = True
        return _call_tables(night.rounds[-1])

    _kept(store.transaction(work))
    return night
