"""Renaming a player, or merging two ("Annie" is "Ann"): one name in every game.

A change rewrites the name in every game of the person spelled otherwise
(in a merge, as the other person is most often spelled): their seats, the
hands they bid or were called to, a lone player's side named after them and
a first dealer. Each changed game's version moves on, so every scoreboard and
kept page sees it. The games are rewritten a chunk at a time, each chunk's
stored results replaced in bulk; then the standings (every scope) and tallies
of the two persons and their teams are folded afresh, once, from the stored
results of every game either played, and the ratings are replayed from the
earliest finished game that changed: a few statements a chunk, not a few a
game. All in one transaction, or nothing. The hands are never touched
otherwise, so every score stays as it was. Who may ask is the pages' business
(the club password).
"""

from __future__ import annotations

from datetime import datetime

from flask_babel import gettext
from sqlalchemy import select, update
from sqlalchemy.orm import selectinload

from ..db import store
from ..db.models import Game, GameSide, Player, db
from ..errors import N_, BadInput, Conflict, NotFound, Quoted, Stale
from ..results import counting, game_rows, listing, ratings, standings, tallies
from ..results.models import PlayerResult
from ..scoring import ScoringError, clean_name, name_key, reading_order, rules_from_dict
from ..seasons import service as seasons
from . import service
from .change import Change, both, games

FIELD = "new_name"
# Games rewritten a chunk at a time: a long IN list is refused by some
# databases, and a chunk's objects are all in memory at once.
CHUNK = 200


def _seats(key: str) -> list[tuple[str, str]]:
    """Return each game a person played and how their name was spelled in it."""
    query = (
        select(GameSide.game_id, Player.name)
        .join(Player.side)
        .where(Player.name_key == key)
    )
    return [(game_id, name) for game_id, name in db.session.execute(query)]


def has_played(name: str) -> bool:
    """Return whether anyone of this name (in any spelling) has played here."""
    query = select(Player.id).where(Player.name_key == name_key(name)).limit(1)
    return db.session.execute(query).first() is not None


def plan(name: str, new_name: str) -> Change:
    """Return what renaming a player (found by any spelling) to `new_name` does.

    A name that is another player's, in any spelling, makes the two one: the
    player's games take the other's usual spelling. Refused when both played
    in one game, or when nothing would change.
    """
    key = name_key(name)
    seats = _seats(key)
    if not seats:
        # The typed name between the page's quotes (« Zoé » in French).
        raise NotFound(
            N_("No one called %(name)s has played here."), "name", name=Quoted(name)
        )
    # Seated only in games with no hand, a person has no counted spelling.
    old = service.spellings([key]).get(key, seats[0][1])
    try:
        new = clean_name(new_name, FIELD)
    except ScoringError as error:  # the new-game form's rules for a name
        raise BadInput(error.template, FIELD, **error.params) from None
    others = _seats(name_key(new)) if name_key(new) != key else []
    into = (
        service.spellings([name_key(new)]).get(name_key(new), others[0][1])
        if others
        else None
    )
    shared = {g for g, _ in seats} & {g for g, _ in others}
    if shared:
        raise Conflict(
            gettext(
                "%(both)s played in the same game (%(shared)s together): "
                "they cannot be one person.",
                both=both(old, into or ""),
                shared=games(len(shared)),
            ),
            FIELD,
        )
    if into is not None:  # joining someone: they stay, spelled as most often
        new = into
    # Asked on the confirmation, as a new game asks: the Yes makes it a new name.
    alike = None if into is not None else listing.lookalikes([new], but=name)
    changing = [(g, spelled) for g, spelled in seats if spelled != new]
    if not changing:
        raise BadInput(
            gettext(
                "%(old)s is spelled %(new)s in every game already.", old=old, new=new
            ),
            FIELD,
        )
    return Change(
        old=old,
        new=new,
        into=into,
        moving=len(seats),
        joining=len(others),
        spellings=tuple(sorted({s for _, s in changing}, key=reading_order)),
        games=tuple(sorted({g for g, _ in changing})),
        looks_like=alike[0][1] if alike else None,
    )


def _rewrite(game: Game, keys: set[str], new: str) -> counting.Rows:
    """Spell a person's name as `new` throughout one game; return its results."""
    old = set()
    for side in game.sides:
        for player in side.players:
            if player.name_key in keys and player.name != new:
                old.add(player.name)
                player.name, player.name_key = new, name_key(new)
        lone = len(side.players) == 1 and side.players[0].name == new
        if lone and name_key(side.name) in keys:  # a lone player's side is theirs
            side.name = new
    if game.first_dealer in old:
        game.first_dealer = new
    for hand in game.hands:
        if hand.bidder in old:
            hand.bidder = new
        if hand.partner in old:
            hand.partner = new
    try:
        table = store.game_table(game)
    except ScoringError as error:
        raise Conflict(
            N_("In the game %(game)s: %(error)s"), FIELD, game=game.name, error=error
        ) from None
    state = store.replay_rows(game, rules_from_dict(game.rules), table)
    return game_rows.from_replay(game, table, state)


def _teams(game: Game, keys: set[str]) -> set[str]:
    """Return the team keys of a game's teams with a person of these keys in it."""
    found = (game_rows.team_key(tuple(p.name for p in s.players)) for s in game.sides)
    return {team for team in found if team and standings.touches(team, keys)}


def _rewrite_all(found: Change, keys: set[str]) -> tuple[set[str], list[datetime]]:
    """Rewrite the changed games a chunk at a time; return old teams, rated dates.

    Each chunk's versions move on first (that takes their write locks), so
    every copy of them is stale, and `renames` with them, so no worker keeps
    a table with the old names; then its results are stored again in bulk.
    """
    teams, rated = set(), []
    for start in range(0, len(found.games), CHUNK):
        chunk = list(found.games[start : start + CHUNK])
        bump = update(Game).where(Game.id.in_(chunk))
        bump = bump.values(version=Game.version + 1, renames=Game.renames + 1)
        db.session.execute(bump.execution_options(synchronize_session=False))
        query = (
            select(Game)
            .where(Game.id.in_(chunk))
            .order_by(Game.id)
            .options(selectinload(Game.hands))
            .execution_options(populate_existing=True)
        )
        rows: counting.Rows = ([], [], [])
        for game in db.session.execute(query).scalars():
            teams |= _teams(game, keys)
            for kept, new in zip(rows, _rewrite(game, keys, found.new), strict=True):
                kept.extend(new)
            if game.ending is not None:
                rated.append(game.created)
        db.session.flush()
        game_rows.replace(chunk, rows)
    return teams, rated


def _refold(persons: set[str], gone: set[str]) -> None:
    """Build afresh the standings and tallies of persons from all their games."""
    standings.hold()
    tables = [model.__table__ for model in game_rows.MODELS]
    theirs = select(PlayerResult.game_id).where(
        PlayerResult.name_key.in_(sorted(persons))
    )
    played = seasons.stored_games(db.session, *tables, tables[1].c.game_id.in_(theirs))
    rulesets = select(Game.id, Game.ruleset_id).where(Game.id.in_(theirs))
    kept_to = {game_id: kept for game_id, kept in db.session.execute(rulesets)}
    standings.refold(persons, gone, played, kept_to)
    tallies.refold(persons, (rows for _, _, rows in played))


def change(name: str, new_name: str, expected: int | None = None) -> Change:
    """Rename a player, or make them one with another, in every game; say what.

    `expected` is how many games the confirmation named: when that no longer
    holds (a game was played or changed meanwhile), nothing is done.
    """

    def work() -> Change:
        found = plan(name, new_name)
        if expected is not None and expected != len(found.games):
            raise Stale(
                gettext(
                    "Games changed since you looked: nothing was renamed. Look again."
                ),
                FIELD,
            )
        keys = {name_key(name), name_key(found.new)}
        teams, rated = _rewrite_all(found, keys)
        _refold(keys, teams)
        if rated:  # their players' ratings from then on are someone else's now
            ratings.refresh(min(rated))
        return found

    return store.transaction(work)
