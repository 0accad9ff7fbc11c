"""The rules in force, in plain sentences for the pages to show.

Every sentence is one whole catalogue entry (`words.gettext` marks it for
pybabel), so a translator sees it as the page shows it: a rule said with and
without "(assumed…)" is two entries, never a sentence and a suffix. The pages
pass their language's words, the engine alone speaks English.
"""

from __future__ import annotations

from .contracts import ENGLISH, KNOWN_SPECIALS, SUIT_SYMBOL, WORTH, Contract, Words
from .errors import N_
from .rules import PRESET_BASES, Rules

# Special contracts whose default value RULES.md marks as assumed, and their
# sentence then (the American preset's misère at 250 is assumed too).
ASSUMED_VALUES = {"blind_misere": 500}
ASSUMED_WORTH = {
    "misere": N_("Misère is worth %(value)s (assumed: the rule texts are silent)."),
    "blind_misere": N_(
        "Blind misère is worth %(value)s (assumed: the rule texts are silent)."
    ),
}
# How a special contract is made, when a house changes it: one sentence each.
MADE = {
    "at_least": N_("%(contract)s: made with %(count)s or more tricks."),
    "none": N_("%(contract)s: made by taking no trick."),
    "all": N_("%(contract)s: made by taking all ten tricks."),
}


def _either(assumed: bool, said: str, said_assumed: str, words: Words) -> str:
    """Return a rule's sentence, the one saying it is assumed when it is."""
    return words.gettext(said_assumed if assumed else said)


def _special(rules: Rules, key: str, words: Words) -> str:
    _ = words.gettext
    s = next(s for s in rules.contracts if s.key == key)
    known = KNOWN_SPECIALS.get(s.key)
    said: dict[str, object] = {"contract": _(s.name), "value": words.number(s.value)}
    assumed = ASSUMED_VALUES.get(s.key) == s.value or rules.is_assumed("contracts")
    if known is not None and s.name == known.name:
        worth = ASSUMED_WORTH[s.key] if assumed else WORTH[s.key][1]
        line = _(worth) % said
    elif assumed:  # a house's own special: its name as the house wrote it
        line = (
            _("%(contract)s is worth %(value)s (assumed: the rule texts are silent).")
            % said
        )
    else:
        line = _("%(contract)s is worth %(value)s.") % said
    if known is None or s.made != known.made or s.tricks != known.tricks:
        said["count"] = s.tricks
        made = (
            words.ngettext(
                "%(contract)s: made with exactly %(count)s trick.",
                "%(contract)s: made with exactly %(count)s tricks.",
                s.tricks,
            )
            if s.made == "exactly"
            else _(MADE[s.made])
        )
        line += " " + made % said
    if s.failure_value is not None:
        said["value"] = words.number(s.failure_value)
        line += " " + _("%(contract)s: failing it costs %(value)s.") % said
    return line


def _named(contract: Contract, words: Words) -> str:
    """Return a normal contract's short name in a language: "10NT", "10SA"."""
    return f"{contract.tricks}{words.gettext(SUIT_SYMBOL[contract.suit or 'NT'])}"


def _contracts(rules: Rules, words: Words) -> list[str]:
    _ = words.gettext
    low, high = rules.normal_contracts()[0], rules.normal_contracts()[-1]
    lines = [
        _("Contracts from %(low)s (%(low_value)s) to %(high)s (%(high_value)s).")
        % {
            "low": _named(low, words),
            "low_value": words.number(low.value),
            "high": _named(high, words),
            "high_value": words.number(high.value),
        }
    ]
    if not rules.six_contracts:
        lines.append(_("A bid of six is only a signal and cannot be played."))
    if rules.normal_offset:
        more = (
            _(
                "Every normal contract is worth %(points)s more than on the standard "
                "schedule."
            )
            if rules.normal_offset > 0
            else _(
                "Every normal contract is worth %(points)s less than on the standard "
                "schedule."
            )
        )
        lines.append(more % {"points": words.number(abs(rules.normal_offset))})
    lines += [_special(rules, s.key, words) for s in rules.contracts]
    if not rules.contracts:
        lines.append(_("No misère or other special contracts."))
    return lines


def _bonuses(rules: Rules, words: Words) -> list[str]:
    _ = words.gettext
    if rules.slam_bonus and rules.youngstown_bonus:
        return [
            _(
                "Taking all ten tricks on a bid worth less than 250 scores 250, then "
                "100 more on a bid of fewer than ten."
            )
        ]
    if rules.slam_bonus:
        return [
            _either(
                rules.is_assumed("slam_bonus"),
                N_("Taking all ten tricks on a bid worth less than 250 scores 250."),
                N_(
                    "Taking all ten tricks on a bid worth less than 250 scores 250 "
                    "(assumed: the rule texts are silent)."
                ),
                words,
            )
        ]
    if rules.youngstown_bonus:
        return [_("Taking all ten tricks on a bid of fewer than ten scores 100 more.")]
    return [_("No slam bonus: taking all ten tricks scores the bid's value.")]


def _hand(rules: Rules, words: Words, five: bool = True) -> list[str]:
    _ = words.gettext
    per = {"points": rules.points_per_trick}
    lines = [
        _("A failed contract's value is taken off the contractors' score.")
        if rules.failure == "subtract"
        else _(
            "A failed contract's value goes to every opposing side; scores never "
            "go below zero."
        ),
        *_bonuses(rules, words),
        {
            "always": _("Defenders score %(points)s for each trick they take.") % per,
            "only_if_contract_fails": _(
                "Defenders score %(points)s a trick only when the contract fails."
            )
            % per,
            "never": _either(
                rules.is_assumed("defender_tricks"),
                N_("Defenders score nothing for their tricks."),
                N_(
                    "Defenders score nothing for their tricks (assumed: the rule "
                    "texts are silent)."
                ),
                words,
            ),
        }[rules.defender_tricks],
    ]
    if rules.contracts:
        lines.append(
            _("On a misère the defenders score nothing, and no bonus is paid.")
            if rules.misere_defenders == "nothing"
            else _(
                "On a misère the defenders score %(points)s for each trick the "
                "contractor takes, and no bonus is paid."
            )
            % per
        )
    if rules.lock is not None:
        lines.append(
            _(
                "Trick points cannot lift a side above %(lock)s from its total "
                "before the hand, and a side at %(lock)s or more scores nothing "
                "for tricks; only a contract can take it further."
            )
            % {"lock": rules.lock}
        )
        if rules.failure == "to_opponents":
            lines.append(
                _(
                    "A failed contract's value given to a defender is added after "
                    "the lock, never held back (assumed: the rule texts are silent)."
                )
            )
    lines.append(_all_pass(rules, words) % per)
    if five:
        lines.append(_(FIVE_SHARE[rules.partner_share, rules.failure]))
    return lines


# What a called partner and the bidder score, five-handed: by the partner's
# share and where a failed contract's value goes.
FIVE_SHARE = {
    ("half", "subtract"): N_(
        "Five players: a called partner and the bidder each score half the "
        "contract, taken after any bonus and rounded away from zero (assumed: the "
        "rule texts are silent)."
    ),
    ("half", "to_opponents"): N_(
        "Five players: a called partner and the bidder each score half the "
        "contract, taken after any bonus and rounded away from zero, and each "
        "defender gets a failed contract's full value (assumed: the rule texts are "
        "silent)."
    ),
    ("full", "subtract"): N_(
        "Five players: a called partner and the bidder each score the contract's "
        "full value (assumed: the rule texts are silent)."
    ),
    ("full", "to_opponents"): N_(
        "Five players: a called partner and the bidder each score the contract's "
        "full value, and each defender gets a failed contract's full value "
        "(assumed: the rule texts are silent)."
    ),
}


def _all_pass(rules: Rules, words: Words) -> str:
    _ = words.gettext
    if rules.all_pass == "redeal" and rules.redeal_same_dealer:
        return _("When everyone passes, nothing is scored and the same dealer deals.")
    if rules.all_pass == "redeal":
        return _("When everyone passes, nothing is scored and the next dealer deals.")
    if rules.slam_bonus:
        return _(
            "When everyone passes, the hand is played at no trumps and each side "
            "scores %(points)s a trick, 250 for all ten."
        )
    return _(
        "When everyone passes, the hand is played at no trumps and each side "
        "scores %(points)s a trick."
    )


def _end(rules: Rules, words: Words, five: bool = True) -> list[str]:
    _ = words.gettext
    lines = []
    if rules.floor is not None:
        lines.append(
            _("A side at %(floor)s or below goes out the back door.")
            % {"floor": words.number(rules.floor)}
        )
    else:
        lines.append(_("There is no back door: no score is too low to play on."))
    if rules.ceiling is not None:
        lines.append(
            _("A side at %(ceiling)s or above loses, as if out the back door.")
            % {"ceiling": words.number(rules.ceiling)}
        )
    if rules.target is not None:
        target = {"target": words.number(rules.target)}
        if rules.exact_target:
            lines.append(
                _(
                    "Only exactly %(target)s goes out the front door: a side past "
                    "it plays on."
                )
                % target
            )
        if rules.win_requires_contract:
            lines.append(
                _(
                    "Only a made contract wins: reaching %(target)s on defence "
                    "does not end the game."
                )
                % target
            )
        else:
            lines.append(
                _either(
                    rules.is_assumed("win_requires_contract"),
                    N_(
                        "The first side to %(target)s wins, on defence too; if the "
                        "contractors made their contract and are out too, they win. "
                        "Among defenders the first out wins (assumed: the higher "
                        "total when not recorded)."
                    ),
                    N_(
                        "The first side to %(target)s wins, on defence too (assumed: "
                        "the rule texts are silent); if the contractors made their "
                        "contract and are out too, they win. Among defenders the "
                        "first out wins (assumed: the higher total when not "
                        "recorded)."
                    ),
                    words,
                )
                % target
            )
    if rules.point_spread is not None:
        lines.append(
            _(
                "A side above zero and %(spread)s or more points ahead of a side "
                "below zero wins."
            )
            % {"spread": words.number(rules.point_spread)}
        )
    if rules.hands_limit is not None:
        lines.append(
            words.ngettext(
                "After %(num)s hand, redeals included (assumed: the rule texts are "
                "silent), the highest total wins.",
                "After %(num)s hands, redeals included (assumed: the rule texts are "
                "silent), the highest total wins.",
                rules.hands_limit,
            )
            % {"num": rules.hands_limit}
        )
    if rules.target is not None and five:
        lines.append(
            _(
                "Five players: when the bidder and the called partner both go out, "
                "the higher total wins, else the bidder (assumed: the rule texts are "
                "silent)."
            )
        )
    lines.append(
        _(
            "A tie for the win, with no first out recorded, has no winner; the game "
            "still ends (assumed: the rule texts are silent)."
        )
    )
    return lines


def _bidding(rules: Rules, words: Words) -> list[str]:
    _ = words.gettext
    lines = []
    if rules.set_rule:
        lines.append(
            _(
                "A bidder who is set (2 or more tricks short of the bid, or taking 3 "
                "tricks in a misère) may not bid next hand; Hi/Lo is never set "
                "(assumed: the rule texts are silent)."
            )
        )
    if rules.ralph_rule:
        lines.append(
            _(
                "A bidder 3 or more tricks short, or taking 3 or more in a misère, "
                "may not bid next hand."
            )
        )
    if not (rules.set_rule or rules.ralph_rule) and rules.is_assumed("set_rule"):
        lines.append(
            _(
                "Being set or ralphed does not stop a bidder bidding next hand "
                "(assumed: the rule texts are silent)."
            )
        )
    if rules.set_rule or rules.ralph_rule:
        lines.append(
            _(
                "Only the bidder is barred, never a partner, and a redealt hand uses "
                "up the bar (assumed: the rule texts are silent)."
            )
        )
    return lines


def describe_rules(
    rules: Rules, players: int | None = None, words: Words = ENGLISH
) -> list[str]:
    """Return the rules in force as short plain sentences (at a table of
    `players`, only those that apply there), in the language of `words`."""
    five = players in (None, 5)
    return [
        words.gettext(PRESET_BASES[rules.preset]),
        *_contracts(rules, words),
        *_hand(rules, words, five),
        *_end(rules, words, five),
        *_bidding(rules, words),
    ]
