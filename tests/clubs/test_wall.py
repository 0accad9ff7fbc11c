"""The wall between clubs (CLUBS.md, "Targets"; issue 43, points 2 and 7): every
route of club A asked under club B's prefix with A's ids, tokens, names, cookies
and session answers as an unknown thing would (the same status, the same body),
holds no byte of A's data, and changes nothing in either club."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from accounts_helpers import person, sign_in, token
from flask import Flask
from wall_crawl import Ask, Phone, Values, asks, rules, said, send
from wall_helpers import Club, nowhere, rows, secret_of, two_clubs

from scorekeeper.db.kept import Kept


@pytest.fixture
def clubs(many_app: Flask) -> tuple[Club, Club]:
    """Return club A and club B, alike in names and numbers, not in marks."""
    return two_clubs(many_app)


@pytest.fixture
def owner_of_a(many_app: Flask, clubs: tuple[Club, Club]) -> Phone:
    """Return what a signed-in owner of club A sends besides A's phone's
    cookies: the cookies of their sign-in, the headers of their token."""
    a, _ = clubs
    email = "owner.of.a@example.org"
    person(many_app, email, a.slug, "owner")
    signed = many_app.test_client()
    assert sign_in(signed, email).status_code == 302
    session = {c.key: c.value for c in signed._cookies.values() if c.path == "/"}
    assert "session" in session
    pat = token(many_app, a.slug, "owner", email)
    return Phone("A's owner", session, "", {"Authorization": f"Bearer {pat}"})


def cookies(club: Club) -> dict[str, str]:
    """Return a club's phone's cookies: its device id and its club's session."""
    return {c.key: c.value for c in club.client._cookies.values()}


def phones(a: Club, b: Club, owner: Phone) -> Iterator[Phone]:
    """Yield each phone the crawl asks as, each value of A's it holds sealed
    (its twin holds one of the same shape that is nowhere)."""
    mine, theirs = {**cookies(a), **owner.cookies}, cookies(b)
    held = [*mine.values(), *owner.headers.values(), a.csrf]
    sealed = {value: nowhere(value) for value in held}
    # A's phone as it is, its session sent under B too (a browser would not).
    yield Phone("A's phone", mine, a.csrf, {}, sealed)
    # A phone of B, asking with what it knows of A.
    yield Phone("B's phone", theirs, b.csrf)
    # A's session given as B's, under the name of B's cookie.
    crafted = {**mine, f"session_{b.club_id}": mine[f"session_{a.club_id}"]}
    yield Phone("A's session as B's", crafted, a.csrf, {}, sealed)
    # A's phone and A's tokens, on B's own games, nights, house rules.
    yield Phone("A's tokens on B's", mine, a.csrf, {}, sealed, on_b=True)
    if owner.headers:  # every ask with the owner's token
        yield Phone(owner.name, crafted, a.csrf, owner.headers, sealed)


def sent(ask: Ask) -> str:
    """Return everything an ask sends, as one text."""
    return " ".join(
        [ask.path, *ask.headers.values(), *ask.cookies.values()]
        + [repr(ask.body), repr(ask.form)]
    )


def prime(app: Flask, a: Club, owner: Phone) -> dict[str, str]:
    """Read every page of A as A's phone, so what a worker keeps of A is kept
    now; return the ETag of each read that has one."""
    client = app.test_client(use_cookies=False)
    phone = Phone("A's phone", {**cookies(a), **owner.cookies}, a.csrf)
    etags = {}
    for ask in asks(app, Values(a), phone):
        if ask.method == "GET":  # as A's phone, and as a watcher
            for asked in (ask, replace(ask, cookies={})):
                tag = send(client, a.slug, asked).headers.get("ETag")
                if tag:
                    etags[ask.path.partition("?")[0]] = tag
    return etags


def crawl(
    app: Flask, a: Club, b: Club, owner: Phone, etags: dict[str, str]
) -> list[str]:
    """Ask every route as each phone; return what differs from an unknown
    thing's answer, and any of A's data found in an answer."""
    client = app.test_client(use_cookies=False)
    values, on_b = Values(a, etags=etags), Values(a, etags=etags, on=b)
    found = []
    secrets = secret_of(a) + list(cookies(a).values())
    secrets += [*owner.cookies.values(), *owner.headers.values()]
    routes = {(endpoint, method) for _, endpoint, method, _ in rules(app)}
    for phone in phones(a, b, owner):
        values.swaps.update(phone.sealed)
        on_b.swaps = values.swaps
        asked = set()
        for ask in asks(app, on_b if phone.on_b else values, phone):
            asked.add((ask.endpoint, ask.method))
            twin = ask.twin()
            theirs = send(client, b.slug, twin)
            mine = send(client, b.slug, ask)
            where = f"{phone.name}: {ask.method} {ask.path} ({ask.endpoint})"
            swaps = {theirs: mine for mine, theirs in ask.swaps.items()}
            if mine.status_code >= 500 or theirs.status_code >= 500:
                found.append(f"{where}: {mine.status_code}, {theirs.status_code}")
            elif said(mine, {}) != said(theirs, swaps):
                found.append(f"{where}: {mine.status_code} != {theirs.status_code}")
            found += leaks(where, mine, secrets, sent(ask))
        assert asked == routes, routes - asked
        for value in phone.sealed:
            values.swaps.pop(value)
    return found


def forget() -> None:
    """Forget everything a worker keeps (db/kept.py), as a worker just started."""
    for kept in gc.get_objects():
        if isinstance(kept, Kept):
            kept.clear()


def leaks(where: str, answer: Any, secrets: list[str], asked: str) -> list[str]:
    """Return each of A's values an answer holds that its ask did not send."""
    texts = [answer.get_data(as_text=True), *map(str, answer.headers.values())]
    return [
        f"{where}: holds {secret!r}"
        for secret in secrets
        if secret not in asked and any(secret in text for text in texts)
    ]


def test_every_route_of_a_under_b_answers_as_for_an_unknown_thing(
    many_app: Flask, clubs: tuple[Club, Club], owner_of_a: Phone
) -> None:
    a, b = clubs
    etags = prime(many_app, a, owner_of_a)
    before = rows(many_app, a), rows(many_app, b)
    found = crawl(many_app, a, b, owner_of_a, etags)
    assert found == [], "\n".join(found)
    assert (rows(many_app, a), rows(many_app, b)) == before


def test_what_a_worker_kept_of_a_never_answers_for_b(
    many_app: Flask, clubs: tuple[Club, Club]
) -> None:
    """B's own reads (its house rules and seasons numbered as A's, its players
    named as A's) are the same from a worker that just started as from one
    that kept everything of A's."""
    a, b = clubs
    client = many_app.test_client(use_cookies=False)
    phone = Phone("B's phone", cookies(b), b.csrf)
    reads = [ask for ask in asks(many_app, Values(b), phone) if ask.method == "GET"]
    for _ in range(2):  # the first reads open B's links (grants): then read
        forget()
        fresh = [said(send(client, b.slug, ask), {}) for ask in reads]
    forget()
    prime(many_app, a, Phone("A's owner", {}, ""))
    kept = [said(send(client, b.slug, ask), {}) for ask in reads]
    assert [k[:2] for k in kept] == [f[:2] for f in fresh]
    assert kept == fresh
