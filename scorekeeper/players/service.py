"""Players as people: one per name key across every game, read from kept rows.

Every figure here is read from rows kept per player beside the hands (their
standing, pairs and spellings: standings.py, tallies.py) and their ratings
(ratings.py): a few rows, however many games they played; never a replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask_babel import format_percent, gettext, ngettext
from sqlalchemy import select

from .. import language
from ..db.models import db
from ..errors import N_, NotFound, Quoted
from ..results import ratings, stats
from ..results.listing import Page
from ..results.models import ALL_TIME, PlayerRating, RatingRow, pair, spelling, standing
from ..scoring import ENDINGS, name_key, reading_order

# How many partners and opponents a player's page names.
NAMED = 3
# How many points of their rating over time a player's chart shows, at most.
CHART = 100
# How unsure a rating is (OpenSkill's sigma, 8.3 before any game) when its
# words call it still rising, or settled: a rating is shown as mu - 3 sigma,
# so it climbs as games shrink sigma, even for a player who does not improve.
# Four-handed, sigma is about 6 after 20 games and 3.5 after 70.
UNSETTLED, SETTLED = 6.0, 3.5


def tenths(value: float, signed: bool = False) -> str:
    """Return a number to one decimal, as the page's language writes it (Babel)."""
    # Rounded first, as "%.1f" rounds: Babel would round the float's repr again.
    return language.decimal(round(value, 1), "+0.0;-0.0" if signed else "0.0")


@dataclass(frozen=True)
class Rated:
    """A player's rating now: mu - 3 sigma shown, with its uncertainty and games."""

    key: str
    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int

    @property
    def words(self) -> str:
        """Return the rating as a player would say it, with how settled it is."""
        played = ngettext("%(num)s finished game", "%(num)s finished games", self.games)
        if self.sigma > UNSETTLED:
            how = gettext("a new rating starts low and rises as more games confirm it")
        elif self.sigma > SETTLED:
            how = gettext("taking shape: more games will firm it up")
        else:
            how = gettext("settled: it now moves with wins and losses")
        return gettext(
            "%(rating)s after %(played)s: %(how)s.",
            rating=tenths(self.ordinal),
            played=played,
            how=how,
        )


@dataclass(frozen=True)
class Listed:
    """A player on the players' page: their games, and their rating if they have one."""

    key: str
    name: str
    games: int
    rating: Rated | None


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
    history: list[tuple[datetime, float]]  # the rating after each game (CHART at most)

    @property
    def win_rate(self) -> str:
        """Return the wins of the finished games, as a percentage in words."""
        rate = stats.win_rate(self.stats.wins, self.stats.finished)
        return "—" if rate is None else format_percent(rate / 100)


def spellings(keys: list[str]) -> dict[str, str]:
    """Return each name key's most common spelling (the first in order, if tied)."""
    if not keys:
        return {}
    query = select(spelling).where(spelling.c.who.in_(keys))
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


def by_rating(rows: list[Any], page: int, per_page: int) -> list[str]:
    """Return the name keys of one page of (key, rating) rows: best rating first,
    players level (partners who always played together) and the unrated in a
    reader's order. Sorted here, not in SQL: a database orders by code point."""

    def order(row: Any) -> tuple[Any, ...]:
        unrated = row[1] is None
        return unrated, 0.0 if unrated else -row[1], reading_order(row[0])

    start = (page - 1) * per_page
    return [row[0] for row in sorted(rows, key=order)[start : start + per_page]]


def leaderboard(page: int, per_page: int) -> Page:
    """Return a page of players by rating (mu - 3 sigma), best first."""
    every = db.session.execute(select(PlayerRating.name_key, PlayerRating.ordinal))
    rated = list(every)
    keys = by_rating(rated, page, per_page)
    found = db.session.scalars(
        select(PlayerRating).where(PlayerRating.name_key.in_(keys))
    )
    by_key = {row.name_key: row for row in found}
    shown = [by_key[key] for key in keys if key in by_key]
    return Page(_rated(shown), page, per_page, len(rated))  # type: ignore[arg-type]


def everyone(page: int, per_page: int) -> Page:
    """Return a page of every player: the rated by rating, best first, then the rest.

    A player without a finished game has no rating yet; they are listed
    after the rated ones, in a reader's order.
    """
    players = (standing.c.scope == ALL_TIME, standing.c.team.is_(False))
    keyed = db.session.execute(
        select(standing.c.who, PlayerRating.ordinal)
        .outerjoin(PlayerRating, PlayerRating.name_key == standing.c.who)
        .where(*players)
    ).all()
    keys = by_rating(keyed, page, per_page)
    query = (
        select(standing.c.who, standing.c.games, PlayerRating)
        .outerjoin(PlayerRating, PlayerRating.name_key == standing.c.who)
        .where(*players, standing.c.who.in_(keys))
    )
    found = {row.who: row for row in db.session.execute(query)}
    rows = [found[key] for key in keys if key in found]
    total = len(keyed)
    named = spellings([row.who for row in rows])
    listed = []
    for row in rows:
        name, r = named.get(row.who, row.who), row.PlayerRating
        rated = r and Rated(r.name_key, name, r.mu, r.sigma, r.ordinal, r.games)
        listed.append(Listed(row.who, name, row.games, rated))
    return Page(listed, page, per_page, total)  # type: ignore[arg-type]


def _together(key: str, beside: bool) -> list[Together]:
    """Return the partners (or opponents) a player met most successfully, best first."""
    query = select(pair.c.other, pair.c.games, pair.c.wins).where(
        pair.c.who == key, pair.c.beside == beside
    )
    every = db.session.execute(query).all()
    # Level ones in a reader's order: sorted here, as SQL would by code point.
    every.sort(key=lambda r: (-r.wins, r.games, reading_order(r.other)))
    rows = every[:NAMED]
    named = spellings([r.other for r in rows])
    return [Together(named[r.other], r.games, r.wins) for r in rows]


def chart_games(games: int) -> list[int]:
    """Return which of a player's rated games the chart shows: CHART at most.

    Evenly spread, the first and the last always among them, so a player's
    page reads the same few rows however many games they played.
    """
    if games <= CHART:
        return list(range(1, games + 1))
    return [1 + i * (games - 1) // (CHART - 1) for i in range(CHART)]


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
        # The typed name between the page's quotes (« Zoé » in French).
        raise NotFound(
            N_("No one called %(name)s has played here."), "name", name=Quoted(name)
        )
    now = rating(key)
    history = db.session.execute(
        select(RatingRow.created, RatingRow.mu, RatingRow.sigma)
        .where(RatingRow.name_key == key)
        .where(RatingRow.games.in_(chart_games(now.games if now else 0)))
        .order_by(RatingRow.games)
    )
    return Profile(
        key=key,
        name=spellings([key])[key],
        stats=stats.as_stats(row),
        losses={e: lost for e in ENDINGS if (lost := getattr(row, f"lost_{e}"))},
        contractor=(row.contracted, row.contract_points),
        defender=(row.defended, row.points_for - row.contract_points),
        set=row.set,
        ralphed=row.ralphed,
        partners=_together(key, True),
        opponents=_together(key, False),
        rating=now,
        history=[(r.created, ratings.shown(r.mu, r.sigma)) for r in history],
    )


def average(hands_points: tuple[int, int]) -> str:
    """Return points per hand in words, or '—' with no hands."""
    hands, points = hands_points
    if not hands:
        return "—"
    return ngettext(
        "%(points)s over %(num)s hand",
        "%(points)s over %(num)s hands",
        hands,
        points=tenths(points / hands),
    )
