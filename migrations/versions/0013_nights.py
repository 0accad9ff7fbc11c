"""Club nights: nights, their rosters, rounds and tables; time called on a game

Revision ID: 0013_nights
Revises: 0012_listing_index
Create Date: 2026-11-25 18:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0013_nights"
down_revision = "0012_listing_index"
branch_labels = None
depends_on = None


def upgrade():
    # Not batch_alter_table: on SQLite that copies and drops the game table,
    # and with foreign keys on, dropping it deletes every side, player and hand.
    op.add_column(
        "game",
        sa.Column("called", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column(
        "standing",
        sa.Column("lost_called", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "game_key",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name="fk_game_key_game_id_game",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "token_hash", name="pk_game_key"),
    )
    op.create_table(
        "night",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("ruleset_id", sa.Integer(), nullable=True),
        sa.Column("movement", sa.String(20), nullable=False),
        sa.Column("round_hands", sa.Integer(), nullable=True),
        sa.Column("rank_by", sa.String(10), nullable=False),
        sa.Column("odd_players", sa.String(20), nullable=False),
        sa.Column("rounds_planned", sa.Integer(), nullable=True),
        sa.Column("shuffle", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_night"),
    )
    op.create_index("ix_night_created", "night", ["created"])
    op.create_table(
        "night_player",
        sa.Column("night_id", sa.String(32), nullable=False),
        sa.Column("position", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("pair", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["night_id"],
            ["night.id"],
            name="fk_night_player_night_id_night",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("night_id", "position", name="pk_night_player"),
        sa.UniqueConstraint(
            "night_id", "name_key", name="uq_night_player_night_id_name_key"
        ),
    )
    op.create_table(
        "night_round",
        sa.Column("night_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("sitting_out", sa.JSON(), nullable=False),
        sa.Column("called", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["night_id"],
            ["night.id"],
            name="fk_night_round_night_id_night",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("night_id", "number", name="pk_night_round"),
    )
    op.create_table(
        "night_table",
        sa.Column("night_id", sa.String(32), nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("sealed", sa.String(128), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["game.id"],
            name="fk_night_table_game_id_game",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["night_id", "round"],
            ["night_round.night_id", "night_round.number"],
            name="fk_night_table_night_id_night_round",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("night_id", "round", "number", name="pk_night_table"),
        sa.UniqueConstraint("game_id", name="uq_night_table_game_id"),
    )


def downgrade():
    op.drop_table("night_table")
    op.drop_table("night_round")
    op.drop_table("night_player")
    op.drop_index("ix_night_created", table_name="night")
    op.drop_table("night")
    op.drop_table("game_key")
    with op.batch_alter_table("standing") as batch:
        batch.drop_column("lost_called")
    op.drop_column("game", "called")
