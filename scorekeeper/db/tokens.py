"""Write tokens: made once, kept only as a hash or sealed, checked in constant time."""

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
    return hashlib.sha256(_bytes(token)).hexdigest()


def _bytes(text: str) -> bytes:
    """Return text as UTF-8, whatever it holds (a lone surrogate from JSON too)."""
    return text.encode("utf-8", "surrogatepass")


def same(given: str, kept: str) -> bool:
    """Return whether a given secret is the kept one, in constant time.

    As bytes: hmac.compare_digest refuses text that is not ASCII (a TypeError,
    so a link with an accented token answered 500).
    """
    return hmac.compare_digest(_bytes(given), _bytes(kept))


def grants(token: str | None, kept_hash: str) -> bool:
    """Return whether a token matches the kept hash (constant time)."""
    if not token:
        return False
    return same(token_hash(token), kept_hash)


def _pad(secret: str | bytes, context: str, length: int) -> bytes:
    """Return `length` bytes only the holder of `secret` can make (HMAC-SHA256)."""
    key = secret.encode() if isinstance(secret, str) else secret
    blocks = b""
    while len(blocks) < length:
        message = f"{len(blocks)}:{context}".encode()
        blocks += hmac.new(key, message, hashlib.sha256).digest()
    return blocks[:length]


def seal(token: str, secret: str | bytes, context: str) -> str:
    """Return a token sealed with a secret, so the database alone cannot read it."""
    data = token.encode()
    pad = _pad(secret, context, len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True)).hex()


def unseal(sealed: str, secret: str | bytes, context: str) -> str:
    """Return a sealed token (nonsense unless the secret and context are the same)."""
    data = bytes.fromhex(sealed)
    pad = _pad(secret, context, len(data))
    return bytes(a ^ b for a, b in zip(data, pad, strict=True)).decode(errors="replace")


def _tag(secret: str | bytes, context: str) -> str:
    return _pad(secret, f"check:{context}", 8).hex()


def seal_checked(token: str, secret: str | bytes, context: str) -> str:
    """Return a sealed token with a check, so another secret finds nothing."""
    return f"{_tag(secret, context)}.{seal(token, secret, context)}"


def unseal_checked(sealed: str, secret: str | bytes, context: str) -> str | None:
    """Return a token sealed with its check, or None for any other secret or context."""
    tag, _, rest = sealed.partition(".")
    if not rest or not same(tag, _tag(secret, context)):
        return None  # another caller's, or kept before checks (issue 21.3)
    return unseal(rest, secret, context)
