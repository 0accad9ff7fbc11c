"""The French catalogue follows the OQLF's typography, entry by entry.

No space before ; ! ? (Québec usage); an espace insécable (U+00A0) before a
colon; quotes are « » with their espaces insécables, never straight quotes,
and a quoted value (`%(name)r` in English) is placed between them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
FRENCH = ROOT / "scorekeeper" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
NBSP = "\u00a0"
# What a sentence quotes as code, written as a program reads it: HTTP headers,
# a JSON example, markup. Typography does not apply inside.
CODE = re.compile(r"<[^>]*>|\{[^}]*\}|\b(?:Content-Type|Authorization): ")


def prose(text: str) -> str:
    """Return a translation without the code it quotes."""
    return CODE.sub(" ", text)


def faults(text: str) -> list[str]:
    """Return what breaks the OQLF's rules in one French string."""
    said = prose(text)
    found = []
    if re.search(r"\s[;!?]", said):
        found.append("a space before ; ! or ?")
    if re.search(r"(?<!\u00a0):(?=\s|$)", said):
        found.append("a colon without an espace insécable before it")
    if re.search(r"%\(\w+\)r", said):
        found.append("a value between straight quotes (%(…)r)")
    if re.search(r"[\"'“”]", said):
        found.append("straight or English quotes")
    if re.search(r"«(?!\u00a0)|(?<!\u00a0)»", said):
        found.append("« » without their espaces insécables")
    return found


def french_strings() -> list[tuple[str, str]]:
    """Return each French string of the catalogue with the English it says."""
    with FRENCH.open("rb") as po:
        catalog = read_po(po)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        pairs.extend((ids[0], string) for string in strings)
    return pairs


def test_every_french_string_follows_the_oqlf():
    wrong = {english: faults(french) for english, french in french_strings()}
    assert {english: said for english, said in wrong.items() if said} == {}


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("Supprimer «\u00a0x\u00a0»\u00a0?", "a space before ; ! or ?"),
        ("rien\u00a0; réessayez", "a space before ; ! or ?"),
        ("Encore en jeu : table 1", "a colon without an espace insécable before it"),
        ("Règles: Québécoises", "a colon without an espace insécable before it"),
        (
            "%(name)r n’est pas à cette table.",
            "a value between straight quotes (%(…)r)",
        ),
        ("l'équipe", "straight or English quotes"),
        ("«Zoé»", "« » without their espaces insécables"),
    ],
)
def test_each_fault_is_caught(text, fault):
    assert fault in faults(text)


def test_code_and_right_typography_pass():
    assert faults('Envoyez Content-Type: application/json, comme {"a": 1}.') == []
    assert faults('<abbr title="Mises">M</abbr> Règles\u00a0: «\u00a0Zoé\u00a0»!') == []


# A piece of a sentence, put beside another by code: it begins or ends with
# the join (", made with…", "; failing it costs…", " (assumed…)"), or it only
# labels values another entry names ("<strong>%(award)s</strong>: %(players)s (…").
PIECE = re.compile(r"^[\s,;]|[\s,;]$|^(?:<[^>]+>)?%\(\w+\)s(?:</\w+>)?: %\(\w+\)s \(")


def test_no_catalogue_entry_is_a_piece_of_a_sentence():
    """Issue 33.2: a translator sees every sentence whole, as a page shows it."""
    english = {english for english, _ in french_strings()}
    assert sorted(e for e in english if PIECE.search(e)) == []


@pytest.mark.parametrize(
    "piece",
    [
        ", made with %(count)s or more tricks",
        "; failing it costs %(value)s",
        " (assumed: the rule texts are silent)",
        "<strong>%(award)s</strong>: %(players)s (%(value)s)",
    ],
)
def test_each_kind_of_piece_is_caught(piece):
    assert PIECE.search(piece)
