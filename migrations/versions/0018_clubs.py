"""Many clubs on one server: the service's table of clubs (in the app's database
alone; a club's own storage is made at the newest migration, db/clubs/storage.py)

Revision ID: 0018_clubs
Revises: 0017_game_counts
Create Date: 2026-11-28 21:00:00

"""

import sqlalchemy as sa
from alembic import context, op

revision = "0018_clubs"
down_revision = "0017_game_counts"
branch_labels = None
depends_on = None


def in_a_club():
    """Whether this run upgrades a club's storage, where the service has no table."""
    return bool(context.config.attributes.get("club_storage"))


def upgrade():
    if in_a_club():
        return
    op.create_table(
        "club",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("storage", sa.String(length=40), nullable=False),
        sa.Column("language", sa.String(length=8), server_default="en", nullable=False),
        sa.Column(
            "visibility", sa.String(length=10), server_default="public", nullable=False
        ),
        sa.Column("listed", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club")),
        sa.UniqueConstraint("slug", name=op.f("uq_club_slug")),
    )


def downgrade():
    if in_a_club():
        return
    op.drop_table("club")
