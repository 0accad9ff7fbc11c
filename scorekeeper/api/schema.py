"""JSON in and out: the API's bodies and answers, and the export (API.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..db.models import RuleSet
from ..db.store import Loaded
from ..errors import N_, BadInput, Quoted, Word
from ..results.listing import Summary
from ..scoring import (
    PRESET_NAMES,
    PRESETS,
    GameState,
    Hand,
    Rules,
    Table,
    make_hand,
    make_table,
    rules_from_dict,
    rules_to_dict,
)

GAME_FIELDS = {"name", "notes", "rules", "ruleset", "sides", "first_dealer"}
GAME_FIELDS |= {"new_players"}
HAND_FIELDS = {"bidder", "side", "contract", "tricks", "partner", "first_out"}
RULESET_FIELDS = {"name", "rules"}


# The largest number read from text: a version, a page, an id (a 32-bit int).
NUMBER_LIMIT = 2**31 - 1


def whole_number(text: str | None, top: int = NUMBER_LIMIT) -> int | None:
    """Return text of ASCII digits as a number up to top, else None."""
    # str.isdigit() is true for "²" and "①", which int() refuses.
    if not text or not text.isascii() or not text.isdigit() or len(text) > 10:
        return None
    number = int(text)
    return number if number <= top else None


def check_text(data: object) -> None:
    """Refuse text no database can keep: NUL and lone surrogates, at any depth."""
    if _surely_clean(data):  # most bodies, and every game of an import
        return
    stack: list[tuple[object, str | None]] = [(data, None)]
    while stack:
        value, field = stack.pop()
        if isinstance(value, Mapping):
            for key, item in value.items():
                stack.append((key, field or str(key)[:40]))
                stack.append((item, field or str(key)[:40]))
        elif isinstance(value, list):
            stack.extend((item, field) for item in value)
        elif isinstance(value, str) and (
            "\x00" in value or not value.isascii() and not _encodable(value)
        ):
            raise BadInput(N_("The text has a character that is not allowed."), field)


def _surely_clean(data: object) -> bool:
    """Return whether data holds neither NUL nor a lone surrogate, read in one
    pass in C; False when unsure (check_text then walks it to name the field)."""
    try:
        written = json.dumps(data, ensure_ascii=False)  # NUL written as \\u0000
        written.encode()
    except (TypeError, ValueError, RecursionError):  # UnicodeEncodeError too
        return False
    return "\\u0000" not in written


def _encodable(value: str) -> bool:
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def fields(data: object, allowed: set[str], what: str) -> Mapping[str, Any]:
    """Return a JSON object whose keys are all allowed, or name the stray one."""
    if not isinstance(data, Mapping):
        raise BadInput(N_("Send %(what)s as a JSON object."), what=Word(what))
    for key in data:
        if key not in allowed:
            raise BadInput(
                N_("%(key)s is not a field of %(what)s."),
                str(key),
                key=Quoted(str(key)[:40]),
                what=Word(what),
            )
    return data


def text(data: Mapping[str, Any], key: str, default: str | None = "") -> str:
    """Return a text field (the default when absent), or refuse another type."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BadInput(N_("The %(key)s must be text."), key, key=key)
    return value


def rules_object(value: object) -> Mapping[str, Any]:
    """Return a rules object, or refuse anything that is not one."""
    if not isinstance(value, Mapping):
        raise BadInput(N_("The rules must be an object of settings."), "rules")
    return value


# Answers


def created(stamp: datetime) -> str:
    """Return a stored UTC time as ISO 8601 with its zone."""
    return stamp.replace(tzinfo=UTC).isoformat()


def status(state: GameState | Summary) -> str:
    """Return a game's status as the API names it."""
    return "finished" if state.finished else "in_progress"


def game_summary(game: Summary) -> dict[str, Any]:
    """Return the short form of a game used in lists."""
    return {
        "id": game.id,
        "name": game.name,
        "notes": game.notes,
        "created": created(game.created),
        "status": status(game),
        "winner": game.winner,
        "ending": game.ending,
        "sides": list(game.sides),
        "totals": list(game.totals),
        "hands": game.hands,
    }


def game_to_dict(game: Loaded) -> dict[str, Any]:
    """Return a game as the API shows it (API.md)."""
    state, row = game.state, game.game
    return {
        "id": game.id,
        "name": row.name,
        "notes": row.notes,
        "version": row.version,
        "created": created(row.created),
        "rules": row.rules,
        "sides": [
            {"name": s.name, "players": list(s.players), "score": score}
            for s, score in zip(game.table.sides, state.totals, strict=True)
        ],
        "first_dealer": row.first_dealer,
        "hands": [
            {
                "number": r.number,
                "dealer": r.dealer,
                "bidder": r.hand.bidder,
                "side": r.hand.side,
                "partner": r.hand.partner,
                "contract": r.hand.contract,
                "tricks": list(r.hand.tricks),
                "first_out": r.hand.first_out,
                "made": r.made,
                "points": list(r.points),
                "reasons": list(r.reasons),
                "totals": list(r.totals),
            }
            for r in state.hands
        ],
        "status": status(state),
        "winner": state.winner,
        "ending": state.ending,
        "next_dealer": None if state.finished else state.next_dealer,
        "first_bidder": None if state.finished else state.first_bidder,
        "barred": list(state.barred),
    }


def ruleset_to_dict(ruleset: RuleSet) -> dict[str, Any]:
    """Return a saved rule set as the API shows it."""
    return {
        "id": ruleset.id,
        "name": ruleset.name,
        "rules": ruleset.rules,
        "full": rules_to_dict(rules_from_dict(ruleset.rules)),
        "created": created(ruleset.created),
    }


def presets() -> list[dict[str, Any]]:
    """Return the preset rule sets as the API lists them."""
    return [
        {"key": key, "name": PRESET_NAMES[key], "rules": rules_to_dict(rules)}
        for key, rules in PRESETS.items()
    ]


# Bodies


@dataclass(frozen=True)
class NewGame:
    """A game asked for: its name and notes (maybe empty), rules and table."""

    name: str
    rules: Rules
    table: Table
    notes: str = ""
    new_players: tuple[str, ...] = ()  # lookalikes the client means as new people


Saved = Callable[[object], Mapping[str, Any]]


def new_game(data: object, saved: Saved | None = None) -> NewGame:
    """Read a game body: saved house rules (looked up by `saved`), overrides, table."""
    data = fields(data, GAME_FIELDS, N_("a game"))
    wanted: dict[str, Any] = {}
    if data.get("ruleset") is not None and saved is not None:
        wanted.update(saved(data["ruleset"]))
    wanted.update(rules_object(data.get("rules", {})))
    rules = rules_from_dict(wanted)
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise BadInput(N_("List the sides, each with a name and players."), "sides")
    pairs = []
    for side in sides:
        if not isinstance(side, Mapping) or not isinstance(side.get("players"), list):
            raise BadInput(
                N_('Each side needs a "name" and a list of "players".'), "sides"
            )
        pairs.append((side.get("name"), side["players"]))
    table = make_table(pairs, data.get("first_dealer"))
    return NewGame(
        text(data, "name"), rules, table, text(data, "notes"), new_players(data)
    )


def new_players(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Return the names a body confirms as new players (`new_players`), though
    each looks like someone who has played; refuse anything but a list of text."""
    value = data.get("new_players", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(N_("new_players must be a list of names."), "new_players")
    return tuple(value)


def hand(rules: Rules, table: Table, data: object) -> Hand:
    """Read a hand body under a game's rules and table."""
    data = fields(data, HAND_FIELDS, N_("a hand"))
    if "contract" not in data:
        raise BadInput(N_("Name the contract, such as 7H, misere or pass."), "contract")
    return make_hand(rules, table, **data)


def ruleset_body(data: object) -> tuple[str, Mapping[str, Any]]:
    """Read a rule set body: its name and its rules (a preset and overrides)."""
    if not isinstance(data, dict):
        raise BadInput(N_("Send the house rules as a JSON object."))
    data = fields(data, RULESET_FIELDS, N_("rules"))
    return text(data, "name", None), rules_object(data.get("rules", {}))
