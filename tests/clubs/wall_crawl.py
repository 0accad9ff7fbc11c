"""Every route of the app, asked under club B's prefix with club A's things.

Each ask is made twice: with A's values (ids, tokens, names, cookies) and with
values of the same shape that name nothing anywhere (its twin). Under B, A's
things are unknown things: the two answers must be one answer.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient
from wall_helpers import EIGHT, PASSWORD, Club, game_body, night_body, nowhere

SKIPPED = {"static"}  # the app's files: nothing of a club's
CSRF_SIGNED = re.compile(rb"[\w-]{40,}\.[\w-]{6}\.[\w-]{27}")
FORM_ID = re.compile(rb'(name="form_id" type="hidden" value=")[\w-]+"')
# Which of A's tokens a route's <token> takes, and which goes as its Bearer.
TOKENS = {
    "games.play_link": "game",
    "nights.take_direction": "director",
    "nights.card": "card",
    "house_rules.edit_link": "ruleset",
}


@dataclass(frozen=True)
class Ask:
    """One request: what it sends, and A's values in it (each with its twin's)."""

    method: str
    path: str
    endpoint: str
    headers: dict[str, str] = field(default_factory=dict)
    cookies: dict[str, str] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    form: dict[str, str] | None = None
    swaps: dict[str, str] = field(default_factory=dict)  # A's value: its twin's

    def twin(self) -> Ask:
        """Return the same ask with each of A's values swapped for its twin's."""
        cookies = {k: self.swap(v) for k, v in self.cookies.items()}
        return replace(
            self,
            path="/".join(self.swap(part) for part in self.path.split("/")),
            headers={k: self.swap(v) for k, v in self.headers.items()},
            cookies=cookies,
            body=json.loads(self.swap(json.dumps(self.body))) if self.body else None,
            form={k: self.swap(v) for k, v in (self.form or {}).items()} or None,
            swaps={},
        )

    def swap(self, text: str) -> str:
        """Return a text with A's values in it swapped (whole or long parts)."""
        if text in self.swaps:
            return self.swaps[text]
        for mine, theirs in self.swaps.items():
            if len(mine) >= 8:
                text = text.replace(mine, theirs)
        return text


@dataclass
class Values:
    """What of club A fills a route's arguments and a request's parts; or,
    `on` another club, that club's ids with A's tokens."""

    a: Club
    swaps: dict[str, str] = field(default_factory=dict)
    etags: dict[str, str] = field(default_factory=dict)  # A's, by path
    on: Club | None = None

    def __post_init__(self) -> None:
        a = self.a
        only = [*a.games, *a.game_tokens, *a.ruleset_tokens, a.night]
        only += [a.director_token, a.card_token, a.own_name]
        only += [str(a.rulesets[-1]), str(a.seasons[-1])]  # B has fewer
        self.swaps = {value: nowhere(value) for value in only}

    def arguments(self, name: str, endpoint: str, method: str) -> list[str]:
        """Return the values for a route's argument: for a write, only those
        that B has not (B's own number 1 is B's to change)."""
        a, on = self.a, self.on or self.a
        found = {
            "game_id": [on.games[0], on.games[1], on.games[-1]],
            "night_id": [on.night],
            "ruleset_id": [str(on.rulesets[-1]), str(a.rulesets[0])],
            "season_id": [str(on.seasons[-1]), str(a.seasons[0])],
            "name": [a.own_name, "Ann"],
            "token": [self.token(endpoint, {})],
            "shape": ["2x2"],
        }.get(name, ["1"])
        return found if method == "GET" else found[:1]

    def token(self, endpoint: str, filled: dict[str, str]) -> str:
        """Return A's token a route would take (in its address or as Bearer):
        for the thing it names, or for A's thing of the same place in A."""
        a, on = self.a, self.on or self.a
        kind = TOKENS.get(endpoint, "")
        game = filled.get("game_id", on.games[1])
        if kind == "card":
            return a.card_token
        if kind == "ruleset" or "ruleset_id" in filled:
            number = int(filled.get("ruleset_id", on.rulesets[-1]))
            return a.ruleset_tokens[on.rulesets.index(number)]
        mine = on.games.index(game)
        if kind == "director" or "night_id" in filled or mine >= len(on.game_tokens):
            return a.director_token  # a night's table's game
        return a.game_tokens[mine]

    def body(self, endpoint: str) -> dict[str, Any]:
        """Return a JSON body naming A's things: a game or a night whole but
        for its house rules, A's; else a hand or a player of A's."""
        a = self.a
        players = ["Ann", "Cat", "Bob", a.own_name]
        made = {
            "games_api.create_game": game_body("NEW", 0, players),
            "nights_api.create_night": night_body("NEW"),
        }.get(endpoint)
        if made is not None:
            del made["rules"]
            return made | {"ruleset": a.rulesets[-1]}
        return {"bidder": a.own_name, "contract": "7H", "tricks": 7}

    def form(self, csrf: str) -> dict[str, str]:
        """Return a form naming A's things, with a session's CSRF token: a new
        game's, night's and season's fields whole but for A's house rules."""
        a = self.a
        form = {
            "csrf_token": csrf,
            "rules": f"ruleset:{a.rulesets[-1]}",
            "ruleset": str(a.rulesets[-1]),
            "season": str(a.seasons[-1]),
            "new_name": a.own_name,
            "password": PASSWORD,
            "notes": "changed",
            "version": "1",
            "name": "NEW",
            "first_day": "2026-01-01",
            "last_day": "2026-12-31",
            "movement": "progressive",
            "round_hands": "1",
            "rank_by": "wins",
            "players": "\n".join(EIGHT),
            "sides-0": "Us",
            "sides-1": "Them",
        }
        for number, name in enumerate(["Ann", "Cat", "Bob", a.own_name]):
            form[f"players-{number}"] = name
        return form


def rules(app: Flask) -> Iterator[tuple[str, str, str, list[str]]]:
    """Yield every route's rule, endpoint, method and argument names."""
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint in SKIPPED:
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield rule.rule, rule.endpoint, method, sorted(rule.arguments)


@dataclass(frozen=True)
class Phone:
    """Who asks: its cookies, its session's CSRF token, headers it sends on
    every ask (a person's token), and its values that its twin has not."""

    name: str
    cookies: dict[str, str]
    csrf: str
    headers: dict[str, str] = field(default_factory=dict)
    sealed: dict[str, str] = field(default_factory=dict)
    on_b: bool = False  # names B's things, with A's tokens


def asks(app: Flask, values: Values, phone: Phone) -> Iterator[Ask]:
    """Yield every route asked with A's values, as a phone."""
    a = values.a
    for rule, endpoint, method, names in rules(app):
        choices = [values.arguments(name, endpoint, method) for name in names]
        for chosen in itertools.product(*choices):
            filled = dict(zip(names, chosen, strict=True))
            path = rule
            for name, value in filled.items():
                path = re.sub(rf"<(?:\w+:)?{name}>", quote(value, safe=""), path)
            token = {"Authorization": f"Bearer {values.token(endpoint, filled)}"}
            ask = Ask(
                method,
                path,
                endpoint,
                headers=token | phone.headers,
                cookies=phone.cookies,
                swaps=values.swaps,
            )
            if method == "GET":
                if path in values.etags:  # a read answered before Flask
                    ask.headers["If-None-Match"] = values.etags[path]
                query = f"?season={a.seasons[-1]}&rules=ruleset:{a.rulesets[-1]}"
                yield replace(ask, path=path + query + f"&player={a.own_name}")
            elif path.startswith("/api/"):
                yield replace(ask, body=values.body(endpoint))
            else:
                yield replace(ask, form=values.form(phone.csrf))


def send(client: FlaskClient, slug: str, ask: Ask) -> Any:
    """Send an ask under a club's prefix, with exactly its cookies."""
    headers = dict(ask.headers)
    if ask.cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in ask.cookies.items())
    return client.open(
        f"/c/{slug}{ask.path}",
        method=ask.method,
        headers=headers,
        json=ask.body,
        data=ask.form,
    )


def said(answer: Any, swaps: dict[str, str]) -> tuple[int, str, bytes]:
    """Return an answer as compared: its status, where it sends and its body,
    with values swapped (a twin's for A's) and every CSRF token blanked."""
    body = answer.get_data()
    location = answer.headers.get("Location", "")
    for theirs, mine in sorted(swaps.items(), key=lambda s: -len(s[0])):
        for a, b in ((theirs, mine), (quote(theirs, safe=""), quote(mine, safe=""))):
            body = body.replace(a.encode(), b.encode())
            location = location.replace(a, b)
    body = FORM_ID.sub(rb'\1"', CSRF_SIGNED.sub(b"CSRF", body))
    return answer.status_code, location, body
