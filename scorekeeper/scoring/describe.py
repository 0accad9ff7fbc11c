"""The rules in force, in plain sentences for the pages to show."""

from __future__ import annotations

from .rules import PRESET_NAMES, Rules

ASSUMED = " (assumed: the rule texts are silent)"


def _contracts(rules: Rules) -> list[str]:
    lowest = rules.normal_contracts()[0]
    lines = [
        f"Contracts from {lowest.name} ({lowest.value}) to 10NT "
        f"({rules.normal_contracts()[-1].value})."
    ]
    if not rules.six_contracts:
        lines.append("A bid of six is only a signal and cannot be played.")
    if rules.normal_offset:
        lines.append(f"Every normal contract is worth {rules.normal_offset:+} points.")
    for s in rules.special_contracts():
        lines.append(f"{s.name} is worth {s.value}.")
    if not rules.contracts:
        lines.append("No misère or other special contracts.")
    return lines


def _hand(rules: Rules) -> list[str]:
    lines = []
    if rules.failure == "subtract":
        lines.append("A failed contract's value is taken off the contractors' score.")
    else:
        lines.append(
            "A failed contract's value goes to the opponents; scores never go "
            "below zero."
        )
    if rules.slam_bonus:
        lines.append("Taking all ten tricks on a bid worth less than 250 scores 250.")
    if rules.youngstown_bonus:
        lines.append(
            "Taking all ten tricks on a bid of fewer than ten scores 100 more."
        )
    per = rules.points_per_trick
    lines.append(
        {
            "always": f"Defenders score {per} for each trick they take.",
            "only_if_contract_fails": f"Defenders score {per} a trick only when the "
            "contract fails.",
            "never": "Defenders score nothing for their tricks.",
        }[rules.defender_tricks]
    )
    if rules.contracts:
        lines.append(
            "On a misère the defenders score nothing."
            if rules.misere_defenders == "nothing"
            else f"On a misère the defenders score {per} for each trick the "
            "contractor takes."
        )
    if rules.lock is not None:
        lines.append(
            f"Trick points cannot lift a side above {rules.lock}; only a contract can."
        )
    if rules.all_pass == "redeal":
        who = "the same dealer" if rules.redeal_same_dealer else "the next dealer"
        lines.append(f"When everyone passes, nothing is scored and {who} deals.")
    else:
        lines.append(
            f"When everyone passes, the hand is played at no trumps and each side "
            f"scores {per} a trick."
        )
    lines.append(
        "Five players: a called partner and the bidder each score "
        + ("half the contract." if rules.partner_share == "half" else "its full value.")
    )
    return lines


def _end(rules: Rules) -> list[str]:
    lines = []
    if rules.floor is not None:
        lines.append(f"A side at {rules.floor} or below goes out the back door.")
    if rules.target is not None:
        if rules.win_requires_contract:
            lines.append(
                f"Only a made contract wins: reaching {rules.target} on defence "
                "does not end the game."
            )
        else:
            lines.append(
                f"The first side to {rules.target} wins; if the contractors are "
                "out too, they win. Among defenders the first out wins (assumed: "
                "the higher total when not recorded)."
            )
    if rules.point_spread is not None:
        lines.append(
            f"A side {rules.point_spread} points ahead of a side below zero wins."
        )
    if rules.hands_limit is not None:
        lines.append(
            f"After {rules.hands_limit} hands (redeals count) the highest total "
            "wins; a tie has no winner" + ASSUMED + "."
        )
    return lines


def _bidding(rules: Rules) -> list[str]:
    lines = []
    if rules.set_rule:
        lines.append(
            "A bidder who is set (5 short on a 7, 4 on an 8, 3 on a 9, 2 on a 10, "
            "3 tricks in a misère; all 6 on a 6" + ASSUMED + ") may not bid next hand."
        )
    if rules.ralph_rule:
        lines.append(
            "A bidder short by more than 3 tricks, or taking 3 in a misère, "
            "may not bid next hand."
        )
    return lines


def describe_rules(rules: Rules) -> list[str]:
    """Return the rules in force as short plain sentences."""
    name = PRESET_NAMES.get(rules.preset, rules.preset)
    return [
        f"Based on the {name} rules.",
        *_contracts(rules),
        *_hand(rules),
        *_end(rules),
        *_bidding(rules),
    ]
