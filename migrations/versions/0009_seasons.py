"""Seasons: a club's named date ranges, and standings kept for each of them

Revision ID: 0009_seasons
Revises: 0008_renames
Create Date: 2026-11-25 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0009_seasons"
down_revision = "0008_renames"
branch_labels = None
depends_on = None

TEAM_KEY = 3 * 160 + 2


def upgrade():
    # Not batch_alter_table: on SQLite that copies and drops the game table,
    # and with foreign keys on, dropping it deletes every side, player and hand.
    op.add_column("game", sa.Column("ruleset_id", sa.Integer(), nullable=True))
    op.create_index("ix_game_ruleset_created", "game", ["ruleset_id", "created", "id"])
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(320), nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column("ruleset_id", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_season_name_key"),
    )
    op.create_index(
        "ix_rating_player_created", "rating", ["name_key", "created", "game_id"]
    )
    # The standings are derived: a key with their scope is a new table, filled
    # from the stored results (an ALTER of a primary key is not portable).
    meta = sa.MetaData()
    old = sa.Table("standing", meta, autoload_with=op.get_bind())
    counters = [c.name for c in old.columns][6:]
    op.drop_table("standing")
    op.create_table("standing", *standing_columns(counters, scoped=True))
    op.create_index("ix_standing_rank", "standing", ["scope", "team", "games", "wins"])
    op.create_index(
        "ix_standing_wins",
        "standing",
        ["scope", "team", sa.text("wins DESC"), "games", "who"],
    )
    fill(op.get_bind())


def standing_columns(counters, scoped):
    """Return the standings' columns: keyed by scope and name, or by name alone."""
    scope = [sa.Column("scope", sa.Integer(), primary_key=True, autoincrement=False)]
    return [
        *(scope if scoped else []),
        sa.Column("who", sa.String(TEAM_KEY), primary_key=True),
        sa.Column("team", sa.Boolean(), nullable=False),
        sa.Column("name", sa.String(3 * 40 + 6), nullable=False),
        sa.Column("players", sa.String(3 * 40 + 2), nullable=False),
        sa.Column("first_created", sa.DateTime(), nullable=False),
        sa.Column("first_game", sa.String(32), nullable=False),
        *(sa.Column(counter, sa.Integer(), nullable=False) for counter in counters),
    ]


def fill(connection):
    """Fold every game's stored results into the all-time standings, oldest first.

    Standings are derived: this uses the app's own fold, as `flask rescore`
    does; a later change to it is rebuilt by running rescore.
    """
    from scorekeeper.results import counting
    from scorekeeper.seasons import service as seasons

    meta = sa.MetaData()
    tables = [
        sa.Table(name, meta, autoload_with=connection)
        for name in ("hand_result", "side_result", "player_result", "standing")
    ]
    games = seasons.stored_games(connection, *tables[:3])
    # Only the columns this revision has: the app may count more by now.
    columns = set(tables[3].c.keys())
    rows = [
        {k: v for k, v in row.items() if k in columns} for row in counting.fold(games)
    ]
    if rows:
        connection.execute(tables[3].insert(), rows)


def downgrade():
    # The all-time rows, kept as they were, in a table keyed by name alone.
    connection = op.get_bind()
    meta = sa.MetaData()
    table = sa.Table("standing", meta, autoload_with=connection)
    kept = connection.execute(sa.select(table).where(table.c.scope == 0))
    rows = [{k: v for k, v in row.items() if k != "scope"} for row in kept.mappings()]
    counters = [c.name for c in table.columns][7:]
    op.drop_table("standing")
    older = op.create_table("standing", *standing_columns(counters, scoped=False))
    op.create_index("ix_standing_rank", "standing", ["team", "games", "wins"])
    if rows:
        op.bulk_insert(older, rows)
    op.drop_index("ix_rating_player_created", "rating")
    op.drop_table("season")
    op.drop_index("ix_game_ruleset_created", "game")
    op.drop_column("game", "ruleset_id")
