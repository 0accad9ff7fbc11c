"""Password tries: recent tries at the club password, to slow guessing down

Revision ID: 0010_password_tries
Revises: 0009_seasons
Create Date: 2026-11-25 18:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0010_password_tries"
down_revision = "0009_seasons"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "password_try",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_password_try"),
    )
    op.create_index("ix_password_try_at", "password_try", ["at"])
    op.create_index("ix_password_try_client_at", "password_try", ["client", "at"])


def downgrade():
    op.drop_table("password_try")
