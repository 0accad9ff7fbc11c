"""Players renamed or merged: a count on each game, which keys its kept table

Revision ID: 0008_renames
Revises: 0007_player_counters
Create Date: 2026-11-25 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0008_renames"
down_revision = "0007_player_counters"
branch_labels = None
depends_on = None


def upgrade():
    # Not batch_alter_table: on SQLite that copies and drops the game table,
    # and with foreign keys on, dropping it deletes every side, player and hand.
    op.add_column(
        "game",
        sa.Column("renames", sa.Integer(), nullable=False, server_default="0"),
    )


def downgrade():
    # ALTER TABLE … DROP COLUMN (SQLite 3.35 and later), for the reason above.
    op.drop_column("game", "renames")
