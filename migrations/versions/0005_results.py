"""Results kept beside the hands, per hand, side and player, filled by replay

Revision ID: 0005_results
Revises: 0004_notes
Create Date: 2026-11-23 10:00:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0005_results"
down_revision = "0004_notes"
branch_labels = None
depends_on = None

TEAM_KEY = 3 * 160 + 2
# The standings' counters as this revision knew them (scorekeeper.models).
COUNTERS = (
    *("games", "finished", "wins", "front_door", "back_door", "other_wins"),
    *("bid", "made", "misere_bid", "misere_made", "special_bid", "special_made"),
    *("tricks_bid", "tricks_taken"),
    *(f"{c}_{k}" for k in ("s", "c", "d", "h", "nt") for c in ("bid", "made")),
    *(f"{c}_{n}" for n in range(6, 11) for c in ("bid", "made")),
)


def game_id():
    return sa.Column(
        "game_id",
        sa.String(32),
        sa.ForeignKey("game.id", ondelete="CASCADE"),
        primary_key=True,
    )


def upgrade():
    # Not batch_alter_table: on SQLite that copies and drops the game table,
    # and with foreign keys on, dropping it deletes every side, player and hand.
    op.add_column("game", sa.Column("winner", sa.Integer(), nullable=True))
    op.add_column(
        "game",
        sa.Column("hand_count", sa.Integer(), nullable=False, server_default="0"),
    )
    op.drop_index("ix_game_ending", "game")
    op.create_index("ix_game_ending_created", "game", ["ending", "created", "id"])
    op.create_table(
        "side_result",
        game_id(),
        sa.Column("position", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("team_key", sa.String(TEAM_KEY), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("against", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("win", sa.String(20), nullable=True),
    )
    op.create_table(
        "player_result",
        game_id(),
        sa.Column("name_key", sa.String(160), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("against", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("win", sa.String(20), nullable=True),
    )
    op.create_table(
        "hand_result",
        game_id(),
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("contract", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("side", sa.Integer(), nullable=True),
        sa.Column("bidder", sa.String(40), nullable=True),
        sa.Column("bidder_key", sa.String(160), nullable=True),
        sa.Column("team_key", sa.String(TEAM_KEY), nullable=True),
        sa.Column("partner_key", sa.String(160), nullable=True),
        sa.Column("suit", sa.String(2), nullable=True),
        sa.Column("level", sa.Integer(), nullable=True),
        sa.Column("made", sa.Boolean(), nullable=True),
        sa.Column("taken", sa.Integer(), nullable=True),
        sa.Column("points", sa.Integer(), nullable=True),
    )
    op.create_index(
        "ix_side_result_team", "side_result", ["team_key", "created", "finished", "win"]
    )
    op.create_index(
        "ix_player_result_name",
        "player_result",
        ["name_key", "created", "game_id", "finished", "win"],
    )
    op.create_index(
        "ix_player_result_status",
        "player_result",
        ["name_key", "finished", "created", "game_id"],
    )
    op.create_table(
        "standing",
        sa.Column("who", sa.String(TEAM_KEY), primary_key=True),
        sa.Column("team", sa.Boolean(), nullable=False),
        sa.Column("name", sa.String(3 * 40 + 6), nullable=False),
        sa.Column("players", sa.String(3 * 40 + 2), nullable=False),
        sa.Column("first_created", sa.DateTime(), nullable=False),
        sa.Column("first_game", sa.String(32), nullable=False),
        *(sa.Column(counter, sa.Integer(), nullable=False) for counter in COUNTERS),
    )
    op.create_index("ix_standing_rank", "standing", ["team", "games", "wins"])
    for index, who in (
        ("ix_hand_result_bidder", "bidder_key"),
        ("ix_hand_result_team", "team_key"),
    ):
        op.create_index(
            index, "hand_result", [who, "kind", "suit", "level", "made", "taken"]
        )
    fill(op.get_bind())


class Stored:
    """The two things of a game's row the result rows copy."""

    def __init__(self, id, created):
        self.id, self.created = id, created


def fill(connection):
    """Replay every game already stored and keep its results.

    Results are derived: this uses the app's own replay and rows, as `flask
    rescore` does; a later change to them is rebuilt by running rescore.
    """
    from scorekeeper.results import counting, game_rows
    from scorekeeper.scoring import Hand, make_table, replay, rules_from_dict

    meta = sa.MetaData()
    tables = {
        name: sa.Table(name, meta, autoload_with=connection)
        for name in ("game", "game_side", "player", "hand", "side_result")
        + ("player_result", "hand_result", "standing")
    }
    game, side, player, hand = (
        tables[n] for n in ("game", "game_side", "player", "hand")
    )
    seen = []
    oldest_first = sa.select(game).order_by(game.c.created, game.c.id)
    for row in connection.execute(oldest_first).mappings().all():
        sides = connection.execute(
            sa.select(side.c.id, side.c.name)
            .where(side.c.game_id == row["id"])
            .order_by(side.c.position)
        ).all()
        pairs = []
        for side_id, name in sides:
            names = connection.execute(
                sa.select(player.c.name)
                .where(player.c.side_id == side_id)
                .order_by(player.c.position)
            ).scalars()
            pairs.append((name, list(names)))
        table = make_table(pairs, row["first_dealer"], kept=True)
        played = [
            Hand(h.contract, tuple(h.tricks), h.side, h.bidder, h.partner, h.first_out)
            for h in connection.execute(
                sa.select(hand)
                .where(hand.c.game_id == row["id"])
                .order_by(hand.c.number)
            )
        ]
        state = replay(rules_from_dict(row["rules"]), table, played)
        connection.execute(
            game.update()
            .where(game.c.id == row["id"])
            .values(ending=state.ending, winner=state.winner, hand_count=len(played))
        )
        sides = game_rows.side_rows(Stored(row["id"], row["created"]), table, state)
        kept = (
            game_rows.hand_rows(row["id"], table, state, 1),
            sides,
            game_rows.player_rows(sides, table),
        )
        for name, rows in zip(("hand_result", "side_result", "player_result"), kept):
            if rows:
                connection.execute(tables[name].insert(), rows)
        seen.append((row["id"], row["created"], kept))
    # Only the counters this revision has: later ones fill their own.
    columns = tables["standing"].c.keys()
    rows = [{c: row[c] for c in columns} for row in counting.fold(seen)]
    if rows:
        connection.execute(tables["standing"].insert(), rows)


def downgrade():
    op.drop_table("standing")
    op.drop_index("ix_game_ending_created", "game")
    op.create_index("ix_game_ending", "game", ["ending"])
    op.drop_table("hand_result")
    op.drop_table("player_result")
    op.drop_table("side_result")
    # ALTER TABLE … DROP COLUMN (SQLite 3.35 and later), for the reason above.
    op.drop_column("game", "hand_count")
    op.drop_column("game", "winner")
