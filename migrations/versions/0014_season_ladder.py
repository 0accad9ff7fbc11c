"""Season ladder: how a season ranks players over its club nights

Revision ID: 0014_season_ladder
Revises: 0013_nights
Create Date: 2026-11-26 18:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0014_season_ladder"
down_revision = "0013_nights"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMN: SQLite adds a column with a default in place.
    op.add_column("season", sa.Column("best_nights", sa.Integer(), nullable=True))
    op.add_column(
        "season",
        sa.Column("min_nights", sa.Integer(), nullable=False, server_default="1"),
    )
    op.add_column(
        "season",
        sa.Column("rank_by", sa.String(10), nullable=False, server_default="wins"),
    )


def downgrade():
    for column in ("rank_by", "min_nights", "best_nights"):
        op.drop_column("season", column)
