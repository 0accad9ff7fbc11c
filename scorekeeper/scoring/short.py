"""The rules in a few words: what a house changes from its preset.

Each change is one whole catalogue entry ("trick points lock at 490", "no
target"), so a translator sees every phrase as the list shows it; the list
joins them with "; ".
"""

from __future__ import annotations

from .contracts import ENGLISH, Words
from .errors import N_
from .rules import PRESET_NAMES, PRESET_RULES, PRESETS, Rules
from .settings import SETTINGS

NUMBER = "number"  # a number setting's phrase, its value as %(value)s
# Each setting's change, by its new value: a number setting's under NUMBER
# (None, off, and a value worth its own words beside it); hands_limit counts
# its hands (`_change`).
SHORT: dict[str, dict[object, str]] = {
    "normal_offset": {
        NUMBER: N_("normal contracts %(value)s on the standard values"),
        0: N_("normal contracts at the standard values"),
    },
    "six_contracts": {
        True: N_("bids of six can be played"),
        False: N_("bids of six cannot be played"),
    },
    "slam_bonus": {True: N_("slam bonus"), False: N_("no slam bonus")},
    "youngstown_bonus": {
        True: N_("Youngstown bonus"),
        False: N_("no Youngstown bonus"),
    },
    "failure": {
        "subtract": N_("a failed bid's value is taken off the bidders"),
        "to_opponents": N_("a failed bid's value goes to the opponents"),
    },
    "defender_tricks": {
        "always": N_("defenders always score for their tricks"),
        "only_if_contract_fails": N_(
            "defenders score for their tricks only when the bid fails"
        ),
        "never": N_("defenders never score for their tricks"),
    },
    "misere_defenders": {
        "nothing": N_("on a misère the defenders score nothing"),
        "per_contractor_trick": N_("on a misère the defenders score per trick"),
    },
    "points_per_trick": {NUMBER: N_("a trick worth %(value)s")},
    "lock": {NUMBER: N_("trick points lock at %(value)s"), None: N_("no lock")},
    "target": {NUMBER: N_("target %(value)s"), None: N_("no target")},
    "floor": {NUMBER: N_("floor %(value)s"), None: N_("no floor")},
    "exact_target": {
        True: N_("only exactly the target wins"),
        False: N_("reaching the target or more wins"),
    },
    "ceiling": {NUMBER: N_("ceiling %(value)s"), None: N_("no ceiling")},
    "win_requires_contract": {
        True: N_("only a made contract wins"),
        False: N_("a side can win on defence"),
    },
    "point_spread": {
        NUMBER: N_("point spread %(value)s"),
        None: N_("no point spread"),
    },
    "hands_limit": {None: N_("no hands limit")},
    "all_pass": {
        "redeal": N_("when everyone passes, a redeal"),
        "play_no_trumps": N_("when everyone passes, no trumps are played"),
    },
    "redeal_same_dealer": {
        True: N_("the same dealer deals again"),
        False: N_("the deal moves on after a redeal"),
    },
    "partner_share": {
        "half": N_("five players: half the contract each"),
        "full": N_("five players: the full contract each"),
    },
    "set_rule": {True: N_("set rule"), False: N_("no set rule")},
    "ralph_rule": {True: N_("ralph rule"), False: N_("no ralph rule")},
}


def _change(key: str, value: object, words: Words) -> str:
    """Return one setting's new value in a few words: "trick points lock at 490"."""
    said = SHORT[key]
    if value in said:  # a choice, on or off, None
        return words.gettext(said[value])
    if key == "hands_limit" and isinstance(value, int):
        hands = words.ngettext("at most %(num)s hand", "at most %(num)s hands", value)
        return hands % {"num": value}
    if NUMBER in said and isinstance(value, int):
        # A negative number with the minus sign in every language (−500); a
        # change to the contracts' values with its sign either way (+20).
        number = words.number(value).replace("-", "−")
        if key == "normal_offset" and value > 0:
            number = "+" + number
        return words.gettext(said[NUMBER]) % {"value": number}
    raise KeyError(f"{key}={value!r} has no words")


def differences(rules: Rules, words: Words = ENGLISH) -> list[str]:
    """Return how rules differ from their preset, each in a few words."""
    _ = words.gettext
    base = PRESETS[rules.preset]
    found = [
        _change(key, getattr(rules, key), words)
        for key in SETTINGS
        if getattr(rules, key) != getattr(base, key)
    ]
    had = {s.key: s for s in base.contracts}
    has = {s.key: s for s in rules.contracts}
    for key, special in has.items():
        if had.get(key) != special:
            found.append(
                _("%(contract)s %(value)s")
                % {
                    "contract": _lower(_(special.name)),
                    "value": words.number(special.value),
                }
            )
    found += [
        _("no %(contract)s") % {"contract": _lower(_(s.name))}
        for key, s in had.items()
        if key not in has
    ]
    return found


def _lower(words: str) -> str:
    return words[:1].lower() + words[1:]


def in_short(rules: Rules, words: Words = ENGLISH) -> str:
    """Return the rules in one line: "Australian, except: trick points lock at 490"."""
    _ = words.gettext
    name = _(PRESET_NAMES.get(rules.preset, rules.preset))
    changed = differences(rules, words)
    if changed:
        return _("%(preset)s, except: %(changes)s") % {
            "preset": name,
            "changes": "; ".join(changed),
        }
    return _(PRESET_RULES[rules.preset])
