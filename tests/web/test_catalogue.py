"""The French catalogue: every marked string translated, none fuzzy, none missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
CATALOGUES = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
# %(name)r in English may be %(name)s between « » in French: the same value.
PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]")


def untranslated(catalog: Catalog) -> list[str]:
    """Return the entries a page would show in English: empty or fuzzy."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = (
            message.string if isinstance(message.string, tuple) else (message.string,)
        )
        if message.fuzzy or not all(strings):
            found.append(message.id if isinstance(message.id, str) else message.id[0])
    return found


def key(message: Message) -> tuple[str | None, str]:
    """Return what tells one entry from another: its context and its (first) words."""
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def marked_strings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> set[tuple[str | None, str]]:
    """Return every string the code and the templates mark, as the README extracts."""
    template = tmp_path / "messages.pot"
    monkeypatch.chdir(ROOT)
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", "pyproject.toml", "-k", "_l"]
        + ["-o", str(template), "."]
    )
    with template.open("rb") as extracted:
        return {key(m) for m in read_po(extracted) if m.id}


def test_there_is_a_french_catalogue():
    assert [path.parts[-3] for path in CATALOGUES] == ["fr"]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_entry_is_translated_and_none_is_fuzzy(path):
    with path.open("rb") as po:
        assert untranslated(read_po(po)) == []


def placeholders(text: str) -> list[str]:
    """Return the named placeholders a string fills, in order of name."""
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_translation_fills_the_same_placeholders(path):
    with path.open("rb") as po:
        catalog = read_po(po)
    wrong = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        if any(placeholders(s) != placeholders(ids[-1]) for s in strings):
            wrong.append(ids[0])
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_marked_string_is_in_the_catalogue(path, tmp_path, monkeypatch):
    with path.open("rb") as po:
        known = {key(m) for m in read_po(po)}
    assert marked_strings(tmp_path, monkeypatch) - known == set()


def test_an_empty_or_fuzzy_entry_is_caught():
    catalog = Catalog(locale="fr")
    catalog.add("Home", "Accueil")
    catalog.add("Standings", "")
    catalog.add("Roster", "Joueurs", flags=["fuzzy"])
    catalog.add(("%(num)s win", "%(num)s wins"), ("%(num)s victoire", ""))
    assert untranslated(catalog) == ["Standings", "Roster", "%(num)s win"]
