"""Notes on a game: one line of text (where, who brought the cards)

Revision ID: 0004_notes
Revises: 0003_access
Create Date: 2026-11-24 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0004_notes"
down_revision = "0003_access"
branch_labels = None
depends_on = None


def upgrade():
    # Not batch_alter_table: on SQLite that copies and drops the game table,
    # and with foreign keys on, dropping it deletes every side, player and hand.
    op.add_column(
        "game",
        sa.Column("notes", sa.String(80), nullable=False, server_default=""),
    )


def downgrade():
    # ALTER TABLE … DROP COLUMN (SQLite 3.35 and later), for the reason above.
    op.drop_column("game", "notes")
