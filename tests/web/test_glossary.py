"""One word per concept: the French catalogue follows its glossary
(scorekeeper/translations/glossary.tsv), never a second word for the same thing."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from test_typography import french_strings

GLOSSARY = (
    Path(__file__).resolve().parents[2]
    / "scorekeeper"
    / "translations"
    / "glossary.tsv"
)
# What a sentence quotes as code (an API's field names between « »), markup, values.
QUOTED = re.compile(r"«\u00a0[^»]*\u00a0»|<[^>]*>|\{[^}]*\}|%\(\w+\)s")


def glossary() -> list[dict[str, str]]:
    """Return the glossary's rows: concept, french, and the words it must not use."""
    with GLOSSARY.open(encoding="utf-8") as kept:
        lines = [line for line in kept if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def strays(text: str, rows: list[dict[str, str]]) -> list[str]:
    """Return the concepts a French string names with a word the glossary refuses."""
    said = QUOTED.sub(" ", text)
    return [
        f"{row['concept']}: {row['french']}, not {found.group(0)!r}"
        for row in rows
        for pattern in filter(None, row["not"].split(" | "))
        if (found := re.search(pattern, said, flags=re.IGNORECASE))
    ]


def test_the_glossary_names_each_concept_once():
    rows = glossary()
    assert len(rows) >= 15
    concepts = [row["concept"] for row in rows]
    assert len(concepts) == len(set(concepts))
    assert all(row["french"] for row in rows)


def test_the_catalogue_uses_the_glossarys_words():
    rows = glossary()
    found = {}
    for english, french in french_strings():
        if said := strays(french, rows):
            found[english] = said
    assert found == {}


def test_every_glossary_word_is_in_the_catalogue():
    french = " ".join(string for _, string in french_strings()).lower()
    missing = [
        row["french"]
        for row in glossary()
        if row["french"].lower() not in french and "(" not in row["concept"]
    ]
    assert missing == []


def test_a_second_word_for_a_concept_is_caught():
    rows = glossary()
    assert strays("Le contrat chute.", rows) == ["contract: mise, not 'contrat'"]
    assert strays("Chaque camp marque ses levées.", rows) == [
        "side: équipe, not 'camp'"
    ]
    assert strays("Une équipe qui l’atteint entre par la grande porte.", rows)
    assert (
        strays("«\u00a0contracts\u00a0» doit associer des noms de mises.", rows) == []
    )
