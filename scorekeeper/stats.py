"""Statistics across games, per player and per team, from replayed games alone."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .scoring import SUITS, GameState, HandResult, Table, contracting_sides, name_key
from .scoring.contracts import LEVELS

WIN_KINDS = ("front_door", "back_door")


@dataclass(frozen=True)
class Record:
    """How many contracts of one kind were bid and how many of them were made."""

    bid: int = 0
    made: int = 0

    def add(self, made: bool) -> Record:
        """Return this record with one more contract, made or not."""
        return Record(self.bid + 1, self.made + int(made))

    @property
    def words(self) -> str:
        """Return the record as '3 of 5 made (60%)', or '—' when never bid."""
        if not self.bid:
            return "—"
        return f"{self.made} of {self.bid} made ({round(100 * self.made / self.bid)}%)"


@dataclass(frozen=True)
class Stats:
    """One player's or one team's results across every game they sat in."""

    name: str
    players: tuple[str, ...]
    games: int
    finished: int
    front_door: int
    back_door: int
    other_wins: int
    contracts: Record
    suits: tuple[tuple[str, Record], ...]
    levels: tuple[tuple[int, Record], ...]
    misere: Record
    specials: Record
    tricks_bid: int
    tricks_taken: int

    @property
    def wins(self) -> int:
        """Return every win, however the game ended."""
        return self.front_door + self.back_door + self.other_wins

    @property
    def average_tricks(self) -> str:
        """Return the side's average tricks on its trick contracts, in words."""
        count = sum(r.bid for _, r in self.levels)
        if not count:
            return "—"
        return (
            f"{self.tricks_taken / count:.1f} taken on an average bid of "
            f"{self.tricks_bid / count:.1f}"
        )


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
        self.contracts = self.contracts.add(made)
        if contract.suit is not None:
            self.suits[contract.suit] = self.suits.get(contract.suit, Record()).add(
                made
            )
            level = contract.tricks
            self.levels[level] = self.levels.get(level, Record()).add(made)
            self.tricks_bid += contract.tricks
            self.tricks_taken += sum(
                hand.tricks[s] for s in contracting_sides(table, hand)
            )
        elif contract.is_misere:
            self.misere = self.misere.add(made)
        else:
            self.specials = self.specials.add(made)

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


def team_name(players: Iterable[str]) -> str:
    """Return a team's name from its players, the same whatever the seating."""
    return " & ".join(sorted(players, key=str.casefold))


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
