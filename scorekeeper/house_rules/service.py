"""Saved house rules: a named preset and its overrides, for new games to start from."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sqlalchemy import update

from ..db import grants, store, tokens
from ..db.models import RuleSet, db, utcnow
from ..errors import N_, BadInput, NotFound
from ..results.listing import Page
from ..scoring import name_key, reading_order, rules_from_dict
from ..text import clean_text

# Database integer columns hold 32 bits on PostgreSQL.
MAX_ID = 2**31 - 1
DUPLICATE = BadInput(N_("There are already house rules with that name."), "name")
# What else saving new house rules keeps in its transaction: this phone's grant.
AlsoSaved = Callable[[RuleSet, str], None] | None


def _by_name(query: Any, start: int, count: int) -> Page:
    """Return `count` of the house rules a query finds from `start`, in a reader's
    order (sorted here: a database orders names by code point)."""
    named = db.session.execute(query.with_only_columns(RuleSet.id, RuleSet.name))
    order = sorted(named, key=lambda r: (reading_order(r.name), r.id))
    ids = [r.id for r in order[start : start + count]]
    found = {r.id: r for r in db.session.scalars(query.where(RuleSet.id.in_(ids)))}
    return Page([found[i] for i in ids if i in found], 1, count, len(order))


def list_rulesets(page: int = 1, per_page: int = 50) -> Page:
    """Return a page of the saved house rules, by name."""
    found = _by_name(db.select(RuleSet), (page - 1) * per_page, per_page)
    return Page(found.items, page, per_page, found.total)


def find_rulesets(text: str = "", count: int = 50) -> Page:
    """Return the first `count` saved house rules whose name holds `text`, by name."""
    query = db.select(RuleSet)
    if text.strip():
        query = query.where(RuleSet.name_key.contains(name_key(text), autoescape=True))
    return _by_name(query, 0, count)


def names_of(ids: Iterable[int | None]) -> dict[int, str]:
    """Return the names of the saved house rules with these ids, by id."""
    wanted = sorted({i for i in ids if i is not None})
    query = db.select(RuleSet.id, RuleSet.name).where(RuleSet.id.in_(wanted))
    return {row.id: row.name for row in db.session.execute(query)} if wanted else {}


def offered(own: Iterable[int], count: int = 10) -> list[RuleSet]:
    """Return house rules to offer a new game: these, then the latest used, by name."""
    mine = db.select(RuleSet).where(RuleSet.id.in_(list(own)[:count]))
    found = {r.id: r for r in db.session.execute(mine).scalars()}
    latest = (
        db.select(RuleSet)
        .where(RuleSet.id.not_in(list(found)))
        .order_by(RuleSet.used.desc().nulls_last(), RuleSet.created.desc())
        .limit(count - len(found))
    )
    found |= {r.id: r for r in db.session.execute(latest).scalars()}
    return sorted(found.values(), key=lambda r: (reading_order(r.name), r.id))


def get_ruleset(ruleset_id: object) -> RuleSet:
    """Return a saved rule set, or raise NotFound."""
    ok = isinstance(ruleset_id, int) and not isinstance(ruleset_id, bool)
    ruleset = (
        db.session.get(RuleSet, ruleset_id) if ok and 0 < ruleset_id <= MAX_ID else None
    )  # type: ignore[operator]
    if ruleset is None:
        raise NotFound(N_("There is no saved rule set with that id."))
    return ruleset


def saved_rules(ruleset_id: object) -> Mapping[str, Any]:
    """Return the rules of a saved rule set a new game names, or refuse the id."""
    try:
        return get_ruleset(ruleset_id).rules
    except NotFound as error:
        raise BadInput(error.template, "ruleset", **error.params) from None


def used(ruleset_id: object) -> None:
    """Note that a game started from these house rules now (for the new-game page)."""
    if isinstance(ruleset_id, int) and 0 < ruleset_id <= MAX_ID:
        stamp = update(RuleSet).where(RuleSet.id == ruleset_id).values(used=utcnow())
        store.transaction(lambda: db.session.execute(stamp))


def may_write(ruleset: RuleSet, token: str | None) -> bool:
    """Return whether a write token belongs to these house rules."""
    return ruleset.token_hash is not None and tokens.grants(token, ruleset.token_hash)


def _fill(ruleset: RuleSet, name: str, rules: Mapping[str, Any]) -> RuleSet:
    """Name and set house rules, refusing a name another set has (case-blind)."""
    clean = clean_text(name, "name", keyed=True)
    if not clean:
        raise BadInput(N_("Give the house rules a name."), "name")
    rules_from_dict(rules)
    key = name_key(clean)
    taken = db.session.execute(
        db.select(RuleSet.id).where(RuleSet.name_key == key)
    ).scalar()
    if taken is not None and taken != ruleset.id:
        raise BadInput(
            N_("There are already house rules named %(clean)s."), "name", clean=clean
        )
    ruleset.name, ruleset.name_key, ruleset.rules = clean, key, dict(rules)
    return ruleset


def create_ruleset(
    name: str, rules: Mapping[str, Any], also: AlsoSaved = None
) -> tuple[RuleSet, str]:
    """Save new house rules; return them and their write token, given only here."""
    token, token_hash = tokens.new_token()

    def work() -> RuleSet:
        ruleset = _fill(RuleSet(token_hash=token_hash), name, rules)
        db.session.add(ruleset)
        if also is not None:
            db.session.flush()  # its id
            also(ruleset, token)
        return ruleset

    return store.transaction(work, DUPLICATE), token


def change_ruleset(ruleset_id: int, name: str, rules: Mapping[str, Any]) -> RuleSet:
    """Rename or change saved house rules; games already started keep theirs."""
    return store.transaction(
        lambda: _fill(get_ruleset(ruleset_id), name, rules), DUPLICATE
    )


def new_token(ruleset_id: int) -> str:
    """Give saved house rules a new write token (the old one stops working)."""
    token, token_hash = tokens.new_token()

    def work() -> None:
        get_ruleset(ruleset_id).token_hash = token_hash

    store.transaction(work)
    return token


def delete_ruleset(ruleset_id: int) -> None:
    """Delete saved house rules; games keep the rules they were created with."""

    def work() -> None:
        grants.forget(grants.RULESET, str(ruleset_id))
        db.session.delete(get_ruleset(ruleset_id))

    store.transaction(work)
