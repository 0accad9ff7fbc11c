"""What the listing pages read: pages of games, newest first, and names played."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func

from . import store
from .errors import BadInput
from .models import Game, GameSide, Player, db
from .scoring import name_key
from .store import Loaded

STATUSES = ("in_progress", "finished")


@dataclass(frozen=True)
class Page:
    """One page of games, newest first, and where it sits among the others."""

    items: list[Loaded]
    page: int
    per_page: int
    total: int

    @property
    def pages(self) -> int:
        """Return how many pages there are."""
        return -(-self.total // self.per_page)

    @property
    def next_num(self) -> int | None:
        """Return the next page's number, if there is one."""
        return self.page + 1 if self.page < self.pages else None

    @property
    def prev_num(self) -> int | None:
        """Return the previous page's number, if there is one."""
        return self.page - 1 if self.page > 1 else None


def list_games(
    page: int = 1,
    per_page: int = 20,
    player: str | None = None,
    status: str | None = None,
) -> Page:
    """Return a page of games, newest first, by player and status if given."""
    query = db.select(Game)
    if player:
        if "\x00" in player:
            raise BadInput("The player name has control characters.", "player")
        played = (
            db.select(GameSide.game_id)
            .join(Player)
            .where(Player.name_key == name_key(player))
        )
        query = query.where(Game.id.in_(played))
    if status is not None and status not in STATUSES:
        raise BadInput("The status must be in_progress or finished.", "status")
    if status is not None:
        finished = Game.ending.is_not(None)
        query = query.where(finished if status == "finished" else ~finished)
    total = db.session.execute(
        db.select(func.count()).select_from(query.subquery())
    ).scalar_one()
    rows = db.session.execute(
        query.order_by(Game.created.desc(), Game.id)
        .limit(per_page)
        .offset((page - 1) * per_page)
    ).scalars()
    return Page([store.loaded(g) for g in rows], page, per_page, total)


def player_names() -> list[str]:
    """Return the names of everyone who has played, most frequent first."""
    count = func.count(Player.id)
    rows = db.session.execute(
        db.select(func.min(Player.name), count)
        .group_by(Player.name_key)
        .order_by(count.desc())
    )
    return [name for name, _ in rows]
