"""A player's page from kept rows: more standing counters, pairs and spellings

Revision ID: 0007_player_counters
Revises: 0006_players
Create Date: 2026-11-25 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0007_player_counters"
down_revision = "0006_players"
branch_labels = None
depends_on = None

# The standings' counters this revision adds (scorekeeper.result_models).
ENDINGS = ("front_door", "back_door", "ceiling", "point_spread", "hands_limit")
COUNTERS = (
    *("points_for", "points_against", *(f"lost_{e}" for e in ENDINGS)),
    *("set", "ralphed", "contracted", "contract_points", "defended"),
)


def upgrade():
    for counter in COUNTERS:
        op.add_column(
            "standing",
            sa.Column(counter, sa.Integer(), nullable=False, server_default="0"),
        )
    op.create_table(
        "pair",
        sa.Column("who", sa.String(160), primary_key=True),
        sa.Column("beside", sa.Boolean(), primary_key=True),
        sa.Column("other", sa.String(160), primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )
    op.create_table(
        "spelling",
        sa.Column("who", sa.String(160), primary_key=True),
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    fill(op.get_bind())


def fill(connection):
    """Count the new counters, pairs and spellings from the results already kept.

    Derived data: this uses the app's own counting, as `flask rescore` does; a
    later change to it is rebuilt by running rescore.
    """
    from scorekeeper.results import counting, tallies

    meta = sa.MetaData()
    tables = {
        name: sa.Table(name, meta, autoload_with=connection)
        for name in ("game", "hand_result", "side_result", "player_result")
        + ("standing", "pair", "spelling")
    }
    game = tables["game"]
    kept = {}  # each game's hands, sides and players, as results.stored reads them
    for place, name in enumerate(("hand_result", "side_result", "player_result")):
        table = tables[name]
        query = sa.select(table).order_by(*table.primary_key)
        for row in connection.execute(query).mappings():
            kept.setdefault(row["game_id"], ([], [], []))[place].append(dict(row))
    oldest_first = sa.select(game.c.id, game.c.created).order_by(
        game.c.created, game.c.id
    )
    games = [
        (game_id, created, kept[game_id])
        for game_id, created in connection.execute(oldest_first)
        if game_id in kept
    ]
    standing = tables["standing"]
    rows = [
        {"who_": row["who"], **{c: row[c] for c in COUNTERS}}
        for row in counting.fold(games)
    ]
    if rows:
        counted = {c: sa.bindparam(c) for c in COUNTERS}
        connection.execute(
            standing.update()
            .where(standing.c.who == sa.bindparam("who_"))
            .values(counted),
            rows,
        )
    for name, tallied in tallies.fold(results for _, _, results in games).items():
        if tallied:
            connection.execute(tables[name].insert(), tallied)


def downgrade():
    op.drop_table("spelling")
    op.drop_table("pair")
    # ALTER TABLE … DROP COLUMN (SQLite 3.35 and later), not batch_alter_table.
    for counter in COUNTERS:
        op.drop_column("standing", counter)
