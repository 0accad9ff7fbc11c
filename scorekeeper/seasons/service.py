"""Seasons: a club's named runs of days (maybe kept to saved house rules).

Saving a season, or changing its days or house rules, builds its standings
from the stored results of its games; every later write moves them
(standings.py), and `flask rescore` rebuilds them with everything else.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import gettext
from sqlalchemy import insert, select

from ..api.schema import NUMBER_LIMIT, whole_number
from ..db import store
from ..db.models import Season, db
from ..errors import BadInput, NotFound
from ..house_rules import service as rulesets
from ..results import counting, game_rows, seasonal, standings
from ..results.models import standing
from ..results.seasonal import in_season
from ..scoring import name_key
from ..text import clean_text
from . import ladder


def duplicate() -> BadInput:
    """Return the refusal of a second season of the same name, in the page's words."""
    return BadInput(gettext("There is already a season with that name."), "name")


def all_seasons() -> list[Season]:
    """Return every season, the newest (latest first day) first."""
    query = select(Season).order_by(Season.first_day.desc(), Season.id.desc())
    return list(db.session.execute(query).scalars())


def get_season(season_id: object) -> Season:
    """Return a season by id, or raise NotFound."""
    ok = isinstance(season_id, int) and 0 < season_id <= NUMBER_LIMIT
    season = db.session.get(Season, season_id) if ok else None
    if season is None:
        raise NotFound(gettext("There is no such season."), "season")
    return season


def chosen(value: str | None) -> Season | None:
    """Return the season a `season` query argument names, or None for all time."""
    if not value:
        return None
    number = whole_number(value)  # str.isdigit() lets "²" through to int()
    if number is None:
        raise BadInput(gettext("The season must be a season's number."), "season")
    return get_season(number)


def _checked(
    name: str, first_day: date | None, last_day: date | None, ruleset: int | None
) -> tuple[str, date, date]:
    """Return a season's name and days, or refuse the first field that is wrong."""
    name = clean_text(name or "", "name", keyed=True)
    if not name:
        raise BadInput(gettext("Give the season a name."), "name")
    if first_day is None:
        raise BadInput(gettext("Give the season's first day."), "first_day")
    if last_day is None:
        raise BadInput(gettext("Give the season's last day."), "last_day")
    if last_day < first_day:
        raise BadInput(
            gettext("The last day must not be before the first day."), "last_day"
        )
    if ruleset is not None:
        try:
            rulesets.get_ruleset(ruleset)
        except NotFound:
            raise BadInput(
                gettext("There are no such saved house rules."), "ruleset"
            ) from None
    return name, first_day, last_day


def check_ladder(best_nights: int | None, min_nights: int, rank_by: str) -> None:
    """Refuse ladder settings out of bounds, naming the field."""
    most = ladder.MOST_NIGHTS
    if best_nights is not None and not 1 <= best_nights <= most:
        raise BadInput(
            gettext("Count a player's best 1 to %(most)s nights, or all.", most=most),
            "best_nights",
        )
    if not 1 <= min_nights <= most:
        raise BadInput(
            gettext("A player needs 1 to %(most)s nights to be ranked.", most=most),
            "min_nights",
        )
    if rank_by not in ladder.RANK_BY:
        raise BadInput(gettext("Rank players by wins or by points."), "rank_by")


def save_season(
    name: str,
    first_day: date | None,
    last_day: date | None,
    ruleset: int | None = None,
    season: Season | None = None,
    *,
    best_nights: int | None = None,
    min_nights: int = 1,
    rank_by: str = "wins",
) -> Season:
    """Save a new season, or change one; build its standings when its games change."""
    # Saved house rules deleted since the season kept to them may stay kept.
    kept = season.ruleset_id if season is not None else None
    asked = ruleset if ruleset != kept else None
    name, first_day, last_day = _checked(name, first_day, last_day, asked)
    check_ladder(best_nights, min_nights, rank_by)

    def work() -> Season:
        key = name_key(name)
        others = Season.id != (season.id if season else 0)
        taken = select(Season.id).where(Season.name_key == key, others)
        if db.session.execute(taken).first() is not None:
            raise duplicate()
        row = season or Season()
        was = (row.first_day, row.last_day, row.ruleset_id)
        row.name, row.name_key = name, key
        row.first_day, row.last_day, row.ruleset_id = first_day, last_day, ruleset
        row.best_nights, row.min_nights, row.rank_by = best_nights, min_nights, rank_by
        db.session.add(row)
        db.session.flush()
        if was != (first_day, last_day, ruleset):
            rebuild(row)
        return row

    return store.transaction(work, duplicate())


def delete_season(season: Season) -> None:
    """Delete a season and its standings; its games stay as they are."""

    def work() -> None:
        standings.clear(season.id)
        seasonal.forget(season.id)
        db.session.delete(season)

    store.transaction(work)


def stored_games(
    session: Any, hands: Any, sides: Any, players: Any, *within: Any
) -> list[tuple[str, Any, counting.Rows]]:
    """Return the stored results of the games picked, game by game, oldest first.

    `within` holds conditions on the side results' table.
    """
    ids = select(sides.c.game_id).where(sides.c.position == 0, *within)
    found: dict[str, counting.Rows] = {}
    for slot, table in enumerate((hands, sides, players)):
        query = select(table).where(table.c.game_id.in_(ids))
        for row in session.execute(query).mappings():
            found.setdefault(row["game_id"], ([], [], []))[slot].append(dict(row))
    created = {game_id: rows[1][0]["created"] for game_id, rows in found.items()}
    order = sorted(found, key=lambda game_id: (created[game_id], game_id))
    return [(game_id, created[game_id], found[game_id]) for game_id in order]


def rebuild(season: Season) -> None:
    """Build a season's standings afresh from the stored results of its games."""
    standings.hold()
    # Games being made wait too (a game without a hand moves no standing, but
    # its count): the three reads below see the same games.
    seasonal.hold()
    standings.clear(season.id)
    tables = [model.__table__ for model in game_rows.MODELS]
    sides = tables[1].c
    within = in_season(season, sides.created, sides.game_id)
    rows = counting.fold(stored_games(db.session, *tables, *within), season.id)
    if rows:
        db.session.execute(insert(standing), rows)
    seasonal.recount(season)
