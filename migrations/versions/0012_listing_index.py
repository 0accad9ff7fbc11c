"""The listing pages' index: games by start time, then id, read newest first

Revision ID: 0012_listing_index
Revises: 0011_name_keys_nfkc
Create Date: 2026-11-25 18:00:00

"""

from alembic import op

revision = "0012_listing_index"
down_revision = "0011_name_keys_nfkc"
branch_labels = None
depends_on = None


def upgrade():
    # Ten thousand games started at one moment (an import of dates alone) were
    # sorted whole on every page when the index held the date alone.
    op.create_index("ix_game_created_id", "game", ["created", "id"])
    op.drop_index("ix_game_created", "game")


def downgrade():
    op.create_index("ix_game_created", "game", ["created"])
    op.drop_index("ix_game_created_id", "game")
