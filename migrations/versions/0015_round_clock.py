"""Round clock: a night's round length in minutes, and when each round started

Revision ID: 0015_round_clock
Revises: 0014_season_ladder
Create Date: 2026-11-26 19:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0015_round_clock"
down_revision = "0014_season_ladder"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("night", sa.Column("round_minutes", sa.Integer(), nullable=True))
    # Rounds seated before the clock was kept have no start (null).
    op.add_column("night_round", sa.Column("started", sa.DateTime(), nullable=True))


def downgrade():
    op.drop_column("night_round", "started")
    op.drop_column("night", "round_minutes")
