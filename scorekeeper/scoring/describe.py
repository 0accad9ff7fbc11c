"""The rules in force, in plain sentences for the pages to show."""

from __future__ import annotations

from .contracts import KNOWN_SPECIALS, plural
from .rules import PRESET_NAMES, PRESETS, Rules
from .settings import SETTINGS, Setting

ASSUMED = " (assumed: the rule texts are silent)"
# Special contracts whose default value RULES.md marks as assumed.
ASSUMED_VALUES = {"blind_misere": 500}


def _assumed(rules: Rules, setting: str) -> str:
    return ASSUMED if rules.is_assumed(setting) else ""


def _contracts(rules: Rules) -> list[str]:
    normal = rules.normal_contracts()
    lines = [
        f"Contracts from {normal[0].name} ({normal[0].value}) to "
        f"{normal[-1].name} ({normal[-1].value})."
    ]
    if not rules.six_contracts:
        lines.append("A bid of six is only a signal and cannot be played.")
    if rules.normal_offset:
        more = "more" if rules.normal_offset > 0 else "less"
        lines.append(
            f"Every normal contract is worth {abs(rules.normal_offset)} {more} "
            "than on the standard schedule."
        )
    for s in rules.contracts:
        known = KNOWN_SPECIALS.get(s.key)
        line = f"{s.name} is worth {s.value}"
        if known is None or s.made != known.made or s.tricks != known.tricks:
            line += {
                "at_least": f", made with {s.tricks} or more tricks",
                "none": ", made by taking no trick",
                "exactly": f", made with exactly {plural(s.tricks, 'trick')}",
                "all": ", made by taking all ten tricks",
            }[s.made]
        if s.failure_value is not None:
            line += f"; failing it costs {s.failure_value}"
        if ASSUMED_VALUES.get(s.key) == s.value or rules.is_assumed("contracts"):
            line += ASSUMED
        lines.append(line + ".")
    if not rules.contracts:
        lines.append("No misère or other special contracts.")
    return lines


def _bonuses(rules: Rules) -> list[str]:
    if rules.slam_bonus and rules.youngstown_bonus:
        return [
            "Taking all ten tricks on a bid worth less than 250 scores 250, then "
            "100 more on a bid of fewer than ten."
        ]
    if rules.slam_bonus:
        return [
            "Taking all ten tricks on a bid worth less than 250 scores 250"
            + _assumed(rules, "slam_bonus")
            + "."
        ]
    if rules.youngstown_bonus:
        return ["Taking all ten tricks on a bid of fewer than ten scores 100 more."]
    return ["No slam bonus: taking all ten tricks scores the bid's value."]


def _hand(rules: Rules, five: bool = True) -> list[str]:
    per = rules.points_per_trick
    lines = [
        "A failed contract's value is taken off the contractors' score."
        if rules.failure == "subtract"
        else "A failed contract's value goes to every opposing side; scores never "
        "go below zero.",
        *_bonuses(rules),
        {
            "always": f"Defenders score {per} for each trick they take.",
            "only_if_contract_fails": f"Defenders score {per} a trick only when the "
            "contract fails.",
            "never": "Defenders score nothing for their tricks"
            + _assumed(rules, "defender_tricks")
            + ".",
        }[rules.defender_tricks],
    ]
    if rules.contracts:
        lines.append(
            "On a misère the defenders score nothing, and no bonus is paid."
            if rules.misere_defenders == "nothing"
            else f"On a misère the defenders score {per} for each trick the "
            "contractor takes, and no bonus is paid."
        )
    if rules.lock is not None:
        lines.append(
            f"Trick points cannot lift a side above {rules.lock} from its total "
            f"before the hand, and a side at {rules.lock} or more scores nothing "
            "for tricks; only a contract can take it further."
        )
        if rules.failure == "to_opponents":
            lines.append(
                "A failed contract's value given to a defender is added after the "
                "lock, never held back" + ASSUMED + "."
            )
    if rules.all_pass == "redeal":
        who = "the same dealer" if rules.redeal_same_dealer else "the next dealer"
        lines.append(f"When everyone passes, nothing is scored and {who} deals.")
    else:
        slam = ", 250 for all ten" if rules.slam_bonus else ""
        lines.append(
            "When everyone passes, the hand is played at no trumps and each side "
            f"scores {per} a trick{slam}."
        )
    share = (
        "half the contract, taken after any bonus and rounded away from zero"
        if rules.partner_share == "half"
        else "its full value"
    )
    if rules.failure == "to_opponents":
        share += ", and each defender gets a failed contract's full value"
    if five:
        lines.append(
            f"Five players: a called partner and the bidder each score {share}"
            + ASSUMED
            + "."
        )
    return lines


def _end(rules: Rules, five: bool = True) -> list[str]:
    lines = []
    if rules.floor is not None:
        lines.append(f"A side at {rules.floor} or below goes out the back door.")
    else:
        lines.append("There is no back door: no score is too low to play on.")
    if rules.ceiling is not None:
        lines.append(
            f"A side at {rules.ceiling} or above loses, as if out the back door."
        )
    if rules.target is not None:
        if rules.exact_target:
            lines.append(
                f"Only exactly {rules.target} goes out the front door: a side past "
                "it plays on."
            )
        if rules.win_requires_contract:
            lines.append(
                f"Only a made contract wins: reaching {rules.target} on defence "
                "does not end the game."
            )
        else:
            lines.append(
                f"The first side to {rules.target} wins, on defence too"
                + _assumed(rules, "win_requires_contract")
                + "; if the contractors made "
                "their contract and are out too, they win. Among defenders the "
                "first out wins (assumed: the higher total when not recorded)."
            )
    if rules.point_spread is not None:
        lines.append(
            f"A side above zero and {rules.point_spread} or more points ahead of a "
            "side below zero wins."
        )
    if rules.hands_limit is not None:
        lines.append(
            f"After {rules.hands_limit} hands, redeals included" + ASSUMED + ", "
            "the highest total wins."
        )
    if rules.target is not None and five:
        lines.append(
            "Five players: when the bidder and the called partner both go out, "
            "the higher total wins, else the bidder" + ASSUMED + "."
        )
    lines.append(
        "A tie for the win, with no first out recorded, has no winner; the game "
        "still ends" + ASSUMED + "."
    )
    return lines


def _bidding(rules: Rules) -> list[str]:
    lines = []
    if rules.set_rule:
        lines.append(
            "A bidder who is set (2 or more tricks short of the bid, or taking 3 "
            "tricks in a misère) may not bid next hand; Hi/Lo is never set"
            + ASSUMED
            + "."
        )
    if rules.ralph_rule:
        lines.append(
            "A bidder 3 or more tricks short, or taking 3 or more in a misère, may "
            "not bid next hand."
        )
    if not (rules.set_rule or rules.ralph_rule) and rules.is_assumed("set_rule"):
        lines.append(
            "Being set or ralphed does not stop a bidder bidding next hand"
            + ASSUMED
            + "."
        )
    if rules.set_rule or rules.ralph_rule:
        lines.append(
            "Only the bidder is barred, never a partner, and a redealt hand uses "
            "up the bar" + ASSUMED + "."
        )
    return lines


def describe_rules(rules: Rules, players: int | None = None) -> list[str]:
    """Return the rules in force as short plain sentences (at a table of
    `players`, only those that apply there)."""
    name = PRESET_NAMES.get(rules.preset, rules.preset)
    five = players in (None, 5)
    return [
        f"Based on the {name} rules.",
        *_contracts(rules),
        *_hand(rules, five),
        *_end(rules, five),
        *_bidding(rules),
    ]


def _lower(words: str) -> str:
    return words[:1].lower() + words[1:]


def _setting_words(setting: Setting, value: object) -> str:
    """Return one setting's value in a few words: "trick points lock at 490"."""
    label = _lower(setting.label)
    tapped = next((c.words for c in setting.choices if c.value == value), None)
    if setting.kind == "bool":
        return label if value else f"{label}: off"
    if setting.kind == "word" or (tapped and not tapped.lstrip("−").isdigit()):
        # "a failed bid's value is to the opponents", "defenders score…: never"
        joint = " " if label.rsplit(" ", 1)[-1] in ("is", "score") else ": "
        return f"{label}{joint}{_lower(tapped or str(value))}"
    if value is None:
        return f"{label}: none"
    return f"{label} {value}".replace("-", "−")


def differences(rules: Rules) -> list[str]:
    """Return how rules differ from their preset, each in a few words."""
    base = PRESETS[rules.preset]
    found = [
        _setting_words(setting, getattr(rules, key))
        for key, setting in SETTINGS.items()
        if getattr(rules, key) != getattr(base, key)
    ]
    had = {s.key: s for s in base.contracts}
    has = {s.key: s for s in rules.contracts}
    for key, special in has.items():
        if had.get(key) != special:
            found.append(f"{_lower(special.name)} {special.value}")
    found += [f"no {_lower(s.name)}" for key, s in had.items() if key not in has]
    return found


def in_short(rules: Rules) -> str:
    """Return the rules in one line: "Australian, except: trick points lock at 490"."""
    name = PRESET_NAMES.get(rules.preset, rules.preset)
    changed = differences(rules)
    return f"{name}, except: {'; '.join(changed)}" if changed else f"{name} rules"
