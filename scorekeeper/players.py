"""Players as people: one per name key across every game, read in SQL from results.

Every figure here is counted over the results and ratings kept beside the
hands (results.py, ratings.py), never by replaying games.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from . import stats
from .errors import NotFound
from .listing import Page
from .models import db
from .result_models import (
    ALL_TIME,
    HandResultRow,
    PlayerRating,
    PlayerResult,
    RatingRow,
    SideResult,
    standing,
)
from .scoring import name_key

# How many partners and opponents a player's page names.
NAMED = 3


@dataclass(frozen=True)
class Rated:
    """A player's rating now: mu - 3 sigma shown, with its uncertainty and games."""

    key: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class Together:
    """Another player seen beside or against this one: games, and wins of the pair."""

    name: str
    games: int
    wins: int


@dataclass(frozen=True)
class Profile:
    """Everything a player's page shows, counted from the stored results."""

    key: str
    name: str
    stats: stats.Stats
    losses: dict[str, int]  # by how the winners won: front_door, back_door, …
    contractor: tuple[int, int]  # hands their side bid, points scored on them
    defender: tuple[int, int]  # hands another side bid, points their side scored
    set: int
    ralphed: int
    partners: list[Together]
    opponents: list[Together]
    rating: Rated | None
    history: list[tuple[datetime, float]]  # the rating shown after each game

    @property
    def win_rate(self) -> str:
        """Return the wins of the finished games, as a percentage in words."""
        if not self.stats.finished:
            return "—"
        return f"{round(100 * self.stats.wins / self.stats.finished)}%"


def spellings(keys: list[str]) -> dict[str, str]:
    """Return each name key's most common spelling (the first in order, if tied)."""
    if not keys:
        return {}
    query = (
        select(PlayerResult.name_key, PlayerResult.name, func.count())
        .where(PlayerResult.name_key.in_(keys))
        .group_by(PlayerResult.name_key, PlayerResult.name)
    )
    best: dict[str, tuple[int, str]] = {}
    for key, name, count in db.session.execute(query):
        if key not in best or (-count, name) < (-best[key][0], best[key][1]):
            best[key] = (count, name)
    return {key: name for key, (_, name) in best.items()}


def _rated(rows: list[Any]) -> list[Rated]:
    named = spellings([row.name_key for row in rows])
    return [
        Rated(
            r.name_key,
            named.get(r.name_key, r.name_key),
            r.mu,
            r.sigma,
            r.ordinal,
            r.games,
        )
        for r in rows
    ]


def leaderboard(page: int, per_page: int) -> Page:
    """Return a page of players by rating (mu - 3 sigma), best first."""
    query = select(PlayerRating).order_by(
        PlayerRating.ordinal.desc(), PlayerRating.name_key
    )
    rows = db.session.execute(query.limit(per_page).offset((page - 1) * per_page))
    total = db.session.execute(
        select(func.count()).select_from(PlayerRating)
    ).scalar_one()
    return Page(_rated(list(rows.scalars())), page, per_page, total)  # type: ignore[arg-type]


def _together(key: str, same_side: bool) -> list[Together]:
    """Return the partners (or opponents) a player met most successfully, best first."""
    me, them = aliased(PlayerResult), aliased(PlayerResult)
    beside = them.side == me.side if same_side else them.side != me.side
    wins = func.sum(case((them.win.is_not(None), 1), else_=0))
    query = (
        select(them.name_key, func.count().label("games"), wins.label("wins"))
        .join(me, and_(me.game_id == them.game_id, beside))
        .where(me.name_key == key, them.name_key != key, me.finished)
        .group_by(them.name_key)
        .order_by(wins.desc(), func.count(), them.name_key)
        .limit(NAMED)
    )
    rows = db.session.execute(query).all()
    named = spellings([r.name_key for r in rows])
    return [Together(named[r.name_key], r.games, r.wins) for r in rows]


def _hands(key: str) -> dict[str, int]:
    """Return a player's hands as contractor and defender, points, sets and ralphs."""
    h, me = HandResultRow, PlayerResult
    mine = h.side == me.side
    short = h.level - h.taken
    bid_by_me = h.bidder_key == key
    misere_lost = and_(h.kind == "misere", h.taken >= 3)

    def count(*when: Any) -> Any:
        return func.sum(case((and_(*when), 1), else_=0))

    query = (
        select(
            count(mine).label("contracted"),
            func.sum(case((mine, h.points), else_=0)).label("points"),
            count(h.side.is_not(None), h.side != me.side).label("defended"),
            count(bid_by_me, (h.kind == "normal") & (short >= 2) | misere_lost).label(
                "set"
            ),
            count(bid_by_me, (h.kind == "normal") & (short >= 3) | misere_lost).label(
                "ralphed"
            ),
        )
        .join(me, me.game_id == h.game_id)
        .where(me.name_key == key)
    )
    row = db.session.execute(query).one()
    return {k: int(v or 0) for k, v in row._mapping.items()}


def _losses(key: str) -> dict[str, int]:
    """Return a player's finished games lost, by how the winners won."""
    query = (
        select(SideResult.win, func.count())
        .join(PlayerResult, PlayerResult.game_id == SideResult.game_id)
        .where(
            PlayerResult.name_key == key,
            PlayerResult.win.is_(None),
            SideResult.win.is_not(None),
        )
        .group_by(SideResult.win)
    )
    return {win: count for win, count in db.session.execute(query)}


def rating(key: str) -> Rated | None:
    """Return a player's rating now, or None before their first finished game."""
    row = db.session.get(PlayerRating, key)
    return _rated([row])[0] if row is not None else None


def profile(name: str) -> Profile:
    """Return a player's page, found by any spelling of their name."""
    key = name_key(name)
    mine = (standing.c.scope == ALL_TIME, standing.c.who == key)
    row = db.session.execute(select(standing).where(*mine)).first()
    if row is None:
        raise NotFound(f"No one called {name} has played here.", "name")
    hands = _hands(key)
    totals = db.session.execute(
        select(func.coalesce(func.sum(PlayerResult.total), 0)).where(
            PlayerResult.name_key == key
        )
    ).scalar_one()
    history = db.session.execute(
        select(RatingRow.created, RatingRow.mu, RatingRow.sigma)
        .where(RatingRow.name_key == key)
        .order_by(RatingRow.games)
    )
    return Profile(
        key=key,
        name=spellings([key])[key],
        stats=stats.as_stats(row),
        losses=_losses(key),
        contractor=(hands["contracted"], hands["points"]),
        defender=(hands["defended"], int(totals) - hands["points"]),
        set=hands["set"],
        ralphed=hands["ralphed"],
        partners=_together(key, True),
        opponents=_together(key, False),
        rating=rating(key),
        history=[(r.created, r.mu - 3 * r.sigma) for r in history],
    )


def average(hands_points: tuple[int, int]) -> str:
    """Return points per hand in words, or '—' with no hands."""
    hands, points = hands_points
    return f"{points / hands:.1f} over {hands} hands" if hands else "—"
