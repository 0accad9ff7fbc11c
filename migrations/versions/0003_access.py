"""Write access and repeats: answers kept for Idempotency-Key and form ids

Revision ID: 0003_access
Revises: 0002
Create Date: 2026-11-22 10:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = "0003_access"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "request_key",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("sealed", sa.String(128), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_request_key")),
    )
    with op.batch_alter_table("request_key") as batch_op:
        batch_op.create_index(batch_op.f("ix_request_key_created"), ["created"])


def downgrade():
    with op.batch_alter_table("request_key") as batch_op:
        batch_op.drop_index(batch_op.f("ix_request_key_created"))
    op.drop_table("request_key")
