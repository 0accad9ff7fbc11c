"""A night's table's head: the light read that keeps its scoreboard (db/heads.py),
with what the page draws of its night."""

from __future__ import annotations

from sqlalchemy import Engine, case, func, select
from sqlalchemy.orm import aliased

from ...db import heads
from ...db.models import Game
from ..models import Night, NightTable

# A night game's page draws the night too (its round's clock; once it has
# ended, which tables still play the round and where everyone goes next), so
# the light read that keeps the page (db/heads.py) reads in the same statement
# the night's version, moved by every write of the night, and once the game
# has ended its round's games' versions (their sum: a version only grows).
_OTHER, _ITS = aliased(NightTable), aliased(Game)
_ROUND_VERSIONS = (
    select(func.sum(_ITS.version))
    .join(_OTHER, _OTHER.game_id == _ITS.id)
    .where(_OTHER.night_id == NightTable.night_id, _OTHER.round == NightTable.round)
    .scalar_subquery()
)
PAGE_HEAD = (
    heads.HEAD_QUERY.add_columns(
        Night.version,
        case((Game.ending.is_(None), None), else_=_ROUND_VERSIONS),
    )
    .outerjoin(NightTable, NightTable.game_id == Game.id)
    .outerjoin(Night, Night.id == NightTable.night_id)
)


def page_head(
    game_id: str, device_hash: str | None = None, engine: Engine | None = None
) -> heads.Head:
    """Return a game's head as its page is kept by: with its night's state, if
    it is a night's table (`heads.head`, one light read all the same)."""
    return heads.head(game_id, device_hash, engine, PAGE_HEAD)
