"""Every rule setting declared once: its key, words and allowed values.

Validation, the house-rules form and the rules summary all read this.
"""

from __future__ import annotations

from dataclasses import dataclass

from .contracts import KNOWN_SPECIALS
from .errors import N_

DEFAULT_PRESET = "australian"
KINDS = ("bool", "word", "int", "optional_int")


@dataclass(frozen=True)
class Choice:
    """One value of a setting as a tap shows it; None means off or none."""

    value: object
    words: str


@dataclass(frozen=True)
class Setting:
    """A rule setting: its key, label, one sentence of words and allowed values.

    A "word" setting allows only its choices; an int setting offers its choices
    as taps and allows any whole number within the rules' limits.
    """

    key: str
    label: str
    words: str
    kind: str
    choices: tuple[Choice, ...] = ()

    def allows(self, value: object) -> bool:
        """Return whether a "word" setting allows this value."""
        return any(value == c.value for c in self.choices)


def _setting(key: str, label: str, words: str, kind: str, *taps: Choice) -> Setting:
    assert kind in KINDS
    return Setting(key, label, words, kind, taps)


def _off(words: str = N_("Off")) -> Choice:
    return Choice(None, words)


def _number(value: int, words: str | None = None) -> Choice:
    # A minus sign, not a hyphen, reads as a negative score.
    return Choice(value, words or str(value).replace("-", "−"))


# In the order the house-rules page shows them.
SETTINGS: dict[str, Setting] = {
    s.key: s
    for s in (
        _setting(
            "normal_offset",
            N_("Normal contract values"),
            N_("Perfect takes 20 off every suit and no-trump bid."),
            "int",
            _number(0, N_("Standard: 6♠ is 40")),
            _number(-20, N_("Perfect: 6♠ is 20")),
        ),
        _setting(
            "six_contracts",
            N_("Bids of six can be played"),
            N_("Off: a six is only a signal."),
            "bool",
        ),
        _setting(
            "slam_bonus",
            N_("Slam bonus"),
            N_("All ten tricks on a bid under 250 scores 250."),
            "bool",
        ),
        _setting(
            "youngstown_bonus",
            N_("Youngstown bonus"),
            N_("All ten tricks on a bid under ten: 100 more."),
            "bool",
        ),
        _setting(
            "failure",
            N_("A failed bid's value is"),
            N_("Given to the opponents, scores never go below zero."),
            "word",
            Choice("subtract", N_("Taken off the bidders")),
            Choice("to_opponents", N_("To the opponents")),
        ),
        _setting(
            "defender_tricks",
            N_("Defenders score for their tricks"),
            N_("When the sides that did not bid score for their tricks."),
            "word",
            Choice("always", N_("Always")),
            Choice("only_if_contract_fails", N_("If the bid fails")),
            Choice("never", N_("Never")),
        ),
        _setting(
            "misere_defenders",
            N_("On a misère the defenders score"),
            N_(
                "Per trick: 10 for each trick the misère bidder takes (American nullo)."
            ),
            "word",
            Choice("nothing", N_("Nothing")),
            Choice("per_contractor_trick", N_("Per trick")),
        ),
        _setting(
            "points_per_trick",
            N_("Points per trick"),
            N_("What one trick is worth to defenders."),
            "int",
            _number(10),
        ),
        _setting(
            "lock",
            N_("Trick points lock at"),
            N_("Trick points cannot lift a side past this; only a contract can."),
            "optional_int",
            _off(),
            _number(490),
            _number(460),
        ),
        _setting(
            "target",
            N_("Target"),
            N_("A side reaching it goes out the front door."),
            "optional_int",
            _number(500),
            _number(1000),
            _off(N_("None")),
        ),
        _setting(
            "floor",
            N_("Floor"),
            N_("A side falling to it goes out the back door."),
            "optional_int",
            _number(-500),
            _number(-1000),
            _off(N_("None")),
        ),
        _setting(
            "exact_target",
            N_("Only exactly the target wins"),
            N_("A side going past the target plays on (Walker Ultimate)."),
            "bool",
        ),
        _setting(
            "ceiling",
            N_("Ceiling"),
            N_("A side reaching it loses, as if out the back door (Walker Ultimate)."),
            "optional_int",
            _off(),
            _number(1000),
        ),
        _setting(
            "win_requires_contract",
            N_("Only a made contract wins"),
            N_("Off: defenders reaching the target on tricks win too."),
            "bool",
        ),
        _setting(
            "point_spread",
            N_("Point spread"),
            N_("A side above zero this far ahead of one below zero wins."),
            "optional_int",
            _off(),
            _number(500),
        ),
        _setting(
            "hands_limit",
            N_("Hands limit"),
            N_("After this many hands the highest total wins."),
            "optional_int",
            _off(),
            _number(40, N_("40 hands")),
        ),
        _setting(
            "all_pass",
            N_("When everyone passes"),
            N_("Redeal, or play at no trumps with every side scoring its tricks."),
            "word",
            Choice("redeal", N_("Redeal")),
            Choice("play_no_trumps", N_("Play no trumps")),
        ),
        _setting(
            "redeal_same_dealer",
            N_("Same dealer deals again"),
            N_("On a redeal; off: the deal moves on."),
            "bool",
        ),
        _setting(
            "partner_share",
            N_("Five players: bidder and called partner"),
            N_("Half the contract's value each, or the full value each."),
            "word",
            Choice("half", N_("Half each")),
            Choice("full", N_("Full each")),
        ),
        _setting(
            "set_rule",
            N_("Set rule"),
            N_(
                "A bidder 2 or more tricks short (3 tricks taken in a misère) may not "
                "bid next hand."
            ),
            "bool",
        ),
        _setting(
            "ralph_rule",
            N_("Ralph rule"),
            N_(
                "A bidder 3 or more tricks short (3 tricks taken in a misère) may not "
                "bid next hand."
            ),
            "bool",
        ),
    )
}


@dataclass(frozen=True)
class SpecialOffer:
    """A special contract as the house-rules page offers it: words and values."""

    words: str
    values: tuple[int, ...]


def _offer(key: str, words: str, *others: int) -> tuple[str, SpecialOffer]:
    # The default value comes from KNOWN_SPECIALS, so it is written only there.
    return key, SpecialOffer(words, (KNOWN_SPECIALS[key].value, *others))


# Each special contract of RULES.md section 2, with the other values it lists.
SPECIAL_OFFERS: dict[str, SpecialOffer] = dict(
    (
        _offer(
            "misere", N_("The bidder plays alone and must take no trick."), 150, 500
        ),
        _offer(
            "open_misere",
            N_("As misère, with the bidder's hand shown after the first trick."),
            350,
            520,
            250,
            1000,
        ),
        _offer("blind_misere", N_("As misère, called before looking at the cards.")),
        _offer("misere_no_pickup", N_("As misère, without picking up the kitty.")),
        _offer("grand_nullo", N_("Neither partner may take a trick.")),
        _offer("patastrophe", N_("Open misère played by both partners.")),
        _offer(
            "hi_lo",
            N_("The bidder takes exactly five tricks while the partner folds."),
        ),
        _offer(
            "grand_slam",
            N_("The bidder alone takes all ten tricks; failing costs 500."),
        ),
        _offer("grand_slam_nt", N_("As grand slam, at no trumps; failing costs 500.")),
    )
)
