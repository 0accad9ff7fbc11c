"""Contracts: what can be bid, what each is worth, and when it is made."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal, Protocol

from .errors import N_

MadeKind = Literal["at_least", "none", "exactly", "all"]
MADE_KINDS: tuple[MadeKind, ...] = ("at_least", "none", "exactly", "all")

SUITS = ("S", "C", "D", "H", "NT")
SUIT_BASE = {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120}


class Words(Protocol):
    """A language's words: a page's (language.PageWords), or ENGLISH (the engine's)."""

    def gettext(self, message: str) -> str:
        """Return a message in the language."""
        ...

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Return a message in the language, singular or plural for n."""
        ...

    def number(self, n: int) -> str:
        """Return points as the language writes them (1 000 in French)."""
        ...


class English:
    """The engine's own words: English, as written in the code."""

    def gettext(self, message: str) -> str:
        """Return the message as written."""
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Return the singular for one, else the plural."""
        return singular if n == 1 else plural

    def number(self, n: int) -> str:
        """Return the plain digits (-500), as the API and the tests read them."""
        return str(n)


ENGLISH = English()
# "NT" is a word too: French tables write "SA" (sans atout).
SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "NT": N_("NT")}
SUIT_WORD = {"S": N_("spades"), "C": N_("clubs"), "D": N_("diamonds")}
SUIT_WORD |= {"H": N_("hearts"), "NT": N_("no trumps")}
NUMBER_WORD = {5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight")}
NUMBER_WORD |= {9: N_("nine"), 10: N_("ten")}
LEVELS = (6, 7, 8, 9, 10)
PASS = "pass"


def plural(count: int, noun: str) -> str:
    """Return a count and its noun as said: '1 trick', '2 tricks', '0 tricks'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass(frozen=True)
class Special:
    """A special contract a rule set allows: its value and what makes it."""

    key: str
    name: str
    value: int
    made: MadeKind
    tricks: int = 0
    failure_value: int | None = None


# The special contracts of RULES.md section 2, with their default values.
KNOWN_SPECIALS: dict[str, Special] = {
    s.key: s
    for s in (
        Special("misere", N_("Misère"), 250, "none"),
        Special("open_misere", N_("Open misère"), 500, "none"),
        Special("blind_misere", N_("Blind misère"), 500, "none"),
        Special("misere_no_pickup", N_("Misère without pickup"), 350, "none"),
        Special("grand_nullo", N_("Grand nullo"), 510, "none"),
        Special("patastrophe", N_("Patastrophe"), 1000, "none"),
        Special("hi_lo", N_("Hi/Lo"), 350, "exactly", 5),
        Special("grand_slam", N_("Grand slam"), 500, "all", 10, 500),
        Special("grand_slam_nt", N_("Grand slam, no trumps"), 520, "all", 10, 500),
    )
}

# What each known special is worth as a sentence of its own, so that a language
# gives each its article and agreement ("La misère vaut 250"): the house rules
# form's label, then the rules summary's line.
WORTH: dict[str, tuple[str, str]] = {
    "misere": (N_("Misère is worth"), N_("Misère is worth %(value)s.")),
    "open_misere": (N_("Open misère is worth"), N_("Open misère is worth %(value)s.")),
    "blind_misere": (
        N_("Blind misère is worth"),
        N_("Blind misère is worth %(value)s."),
    ),
    "misere_no_pickup": (
        N_("Misère without pickup is worth"),
        N_("Misère without pickup is worth %(value)s."),
    ),
    "grand_nullo": (N_("Grand nullo is worth"), N_("Grand nullo is worth %(value)s.")),
    "patastrophe": (N_("Patastrophe is worth"), N_("Patastrophe is worth %(value)s.")),
    "hi_lo": (N_("Hi/Lo is worth"), N_("Hi/Lo is worth %(value)s.")),
    "grand_slam": (N_("Grand slam is worth"), N_("Grand slam is worth %(value)s.")),
    "grand_slam_nt": (
        N_("Grand slam, no trumps, is worth"),
        N_("Grand slam, no trumps, is worth %(value)s."),
    ),
}


@dataclass(frozen=True)
class Contract:
    """A contract as bid under a rule set: its key, words and value."""

    key: str
    name: str
    label: str
    value: int
    made: MadeKind
    tricks: int
    suit: str | None = None
    failure_value: int | None = None

    @property
    def is_normal(self) -> bool:
        """Return whether this is a number of tricks in a suit or no trumps."""
        return self.suit is not None

    @property
    def is_misere(self) -> bool:
        """Return whether this is of the misère family (no bonuses)."""
        return self.made in ("none", "exactly")

    @property
    def penalty(self) -> int:
        """Return what failing this contract costs."""
        return self.value if self.failure_value is None else self.failure_value

    def is_made(self, tricks: int) -> bool:
        """Return whether the contracting side's tricks make this contract."""
        if self.made == "none":
            return tricks == 0
        if self.made == "exactly":
            return tricks == self.tricks
        if self.made == "all":
            return tricks == 10
        return tricks >= self.tricks


@functools.lru_cache(maxsize=256)  # asked for by every rule set read
def normal_contract(level: int, suit: str, offset: int) -> Contract:
    """Return the normal contract `level` in `suit` on the Avondale schedule."""
    return Contract(
        key=f"{level}{suit}",
        name=f"{level}{SUIT_SYMBOL[suit]}",
        label=f"{NUMBER_WORD[level]} {SUIT_WORD[suit]}",
        value=100 * (level - 6) + SUIT_BASE[suit] + offset,
        made="at_least",
        tricks=level,
        suit=suit,
    )


def spoken(contract: Contract, words: Words = ENGLISH) -> str:
    """Return a contract's name as said in a language: "seven hearts", "Misère"."""
    if contract.suit is None:
        return words.gettext(contract.label)
    number = words.gettext(NUMBER_WORD[contract.tricks])
    suit = words.gettext(SUIT_WORD[contract.suit])
    return words.gettext("%(number)s %(suit)s") % {"number": number, "suit": suit}


def special_contract(special: Special) -> Contract:
    """Return the contract for a special the rule set allows."""
    return Contract(
        key=special.key,
        name=special.name,
        label=special.name,
        value=special.value,
        made=special.made,
        tricks=special.tricks,
        failure_value=special.failure_value,
    )
