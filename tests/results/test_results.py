"""Stored results equal a fresh replay after any writes; rescore rebuilds them."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import Any

from api_helpers import import_past
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select

from scorekeeper.db import store
from scorekeeper.db.models import Game, RuleSet, Season, db, utcnow
from scorekeeper.errors import AppError
from scorekeeper.games import service as services
from scorekeeper.house_rules import service as rulesets
from scorekeeper.results import archive, counting, game_rows, tallies
from scorekeeper.results.models import (
    ALL_TIME,
    HandResultRow,
    PlayerResult,
    SideResult,
    game_count,
    pair,
    spelling,
    standing,
)
from scorekeeper.scoring import ScoringError, make_hand, make_table, rules_from_dict
from scorekeeper.seasons import service as seasons

RULES = [
    rules_from_dict({"preset": "australian"}),
    rules_from_dict({"preset": "american", "partner_share": "half"}),
    rules_from_dict({"preset": "australian", "lock": 490, "hands_limit": 6}),
]
# The same people turn up at several tables, typed in more than one case.
TABLES = [
    make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])]),
    make_table([("Reds", ["dan", "bob"]), ("Blues", ["cat", "ANN"])], "ANN"),
    make_table([(n, [n]) for n in ("Ann", "Bob", "Cat")]),
    make_table([(n, [n]) for n in ("Ann", "Bob", "Cat", "Dan", "Eve")]),
    make_table([("A", ["Ann", "Bob"]), ("B", ["Cat", "Dan"]), ("C", ["Eve", "Fay"])]),
]
# When an imported game was played: now, or before or after every other game,
# some on the same second (the first game names a player; ties go by id).
PLAYED_ON = [None, datetime(2020, 1, 1), datetime(2020, 1, 1), datetime(2040, 1, 1)]
CONTRACTS = ["6S", "7H", "8C", "9D", "10NT", "misere", "open_misere", "pass"]
# A season's days, made or changed between writes (None deletes it): one of
# them holds the games made now, others the imported ones, one every game.
TODAY = utcnow().date()
SEASON_DAYS = [
    (date(2020, 1, 1), date(2020, 1, 1)),
    (TODAY, TODAY),
    (date(2000, 1, 1), date(2100, 1, 1)),
    (date(2019, 12, 1), date(2039, 12, 31)),
    None,
]

hands = st.fixed_dictionaries(
    {
        "contract": st.sampled_from(CONTRACTS),
        "bidder": st.integers(0, 5),
        "partner": st.one_of(st.none(), st.integers(0, 5)),
        "tricks": st.integers(0, 10),
        "spread": st.integers(0, 10),
    }
)
creates = st.tuples(st.just("create"), st.integers(0, 4), st.integers(0, 2))
STEPS = {
    "create": creates,
    "record": st.tuples(st.just("record"), st.integers(0, 3), hands),
    "replace": st.tuples(
        st.just("replace"), st.integers(0, 3), st.integers(1, 12), hands
    ),
    "undo": st.tuples(st.just("undo"), st.integers(0, 3)),
    "delete": st.tuples(st.just("delete"), st.integers(0, 3)),
    # A season named S0, S1 or S2 made, moved or deleted; maybe kept to house rules.
    "season": st.tuples(
        st.just("season"),
        st.integers(0, 2),
        st.sampled_from(SEASON_DAYS),
        st.booleans(),
    ),
    "import": st.tuples(
        st.just("import"),
        st.integers(0, 4),
        st.integers(0, 2),
        st.lists(hands),
        st.sampled_from(PLAYED_ON),
    ),
}
# Mostly hands recorded, so games grow long enough to end and to edit.
steps = st.sampled_from(["record"] * 8 + ["replace"] * 2 + list(STEPS)).flatmap(
    STEPS.__getitem__
)


def built(rules: Any, table: Any, spec: dict[str, Any]) -> Any:
    """Return the hand a generated spec describes at this table (may raise)."""
    players = table.players
    bidder = players[spec["bidder"] % len(players)]
    count = len(table.sides)
    tricks: Any = spec["tricks"]
    if count > 2:  # the bidder's side takes `tricks`, the next side the rest
        side = table.side_of(bidder)
        tricks = [0] * count
        tricks[side] = spec["tricks"]
        tricks[(side + 1) % count] = 10 - spec["tricks"]
    extra = {}
    if spec["partner"] is not None and count == 5:
        extra["partner"] = players[spec["partner"] % len(players)]
    if spec["contract"] == "pass":
        split = [spec["tricks"], 10 - spec["tricks"]] + [0] * (count - 2)
        return make_hand(rules, table, contract="pass", tricks=split)
    return make_hand(
        rules, table, contract=spec["contract"], bidder=bidder, tricks=tricks, **extra
    )


def stored() -> dict[str, set[tuple[Any, ...]]]:
    """Return every stored result, as comparable rows."""
    found: dict[str, set[tuple[Any, ...]]] = {}
    for model in (HandResultRow, SideResult, PlayerResult):
        columns = [c.name for c in model.__table__.columns]
        rows = db.session.execute(select(*model.__table__.columns)).all()
        found[model.__tablename__] = {
            tuple(zip(columns, row, strict=True)) for row in rows
        }
    games = db.session.execute(
        select(Game.id, Game.ending, Game.winner, Game.hand_count)
    ).all()
    found["game"] = {tuple(g) for g in games}
    for table in (standing, pair, spelling):
        rows = db.session.execute(select(table)).mappings()
        found[table.name] = {tuple(row.items()) for row in rows}
    counts = db.session.execute(select(game_count)).mappings()
    found["game_count"] = {
        tuple(r.items()) for r in counts if any(list(r.values())[1:])
    }
    return found


def replayed() -> dict[str, set[tuple[Any, ...]]]:
    """Return the results a fresh replay of every stored game's hands gives."""
    found: dict[str, set[tuple[Any, ...]]] = {
        "hand_result": set(),
        "side_result": set(),
        "player_result": set(),
        "game": set(),
    }
    db.session.expire_all()
    played, kept_to, marks = [], {}, {}
    for game in services.all_games():  # oldest first, as the standings name
        kept_to[game.id] = game.game.ruleset_id
        state = store.replay_rows(game.game, game.rules, game.table)
        sides = game_rows.side_rows(game.game, game.table, state)
        kept = (
            game_rows.hand_rows(game.id, game.table, state, 1),
            sides,
            game_rows.player_rows(sides, game.table),
        )
        for name, rows in zip(RESULT_TABLES, kept, strict=True):
            found[name] |= {tuple(row.items()) for row in rows}
        found["game"].add((game.id, state.ending, state.winner, len(state.hands)))
        played.append((game.id, game.game.created, kept))
        marks[game.id] = (1, int(state.finished), int(bool(state.hands)))
    rows = counting.fold(played)
    counts = [(ALL_TIME, [marks[game_id] for game_id, _, _ in played])]
    for season in db.session.execute(select(Season)).scalars():
        held = [
            (game_id, created, kept)
            for game_id, created, kept in played
            if season.first_day <= created.date() <= season.last_day
            and season.ruleset_id in (None, kept_to[game_id])
        ]
        rows += counting.fold(held, season.id)
        counts.append((season.id, [marks[game_id] for game_id, _, _ in held]))
    found["standing"] = {tuple(row.items()) for row in rows}
    # How many games each scope holds, ended and with a hand: the listings' totals.
    found["game_count"] = {
        tuple(zip(COUNTED, (scope, *map(sum, zip(*held, strict=True))), strict=True))
        for scope, held in counts
        if held
    }
    for name, tallied in tallies.fold(kept for _, _, kept in played).items():
        found[name] = {tuple(row.items()) for row in tallied}
    return found


def normal(rows: dict[str, set[tuple[Any, ...]]]) -> dict[str, set[Any]]:
    """Return rows with their columns in one order, booleans as booleans."""
    return {
        name: {
            row
            if name == "game"
            else tuple(sorted(((k, bool(v) if k in BOOLS else v) for k, v in row)))
            for row in found
        }
        for name, found in rows.items()
    }


BOOLS = {"made", "finished", "team", "beside"}
RESULT_TABLES = ("hand_result", "side_result", "player_result")
COUNTED = ("scope", "games", "finished", "played")


def apply(step: tuple[Any, ...], games: list[str]) -> None:
    """Run one generated write through the services; refusals change nothing."""
    kind = step[0]
    if kind == "season":
        season_step(*step[1:])
        return
    if kind == "create":  # the first rules as if started from the saved house rules
        house = house_rules() if step[2] == 0 else None
        game, _ = services.create_game(
            "", RULES[step[2]], TABLES[step[1]], ruleset=house
        )
        games.append(game.id)
        return
    if kind == "import":
        past = archive.PastGame(
            "Old", RULES[step[2]], TABLES[step[1]], (), created=step[4]
        )
        table, rules, made = past.table, past.rules, []
        for spec in step[3]:
            try:
                made.append(built(rules, table, spec))
            except ScoringError:
                pass
        try:
            made = import_past([replace(past, hands=tuple(made))])
        except ScoringError:  # a hand after the end, or a barred bidder
            made = import_past([past])
        games.append(made[0][0])
        return
    if not games:
        return
    game_id = games[step[1] % len(games)]
    try:
        game = services.load(game_id)
    except AppError:
        return
    try:
        if kind == "record":
            services.record_hand(game, built(game.rules, game.table, step[2]))
        elif kind == "replace" and game.state.hands:
            number = step[2] % len(game.state.hands) + 1
            hand = built(game.rules, game.table, step[3])
            services.replace_hand(game, number, hand)
        elif kind == "undo":
            services.undo_hand(game)
        elif kind == "delete":
            services.delete_game(game)
    except (AppError, ScoringError):
        pass


def house_rules() -> int:
    """Return the id of the one saved house rules some games start from."""
    found = db.session.execute(select(RuleSet.id)).scalar()
    if found is None:
        found = rulesets.create_ruleset("Club", {"preset": "australian"})[0].id
    return found


def season_step(slot: int, days: tuple[date, date] | None, kept: bool) -> None:
    """Make, move or delete season S<slot>, kept to the house rules or not."""
    query = select(Season).where(Season.name == f"S{slot}")
    season = db.session.execute(query).scalar()
    if days is None:
        if season is not None:
            seasons.delete_season(season)
        return
    ruleset = house_rules() if kept else None
    seasons.save_season(f"S{slot}", *days, ruleset, season)


def test_stored_results_equal_a_fresh_replay_after_any_writes(app: Flask):
    @settings(
        max_examples=100,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(creates, st.lists(steps, min_size=10, max_size=40))
    def run(first: tuple[Any, ...], sequence: list[tuple[Any, ...]]) -> None:
        with app.app_context():
            game_rows.clear()  # the standings too: they have no game to cascade from
            db.session.execute(delete(Game))
            db.session.execute(delete(Season))
            db.session.commit()
            games: list[str] = []
            for step in [first, *sequence]:
                apply(step, games)
            assert normal(stored()) == normal(replayed())

    run()


def test_rescore_rebuilds_every_result_from_the_hands(app, api, runner):
    api.create()
    for hand in (
        {"bidder": "Bob", "contract": "7H", "tricks": 7},
        {"bidder": "Ann", "contract": "misere", "tricks": 0},
    ):
        api.hand(**hand)
    three = [{"name": n, "players": [n]} for n in ("Eve", "Fay", "Gus")]
    api.create(sides=three, first_dealer="Eve")
    with app.app_context():
        right = normal(stored())
        game_rows.clear()
        for game in db.session.execute(select(Game)).scalars():
            game.hand_count, game.winner = 99, 1
        db.session.commit()
        assert normal(stored()) != right
    result = runner.invoke(args=["rescore"])
    assert result.exit_code == 0 and "Rescored 2 games." in result.output
    with app.app_context():
        assert normal(stored()) == right == normal(replayed())


def test_a_write_moves_each_kind_of_kept_row_in_one_statement_in_key_order(
    app: Flask, api, monkeypatch
):
    # Two writes sharing players lock their rows in one order: never crosswise.
    api.create()
    api.hand(bidder="Bob", contract="7H", tricks=7)
    moved: dict[str, list[list[Any]]] = {}
    execute = db.session.execute

    def spy(statement: Any, rows: Any = None, *args: Any, **kwargs: Any) -> Any:
        table = getattr(statement, "table", None)
        if table is not None and table.name in ("standing", "pair", "spelling"):
            keys = (
                ["who_"] if "who_" in rows[0] else [c.name for c in table.primary_key]
            )
            moved.setdefault(table.name, []).append(
                [[row[k] for k in keys] for row in rows]
            )
        return execute(statement, rows, *args, **kwargs)

    with app.app_context():
        game = services.load(api.game_id)
        monkeypatch.setattr(db.session, "execute", spy)
        # Ann's ten no trumps ends the game: every kind of row moves.
        slam = make_hand(
            game.rules, game.table, contract="10NT", bidder="Ann", tricks=10
        )
        services.record_hand(game, slam)
    assert set(moved) == {"standing", "pair"}  # the spellings stay as typed
    for name, statements in moved.items():
        assert len(statements) == 1, name
        assert statements[0] == sorted(statements[0]) and len(statements[0]) > 2
