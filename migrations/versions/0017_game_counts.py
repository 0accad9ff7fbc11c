"""Each scope's games counted (all time, each season): how many, how many
ended, how many with a hand; the listing pages' totals read one row

Revision ID: 0017_game_counts
Revises: 0016_round_clock_pause
Create Date: 2026-11-28 18:00:00

"""

from datetime import datetime, time, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0017_game_counts"
down_revision = "0016_round_clock_pause"
branch_labels = None
depends_on = None

COUNT = (
    "SELECT COUNT(*), COUNT(ending), "
    "COALESCE(SUM(CASE WHEN hand_count > 0 THEN 1 ELSE 0 END), 0) FROM game"
)


def upgrade():
    op.create_table(
        "game_count",
        sa.Column("scope", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Integer(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("scope"),
    )
    connection = op.get_bind()
    insert = sa.text(
        "INSERT INTO game_count (scope, games, finished, played) "
        "VALUES (:scope, :games, :finished, :played)"
    )

    def keep(scope, where="", **values):
        query = sa.text(COUNT + where)
        if where:  # typed, so SQLite compares dates as the models store them
            query = query.bindparams(
                sa.bindparam("start", type_=sa.DateTime()),
                sa.bindparam("end", type_=sa.DateTime()),
            )
        games, finished, played = connection.execute(query, values).one()
        connection.execute(
            insert,
            {"scope": scope, "games": games, "finished": finished, "played": played},
        )

    keep(0)
    seasons = sa.text("SELECT id, first_day, last_day, ruleset_id FROM season")
    for scope, first, last, ruleset in connection.execute(seasons).all():
        first, last = (
            day if not isinstance(day, str) else datetime.fromisoformat(day).date()
            for day in (first, last)
        )
        where = " WHERE created >= :start AND created < :end"
        if ruleset is not None:
            where += " AND ruleset_id = :ruleset"
        start = datetime.combine(first, time())
        end = datetime.combine(last, time()) + timedelta(days=1)
        keep(scope, where, start=start, end=end, ruleset=ruleset)


def downgrade():
    op.drop_table("game_count")
