"""Names as people read them: one written form each, compared case-blind."""

from __future__ import annotations

import unicodedata

# Letters that draw nothing: Hangul fillers and the braille blank.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Categories that draw nothing on their own: spaces, format and combining marks.
UNSEEN = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me"})


def normal_name(text: str) -> str:
    """Return a name in NFC with its spaces folded: 'Zoë' typed two ways is one."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_key(text: str) -> str:
    """Return what two names must share to be one person: NFC, case-blind."""
    return unicodedata.normalize("NFC", normal_name(text).casefold())


def is_visible(text: str) -> bool:
    """Return whether a name has at least one character that shows."""
    return any(
        ch not in BLANKS and unicodedata.category(ch) not in UNSEEN for ch in text
    )
