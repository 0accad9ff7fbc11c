"""What the listing pages read: pages of games from stored results, names played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, UnaryExpression, and_, select

from ..db.models import Game, GameSide, Player, Season, db
from ..db.store import rules_and_table
from ..errors import N_, BadInput, Conflict, Quoted
from ..scoring import Table, lookalike, name_key, reading_order
from . import seasonal
from .models import ALL_TIME, PlayerResult, SideResult, standing
from .seasonal import in_season

STATUSES = ("in_progress", "finished")


@dataclass(frozen=True)
class Summary:
    """A game as a list shows it, from its stored results: no hand is read."""

    id: str
    name: str
    notes: str
    created: datetime
    sides: tuple[str, ...]
    players: tuple[tuple[str, ...], ...]  # each side's, in seating order
    totals: tuple[int, ...]
    ending: str | None
    winner: int | None
    hands: int

    @property
    def finished(self) -> bool:
        """Return whether the game has ended."""
        return self.ending is not None


@dataclass(frozen=True)
class Page:
    """One page of games, newest first, and where it sits among the others."""

    items: list[Summary]
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


COLUMNS = (
    *(Game.id, Game.name, Game.notes, Game.created),
    *(Game.ending, Game.winner, Game.hand_count),
)


def chosen(
    player: str | None, status: str | None, season: Season | None = None
) -> tuple[Select[tuple], tuple[UnaryExpression, ...]]:
    """Return the query for the games a filter keeps, and its order, newest first
    (among games that started together, the greatest id first)."""
    if status is not None and status not in STATUSES:
        raise BadInput(N_("The status must be in_progress or finished."), "status")
    if player:
        if "\x00" in player:
            raise BadInput(N_("The player name has control characters."), "player")
        # Walk the player's results, newest first (an index), then their games.
        played = PlayerResult
        query = (
            select(*COLUMNS)
            .select_from(played)
            .join(Game, Game.id == played.game_id)
            .where(played.name_key == name_key(player), Game.hand_count > 0)
        )
        if season is not None:  # a range of the same index
            query = query.where(*in_season(season, played.created))
        if status is not None:
            query = query.where(played.finished == (status == "finished"))
        return query, (played.created.desc(), played.game_id.desc())
    query = select(*COLUMNS)
    if season is not None:  # a range of the index on dates (or house rules, dates)
        query = query.where(*in_season(season, Game.created))
    if status is not None:
        finished = Game.ending.is_not(None)
        query = query.where(finished if status == "finished" else ~finished)
    # Both descending: one index (created, id) read backwards gives the order
    # even when every game shares a start time (an import of dates alone).
    return query, (Game.created.desc(), Game.id.desc())


def counted(player: str, status: str | None, scope: int = ALL_TIME) -> int:
    """Return how many games a player played (or has in progress, or finished)."""
    # Their standing counts them: one row, however many games they played.
    query = select(standing.c.games, standing.c.finished).where(
        standing.c.scope == scope, standing.c.who == name_key(player)
    )
    found = db.session.execute(query).first()
    if found is None:
        return 0
    games, finished = found
    return {"finished": finished, "in_progress": games - finished}.get(status, games)


def list_games(
    page: int = 1,
    per_page: int = 20,
    player: str | None = None,
    status: str | None = None,
    season: Season | None = None,
) -> Page:
    """Return a page of games, newest first, by player, status and season if given."""
    query, order = chosen(player, status, season)
    scope = ALL_TIME if season is None else season.id
    if player:
        total = counted(player, status, scope)
    else:  # kept counts: one row, however many games there are
        kept = seasonal.counted(scope)
        in_progress = kept["games"] - kept["finished"]
        total = {"finished": kept["finished"], "in_progress": in_progress}.get(
            status or "", kept["games"]
        )
    # The page's games and each side's name, total and players in one
    # statement: one snapshot, so a game created meanwhile is either on the
    # page whole or not at all (two reads could each see a different page).
    keys = [by.element.label(f"order_{n}") for n, by in enumerate(order)]
    shown = (
        query.add_columns(*keys)
        .order_by(*order)
        .limit(per_page)
        .offset((page - 1) * per_page)
        .subquery()
    )
    seats = (
        select(shown, GameSide.name, SideResult.total, Player.name)
        .outerjoin(GameSide, GameSide.game_id == shown.c.id)
        .outerjoin(
            SideResult,
            and_(
                SideResult.game_id == GameSide.game_id,
                SideResult.position == GameSide.position,
            ),
        )
        .outerjoin(Player, Player.side_id == GameSide.id)
        .order_by(
            *(shown.c[key.name].desc() for key in keys),
            GameSide.position,
            Player.position,
        )
    )
    rows: dict[str, Any] = {}
    sides: dict[str, dict[str, tuple[int, list[str]]]] = {}
    for row in db.session.execute(seats):
        game_id, side, score, seated = row.id, row[-3], row[-2], row[-1]
        rows.setdefault(game_id, row)
        seating = sides.setdefault(game_id, {})
        if side is not None:
            players = seating.setdefault(side, (score, []))[1]
            if seated is not None:
                players.append(seated)
    items = [
        Summary(
            id=row.id,
            name=row.name,
            notes=row.notes,
            created=row.created,
            sides=tuple(sides[row.id]),
            players=tuple(tuple(p) for _, p in sides[row.id].values()),
            totals=tuple(score for score, _ in sides[row.id].values()),
            ending=row.ending,
            winner=row.winner,
            hands=row.hand_count,
        )
        for row in rows.values()
    ]
    return Page(items, page, per_page, total)


def player_names() -> list[str]:
    """Return the names of everyone who has played, most games first, then in
    a reader's order."""
    query = select(standing.c.name, standing.c.games).where(
        standing.c.scope == ALL_TIME, standing.c.team.is_(False)
    )
    rows = db.session.execute(query).all()
    return [
        r.name for r in sorted(rows, key=lambda r: (-r.games, reading_order(r.name)))
    ]


def lookalikes(
    names: Iterable[str],
    confirmed: Iterable[str] = (),
    also: Iterable[str] = (),
    but: str | None = None,
) -> list[tuple[str, str]]:
    """Return each new name that looks like someone who has played (TS #39's
    skeleton, case-blind), with that player's name: 'АВЕ' in Cyrillic, 'ABE'.

    The one rule the pages ask by and the API refuses by: a name the request
    `confirmed` as a new player is not asked again; `also` are more people to
    compare with (a night's roster); `but` is a person left out (the one being
    renamed)."""
    names = list(names)
    sure = {name_key(name) for name in confirmed}
    typed = {name_key(name) for name in names} - sure
    if not typed:
        return []
    seen = select(standing.c.who).where(
        standing.c.scope == ALL_TIME,
        standing.c.team.is_(False),
        standing.c.who.in_(sorted(typed)),
    )
    also = list(also)
    if set(db.session.execute(seen).scalars()) | {name_key(n) for n in also} >= typed:
        return []  # everyone typed has played: no skeleton to compare
    gone = name_key(but) if but is not None else None
    known = [n for n in [*player_names(), *also] if name_key(n) != gone]
    keys = {name_key(name) for name in known}
    looks: dict[str, str] = {}
    for name in known:
        looks.setdefault(lookalike(name), name)
    return [
        (name, looks[lookalike(name)])
        for name in names
        if name_key(name) not in keys | sure and lookalike(name) in looks
    ]


class LooksLike(Conflict):
    """New names that look like players' (`found`: each with whom), not
    confirmed as new players: the API answers 409, a page asks."""

    def __init__(self, found: list[tuple[str, str]], field: str) -> None:
        typed, known = found[0]
        super().__init__(
            N_(
                "%(typed)s looks like the existing player %(known)s: send that "
                "name, or confirm a new player by listing %(typed)s in new_players."
            ),
            field,
            typed=Quoted(typed),
            known=Quoted(known),
        )
        self.found = found


def refuse_lookalikes(
    names: Iterable[str], field: str, confirmed: Iterable[str] = (), **more: Any
) -> None:
    """Refuse (LooksLike, naming the field) a new name that looks like a
    player's, unless the request confirms it as a new player."""
    found = lookalikes(names, confirmed, **more)
    if found:
        raise LooksLike(found, field)


def rematch_of(row: Game, table: Table) -> str | None:
    """Return the id of the rematch started from a game, if any.

    A rematch is the next game made after it with its name, its table and the
    deal moved on one seat (no column links them).
    """
    later = db.session.scalars(
        select(Game)
        .where(
            Game.name == row.name,
            Game.created > row.created,
            Game.first_dealer == table.left_of(table.first_dealer),
        )
        .order_by(Game.created, Game.id)
        .limit(5)
    )
    for other in later:
        if rules_and_table(other)[1].sides == table.sides:
            return other.id
    return None
