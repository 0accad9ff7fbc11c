"""A rule set is data: every setting of RULES.md, the presets, and their words."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .contracts import (
    KNOWN_SPECIALS,
    LEVELS,
    MADE_KINDS,
    PASS,
    SUITS,
    Contract,
    Special,
    normal_contract,
    special_contract,
)
from .errors import N_, Quoted, ScoringError, Word
from .settings import DEFAULT_PRESET, SETTINGS

VALUE_LIMIT = 100_000
# A table's own contracts, beside the known ones: enough for any house, few
# enough that the hand form stays a form.
CUSTOM_LIMIT = 20
# A special's key is a bid and a stored hand's contract: plain, short and never
# read as a normal contract, which starts with a digit.
SPECIAL_KEY = re.compile(r"[a-z][a-z0-9_]{0,29}")


def _specials(**values: int) -> tuple[Special, ...]:
    return tuple(replace(KNOWN_SPECIALS[k], value=v) for k, v in values.items())


@dataclass(frozen=True)
class Rules:
    """Every scoring setting of RULES.md; a preset or a house rule is one instance."""

    preset: str = DEFAULT_PRESET
    contracts: tuple[Special, ...] = field(
        default_factory=lambda: _specials(misere=250, open_misere=500)
    )
    normal_offset: int = 0
    six_contracts: bool = True
    slam_bonus: bool = True
    youngstown_bonus: bool = False
    failure: str = "subtract"
    defender_tricks: str = "always"
    misere_defenders: str = "nothing"
    points_per_trick: int = 10
    lock: int | None = None
    target: int | None = 500
    floor: int | None = -500
    exact_target: bool = False
    ceiling: int | None = None
    win_requires_contract: bool = True
    point_spread: int | None = None
    hands_limit: int | None = None
    all_pass: str = "redeal"
    redeal_same_dealer: bool = False
    partner_share: str = "half"
    set_rule: bool = False
    ralph_rule: bool = False

    def special(self, key: str) -> Special | None:
        """Return the special contract with this key, if the rules allow it."""
        return next((s for s in self.contracts if s.key == key), None)

    def normal_contracts(self) -> list[Contract]:
        """Return the normal contracts allowed, lowest first as in the table."""
        levels = LEVELS if self.six_contracts else LEVELS[1:]
        return [
            normal_contract(level, suit, self.normal_offset)
            for level in levels
            for suit in SUITS
        ]

    def special_contracts(self) -> list[Contract]:
        """Return the special contracts allowed, in the order the rules list them."""
        return [special_contract(s) for s in self.contracts]

    def is_assumed(self, setting: str) -> bool:
        """Return whether a setting holds a value RULES.md only assumes."""
        assumed = ASSUMED_SETTINGS.get(self.preset, {})
        return setting in assumed and assumed[setting] == getattr(self, setting)


PRESET_NAMES = {
    DEFAULT_PRESET: N_("Australian"),
    "american": N_("American"),
    "youngstown": N_("Youngstown"),
    "tasmanian": N_("Tasmanian"),
    "french_canadian": N_("French Canadian"),
    "perfect": N_("Perfect"),
    "walker_ultimate": N_("Walker Ultimate"),
}
# Each preset's rules named whole, a sentence a translator sees as a page shows
# it: French writes « Règles australiennes », an adjective after its noun, not
# « Règles : Australiennes » (issue 42.3).
PRESET_RULES = {
    DEFAULT_PRESET: N_("Australian rules"),
    "american": N_("American rules"),
    "youngstown": N_("Youngstown rules"),
    "tasmanian": N_("Tasmanian rules"),
    "french_canadian": N_("French Canadian rules"),
    "perfect": N_("Perfect rules"),
    "walker_ultimate": N_("Walker Ultimate rules"),
}
PRESET_BASES = {
    DEFAULT_PRESET: N_("Based on the Australian rules."),
    "american": N_("Based on the American rules."),
    "youngstown": N_("Based on the Youngstown rules."),
    "tasmanian": N_("Based on the Tasmanian rules."),
    "french_canadian": N_("Based on the French Canadian rules."),
    "perfect": N_("Based on the Perfect rules."),
    "walker_ultimate": N_("Based on the Walker Ultimate rules."),
}

# Settings RULES.md marks *assumed*, per preset: where the seeds leave it open.
_ASSUMED_BY_PRESET: dict[str, dict[str, object]] = {
    "american": {"contracts": _specials(misere=250)},
    "tasmanian": {"slam_bonus": True, "win_requires_contract": False},
    "french_canadian": {
        "defender_tricks": "never",
        "slam_bonus": True,
        "win_requires_contract": False,
    },
    "perfect": {"slam_bonus": True},
    "walker_ultimate": {"slam_bonus": True},
}
ASSUMED_SETTINGS: dict[str, dict[str, object]] = {
    key: {"set_rule": False, "ralph_rule": False} | _ASSUMED_BY_PRESET.get(key, {})
    for key in PRESET_NAMES
}

PRESETS: dict[str, Rules] = {
    DEFAULT_PRESET: Rules(),
    "american": Rules(
        preset="american",
        contracts=_specials(misere=250),
        slam_bonus=False,
        misere_defenders="per_contractor_trick",
        win_requires_contract=False,
    ),
    "youngstown": Rules(
        preset="youngstown",
        contracts=(),
        six_contracts=False,
        slam_bonus=False,
        youngstown_bonus=True,
        target=None,
        floor=None,
        win_requires_contract=False,
        hands_limit=40,
    ),
    "tasmanian": Rules(
        preset="tasmanian",
        contracts=_specials(misere=250, open_misere=520),
        failure="to_opponents",
        defender_tricks="never",
        target=1000,
        floor=None,
        win_requires_contract=False,
    ),
    "french_canadian": Rules(
        preset="french_canadian",
        contracts=_specials(misere=500, open_misere=1000),
        failure="to_opponents",
        defender_tricks="never",
        target=1000,
        floor=None,
        win_requires_contract=False,
    ),
    "perfect": Rules(preset="perfect", normal_offset=-20),
    "walker_ultimate": Rules(preset="walker_ultimate", exact_target=True, ceiling=1000),
}


def _check_int(key: str, value: object, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        kind = N_("a whole number or null") if optional else N_("a whole number")
        raise ScoringError(
            key,
            N_("The rule %(key)s must be %(kind)s."),
            key=Quoted(key),
            kind=Word(kind),
        )
    if abs(value) > VALUE_LIMIT:
        raise ScoringError(
            key,
            N_("The rule %(key)s must lie within ±%(limit)s."),
            key=Quoted(key),
            limit=VALUE_LIMIT,
        )
    return value


def _parse_special(key: object, spec: object) -> Special:
    field_name = "contracts"
    if not isinstance(key, str) or not SPECIAL_KEY.fullmatch(key):
        raise ScoringError(
            field_name,
            N_(
                "%(key)s cannot name a contract: use lowercase letters, digits and "
                "_, a letter first, at most 30 characters."
            ),
            key=Quoted(str(key)[:40]),
        )
    if key == PASS:
        raise ScoringError(
            field_name, N_("'pass' is everyone passing, not a contract.")
        )
    known = KNOWN_SPECIALS.get(key)
    if not isinstance(spec, Mapping):
        if known is None:
            raise ScoringError(
                field_name,
                N_(
                    "The custom contract %(key)s needs a value and what makes it: "
                    '{"value": 300, "made": "at_least", "tricks": 8}.'
                ),
                key=Quoted(key),
            )
        value = _check_int(field_name, spec)
        if value is None or value <= 0:
            raise ScoringError(
                field_name,
                N_("The contract %(key)s must be worth > 0."),
                key=Quoted(key),
            )
        return replace(known, value=value)
    unknown = set(spec) - {"name", "value", "made", "tricks", "failure_value"}
    if unknown:
        raise ScoringError(
            field_name,
            N_("Unknown setting %(setting)s."),
            setting=Quoted(sorted(unknown)[0]),
        )
    base = known or Special(key, key.replace("_", " ").capitalize(), 0, "at_least")
    value = _check_int(field_name, spec.get("value", base.value))
    made = spec.get("made", base.made)
    if made not in MADE_KINDS:
        raise ScoringError(
            field_name,
            N_("'made' must be one of %(kinds)s."),
            kinds=", ".join(MADE_KINDS),
        )
    tricks = _check_int(field_name, spec.get("tricks", base.tricks))
    if tricks is None or not 0 <= tricks <= 10:
        raise ScoringError(field_name, N_("A contract's tricks must be from 0 to 10."))
    failure = _check_int(
        field_name, spec.get("failure_value", base.failure_value), optional=True
    )
    name = spec.get("name", base.name)
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ScoringError(field_name, N_("A contract's name must be short text."))
    assert value is not None
    if value <= 0 or (failure is not None and failure <= 0):
        raise ScoringError(
            field_name, N_("The contract %(key)s must be worth > 0."), key=Quoted(key)
        )
    return Special(key, name.strip(), value, made, tricks, failure)


def _setting_value(key: str, value: object) -> object:
    """Check one setting's value against its declaration; return it."""
    setting = SETTINGS[key]
    if setting.kind == "word":
        if not setting.allows(value):
            allowed = ", ".join(str(c.value) for c in setting.choices)
            raise ScoringError(
                key,
                N_("%(key)s must be one of: %(allowed)s."),
                key=Quoted(key),
                allowed=allowed,
            )
        return value
    if setting.kind == "bool":
        if not isinstance(value, bool):
            raise ScoringError(
                key, N_("The rule %(key)s must be true or false."), key=Quoted(key)
            )
        return value
    return _check_int(key, value, optional=setting.kind == "optional_int")


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Build a rule set from a preset key and overrides; name the key at fault."""
    if not isinstance(data, Mapping):
        raise ScoringError("rules", N_("The rules must be an object of settings."))
    preset = data.get("preset", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ScoringError(
            "preset", N_("There is no preset %(preset)s."), preset=Quoted(preset)
        )
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key == "preset":
            continue
        if key == "contracts":
            if not isinstance(value, Mapping):
                raise ScoringError(
                    key, N_("'contracts' must map contract names to values.")
                )
            custom = [k for k in value if k not in KNOWN_SPECIALS]
            if len(custom) > CUSTOM_LIMIT:
                raise ScoringError(
                    key,
                    N_(
                        "A rule set may have at most %(most)s contracts of its own; "
                        "this one has %(count)s."
                    ),
                    most=CUSTOM_LIMIT,
                    count=len(custom),
                )
            changes[key] = tuple(_parse_special(k, v) for k, v in value.items())
        elif key in SETTINGS:
            changes[key] = _setting_value(key, value)
        else:
            raise ScoringError(
                key, N_("%(key)s is not a rule setting."), key=Quoted(key)
            )
    rules = replace(PRESETS[preset], **changes)
    _check_consistent(rules)
    return rules


def _check_consistent(rules: Rules) -> None:
    if rules.target is None and rules.hands_limit is None and rules.floor is None:
        if rules.point_spread is None:
            raise ScoringError(
                "target", N_("A game needs a target, a floor or a limit.")
            )
    if rules.target is not None and rules.target <= 0:
        raise ScoringError("target", N_("The target must be above zero."))
    if rules.floor is not None and rules.floor >= 0:
        raise ScoringError("floor", N_("The floor must be below zero."))
    if rules.ceiling is not None and rules.ceiling <= 0:
        raise ScoringError("ceiling", N_("The ceiling must be above zero."))
    ceiling, target = rules.ceiling, rules.target
    if ceiling is not None and target is not None and ceiling <= target:
        raise ScoringError("ceiling", N_("The ceiling must be above the target."))
    if rules.hands_limit is not None and rules.hands_limit < 1:
        raise ScoringError("hands_limit", N_("The hands limit must be at least one."))
    if rules.point_spread is not None and rules.point_spread <= 0:
        raise ScoringError("point_spread", N_("The point spread must be above zero."))
    if rules.lock is not None and rules.lock <= 0:
        raise ScoringError("lock", N_("The lock must be above zero."))
    if rules.points_per_trick < 0:
        raise ScoringError("points_per_trick", N_("Trick points cannot be negative."))
    if not rules.normal_contracts()[0].value > 0:
        raise ScoringError(
            "normal_offset", N_("Every normal contract must be worth > 0.")
        )


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Return the full rule set as plain JSON-ready data."""
    data = dataclasses.asdict(rules)
    contracts: dict[str, Any] = {}
    for special in rules.contracts:
        known = KNOWN_SPECIALS.get(special.key)
        if known is not None and replace(known, value=special.value) == special:
            contracts[special.key] = special.value
        else:
            contracts[special.key] = {
                "name": special.name,
                "value": special.value,
                "made": special.made,
                "tricks": special.tricks,
                "failure_value": special.failure_value,
            }
    data["contracts"] = contracts
    return data
