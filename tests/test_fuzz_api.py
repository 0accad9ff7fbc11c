"""Generated requests against the API: never a 5xx, and a refused one writes nothing."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, create_engine, text

from scorekeeper.db.models import db

TABLES = {
    "game": "id",
    "game_side": "id",
    "player": "id",
    "hand": "id",
    "ruleset": "id",
}
EXAMPLES, PER_EXAMPLE = 220, (10, 12)  # at least 2,200 requests
SEATS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Zed", "<b>x</b>", ""]
CONTRACTS = [f"{n}{s}" for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")]
CONTRACTS += ["misere", "open_misere", "blind_misere", "pass", "11H", "7X", ""]

# Seeded before every example: slot 0 a four-handed game with two hands,
# slot 1 a three-handed game, slot 2 a finished game; one saved rule set.
SEED_GAMES = [
    {
        "name": "Four",
        "sides": [
            {"name": "Us", "players": ["Ann", "Cat"]},
            {"name": "Them", "players": ["Bob", "Dan"]},
        ],
    },
    {
        "name": "Three",
        "rules": {"preset": "american"},
        "sides": [
            {"name": "Ann", "players": ["Ann"]},
            {"name": "Bob", "players": ["Bob"]},
            {"name": "Cat", "players": ["Cat"]},
        ],
    },
    {
        "name": "Done",
        "rules": {"target": 100},
        "sides": [
            {"name": "Us", "players": ["Ann", "Cat"]},
            {"name": "Them", "players": ["Bob", "Dan"]},
        ],
    },
]
SEED_HANDS = [
    [{"bidder": "Bob", "contract": "7H", "tricks": 7}, {"contract": "pass"}],
    [{"bidder": "Cat", "contract": "6S", "tricks": [6, 2, 2]}],
    [{"bidder": "Ann", "contract": "8NT", "tricks": 8}],
]

# A game, a token, a version: a slot of the seed, or something else entirely.
slots = st.integers(0, len(SEED_GAMES) - 1)
game_ref = st.one_of(
    slots.map(lambda i: ("slot", i)),
    st.sampled_from(["nope", "x" * 40, "", "%00", "..", "a%2Fb"]).map(
        lambda s: ("raw", s)
    ),
    st.text(max_size=40).map(lambda s: ("raw", quote(s, safe=""))),
)
number = st.one_of(
    st.integers(-2, 12).map(str), st.sampled_from(["x", "1.5", "99999999999999999"])
)
path = st.one_of(
    st.sampled_from(
        ["/api/games", "/api/presets", "/api/rulesets", "/api/", "/api"]
    ).map(lambda p: (p, None, None)),
    st.tuples(st.just("/api/games/{game}"), game_ref, st.none()),
    st.tuples(st.just("/api/games/{game}/hands"), game_ref, st.none()),
    st.tuples(st.just("/api/games/{game}/hands/{n}"), game_ref, number),
    st.tuples(st.just("/api/rulesets/{n}"), st.none(), number),
    st.tuples(
        st.just("/api/games?{n}"),
        st.none(),
        st.sampled_from(
            ["page=2", "page=0", "per_page=101", "status=finished", "status=x"]
            + ["player=Ann", "player=%00", "player=%ED%A0%80", "page=1&per_page=1"]
        ),
    ),
    st.text(max_size=30).map(lambda s: ("/api/" + quote(s), None, None)),
)
method = st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=50),
    st.sampled_from(SEATS + CONTRACTS),
)
any_json = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.one_of(
                st.sampled_from(["name", "rules", "tricks"]), st.text(max_size=8)
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=20,
)
tricks = st.one_of(
    st.integers(-1, 11),
    st.lists(st.integers(-1, 11), min_size=2, max_size=3),
    json_leaf,
)
hand = st.fixed_dictionaries(
    {"contract": st.sampled_from(CONTRACTS)},
    optional={
        "bidder": st.sampled_from(SEATS),
        "side": st.one_of(st.integers(-1, 3), json_leaf),
        "tricks": tricks,
        "partner": st.sampled_from(SEATS),
        "first_out": st.integers(-1, 3),
        "extra": json_leaf,
    },
)
good_hand = st.fixed_dictionaries(
    {
        "bidder": st.sampled_from(["Ann", "Bob", "Cat", "Dan"]),
        "contract": st.sampled_from(CONTRACTS[:25] + ["misere"]),
        "tricks": st.one_of(
            st.integers(0, 10), st.sampled_from([[6, 2, 2], [4, 3, 3], [0, 5, 5]])
        ),
    }
)
rules = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from(["australian", "american", "perfect", "nope", 5]),
        "lock": st.one_of(st.none(), st.integers(-1000, 1000), json_leaf),
        "target": st.one_of(st.none(), st.integers(-1000, 2000)),
        "failure": st.sampled_from(["subtract", "to_opponents", "explode"]),
        "contracts": st.one_of(any_json, st.just({"misere": 250})),
        "hands_limit": st.one_of(st.none(), st.integers(-1, 50)),
    },
)
names = st.one_of(st.sampled_from(SEATS), st.text(max_size=45))
side = st.fixed_dictionaries(
    {"name": names, "players": st.lists(names, min_size=0, max_size=3)}
)
game = st.fixed_dictionaries(
    {"sides": st.lists(side, min_size=0, max_size=7)},
    optional={
        "name": names,
        "rules": rules,
        "ruleset": st.one_of(st.just("seed"), json_leaf),
        "first_dealer": names,
    },
)
ruleset = st.fixed_dictionaries(
    {"name": names}, optional={"rules": rules, "owner": json_leaf}
)
body = st.one_of(
    st.none().map(lambda _: ("none", None)),
    hand.map(lambda b: ("json", b)),
    hand.map(lambda b: ("json", b)),
    game.map(lambda b: ("json", b)),
    ruleset.map(lambda b: ("json", b)),
    any_json.map(lambda b: ("json", b)),
    st.binary(max_size=60).map(lambda b: ("raw", b)),
)
authorization = st.one_of(
    st.none(),
    slots.map(lambda i: ("token", i)),
    slots.map(lambda i: ("token", i)),
    st.sampled_from(["Bearer", "Bearer nope", "Basic eA==", "bearer ", "x" * 300]),
)
if_match = st.one_of(
    st.none(),
    st.just("current"),
    st.just("current"),
    st.sampled_from(['"1"', '"2"', '"3"', "*", 'W/"2"', "garbage", '"99999999999"']),
)
content_type = st.sampled_from(
    ["application/json"] * 6 + ["text/plain", "application/x-www-form-urlencoded", ""]
)
anything = st.tuples(method, path, body, authorization, if_match, content_type)


@st.composite
def coherent(draw: st.DrawFn) -> tuple[Any, ...]:
    """Draw a write to one seeded game, mostly well formed, sometimes not."""
    slot = draw(slots)
    template, verb, payload = draw(
        st.sampled_from(
            [
                ("/api/games/{game}/hands", "POST", "hand"),
                ("/api/games/{game}/hands", "POST", "hand"),
                ("/api/games/{game}/hands", "POST", "hand"),
                ("/api/games/{game}/hands/{n}", "PUT", "hand"),
                ("/api/games/{game}/hands/{n}", "DELETE", None),
                ("/api/games/{game}", "DELETE", None),
                ("/api/games", "POST", "game"),
                ("/api/rulesets", "POST", "ruleset"),
                ("/api/rulesets/{n}", "PUT", "ruleset"),
                ("/api/rulesets/{n}", "DELETE", None),
            ]
        )
    )
    strategies = {
        "hand": st.one_of(good_hand, good_hand, hand),
        "game": st.one_of(game, st.sampled_from(SEED_GAMES)),
        "ruleset": ruleset,
    }
    content = ("none", None)
    if payload is not None:
        content = ("json", draw(strategies[payload]))
    auth = draw(st.one_of(st.just(("token", slot)), authorization))
    match = draw(st.one_of(st.just("current"), if_match))
    n = draw(st.one_of(st.integers(1, 3).map(str), st.just("seed"), number))
    return (
        verb,
        (template, ("slot", slot), n),
        content,
        auth,
        match,
        draw(content_type),
    )


request = st.one_of(anything, coherent(), coherent())


def dump(connection: Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Return every row of every table, in order."""
    rows = {
        table: [
            tuple(row)
            for row in connection.execute(text(f"SELECT * FROM {table} ORDER BY {key}"))
        ]
        for table, key in TABLES.items()
    }
    connection.rollback()  # no snapshot held between requests
    return rows


def seed(app: Flask) -> dict[str, Any]:
    """Empty the database, then create the seed games and rule set."""
    with app.app_context(), db.engine.begin() as connection:
        for table in ("hand", "player", "game_side", "game", "ruleset"):
            connection.execute(text(f"DELETE FROM {table}"))
    client = app.test_client()
    seeded: dict[str, Any] = {"ids": [], "tokens": []}
    for data, hands in zip(SEED_GAMES, SEED_HANDS, strict=True):
        created = client.post("/api/games", json=data).json
        assert created is not None
        for one in hands:
            headers = {"Authorization": f"Bearer {created['write_token']}"}
            url = f"/api/games/{created['id']}/hands"
            assert client.post(url, json=one, headers=headers).status_code == 201
        seeded["ids"].append(created["id"])
        seeded["tokens"].append(created["write_token"])
    saved = client.post("/api/rulesets", json={"name": "Seed", "rules": {}}).json
    assert saved is not None
    seeded["ruleset"] = saved["id"]
    return seeded


def resolve(
    call: tuple[Any, ...], seeded: dict[str, Any], connection: Connection
) -> dict[str, Any]:
    """Turn a generated request into the test client's arguments."""
    verb, (template, ref, n), (kind, payload), auth, match, ctype = call
    game_id = ""
    if ref is not None:
        game_id = seeded["ids"][ref[1]] if ref[0] == "slot" else ref[1]
    n = str(seeded["ruleset"]) if n == "seed" else n or ""
    url = template.replace("{game}", game_id).replace("{n}", n)
    headers: dict[str, str] = {}
    if ctype:
        headers["Content-Type"] = ctype
    if isinstance(auth, tuple):
        headers["Authorization"] = f"Bearer {seeded['tokens'][auth[1]]}"
    elif auth is not None:
        headers["Authorization"] = auth
    if match == "current":
        version = connection.execute(
            text("SELECT version FROM game WHERE id = :id"), {"id": game_id}
        ).scalar()
        connection.rollback()
        headers["If-Match"] = f'"{version or 1}"'
    elif match is not None:
        headers["If-Match"] = match
    if kind == "json":
        if isinstance(payload, dict) and payload.get("ruleset") == "seed":
            payload = {**payload, "ruleset": seeded["ruleset"]}
        data: bytes | None = json.dumps(payload).encode()
    else:
        data = payload
    return {"method": verb, "path": url, "data": data, "headers": headers}


def test_generated_requests_never_fail_the_server_or_half_write(app):
    client = app.test_client()
    sent: list[int] = []
    engine = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    connection = engine.connect()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.lists(request, min_size=PER_EXAMPLE[0], max_size=PER_EXAMPLE[1]))
    def run(calls: list[tuple[Any, ...]]) -> None:
        seeded = seed(app)
        for call in calls:
            args = resolve(call, seeded, connection)
            before = dump(connection)
            response = client.open(**args)
            sent.append(response.status_code)
            status = response.status_code
            assert status < 500, (args, response.get_data(as_text=True))
            if status >= 400 or args["method"] in ("GET", "HEAD", "OPTIONS"):
                assert dump(connection) == before, (args, status)
            if status >= 400 and args["method"] != "HEAD":
                answer = response.json
                assert answer is not None, (args, status, response.data[:200])
                assert set(answer) == {"error", "field"} and answer["error"], args

    try:
        run()
    finally:
        connection.close()
        engine.dispose()
    assert len(sent) >= 2000, len(sent)
    statuses = set(sent)
    # The mix reaches both sides of the contract: writes that land and refusals.
    counts = {s: sent.count(s) for s in sorted(statuses)}
    print(f"{len(sent)} generated requests, by status: {counts}")
    assert {200, 201, 400, 403, 404, 405, 412, 415} <= statuses, counts
