"""Name keys in NFKC: fullwidth 'Ａｎｎ' and plain 'Ann' are one person

Revision ID: 0011_name_keys_nfkc
Revises: 0010_password_tries
Create Date: 2026-11-25 18:00:00

"""

import logging
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0011_name_keys_nfkc"
down_revision = "0010_password_tries"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def nfc_key(name):
    # As revision 0002 keyed names, frozen here for the downgrade.
    folded = unicodedata.normalize("NFC", " ".join(name.split())).casefold()
    return unicodedata.normalize("NFC", folded)


def nfkc_key(name):
    # As scorekeeper.scoring.names.name_key, frozen here as this revision knew it.
    plain = unicodedata.normalize("NFC", " ".join(name.split()))
    folded = unicodedata.normalize("NFKC", plain).casefold()
    return unicodedata.normalize("NFKC", folded)


def unclash(name, taken):
    """Return a name whose key no one in `taken` has: the name, or it numbered."""
    number, new = 1, name
    while key_of(new) in taken:
        number += 1
        new = f"{name[:36]} {number}"
    return new


key_of = nfkc_key


def rename_within_games(connection, meta):
    """Number a second player or side of one game whose name now keys alike."""
    game, side, player, hand = (
        sa.Table(n, meta, autoload_with=connection)
        for n in ("game", "game_side", "player", "hand")
    )
    seats = connection.execute(
        sa.select(side.c.game_id, side.c.id, side.c.name, player.c.id, player.c.name)
        .join(player, player.c.side_id == side.c.id)
        .order_by(side.c.game_id, side.c.position, player.c.position)
    ).all()
    players, sides, renamed = {}, {}, 0
    for game_id, side_id, side_name, player_id, name in seats:
        if side_id not in sides.setdefault(game_id, {}):
            taken = {key_of(n) for n in sides[game_id].values()}
            new_side = unclash(side_name, taken)
            sides[game_id][side_id] = new_side
            if new_side != side_name:
                renamed += 1
                connection.execute(
                    side.update().where(side.c.id == side_id).values(name=new_side)
                )
        taken = {key_of(n) for n in players.setdefault(game_id, {}).values()}
        new = unclash(name, taken)
        players[game_id][player_id] = new
        if new == name:
            continue
        renamed += 1
        connection.execute(
            player.update().where(player.c.id == player_id).values(name=new)
        )
        # The hands and the first deal name the player as typed: follow the rename.
        for column in ("bidder", "partner"):
            connection.execute(
                hand.update()
                .where(hand.c.game_id == game_id, hand.c[column] == name)
                .values({column: new})
            )
        connection.execute(
            game.update()
            .where(game.c.id == game_id, game.c.first_dealer == name)
            .values(first_dealer=new)
        )
        # As a merge does: no copy of the game with the old name stays current.
        connection.execute(
            game.update()
            .where(game.c.id == game_id)
            .values(version=game.c.version + 1, renames=game.c.renames + 1)
        )
    return renamed


def rekey(connection, meta, key):
    """Store every kept name's key as `key` gives it; return how many changed."""
    changed = 0
    player = sa.Table("player", meta, autoload_with=connection)
    for row_id, name, stored in connection.execute(
        sa.select(player.c.id, player.c.name, player.c.name_key)
    ).all():
        if key(name) != stored:
            changed += 1
            connection.execute(
                player.update().where(player.c.id == row_id).values(name_key=key(name))
            )
    for table_name in ("ruleset", "season"):
        table = sa.Table(table_name, meta, autoload_with=connection)
        rows = connection.execute(
            sa.select(table.c.id, table.c.name).order_by(table.c.id)
        ).all()
        # The keys are unique: clear them first so a swap cannot clash midway.
        parked = sa.literal("~") + sa.cast(table.c.id, sa.String)
        connection.execute(table.update().values(name_key=parked))
        taken = set()
        for row_id, name in rows:
            if key(name) in taken:  # two names now alike: the later one numbered
                name = f"{name[:70]} ({row_id})"
            taken.add(key(name))
            connection.execute(
                table.update()
                .where(table.c.id == row_id)
                .values(name=name, name_key=key(name))
            )
    return changed


def upgrade():
    connection = op.get_bind()
    meta = sa.MetaData()
    renamed = rename_within_games(connection, meta)
    changed = rekey(connection, meta, nfkc_key)
    if renamed or changed:
        # The results kept beside the hands are keyed by name: derived, rebuilt
        # by `flask rescore`, as every change to how they are kept is.
        log.warning(
            "%d names renamed and %d player keys changed: run `flask rescore`.",
            renamed,
            changed,
        )


def downgrade():
    rekey(op.get_bind(), sa.MetaData(), nfc_key)
