"""A rename binds a bounded number of values a statement, however many partners."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from api_helpers import import_past
from flask import Flask
from sqlalchemy import event

from scorekeeper.db.models import db
from scorekeeper.players import merging
from scorekeeper.results import archive
from scorekeeper.results.models import ALL_TIME, standing
from scorekeeper.scoring import make_hand, make_table, rules_from_dict

RULES = rules_from_dict({"preset": "australian"})
PARTNERS = 1100  # as many teams: one value a team outgrew SQLite's expression depth


def with_partner(number: int) -> archive.PastGame:
    """Return Zoe's game with partner number `number`, against Bob and Dan."""
    table = make_table([("Us", ["Zoe", f"P{number:04}"]), ("Them", ["Bob", "Dan"])])
    hand = make_hand(RULES, table, contract="7H", bidder="Zoe", tricks=[8, 2])
    on = datetime(2021, 1, 1) + timedelta(hours=number)
    return archive.PastGame("Friday", RULES, table, (hand,), created=on)


def test_renaming_a_player_of_a_thousand_teams_binds_few_values_a_statement(
    app: Flask,
):
    with app.app_context():
        import_past([with_partner(n) for n in range(PARTNERS)])
        most = [0]

        def count(conn, cursor, statement, parameters, context, many) -> None:
            if not many:
                most[0] = max(most[0], len(parameters or ()))

        event.listen(db.engine, "before_cursor_execute", count)
        try:
            merging.change("Zoe", "Zed")
        finally:
            event.remove(db.engine, "before_cursor_execute", count)
        assert most[0] <= 500
        query = db.select(standing.c.who).where(standing.c.scope == ALL_TIME)
        whos: Any = set(db.session.execute(query).scalars())
        assert "zed" in whos and "zoe" not in whos
        assert len([w for w in whos if "zed" in w.split("\n")]) == PARTNERS + 1
        assert not [w for w in whos if "zoe" in w.split("\n")]
