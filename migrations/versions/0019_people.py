"""Many clubs' people: accounts, roles in clubs, API tokens, one-use links and
wrong sign-in tries (the service's tables: in the app's database alone)

Revision ID: 0019_people
Revises: 0018_clubs
Create Date: 2026-11-28 20:34:08.332197

"""

import sqlalchemy as sa
from alembic import context, op

revision = "0019_people"
down_revision = "0018_clubs"
branch_labels = None
depends_on = None


def in_a_club():
    """Whether this run upgrades a club's storage, where the service has no table."""
    return bool(context.config.attributes.get("club_storage"))


def upgrade():
    if in_a_club():
        return
    op.create_table(
        "account",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("session_key", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account")),
        sa.UniqueConstraint("email", name=op.f("uq_account_email")),
        sa.UniqueConstraint("session_key", name=op.f("uq_account_session_key")),
    )
    op.create_table(
        "sign_in_try",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("who", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_try")),
    )
    with op.batch_alter_table("sign_in_try", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sign_in_try_at"), ["at"], unique=False)
        batch_op.create_index("ix_sign_in_try_who_at", ["who", "at"], unique=False)

    op.create_table(
        "access_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("last_used", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["account.id"],
            name=op.f("fk_access_token_account_id_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["club.id"],
            name=op.f("fk_access_token_club_id_club"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_access_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_access_token_token_hash")),
    )
    with op.batch_alter_table("access_token", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_access_token_account_id"), ["account_id"], unique=False
        )

    op.create_table(
        "membership",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["account.id"],
            name=op.f("fk_membership_account_id_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["club.id"],
            name=op.f("fk_membership_club_id_club"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_membership")),
        sa.UniqueConstraint(
            "account_id", "club_id", name=op.f("uq_membership_account_id_club_id")
        ),
    )
    with op.batch_alter_table("membership", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_membership_club_id"), ["club_id"], unique=False
        )

    op.create_table(
        "one_use_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=True),
        sa.Column("role", sa.String(length=10), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("made_by", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("expires", sa.DateTime(), nullable=False),
        sa.Column("used", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["account.id"],
            name=op.f("fk_one_use_link_account_id_account"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["club.id"],
            name=op.f("fk_one_use_link_club_id_club"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_one_use_link")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_one_use_link_token_hash")),
    )


def downgrade():
    if in_a_club():
        return
    op.drop_table("one_use_link")
    with op.batch_alter_table("membership", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_membership_club_id"))

    op.drop_table("membership")
    with op.batch_alter_table("access_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_access_token_account_id"))

    op.drop_table("access_token")
    with op.batch_alter_table("sign_in_try", schema=None) as batch_op:
        batch_op.drop_index("ix_sign_in_try_who_at")
        batch_op.drop_index(batch_op.f("ix_sign_in_try_at"))

    op.drop_table("sign_in_try")
    op.drop_table("account")
