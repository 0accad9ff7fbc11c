"""Names as people read them: one written form each, compared as they look."""

from __future__ import annotations

import functools
import struct
import threading
import unicodedata
from typing import Any

import pyuca  # type: ignore[import-untyped]
from confusable_homoglyphs import (  # type: ignore[import-untyped]
    categories,
    confusables,
)

from .errors import N_, Word

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


# The alphabets a refusal names, as nouns in the page's language (issue 42.3: a
# French refusal said "Cyrillic and Latin"); one the catalogue lacks keeps its
# Unicode name.
SCRIPT_WORDS = {
    "ARABIC": N_("Arabic"),
    "ARMENIAN": N_("Armenian"),
    "CHEROKEE": N_("Cherokee"),
    "CYRILLIC": N_("Cyrillic"),
    "DEVANAGARI": N_("Devanagari"),
    "GEORGIAN": N_("Georgian"),
    "GREEK": N_("Greek"),
    "HAN": N_("Han"),
    "HANGUL": N_("Hangul"),
    "HEBREW": N_("Hebrew"),
    "HIRAGANA": N_("Hiragana"),
    "KATAKANA": N_("Katakana"),
    "LATIN": N_("Latin"),
    "THAI": N_("Thai"),
}


def normal_name(text: str) -> str:
    """Return a name in NFC with its spaces folded: 'Zoë' typed two ways is one."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


@functools.lru_cache(maxsize=4096)  # a club's names, keyed for every row
def name_key(text: str) -> str:
    """Return what two names must share to be one person: NFKC, case-blind.

    NFKC folds the letters that only look different (fullwidth 'Ａｎｎ', the
    ligature 'ﬁ') to the plain ones, so they name the same person.
    """
    folded = unicodedata.normalize("NFKC", normal_name(text)).casefold()
    return unicodedata.normalize("NFKC", folded)


_COLLATOR: list[Any] = []
_BUILDING = threading.Lock()


def collator() -> Any:
    """Return the Unicode Collation Algorithm's collator (pyuca, its default
    table), built once a process, when a list of names is first sorted: reading
    its table takes about a second."""
    if not _COLLATOR:
        with _BUILDING:
            if not _COLLATOR:
                _COLLATOR.append(pyuca.Collator())
    return _COLLATOR[0]


# A server's names, kept: computing a key takes a fifth of a millisecond.
@functools.lru_cache(maxsize=1 << 16)
def reading_order(text: str) -> tuple[bytes, str]:
    """Return the key that lists names in a reader's order: the Unicode
    Collation Algorithm's ('Émile' with the E's, before 'Ophélie'; case and
    accents weigh less than letters), then the name itself, so that names the
    algorithm finds equal still come out one way. Every list of names sorts
    by this key, and by no other."""
    weights = collator().sort_key(text)
    # Each weight two bytes, high first: bytes compare as the weights would,
    # at a tenth of the memory a tuple of ints keeps.
    return struct.pack(f">{len(weights)}H", *weights), text


# A name's compared form is kept in a column four times the name's own limit:
# NFKC writes a few characters out at length (U+FDFA is eighteen letters).
KEY_GROWTH = 4


def key_outgrows(text: str, most: int) -> bool:
    """Return whether a name's compared form is longer than its column keeps."""
    return len(name_key(text)) > KEY_GROWTH * most


def mixed_scripts(text: str) -> tuple[str, ...]:
    """Return the scripts one word of a name mixes ('Аnn', a Cyrillic А), or (),
    each a Word the page translates."""
    if text.isascii():  # Latin letters and common signs: one script at most
        return ()
    words: list[set[str]] = [set()]
    for ch in unicodedata.normalize("NFKC", text):
        script = categories.aliases_categories(ch)[0]
        if script == "COMMON":  # spaces, hyphens, digits: between words
            words.append(set())
        elif script not in ANY_SCRIPT:
            words[-1].add(script)
    for scripts in words:
        if len(scripts) > 1 and not any(scripts <= ok for ok in WRITTEN_TOGETHER):
            named = (SCRIPT_WORDS.get(s, s.title()) for s in scripts)
            return tuple(sorted(Word(name) for name in named))
    return ()


def is_visible(text: str) -> bool:
    """Return whether a name has at least one character that shows."""
    return any(
        ch not in BLANKS and unicodedata.category(ch) not in UNSEEN for ch in text
    )


def only_dots(text: str) -> bool:
    """Return whether a text is nothing but dots ('..', '…'), or nothing at all."""
    return set(unicodedata.normalize("NFKC", text).strip()) <= {"."}


def unreachable_part(text: str) -> bool:
    """Return whether a part of a name between slashes is empty or only dots.

    A name is a path in its page's address (/players/A/B): browsers drop a
    part '.' or '..' (and what it follows), and a leading slash finds no page.
    """
    return "/" in text and any(only_dots(part) for part in text.split("/"))


@functools.cache
def _prototypes() -> dict[str, str]:
    """Return each character's prototype in Unicode's confusables (TS #39).

    The library keeps each pair of confusables.txt both ways: a character with
    one entry maps to it, one with several is the prototype of them all, and of
    a pair that only name each other either may be: both map to the smaller.
    """
    data: dict[str, list[dict[str, str]]] = confusables.confusables_data
    found = {}
    for ch, entries in data.items():
        if len(ch) != 1 or len(entries) != 1:
            continue
        target = entries[0]["c"]
        back = data.get(target, [])
        if len(target) == 1 and len(back) == 1 and back[0]["c"] == ch:
            target = min(ch, target)
        found[ch] = target
    return found


def skeleton(text: str) -> str:
    """Return a text's confusable skeleton (TS #39): 'АВЕ' in Cyrillic is 'ABE'."""
    prototypes = _prototypes()
    mapped = "".join(
        prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text)
    )
    return unicodedata.normalize("NFD", mapped)


# Every name played is compared when a new one comes: a club of thousands fits.
@functools.lru_cache(maxsize=1 << 15)
def lookalike(text: str) -> str:
    """Return what two names share when they look alike, case-blind: the
    skeleton's name key ('АВЕ', 'ABE' and 'Abe' share one; 'аве' does not)."""
    return name_key(skeleton(normal_name(text)))
