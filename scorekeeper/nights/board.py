"""What a night shows (NIGHTS.md `GET /api/nights/<id>`): each table's score and
winner, the standings and the awards, read from the games' kept result rows
(results/models.py), not by replaying every table's hands.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..api.schema import created as stamp
from ..db.models import Game, GameSide, Player, db
from ..db.store import load
from ..language import N_
from ..results.models import HandResultRow, SideResult
from .models import Night, NightTable
from .standings import RoundResult, Standing, TableResult, standings, tie_winner

Sides = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Played:
    """One table's game as its kept rows stand."""

    game_id: str
    sides: Sides
    totals: tuple[int, ...]
    ending: str | None
    winner: int | None  # the night's winner (the tie rule applied), once ended
    hands: int
    version: int


def _seated(game_ids: list[str]) -> dict[str, Sides]:
    query = (
        db.select(GameSide.game_id, GameSide.position, Player.name)
        .join(Player, Player.side_id == GameSide.id)
        .where(GameSide.game_id.in_(game_ids))
        .order_by(GameSide.game_id, GameSide.position, Player.position)
    )
    found: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for game_id, position, name in db.session.execute(query):
        found[game_id][position].append(name)
    return {g: tuple(tuple(s[p]) for p in sorted(s)) for g, s in found.items()}


def seated(game_ids: list[str]) -> dict[str, Sides]:
    """Return these games' sides, each its players in order, in one query."""
    return _seated(game_ids)


# The tie rule's answer for each level game, by its id and version: a replay
# once per worker and version, not on every read of the night.
_LEVEL: OrderedDict[tuple[str, int], int] = OrderedDict()
LEVEL_KEPT = 4096


def _level_winner(game_id: str, version: int, totals: tuple[int, ...]) -> int:
    """The tie rule: the last hand whose points differed decides (a replay, but
    only for a game that ended level, and kept by its version)."""
    found = _LEVEL.get((game_id, version))
    if found is None:
        top = max(totals)
        level = [s for s, total in enumerate(totals) if total == top]
        hands = load(game_id).state.hands
        found = tie_winner(level, [h.points for h in hands])
        _LEVEL[(game_id, version)] = found
        while len(_LEVEL) > LEVEL_KEPT:
            _LEVEL.popitem(last=False)
    return found


def played(game_ids: list[str]) -> dict[str, Played]:
    """Return each of these games as a night's table, in three queries."""
    if not game_ids:
        return {}
    seated = _seated(game_ids)
    totals: dict[str, dict[int, int]] = defaultdict(dict)
    query = db.select(SideResult.game_id, SideResult.position, SideResult.total)
    for game_id, position, total in db.session.execute(
        query.where(SideResult.game_id.in_(game_ids))
    ):
        totals[game_id][position] = total
    rows = db.session.execute(
        db.select(
            Game.id, Game.ending, Game.winner, Game.hand_count, Game.version
        ).where(Game.id.in_(game_ids))
    )
    found = {}
    for game_id, ending, winner, hands, version in rows:
        sides = seated[game_id]
        score = tuple(totals[game_id].get(s, 0) for s in range(len(sides)))
        if ending is not None and winner is None:
            winner = _level_winner(game_id, version, score)
        found[game_id] = Played(game_id, sides, score, ending, winner, hands, version)
    return found


def night_games(night: Night) -> list[str]:
    """Return the ids of every table's game, round by round."""
    return [t.game_id for r in night.rounds for t in r.tables]


def table_winner(game_id: str) -> int | None:
    """Return the night's winner of one table (None while it plays)."""
    return played([game_id])[game_id].winner


def tables_playing(night: Night) -> list[int]:
    """Return the numbers of the current round's tables still playing."""
    if not night.rounds:
        return []
    current = night.rounds[-1].tables
    games = played([t.game_id for t in current])
    return [t.number for t in current if games[t.game_id].ending is None]


def etag(night: Night) -> str:
    """Return the night's ETag: its own version and every table's game's, in one
    query (a hand at any table moves it)."""
    query = (
        db.select(Game.id, Game.version)
        .join(NightTable, NightTable.game_id == Game.id)
        .where(NightTable.night_id == night.id)
        .order_by(Game.id)
    )
    seen = ",".join(f"{g}:{v}" for g, v in db.session.execute(query))
    digest = hashlib.sha256(f"{night.id}:{night.version}:{seen}".encode())
    return digest.hexdigest()[:32]


def round_results(night: Night, games: dict[str, Played]) -> list[RoundResult]:
    """Return the rounds as the standings read them."""
    return [
        RoundResult(
            tuple(
                TableResult(
                    games[t.game_id].sides,
                    games[t.game_id].totals,
                    games[t.game_id].winner,
                )
                for t in one.tables
            ),
            tuple(one.sitting_out),
        )
        for one in night.rounds
    ]


def night_standings(night: Night, games: dict[str, Played]) -> list[Standing]:
    """Return the night's standings, every player on the roster."""
    roster = [p.name for p in night.players]
    return standings(roster, round_results(night, games), night.rank_by)


AWARDS = (
    (N_("Most contracts made"), "made"),
    (N_("Highest hand"), "highest"),
    (N_("Most ten-trick hands"), "tens"),
    (N_("Most misères made"), "miseres"),
)


def awards(game_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Return the night's awards from its hands' kept rows (ties share one)."""
    ids = list(game_ids)
    if not ids:
        return []
    counts: dict[str, dict[str, int]] = {k: defaultdict(int) for _, k in AWARDS}
    query = db.select(
        HandResultRow.bidder,
        HandResultRow.kind,
        HandResultRow.level,
        HandResultRow.made,
        HandResultRow.points,
    ).where(HandResultRow.game_id.in_(ids), HandResultRow.bidder.is_not(None))
    for bidder, kind, level, made, points in db.session.execute(query):
        if made:
            counts["made"][bidder] += 1
            counts["tens"][bidder] += int(level == 10)
            counts["miseres"][bidder] += int(kind == "misere")
        if points is not None and points > counts["highest"].get(bidder, 0):
            counts["highest"][bidder] = points
    found = []
    for name, key in AWARDS:
        best = max(counts[key].values(), default=0)
        if best > 0:
            players = sorted(p for p, v in counts[key].items() if v == best)
            found.append({"name": name, "players": players, "value": best})
    return found


def _status(games: dict[str, Played], game_ids: list[str]) -> str:
    done = all(games[g].ending is not None for g in game_ids)
    return "finished" if done else "in_progress"


def night_to_dict(night: Night) -> dict[str, Any]:
    """Return the night as the API shows it to everyone (no token)."""
    ids = night_games(night)
    games = played(ids)
    rounds = []
    for one in night.rounds:
        tables = []
        for t in one.tables:
            game = games[t.game_id]
            tables.append(
                {
                    "number": t.number,
                    "game": t.game_id,
                    "status": "in_progress" if game.ending is None else "finished",
                    "winner": game.winner,
                    "sides": [
                        {"players": list(side), "score": game.totals[s]}
                        for s, side in enumerate(game.sides)
                    ],
                }
            )
        status = _status(games, [t.game_id for t in one.tables])
        rounds.append(
            {
                "number": one.number,
                "status": status,
                "called": one.called,
                "tables": tables,
                "sitting_out": list(one.sitting_out),
            }
        )
    return {
        "id": night.id,
        "name": night.name,
        "created": stamp(night.created),
        "status": night.status,
        "movement": night.movement,
        "round_hands": night.round_hands,
        "rank_by": night.rank_by,
        "odd_players": night.odd_players,
        "rounds_planned": night.rounds_planned,
        "rules": night.rules,
        "players": [{"name": p.name, "present": p.present} for p in night.players],
        "rounds": rounds,
        "standings": [vars(s) for s in night_standings(night, games)],
        "awards": awards(ids),
    }


def seat_of(one: dict[str, Any], name: str) -> dict[str, Any]:
    """Return where a player sat in one round (as night_to_dict shows it)."""
    for table in one["tables"]:
        for s, side in enumerate(table["sides"]):
            if name in side["players"]:
                others = [
                    p for o in table["sides"] if o is not side for p in o["players"]
                ]
                won = table["winner"]
                result = "playing" if won is None else ("won" if won == s else "lost")
                return {
                    "round": one["number"],
                    "table": table["number"],
                    "game": table["game"],
                    "partners": [p for p in side["players"] if p != name],
                    "opponents": others,
                    "score": side["score"],
                    "result": result,
                }
    sat_out = name in one["sitting_out"]
    return {
        "round": one["number"],
        "table": None,
        "result": "sat out" if sat_out else "away",
    }


def next_table(seating: Any, name: str) -> dict[str, Any]:
    """Return where a player goes next round (a movement's Seating), or a bye."""
    for table in seating.tables:
        for side in table.sides:
            if name in side:
                others = [p for o in table.sides if o is not side for p in o]
                partners = [p for p in side if p != name]
                return {
                    "table": table.number,
                    "partners": partners,
                    "opponents": others,
                }
    return {"table": None}
