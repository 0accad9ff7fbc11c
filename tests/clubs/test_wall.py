"""The wall between clubs (CLUBS.md, "Targets"; issue 43, points 2 and 7): every
route of club A asked under club B's prefix with A's ids, tokens, names, cookies
and session answers as an unknown thing would (the same status, the same body),
holds no byte of A's data, and changes nothing in either club."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from wall_crawl import Ask, Values, asks, said, send
from wall_helpers import Club, nowhere, rows, secret_of, two_clubs


@pytest.fixture
def clubs(many_app: Flask) -> tuple[Club, Club]:
    """Return club A and club B, alike in names and numbers, not in marks."""
    return two_clubs(many_app)


@pytest.fixture
def owner_of_a() -> dict[str, str]:
    """Return the cookies a signed-in owner of club A adds to A's phone's."""
    return {}


def cookies(club: Club) -> dict[str, str]:
    """Return a club's phone's cookies: its device id and its club's session."""
    return {c.key: c.value for c in club.client._cookies.values()}


def phones(
    a: Club, b: Club, owner: dict[str, str]
) -> Iterator[tuple[str, dict[str, str], str, dict[str, str]]]:
    """Yield each phone the crawl asks as: its cookies, its CSRF token, and its
    values of A's that a twin swaps for values that are nowhere."""
    mine, theirs = cookies(a), cookies(b)
    held = [*mine.values(), *owner.values(), a.csrf]
    sealed = {value: nowhere(value) for value in held}
    # A's phone as it is, its session sent under B too (a browser would not).
    yield "A's phone", {**mine, **owner}, a.csrf, sealed
    # A phone of B, asking with what it knows of A.
    yield "B's phone", theirs, b.csrf, {}
    # A's session given as B's, under the name of B's cookie.
    crafted = {"device": mine["device"], **owner}
    crafted[f"session_{b.club_id}"] = mine[f"session_{a.club_id}"]
    yield "A's session as B's", crafted, a.csrf, sealed


def sent(ask: Ask) -> str:
    """Return everything an ask sends, as one text."""
    return " ".join(
        [ask.path, *ask.headers.values(), *ask.cookies.values()]
        + [repr(ask.body), repr(ask.form)]
    )


def prime(app: Flask, a: Club, owner: dict[str, str]) -> None:
    """Read every page of A as A's phone: what a worker keeps of A, kept now."""
    client = app.test_client(use_cookies=False)
    for ask in asks(app, Values(a), {**cookies(a), **owner}, a.csrf):
        if ask.method == "GET":
            send(client, a.slug, ask)


def crawl(app: Flask, a: Club, b: Club, owner: dict[str, str]) -> list[str]:
    """Ask every route as each phone; return what differs from an unknown
    thing's answer, and any of A's data found in an answer."""
    client = app.test_client(use_cookies=False)
    values = Values(a)
    found = []
    secrets = secret_of(a) + list(cookies(a).values()) + list(owner.values())
    for phone, held, csrf, own in phones(a, b, owner):
        values.swaps.update(own)
        for ask in asks(app, values, held, csrf):
            twin = ask.twin()
            theirs = send(client, b.slug, twin)
            mine = send(client, b.slug, ask)
            where = f"{phone}: {ask.method} {ask.path} ({ask.endpoint})"
            swaps = {theirs: mine for mine, theirs in ask.swaps.items()}
            if mine.status_code >= 500 or theirs.status_code >= 500:
                found.append(f"{where}: {mine.status_code}, {theirs.status_code}")
            elif said(mine, {}) != said(theirs, swaps):
                found.append(f"{where}: {mine.status_code} != {theirs.status_code}")
            found += leaks(where, mine, secrets, sent(ask))
        for value in own:
            values.swaps.pop(value)
    return found


def leaks(where: str, answer: Any, secrets: list[str], asked: str) -> list[str]:
    """Return each of A's values an answer holds that its ask did not send."""
    texts = [answer.get_data(as_text=True), *map(str, answer.headers.values())]
    return [
        f"{where}: holds {secret!r}"
        for secret in secrets
        if secret not in asked and any(secret in text for text in texts)
    ]


def test_every_route_of_a_under_b_answers_as_for_an_unknown_thing(
    many_app: Flask, clubs: tuple[Club, Club], owner_of_a: dict[str, str]
) -> None:
    a, b = clubs
    prime(many_app, a, owner_of_a)
    before = rows(many_app, a), rows(many_app, b)
    found = crawl(many_app, a, b, owner_of_a)
    assert found == [], "\n".join(found)
    assert (rows(many_app, a), rows(many_app, b)) == before
