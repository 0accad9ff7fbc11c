"""What each phone may write: grants kept by a hash of its device id, tokens sealed."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping

from ..errors import Stale
from . import store, tokens
from .models import DeviceGrant, Game, GameKey, db

GAME, RULESET = "game", "ruleset"


def device_hash(device: str) -> str:
    """Return the hash the database keeps of a device id."""
    return hashlib.sha256(device.encode()).hexdigest()


def _context(kind: str, target: str) -> str:
    return f"{kind}:{target}"


def grant(device: str, kind: str, target: str, token: str) -> None:
    """Let a phone write a game or house rules (in the caller's transaction)."""
    sealed = tokens.seal(token, device, _context(kind, target))
    row = db.session.execute(
        db.select(DeviceGrant).where(
            DeviceGrant.device == device_hash(device),
            DeviceGrant.kind == kind,
            DeviceGrant.target == target,
        )
    ).scalar()
    if row is None:
        row = DeviceGrant(device=device_hash(device), kind=kind, target=target)
        db.session.add(row)
    row.sealed = sealed


def grant_now(device: str, kind: str, target: str, token: str) -> None:
    """Let a phone write a game or house rules, now (a play link or an edit link)."""
    try:
        store.transaction(lambda: grant(device, kind, target, token))
    except Stale:
        pass  # the same phone opened the same link twice at once: one grant won


def forget(kind: str, target: str) -> None:
    """Drop every phone's grant of a deleted game or rule set (in the write)."""
    db.session.execute(
        db.delete(DeviceGrant).where(
            DeviceGrant.kind == kind, DeviceGrant.target == target
        )
    )


def opened(device: str, kind: str, target: str, sealed: str) -> str:
    """Return the token a phone's grant seals (nonsense for any other phone)."""
    return tokens.unseal(sealed, device, _context(kind, target))


def held(device: str | None, kind: str, targets: Iterable[str]) -> dict[str, str]:
    """Return the tokens a phone holds, by target, among these games or rule sets."""
    wanted = list(targets)
    if not device or not wanted:
        return {}
    rows = db.session.execute(
        db.select(DeviceGrant.target, DeviceGrant.sealed).where(
            DeviceGrant.device == device_hash(device),
            DeviceGrant.kind == kind,
            DeviceGrant.target.in_(wanted),
        )
    )
    return {target: opened(device, kind, target, sealed) for target, sealed in rows}


def latest(device: str | None, kind: str, count: int) -> list[str]:
    """Return what a phone was last granted, newest first (to offer, not to write)."""
    if not device:
        return []
    query = (
        db.select(DeviceGrant.target)
        .where(DeviceGrant.device == device_hash(device), DeviceGrant.kind == kind)
        .order_by(DeviceGrant.id.desc())
        .limit(count)
    )
    return list(db.session.execute(query).scalars())


def adopt(device: str, kept: Mapping[str, str]) -> None:
    """Grant a phone the games whose tokens an older version kept in its session."""
    games = db.session.execute(
        db.select(Game.id, Game.token_hash).where(Game.id.in_(list(kept)))
    )
    valid = {i: kept[i] for i, kept_hash in games if tokens.grants(kept[i], kept_hash)}
    have = held(device, GAME, valid)

    def work() -> None:
        for game_id, token in valid.items():
            if game_id not in have:
                grant(device, GAME, game_id, token)

    try:
        store.transaction(work)
    except Stale:
        pass  # two pages of the same phone adopted them at once: one won


def add_key(game_id: str, token_hash: str) -> None:
    """Let another token write a game, in the caller's transaction (a night's)."""
    db.session.add(GameKey(game_id=game_id, token_hash=token_hash))


def other_key(game_id: str, token: str) -> bool:
    """Return whether a token is another key of a game (`add_key`)."""
    query = db.select(GameKey.game_id).where(
        GameKey.game_id == game_id, GameKey.token_hash == tokens.token_hash(token)
    )
    return db.session.execute(query).first() is not None
