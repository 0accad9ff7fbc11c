"""Write access and repeats: device grants, rule set tokens, kept answers

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
    op.create_table(
        "device_grant",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("device", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("target", sa.String(32), nullable=False),
        sa.Column("sealed", sa.String(128), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_device_grant")),
        sa.UniqueConstraint(
            "device", "kind", "target", name=op.f("uq_device_grant_device_kind_target")
        ),
    )

    with op.batch_alter_table("ruleset") as batch_op:
        batch_op.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch_op.add_column(sa.Column("used", sa.DateTime(), nullable=True))
        batch_op.create_index(batch_op.f("ix_ruleset_used"), ["used"])


def downgrade():
    with op.batch_alter_table("ruleset") as batch_op:
        batch_op.drop_index(batch_op.f("ix_ruleset_used"))
        batch_op.drop_column("used")
        batch_op.drop_column("token_hash")
    op.drop_table("device_grant")
    with op.batch_alter_table("request_key") as batch_op:
        batch_op.drop_index(batch_op.f("ix_request_key_created"))
    op.drop_table("request_key")
