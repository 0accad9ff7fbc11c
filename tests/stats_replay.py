"""Statistics from replayed games, as the app computed them before it kept results.

The reference the SQL statistics are checked against (test_stats_sql.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.results.counting import WIN_KINDS, team_name
from scorekeeper.results.stats import Record, Stats
from scorekeeper.scoring import (
    SUITS,
    GameState,
    HandResult,
    Table,
    contracting_sides,
    name_key,
)
from scorekeeper.scoring.contracts import LEVELS


@dataclass
class _Tally:
    """Counts collected while walking the games; frozen into Stats at the end."""

    name: str
    players: tuple[str, ...]
    games: int = 0
    finished: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    contracts: Record = Record()
    suits: dict[str, Record] = field(default_factory=dict)
    levels: dict[int, Record] = field(default_factory=dict)
    misere: Record = Record()
    specials: Record = Record()
    tricks_bid: int = 0
    tricks_taken: int = 0

    def play(self, state: GameState, side: int) -> None:
        """Count one game this player or team sat in, on this side."""
        self.games += 1
        if state.finished:
            self.finished += 1
            if state.winner == side:
                assert state.ending is not None
                kind = state.ending if state.ending in WIN_KINDS else "other"
                self.wins[kind] = self.wins.get(kind, 0) + 1

    def bid(self, table: Table, result: HandResult) -> None:
        """Count one contract this player or team bid."""
        contract, hand, made = result.contract, result.hand, bool(result.made)
        assert contract is not None and hand.side is not None
        self.contracts = self.contracts.plus(1, int(made))
        if contract.suit is not None:
            self.suits[contract.suit] = self.suits.get(contract.suit, Record()).plus(
                1, int(made)
            )
            level = contract.tricks
            self.levels[level] = self.levels.get(level, Record()).plus(1, int(made))
            self.tricks_bid += contract.tricks
            self.tricks_taken += sum(
                hand.tricks[s] for s in contracting_sides(table, hand)
            )
        elif contract.is_misere:
            self.misere = self.misere.plus(1, int(made))
        else:
            self.specials = self.specials.plus(1, int(made))

    def freeze(self) -> Stats:
        """Return the counts as Stats."""
        return Stats(
            name=self.name,
            players=self.players,
            games=self.games,
            finished=self.finished,
            front_door=self.wins.get("front_door", 0),
            back_door=self.wins.get("back_door", 0),
            other_wins=self.wins.get("other", 0),
            contracts=self.contracts,
            suits=tuple((s, self.suits.get(s, Record())) for s in SUITS),
            levels=tuple((n, self.levels.get(n, Record())) for n in LEVELS),
            misere=self.misere,
            specials=self.specials,
            tricks_bid=self.tricks_bid,
            tricks_taken=self.tricks_taken,
        )


def _key(names: Iterable[str]) -> frozenset[str]:
    # Names are matched case-blind, as the history filter matches them.
    return frozenset(name_key(n) for n in names)


def _ranked(tallies: Iterable[_Tally]) -> list[Stats]:
    stats = [t.freeze() for t in tallies]
    return sorted(stats, key=lambda s: (-s.games, -s.wins, s.name.casefold()))


def player_stats(games: Iterable[tuple[Table, GameState]]) -> list[Stats]:
    """Return every player's results, most games first."""
    tallies: dict[frozenset[str], _Tally] = {}
    for table, state in games:
        for index, side in enumerate(table.sides):
            for player in side.players:
                tally = tallies.setdefault(_key([player]), _Tally(player, (player,)))
                tally.play(state, index)
        for result in state.hands:
            bidder = result.hand.bidder
            if result.contract is not None and bidder is not None:
                tallies[_key([bidder])].bid(table, result)
    return _ranked(tallies.values())


def team_stats(games: Iterable[tuple[Table, GameState]]) -> list[Stats]:
    """Return the results of every team (a side of two or more), most games first."""
    tallies: dict[frozenset[str], _Tally] = {}
    for table, state in games:
        if not table.is_teams:
            continue
        teams = []
        for index, side in enumerate(table.sides):
            players = tuple(sorted(side.players, key=str.casefold))
            tally = tallies.setdefault(
                _key(players), _Tally(team_name(players), players)
            )
            tally.play(state, index)
            teams.append(tally)
        for result in state.hands:
            if result.contract is not None and result.hand.side is not None:
                teams[result.hand.side].bid(table, result)
    return _ranked(tallies.values())
