"""What the pages, the API and the CLI can do with games."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ..db import grants, store, tokens
from ..db.heads import Head
from ..db.models import Game, db
from ..db.store import Also, AlsoMade, Loaded, load
from ..errors import N_, Conflict, NotFound, Stale
from ..nights import models as nights
from ..nights.models import check_not_kept, night_of, undo_refused
from ..nights.reading.heads import page_head as head  # a table draws its night
from ..results import game_rows, listing, ratings
from ..results.game_rows import Change, kept_change, locked_change, locked_write
from ..results.listing import Page, list_games, player_names
from ..scoring import (
    GameOver,
    GameState,
    Hand,
    HandResult,
    Rules,
    ScoringError,
    Table,
    check_room,
    replay,
)
from ..text import clean_text

# The field a hand refused after a club night's call of time names: the
# phone tells it from a hand another phone saved first.
CALLED = "called"
TIME_CALLED = N_(
    "Time was called on this round before this hand arrived: it was not saved."
)

# The pages and the API reach games, and their listing, through this module.
__all__ = ["Head", "Loaded", "Page", "head", "list_games", "load", "player_names"]
__all__ += ["Change", "kept_change", "locked_change", "locked_write"]
__all__ += ["check_not_kept", "night_of", "undo_refused"]

NewGame = tuple[str, Rules, Table, str, int | None]  # add_games's


# Reading


def all_games() -> list[Loaded]:
    """Return every game, oldest first."""
    query = db.select(Game).order_by(Game.created, Game.id)
    return [store.loaded(g) for g in db.session.execute(query).scalars()]


def owns(game: Loaded | Head, token: str | None) -> bool:
    """Return whether a token is the game's own (a play link's; never a director's)."""
    return tokens.grants(token, game.token_hash)


def may_write(game: Loaded | Head, token: str | None) -> bool:
    """Return whether a token writes this game: its own, or its night director's."""
    if owns(game, token):
        return True
    return token is not None and grants.other_key(game.id, token)


def check_number(number: int, count: int) -> None:
    """Raise NotFound unless a game of `count` hands has hand `number`."""
    if not 1 <= number <= count:
        raise NotFound(N_("There is no hand %(number)s in this game."), number=number)


def check_undoable(count: int) -> None:
    """Raise Conflict when a game has no hand to undo."""
    if not count:
        raise Conflict(N_("There is no hand to undo."), "number")


def hand(game: Loaded, number: int) -> HandResult:
    """Return a recorded hand, or raise NotFound."""
    check_number(number, len(game.state.hands))
    return game.state.hands[number - 1]


def last_hand(game: Loaded) -> HandResult:
    """Return the hand an undo would take back, or raise Conflict."""
    check_undoable(len(game.state.hands))
    nights.check_undo(game.id)  # a night's game: only while its round is played
    return game.state.hands[-1]


# Writing games


def add_games(new: Sequence[NewGame]) -> list[tuple[Loaded, str]]:
    """Add games (a night's round: a table's each) in the caller's transaction,
    in one flush; return each and its write token."""
    made = []
    for name, rules, table, notes, ruleset in new:
        game, token = store.game_row(name, rules, table, notes)
        game.ruleset_id = ruleset
        db.session.add(game)
        made.append((Loaded(game, rules, table, replay(rules, table, [])), token))
    db.session.flush()  # the ids, versions and dates the results and answer show
    with db.session.no_autoflush:  # each game's ending, written with the rest
        for loaded, _ in made:
            game_rows.keep(loaded.game, loaded.table, loaded.state, fresh=True)
    return made


def keep_made(made: Loaded) -> None:
    """Remember a new game's replay and table once its transaction committed."""
    store.remember(made.game, made.game.version, made.state)
    store.keep_table(made.game, made.rules, made.table)


def create_game(
    name: str,
    rules: Rules,
    table: Table,
    notes: str = "",
    also: AlsoMade = None,
    ruleset: int | None = None,
) -> tuple[Loaded, str]:
    """Create a game (from saved house rules, if given); return it and its token."""

    def work() -> tuple[Loaded, str]:
        made, token = add_games([(name, rules, table, notes, ruleset)])[0]
        if also is not None:
            also(made, token)
        return made, token

    made, token = store.transaction(work)
    keep_made(made)
    return made, token


def rematch(game: Loaded, also: AlsoMade = None) -> tuple[Loaded, str]:
    """Start a new game with the same table, rules and notes; the deal moves on.

    The old game's version moves on too, so its watchers' pages, drawn anew,
    point to the rematch (rematch_of).
    """
    check_not_kept(game.id, "rematch")
    table, row = game.table, game.game
    first = table.left_of(table.first_dealer)
    again = Table(table.sides, first)

    def both(made: Loaded, token: str) -> None:
        store.lock(row, None)
        if also is not None:
            also(made, token)

    return create_game(row.name, game.rules, again, row.notes, both, row.ruleset_id)


def rematch_of(game: Loaded) -> str | None:
    """Return the id of the rematch started from a finished game, if any."""
    if not game.state.finished:
        return None
    return listing.rematch_of(game.game, game.table)


def record_hand(
    game: Loaded, new: Hand, expected_version: int | None = None, also: Also = None
) -> Loaded:
    """Record the next hand; raise GameOver if the game has ended or is full."""
    check_room(game.state)  # before the lock: a full game needs no write

    def work() -> Change:
        # Read under the lock (store.lock): a call of time orders before or after.
        if game.game.called:
            raise time_called()
        version = game.game.version
        before = store.remembered(game.game, version - 1) or store.replay_rows(
            game.game, game.rules, game.table
        )
        check_room(before)  # a hand saved meanwhile may have filled it
        state = replay(
            game.rules, game.table, [new], since=before, called=game.game.called
        )
        store.add_hand(game.game, len(state.hands), new)
        return Change(state, len(state.hands), before)

    try:
        return locked_write(game, expected_version, work, also)
    except Stale:
        # The game moved since the phone drew it: by a call of time, say so.
        if store.called(game.id):
            raise time_called() from None
        raise


def time_called() -> Conflict:
    """Return the refusal of a hand that arrived after time was called."""
    return Conflict(TIME_CALLED, CALLED)


def _replay_with(game: Loaded, hands: Sequence[Hand], number: int) -> GameState:
    """Replay with a changed hand; an error in a later hand says which."""
    try:
        return replay(game.rules, game.table, hands, called=game.game.called)
    except GameOver as error:
        if error.hand is None or error.hand <= number:
            raise
        raise GameOver(
            "hand",
            N_(
                "With this change the game ends at hand %(number)s: undo the hands "
                "after it first."
            ),
            error.hand,
            number=error.hand - 1,
        ) from None
    except ScoringError as error:
        if error.hand is None or error.hand == number:
            raise
        raise ScoringError(
            error.field,
            N_("Hand %(number)s would then be wrong: %(error)s"),
            error.hand,
            number=error.hand,
            error=error,
        ) from None


def replace_hand(
    game: Loaded, number: int, new: Hand, expected_version: int | None = None
) -> Loaded:
    """Replace a hand and recompute everything after it."""

    def work() -> Change:
        rows = game.game.hands
        check_number(number, len(rows))
        hands = [store.stored_hand(h) for h in rows]
        hands[number - 1] = new
        state = _replay_with(game, hands, number)
        if game.game.ending is not None and not state.finished:
            nights.check_stays_ended(game.id)  # its round over, a night's game
        for column, value in store.hand_values(number, new).items():
            setattr(rows[number - 1], column, value)
        return Change(state, number)

    night = partial(nights.lock_night_of, game.id)
    return locked_write(game, expected_version, work, first=night)


def undo_hand(
    game: Loaded, expected_version: int | None = None, number: int | None = None
) -> Loaded:
    """Delete the last hand (or check that `number` is the last) and replay."""

    def work() -> Change:
        rows = game.game.hands
        count = len(rows)
        if number is not None:
            check_number(number, count)
            if number != count:
                raise Conflict(LAST_ONLY, "number", count=count, number=number)
        check_undoable(count)
        rows.pop()
        hands = [store.stored_hand(h) for h in rows]
        return Change(_replay_with(game, hands, count), count)

    night = partial(nights.check_undo, game.id, lock=True)
    return locked_write(game, expected_version, work, first=night)


LAST_ONLY = N_(
    "Only the last hand (%(count)s) can be undone; edit hand %(number)s instead."
)


def delete_game(game: Loaded) -> None:
    """Delete a game, everything recorded in it and every phone's grant of it."""
    check_not_kept(game.id, "delete")

    def work() -> None:
        store.lock(game.game, None)  # a write racing the delete waits for it
        game_rows.drop(game.game)
        grants.forget(grants.GAME, game.id)
        if game.game.ending is not None:  # the ratings after it move without it
            ratings.refresh(game.game.created, without=game.game.id)
        db.session.delete(game.game)

    store.transaction(work)


def set_notes(game: Loaded, notes: str) -> None:
    """Change a game's notes and move its version on, so every copy knows."""
    cleaned = clean_text(notes, "notes")

    def work() -> None:
        # The lock bumps the version: a watcher's scoreboard and an API
        # client's ETag see that the game changed.
        store.lock(game.game, None)
        game.game.notes = cleaned

    store.transaction(work)
