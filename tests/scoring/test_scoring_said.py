"""The engine's words all pass through the page's catalogue (issue 24): none is
said in English behind the language's back, and English stays the default."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from scorekeeper.scoring import PRESETS, SETTINGS, describe_rules, differences, in_short
from scorekeeper.scoring.contracts import (
    ENGLISH,
    Special,
    normal_contract,
    special_contract,
    spoken,
)


class Silent:
    """A language with no words at all: whatever is left was never translated."""

    def gettext(self, message: str) -> str:
        """Say nothing."""
        return ""

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Say nothing."""
        return ""

    def number(self, n: int) -> str:
        """Write a number as it is: digits are no English."""
        return str(n)


def every_variant() -> list:
    """Return each preset, and each with every setting tapped to each choice."""
    found = []
    for base in PRESETS.values():
        found.append(base)
        for key, setting in SETTINGS.items():
            values = [True, False] if setting.kind == "bool" else setting.choices
            for value in values:
                value = getattr(value, "value", value)
                found.append(replace(base, **{key: value}))
    custom = Special("mine", "Custom one", 300, "exactly", 1, 200)
    found.append(replace(PRESETS["american"], contracts=(custom,)))
    return found


@pytest.mark.parametrize("players", [None, 4, 5])
def test_no_sentence_of_the_summary_escapes_the_catalogue(players):
    for rules in every_variant():
        for line in [
            *describe_rules(rules, players, Silent()),
            in_short(rules, Silent()),
        ]:
            assert not re.search(r"[A-Za-z]", line), (rules, line)


def test_the_engine_alone_speaks_english():
    rules = PRESETS["australian"]
    assert describe_rules(rules, words=ENGLISH) == describe_rules(rules)
    assert describe_rules(rules)[0] == "Based on the Australian rules."
    assert in_short(rules) == "Australian rules"


def test_a_contract_is_spoken_in_words():
    assert spoken(normal_contract(7, "H", 0)) == "seven hearts"
    assert spoken(normal_contract(10, "NT", 0)) == "ten no trumps"
    grand = special_contract(Special("grand_slam", "Grand slam", 500, "all", 10))
    assert spoken(grand) == "Grand slam"
    assert spoken(normal_contract(7, "H", 0), Silent()) == ""


class Marked:
    """A language that marks each catalogue entry it says: [entry]."""

    def gettext(self, message: str) -> str:
        """Say the entry between brackets."""
        return f"[{message}]"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Say the counted entry between brackets."""
        return f"[{singular if n == 1 else plural}]"

    def number(self, n: int) -> str:
        """Write a number as it is."""
        return str(n)


def test_each_change_a_house_makes_is_one_whole_catalogue_entry():
    """Issue 33.2: "…490; objectif 1000" is a list of whole phrases, never a
    setting's label spliced beside its value."""
    for rules in every_variant():
        if rules.contracts != PRESETS[rules.preset].contracts:
            continue  # a changed special is named in its phrase ("misère 150")
        for change in differences(rules, Marked()):
            assert re.fullmatch(r"\[[^\[\]]*\]", change), change
