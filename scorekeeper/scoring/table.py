"""Who sits where: sides, seats and the deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import N_, Listed, Quoted, ScoringError, Word
from .names import (
    is_visible,
    key_outgrows,
    mixed_scripts,
    name_key,
    normal_name,
    only_dots,
    unreachable_part,
)

NAME_LIMIT = 40


# (number of sides, players per side) the game of 500 is played with.
SHAPES = {
    (2, 1): N_("two players"),
    (3, 1): N_("three players"),
    (2, 2): N_("four players in two teams"),
    (5, 1): N_("five players"),
    (2, 3): N_("six players in two teams of three"),
    (3, 2): N_("six players in three teams of two"),
}


@dataclass(frozen=True)
class Side:
    """A team or a lone player: whatever keeps one running score."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """The sides, in order, and the first dealer."""

    sides: tuple[Side, ...]
    first_dealer: str

    @property
    def seats(self) -> tuple[str, ...]:
        """Return the players clockwise: the sides' players interleaved."""
        size = len(self.sides[0].players)
        return tuple(side.players[i] for i in range(size) for side in self.sides)

    @property
    def players(self) -> tuple[str, ...]:
        """Return every player, side by side."""
        return tuple(p for side in self.sides for p in side.players)

    @property
    def is_teams(self) -> bool:
        """Return whether sides are teams rather than lone players."""
        return len(self.sides[0].players) > 1

    def side_of(self, player: str) -> int:
        """Return the index of the side a player sits on."""
        for index, side in enumerate(self.sides):
            if player in side.players:
                return index
        raise ScoringError(
            "bidder",
            N_("%(player)s is not a player at this table."),
            player=Quoted(player),
        )

    def dealer(self, offset: int) -> str:
        """Return who deals `offset` deals after the first dealer."""
        seats = self.seats
        return seats[(seats.index(self.first_dealer) + offset) % len(seats)]

    def left_of(self, player: str) -> str:
        """Return the player on someone's left (next clockwise)."""
        seats = self.seats
        return seats[(seats.index(player) + 1) % len(seats)]


def clean_name(
    value: object, field: str, what: str = N_("player"), *, kept: bool = False
) -> str:
    """Return a side's or player's name as kept, or refuse it naming the field.

    A name already kept (`kept`) is not refused for mixing scripts: games
    saved before that rule still load.
    """
    if not isinstance(value, str):
        raise ScoringError(
            field, N_("Each %(what)s name must be text."), what=Word(what)
        )
    name = normal_name(value)
    if not is_visible(name):
        raise ScoringError(field, N_("Every %(what)s needs a name."), what=Word(what))
    if len(name) > NAME_LIMIT:
        raise ScoringError(
            field,
            N_("The %(what)s name %(name)s… is longer than %(most)s."),
            what=Word(what),
            name=Quoted(name[:20]),
            most=NAME_LIMIT,
        )
    if not kept and key_outgrows(name, NAME_LIMIT):
        raise ScoringError(
            field,
            N_(
                "The %(what)s name %(name)s is too long once its letters are "
                "written out in full; shorten it."
            ),
            what=Word(what),
            name=Quoted(name),
        )
    if any(not ch.isprintable() for ch in name):
        raise ScoringError(
            field,
            N_("The %(what)s name %(name)s has control characters."),
            what=Word(what),
            name=Quoted(name),
        )
    if not kept and only_dots(name):  # '.' and '..' have no page: not names
        raise ScoringError(
            field,
            N_("The %(what)s name %(name)s is only dots: a name needs more."),
            what=Word(what),
            name=Quoted(name),
        )
    if not kept and unreachable_part(name):
        raise ScoringError(
            field,
            N_(
                "In the %(what)s name %(name)s, a part between slashes is empty "
                "or only dots; write it another way."
            ),
            what=Word(what),
            name=Quoted(name),
        )
    mixed = () if kept else mixed_scripts(name)
    if mixed:
        raise ScoringError(
            field,
            N_(
                "The %(what)s name %(name)s mixes %(scripts)s letters in one word; "
                "type each word in one alphabet."
            ),
            what=Word(what),
            name=Quoted(name),
            scripts=Listed(mixed),
        )
    return name


def make_table(
    sides: Sequence[tuple[object, Sequence[object]]],
    first_dealer: object = None,
    *,
    kept: bool = False,
) -> Table:
    """Validate side and player names and build a table; seat 1 deals by default.

    `kept`: the names are a saved game's, already checked when it was started.
    """
    if isinstance(sides, str) or not 2 <= len(sides) <= 6:
        raise ScoringError("sides", N_("A game needs two to six sides."))
    built = []
    for entry in sides:
        if not isinstance(entry, Sequence) or isinstance(entry, str) or len(entry) != 2:
            raise ScoringError("sides", N_("Each side needs a name and its players."))
        name, players = entry
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise ScoringError(
                "sides", N_("Each side's players must be a list of names.")
            )
        built.append(
            Side(
                clean_name(name, "sides", N_("side"), kept=kept),
                tuple(
                    clean_name(p, "players", N_("player"), kept=kept) for p in players
                ),
            )
        )
    sizes = {len(side.players) for side in built}
    if len(sizes) != 1 or (len(built), sizes.pop()) not in SHAPES:
        raise ScoringError(
            "sides",
            N_(
                "500 is played by 2 or 3 lone players, two teams of two, five lone "
                "players, or six in two teams of three or three teams of two."
            ),
        )
    table = Table(tuple(built), "")
    names = [name_key(p) for p in table.players]
    if len(set(names)) != len(names):
        raise ScoringError("players", N_("Player names must differ within a game."))
    side_names = [name_key(s.name) for s in built]
    if len(set(side_names)) != len(side_names):
        raise ScoringError("sides", N_("Side names must differ within a game."))
    if isinstance(first_dealer, str):
        first_dealer = normal_name(first_dealer)
    if first_dealer is None:
        dealer = table.seats[0]
    elif first_dealer not in table.players:
        raise ScoringError(
            "first_dealer", N_("The first dealer must be one of the players.")
        )
    else:
        dealer = str(first_dealer)
    return Table(table.sides, dealer)
