"""Two clubs alike in all but their marks: the same players' names, games,
house rules, seasons and nights, each with data of its own to look for."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from accounts_helpers import token as personal_token
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper.clubs import service
from scorekeeper.db.clubs import scope, storage
from scorekeeper.db.models import db
from scorekeeper.nights import cards
from scorekeeper.nights import service as nights
from scorekeeper.players import merging
from scorekeeper.seasons import service as seasons

PASSWORD = "both clubs' password"
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


@dataclass
class Club:
    """A club as the crawl knows it: its slug and what of it is its own."""

    slug: str
    client: FlaskClient
    club_id: int = 0
    games: list[str] = field(default_factory=list)
    game_tokens: list[str] = field(default_factory=list)
    rulesets: list[int] = field(default_factory=list)
    ruleset_tokens: list[str] = field(default_factory=list)
    seasons: list[int] = field(default_factory=list)
    night: str = ""
    director_token: str = ""
    card_token: str = ""
    csrf: str = ""
    own_name: str = ""  # a player's name no other club has
    marks: list[str] = field(default_factory=list)  # what no answer of B may hold

    def api(self, method: str, path: str, token: str = "", **body: Any) -> Any:
        """Ask the club's API, token and all; return the JSON of a 2xx answer."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.client.open(
            f"/c/{self.slug}{path}", method=method, json=body, headers=headers
        )
        assert answer.status_code < 300, (path, answer.status_code, answer.json)
        return answer.json


def game_body(mark: str, number: int, players: list[str], **more: Any) -> Any:
    """Return a game's JSON body: four players, a mark in its name and notes."""
    return {
        "name": f"{mark} game {number}",
        "notes": f"{mark}-SECRET-notes-{number}",
        "rules": {"preset": "australian"},
        "sides": [
            {"name": f"{mark} us", "players": players[:2]},
            {"name": f"{mark} them", "players": players[2:4]},
        ],
        "first_dealer": players[0],
        **more,
    }


def night_body(mark: str) -> dict[str, Any]:
    """Return a night's JSON body: eight players, rounds of one hand."""
    return {
        "name": f"{mark} night",
        "rules": {"preset": "australian"},
        "movement": "progressive",
        "round_hands": 1,
        "rank_by": "wins",
        "players": EIGHT,
    }


def build(app: Flask, slug: str, mark: str, more: int) -> Club:
    """Start a club and give it games (one finished), house rules, seasons, a
    night of two rounds, a renamed player; `more` of each makes ids the other
    club has not."""
    with app.app_context():
        club_row = service.create(slug, mark.title())
        place = service.place(club_row)
    club = Club(slug, app.test_client())
    club.club_id = place.club_id
    club.marks = [f"{mark}-SECRET", f"{mark} game", f"{mark} us", f"{mark} night"]
    club.marks += [f"{mark} rules", f"{mark} season"]
    club.own_name = f"{mark.title()}ina"
    players = ["Ann", "Cat", "Bob", club.own_name]
    for number in range(1 + more):
        rules = {"name": f"{mark} rules {number}", "rules": {"preset": "australian"}}
        made = club.api("POST", "/api/rulesets", **rules)
        club.rulesets.append(made["id"])
        club.ruleset_tokens.append(made["write_token"])
    for number in range(3 + more):
        made = club.api("POST", "/api/games", **game_body(mark, number, players))
        club.games.append(made["id"])
        club.game_tokens.append(made["write_token"])
    # The second game has two hands; the first is won at its first.
    for game, bidder, contract, tricks in (
        (1, "Ann", "7H", 8),
        (1, "Bob", "6S", 5),
        (0, "Ann", "10NT", 10),
    ):
        hand = {"bidder": bidder, "contract": contract, "tricks": tricks}
        path = f"/api/games/{club.games[game]}/hands"
        club.api("POST", path, club.game_tokens[game], **hand)
    director = personal_token(app, club.slug, "director")  # many clubs
    night = club.api("POST", "/api/nights", director, **night_body(mark))
    club.night, club.director_token = night["id"], night["director_token"]
    for table in night["rounds"][0]["tables"]:  # round 1 played, round 2 begun
        hand = {"bidder": table["sides"][0]["players"][0], "contract": "6S"}
        path = f"/api/games/{table['game']}/hands"
        club.api("POST", path, club.director_token, **hand, tricks=6)
        club.games.append(table["game"])
    club.api("POST", f"/api/nights/{club.night}/rounds", club.director_token)
    with app.app_context(), scope.inside(place):
        for number in range(1 + more):
            made = seasons.save_season(
                f"{mark} season {number}", date(2020, 1, 1), date(2099, 12, 31)
            )
            club.seasons.append(made.id)
        merging.change("Hal", "Harold")
        club.card_token = cards.card_token(nights.load(club.night), 1)
    # A phone of the club: its device cookie (a play link's grant), its
    # session and that session's CSRF token.
    page = club.client.get(
        f"/c/{slug}/games/{club.games[1]}/play/{club.game_tokens[1]}",
        follow_redirects=True,
    )
    found = CSRF.search(page.get_data(as_text=True))
    assert found is not None
    club.csrf = found[1]
    # A game deleted from the phone: the page after says its name (a message
    # the session keeps until shown).
    gone, token = club.games[2], club.game_tokens[2]
    club.client.get(f"/c/{slug}/games/{gone}/play/{token}")
    version = club.api("GET", f"/api/games/{gone}")["version"]
    deleted = club.client.post(
        f"/c/{slug}/games/{gone}/delete",
        data={"csrf_token": club.csrf, "version": str(version), "confirm": "Yes"},
    )
    assert deleted.status_code == 302, deleted.get_data(as_text=True)
    return club


def two_clubs(app: Flask) -> tuple[Club, Club]:
    """Return club A (more of everything, its marks) and club B, alike."""
    app.config["CLUB_PASSWORD"] = PASSWORD
    return build(app, "alpha", "ALPHA", 2), build(app, "bravo", "BRAVO", 0)


def rows(app: Flask, club: Club) -> dict[str, list[tuple[Any, ...]]]:
    """Return every row of every table of a club, sorted, by table."""
    with app.app_context():
        place = service.place(service.find(club.slug))
        with scope.inside(place):
            found = {
                table.name: sorted(db.session.execute(select(table)).all(), key=repr)
                for table in storage.club_tables()
            }
            db.session.rollback()
    return {name: [tuple(row) for row in kept] for name, kept in found.items()}


def nowhere(value: str) -> str:
    """Return a value of the same shape that names nothing anywhere."""
    if value.isdigit():
        return str(900000 + int(value))
    for kept in ("Bearer ", "sk_pat_"):  # a token's header and kind, as sent
        if value.startswith(kept):
            return kept + nowhere(value.removeprefix(kept))
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return "".join(secrets.choice(alphabet) for _ in value)


def secret_of(club: Club) -> list[str]:
    """Return every string of a club that no other club's answer may hold."""
    return [
        *club.marks,
        *club.games,
        *club.game_tokens,
        *club.ruleset_tokens,
        club.night,
        club.director_token,
        club.card_token,
        club.csrf,
        club.own_name,
    ]
