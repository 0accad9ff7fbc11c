"""Write tokens: made once, kept only as a hash, checked in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> tuple[str, str]:
    """Return a new write token and the hash the database keeps of it."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def token_hash(token: str) -> str:
    """Return the hash the database keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def grants(token: str | None, kept_hash: str) -> bool:
    """Return whether a token matches the kept hash (constant time)."""
    if not token:
        return False
    return hmac.compare_digest(token_hash(token), kept_hash)
