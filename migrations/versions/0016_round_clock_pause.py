"""Round clock paused and kept per round: each round's own minutes (a change
from the console holds for the next rounds only), and its pauses

Revision ID: 0016_round_clock_pause
Revises: 0015_round_clock
Create Date: 2026-11-26 19:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0016_round_clock_pause"
down_revision = "0015_round_clock"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("night_round") as batch:
        batch.add_column(sa.Column("minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("paused_at", sa.DateTime(), nullable=True))
        batch.add_column(
            sa.Column(
                "paused_seconds", sa.Integer(), nullable=False, server_default="0"
            )
        )
    # Rounds seated before: the night's clock, as they were shown.
    op.execute(
        "UPDATE night_round SET minutes = (SELECT round_minutes FROM night "
        "WHERE night.id = night_round.night_id)"
    )


def downgrade():
    with op.batch_alter_table("night_round") as batch:
        batch.drop_column("paused_seconds")
        batch.drop_column("paused_at")
        batch.drop_column("minutes")
