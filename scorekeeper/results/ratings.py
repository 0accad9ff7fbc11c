"""Ratings: one per player, from every finished game in date order (OpenSkill).

Derived data, never edited by hand: when a game finishes, or a finished game
changes or goes, the ratings are replayed from that game's date onward (the
ratings before it stand), in the same transaction; `flask rescore` replays
them all. Each side's players are rated as one team (Plackett-Luce), the
winner first, the other sides by their totals (equal totals tie).

One replay at a time: on PostgreSQL two games finishing at once would each
replay without the other's uncommitted game and write over each other's rows
(ratings unlike a replay, a duplicate key). A transaction-scoped advisory lock
makes the second wait for the first to commit, then replay seeing it. Always
taken last in a write (after the game's row and the standings), so it adds
no lock cycle. SQLite has one writer at a time already.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from itertools import groupby
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import delete, func, insert, select, text

from ..db.clubs import scope
from ..db.models import db
from .models import PlayerRating, PlayerResult, RatingRow

MODEL = PlackettLuce()
QUIET = {"synchronize_session": False}
# The advisory lock's key: any number no other lock of ours uses (migration.py).
RATINGS_LOCK = 500500501


def shown(mu: float, sigma: float) -> float:
    """Return the rating shown for a stored mu and sigma: OpenSkill's ordinal
    (mu - 3 sigma), as the leaderboard ranks by."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def ranks(sides: dict[int, tuple[int, bool]]) -> list[int]:
    """Return each side's place (1 best): the winner, then by total, ties shared."""
    order = sorted({(not won, -total) for total, won in sides.values()})
    return [order.index((not won, -total)) + 1 for total, won in sides.values()]


def _before(since: datetime) -> dict[str, tuple[float, float, int]]:
    """Return each player's rating after their last game dated before `since`."""
    last = (
        select(RatingRow.name_key, func.max(RatingRow.games).label("games"))
        .where(RatingRow.created < since)
        .group_by(RatingRow.name_key)
        .subquery()
    )
    query = select(RatingRow.name_key, RatingRow.mu, RatingRow.sigma, RatingRow.games)
    query = query.join(
        last,
        (last.c.name_key == RatingRow.name_key) & (last.c.games == RatingRow.games),
    )
    return {r.name_key: (r.mu, r.sigma, r.games) for r in db.session.execute(query)}


def _games_since(since: datetime | None, without: str | None) -> Iterable[list[Any]]:
    """Yield the player rows of every finished game from `since` on, game by game."""
    # Rows, not ORM objects: a replay of a club's archive reads every result.
    query = select(*PlayerResult.__table__.c).where(
        PlayerResult.finished, PlayerResult.game_id != (without or "")
    )
    if since is not None:
        query = query.where(PlayerResult.created >= since)
    query = query.order_by(
        PlayerResult.created, PlayerResult.game_id, PlayerResult.side
    )
    rows = db.session.execute(query.execution_options(yield_per=2000))
    for _, game in groupby(rows, key=lambda r: r.game_id):
        yield list(game)


def rate(
    game: list[Any], now: dict[str, PlackettLuceRating], counts: dict[str, int]
) -> list[dict[str, Any]]:
    """Rate one finished game's players in place; return their new rating rows."""
    sides: dict[int, list[str]] = {}
    standing: dict[int, tuple[int, bool]] = {}
    for row in game:
        sides.setdefault(row.side, []).append(row.name_key)
        standing[row.side] = (row.total, row.win is not None)
    if len(sides) < 2:
        return []
    teams = [
        [now.setdefault(k, MODEL.rating()) for k in keys] for keys in sides.values()
    ]
    rated = MODEL.rate(teams, ranks=ranks(standing))
    made = []
    for keys, team in zip(sides.values(), rated, strict=True):
        for key, rating in zip(keys, team, strict=True):
            now[key] = rating
            counts[key] = counts.get(key, 0) + 1
            made.append(
                {
                    "name_key": key,
                    "game_id": game[0].game_id,
                    "created": game[0].created,
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "games": counts[key],
                }
            )
    return made


def refresh(since: datetime | None = None, without: str | None = None) -> None:
    """Replay the ratings from the games dated `since` on (all when None).

    `without` names a game about to be deleted, rated as if gone already.
    """
    _one_at_a_time()
    gone = delete(RatingRow)
    if since is not None:
        gone = gone.where(RatingRow.created >= since)
        touched = set(
            db.session.execute(
                select(RatingRow.name_key).where(RatingRow.created >= since).distinct()
            ).scalars()
        )
        start = _before(since)
    else:
        touched, start = set(), {}
        db.session.execute(delete(PlayerRating).execution_options(**QUIET))
    db.session.execute(gone.execution_options(**QUIET))
    now = {k: MODEL.rating(mu=mu, sigma=sigma) for k, (mu, sigma, _) in start.items()}
    counts = {k: games for k, (_, _, games) in start.items()}
    batch: list[dict[str, Any]] = []
    for game in _games_since(since, without):
        made = rate(game, now, counts)
        touched.update(row["name_key"] for row in made)
        batch += made
        if len(batch) >= 2000:
            db.session.execute(insert(RatingRow.__table__), batch)
            batch = []
    if batch:
        db.session.execute(insert(RatingRow.__table__), batch)
    _keep_current(touched, now, counts)


def _one_at_a_time() -> None:
    """Wait until no other transaction is replaying ratings, until this one ends."""
    if db.session.get_bind().dialect.name == "postgresql":
        # Read committed: every statement after the wait sees what it committed.
        # Each club's ratings are its own: clubs do not wait for each other.
        place = scope.current()
        club = 0 if place is None else place.club_id
        db.session.execute(
            text("SELECT pg_advisory_xact_lock(:key, :club)"),
            {"key": RATINGS_LOCK, "club": club},
        )


def _keep_current(
    touched: set[str], now: dict[str, PlackettLuceRating], counts: dict[str, int]
) -> None:
    """Write the players' ratings now: their last, or none when they have none."""
    keys = sorted(touched)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        db.session.execute(
            delete(PlayerRating)
            .where(PlayerRating.name_key.in_(chunk))
            .execution_options(**QUIET)
        )
    rows = current_rows({k: now[k] for k in keys if k in now}, counts)
    if rows:
        db.session.execute(insert(PlayerRating.__table__), rows)


def current_rows(
    now: dict[str, PlackettLuceRating], counts: dict[str, int]
) -> list[dict[str, Any]]:
    """Return the leaderboard's rows for these players' ratings now."""
    return [
        {
            "name_key": k,
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": rating.ordinal(),
            "games": counts[k],
        }
        for k, rating in now.items()
    ]


def clear() -> None:
    """Delete every rating, before a rebuild."""
    for model in (RatingRow, PlayerRating):
        db.session.execute(delete(model).execution_options(**QUIET))
