"""Name keys: players and saved rule sets compared in NFC, case-blind

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 15:00:00

"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def key(name):
    # As scorekeeper.scoring.names.name_key, frozen here as this revision knew it.
    folded = unicodedata.normalize("NFC", " ".join(name.split())).casefold()
    return unicodedata.normalize("NFC", folded)


def upgrade():
    with op.batch_alter_table("player") as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(160), nullable=True))
    with op.batch_alter_table("ruleset") as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(320), nullable=True))
    connection = op.get_bind()
    players = connection.execute(sa.text("SELECT id, name FROM player")).all()
    for row_id, name in players:
        connection.execute(
            sa.text("UPDATE player SET name_key = :key WHERE id = :id"),
            {"key": key(name), "id": row_id},
        )
    taken = set()
    rulesets = connection.execute(sa.text("SELECT id, name FROM ruleset ORDER BY id"))
    for row_id, name in rulesets.all():
        # Case variants saved before keys were unique keep their rules, renamed.
        if key(name) in taken:
            name = f"{name[:70]} ({row_id})"
        taken.add(key(name))
        connection.execute(
            sa.text("UPDATE ruleset SET name = :name, name_key = :key WHERE id = :id"),
            {"name": name, "key": key(name), "id": row_id},
        )
    with op.batch_alter_table("player") as batch_op:
        batch_op.alter_column("name_key", nullable=False)
        batch_op.drop_index("ix_player_name")
        batch_op.create_index("ix_player_name_key", ["name_key"])
    with op.batch_alter_table("ruleset") as batch_op:
        batch_op.alter_column("name_key", nullable=False)
        batch_op.drop_constraint("uq_ruleset_name", type_="unique")
        batch_op.create_unique_constraint("uq_ruleset_name_key", ["name_key"])


def downgrade():
    with op.batch_alter_table("ruleset") as batch_op:
        batch_op.drop_constraint("uq_ruleset_name_key", type_="unique")
        batch_op.create_unique_constraint("uq_ruleset_name", ["name"])
        batch_op.drop_column("name_key")
    with op.batch_alter_table("player") as batch_op:
        batch_op.drop_index("ix_player_name_key")
        batch_op.create_index("ix_player_name", ["name"])
        batch_op.drop_column("name_key")
