"""Statistics per player and per team, read from the standings every write keeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, func, or_, select

from ..db.models import Season, db
from ..scoring import SUITS, reading_order
from ..scoring.contracts import LEVELS
from . import seasonal
from .models import ALL_TIME, standing


def win_rate(wins: int, finished: int) -> int | None:
    """Return the wins of the finished games in whole percent, or None with none."""
    return round(100 * wins / finished) if finished else None


@dataclass(frozen=True)
class Record:
    """How many contracts of one kind were bid and how many of them were made."""

    bid: int = 0
    made: int = 0

    def plus(self, bid: int, made: int) -> Record:
        """Return this record with more contracts, of which `made` were made."""
        return Record(self.bid + bid, self.made + made)

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


def as_stats(row: Any) -> Stats:
    """Return a standing row as Stats."""
    return Stats(
        name=row.name,
        players=tuple(row.players.split("\n")),
        games=row.games,
        finished=row.finished,
        front_door=row.front_door,
        back_door=row.back_door,
        other_wins=row.other_wins,
        contracts=Record(row.bid, row.made),
        suits=tuple((s, _record(row, s.lower())) for s in SUITS),
        levels=tuple((n, _record(row, n)) for n in LEVELS),
        misere=Record(row.misere_bid, row.misere_made),
        specials=Record(row.special_bid, row.special_made),
        tricks_bid=row.tricks_bid,
        tricks_taken=row.tricks_taken,
    )


def _record(row: Any, key: object) -> Record:
    return Record(getattr(row, f"bid_{key}"), getattr(row, f"made_{key}"))


def ranked(
    teams: bool, shown: int | None = None, scope: int = ALL_TIME
) -> tuple[list[Stats], int]:
    """Return the players' or teams' statistics, most games then wins first.

    Only the first `shown` (all when None), and how many more there are; of
    all time, or of a season (its id).
    """
    chosen = (standing.c.scope == scope) & (standing.c.team == teams)
    query = select(standing).where(chosen)
    if shown is not None:  # down to the shown-th place and all who share it
        place = (
            select(standing.c.games, standing.c.wins)
            .where(chosen)
            .order_by(standing.c.games.desc(), standing.c.wins.desc())
            .offset(shown - 1)
            .limit(1)
            .subquery()
        )
        games = select(place.c.games).scalar_subquery()
        wins = select(place.c.wins).scalar_subquery()
        query = query.where(  # everyone, when there are fewer than shown
            or_(
                standing.c.games > func.coalesce(games, -1),
                and_(standing.c.games == games, standing.c.wins >= wins),
            )
        )
    rows = list(db.session.execute(query).all())
    rows.sort(key=lambda r: (-r.games, -r.wins, reading_order(r.name)))
    kept = rows if shown is None else rows[:shown]
    total = db.session.execute(select(func.count()).where(chosen)).scalar_one()
    return [as_stats(row) for row in kept], total - len(kept)


def player_stats() -> list[Stats]:
    """Return every player's results, most games first."""
    return ranked(False)[0]


def team_stats() -> list[Stats]:
    """Return the results of every team (a side of two or more), most games first."""
    return ranked(True)[0]


def games_counted(season: Season | None = None) -> int:
    """Return how many games the statistics count (those with a hand): every
    one, or a season's; kept, one row however many games there are."""
    return seasonal.counted(ALL_TIME if season is None else season.id)["played"]
