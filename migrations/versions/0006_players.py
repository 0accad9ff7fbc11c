"""Players' ratings (derived, rebuilt by rescore) and a club's seasons

Revision ID: 0006_players
Revises: 0005_results
Create Date: 2026-11-24 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0006_players"
down_revision = "0005_results"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rating",
        sa.Column("name_key", sa.String(160), primary_key=True),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_index("ix_rating_player", "rating", ["name_key", "games"])
    op.create_index("ix_rating_created", "rating", ["created", "game_id"])
    op.create_table(
        "player_rating",
        sa.Column("name_key", sa.String(160), primary_key=True),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("ordinal", sa.Double(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_index("ix_player_rating_rank", "player_rating", ["ordinal", "name_key"])
    fill(op.get_bind())


def fill(connection):
    """Rate every finished game already kept, from its stored results, oldest first.

    Ratings are derived: this uses the app's own rating, as `flask rescore`
    does; a later change to it is rebuilt by running rescore.
    """
    from itertools import groupby

    from scorekeeper.results import ratings

    meta = sa.MetaData()
    players, rating, current = (
        sa.Table(name, meta, autoload_with=connection)
        for name in ("player_result", "rating", "player_rating")
    )
    query = (
        sa.select(players)
        .where(players.c.finished)
        .order_by(players.c.created, players.c.game_id, players.c.side)
    )
    now, counts = {}, {}
    for _, game in groupby(connection.execute(query), key=lambda r: r.game_id):
        rows = ratings.rate(list(game), now, counts)
        if rows:
            connection.execute(rating.insert(), rows)
    if now:
        connection.execute(current.insert(), ratings.current_rows(now, counts))


def downgrade():
    op.drop_table("player_rating")
    op.drop_table("rating")
