"""Saved house rules: a named preset and its overrides, for new games to start from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import func

from . import store
from .errors import BadInput, NotFound
from .models import RuleSet, db
from .scoring import name_key, rules_from_dict
from .services import clean_text

# Database integer columns hold 32 bits on PostgreSQL.
MAX_ID = 2**31 - 1


def list_rulesets() -> list[RuleSet]:
    """Return the saved house rules by name."""
    query = db.select(RuleSet).order_by(func.lower(RuleSet.name), RuleSet.id)
    return list(db.session.execute(query).scalars())


def get_ruleset(ruleset_id: object) -> RuleSet:
    """Return a saved rule set, or raise NotFound."""
    ok = isinstance(ruleset_id, int) and not isinstance(ruleset_id, bool)
    ruleset = (
        db.session.get(RuleSet, ruleset_id) if ok and 0 < ruleset_id <= MAX_ID else None
    )  # type: ignore[operator]
    if ruleset is None:
        raise NotFound("There is no saved rule set with that id.")
    return ruleset


def saved_rules(ruleset_id: object) -> Mapping[str, Any]:
    """Return the rules of a saved rule set a new game names, or refuse the id."""
    try:
        return get_ruleset(ruleset_id).rules
    except NotFound as error:
        raise BadInput(error.message, "ruleset") from None


def save_ruleset(
    name: str, rules: Mapping[str, Any], ruleset_id: int | None = None
) -> RuleSet:
    """Create or update a saved rule set: a preset and its overrides."""

    def work() -> RuleSet:
        ruleset = RuleSet() if ruleset_id is None else get_ruleset(ruleset_id)
        clean = clean_text(name, "name")
        if not clean:
            raise BadInput("Give the house rules a name.", "name")
        rules_from_dict(rules)
        key = name_key(clean)
        taken = db.session.execute(
            db.select(RuleSet.id).where(RuleSet.name_key == key)
        ).scalar()
        if taken is not None and taken != ruleset_id:
            raise BadInput(f"There are already house rules named {clean}.", "name")
        ruleset.name, ruleset.name_key, ruleset.rules = clean, key, dict(rules)
        db.session.add(ruleset)
        return ruleset

    duplicate = BadInput("There are already house rules with that name.", "name")
    return store.transaction(work, duplicate)


def delete_ruleset(ruleset_id: int) -> None:
    """Delete saved house rules; games keep the rules they were created with."""
    store.transaction(lambda: db.session.delete(get_ruleset(ruleset_id)))
