"""Names as people read them: one written form each, compared as they look."""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories  # type: ignore[import-untyped]

# Letters that draw nothing: Hangul fillers and the braille blank.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Categories that draw nothing on their own: spaces, format and combining marks.
UNSEEN = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me"})
# Scripts that belong to every word (digits, dots, marks) or that the
# library's tables do not know yet: they neither split nor mix a word.
ANY_SCRIPT = frozenset({"INHERITED", "Unknown"})
# Scripts one word of a language mixes by nature (Unicode TR39's Jpan, Kore, Hanb).
WRITTEN_TOGETHER = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)


def normal_name(text: str) -> str:
    """Return a name in NFC with its spaces folded: 'Zoë' typed two ways is one."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def name_key(text: str) -> str:
    """Return what two names must share to be one person: NFKC, case-blind.

    NFKC folds the letters that only look different (fullwidth 'Ａｎｎ', the
    ligature 'ﬁ') to the plain ones, so they name the same person.
    """
    folded = unicodedata.normalize("NFKC", normal_name(text)).casefold()
    return unicodedata.normalize("NFKC", folded)


# A name's compared form is kept in a column four times the name's own limit:
# NFKC writes a few characters out at length (U+FDFA is eighteen letters).
KEY_GROWTH = 4


def key_outgrows(text: str, most: int) -> bool:
    """Return whether a name's compared form is longer than its column keeps."""
    return len(name_key(text)) > KEY_GROWTH * most


def mixed_scripts(text: str) -> tuple[str, ...]:
    """Return the scripts one word of a name mixes ('Аnn', a Cyrillic А), or ()."""
    words: list[set[str]] = [set()]
    for ch in unicodedata.normalize("NFKC", text):
        script = categories.aliases_categories(ch)[0]
        if script == "COMMON":  # spaces, hyphens, digits: between words
            words.append(set())
        elif script not in ANY_SCRIPT:
            words[-1].add(script)
    for scripts in words:
        if len(scripts) > 1 and not any(scripts <= ok for ok in WRITTEN_TOGETHER):
            return tuple(sorted(s.title() for s in scripts))
    return ()


def is_visible(text: str) -> bool:
    """Return whether a name has at least one character that shows."""
    return any(
        ch not in BLANKS and unicodedata.category(ch) not in UNSEEN for ch in text
    )
