"""Generated page forms, as a phone posts them: no 5xx, and a refusal writes nothing."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, create_engine, text
from test_fuzz_api import CONTRACTS, SEATS, dump, seed

from scorekeeper.house_rules.forms import encode
from scorekeeper.scoring import SETTINGS

EXAMPLES, PER_EXAMPLE = 200, (8, 10)  # about 1,800 requests in some 25 s
JUNK = ["", "²", "①", "x", "-1", "9" * 20, "\x00", "%00", "<b>", "١"]

junk = st.one_of(st.sampled_from(JUNK), st.text(max_size=12))
digits = st.one_of(st.integers(-1, 12).map(str), st.sampled_from(JUNK))
slot = st.integers(0, 2)
game_ref = st.one_of(slot, st.sampled_from(["nope", "%00", "x" * 30]))
csrf = st.sampled_from(["valid"] * 8 + ["missing", "garbage"])
version = st.sampled_from(["current"] * 4 + ["missing", "1", "2", "0"] + JUNK)


def maybe(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Return a strategy that sometimes leaves the field out (None)."""
    return st.one_of(st.none(), values)


hand_fields = st.fixed_dictionaries(
    {"version": version},
    optional={
        "bidder": st.one_of(st.sampled_from(SEATS), junk),
        "partner": st.one_of(st.sampled_from(SEATS), junk),
        "contract": st.one_of(st.sampled_from(CONTRACTS), junk),
        "tricks": digits,
        **{f"tricks_{i}": digits for i in range(6)},
        "save": st.just("Save hand"),
        "passed": st.just("Everyone passed"),
    },
)
new_game_fields = st.builds(
    lambda sides, players, extra: {
        **{f"sides-{i}": name for i, name in enumerate(sides)},
        **{f"players-{i}": name for i, name in enumerate(players)},
        **extra,
    },
    st.lists(st.one_of(st.sampled_from(["Us", "Them", "Others"]), junk), max_size=4),
    st.lists(st.one_of(st.sampled_from(SEATS), junk), max_size=8),
    st.fixed_dictionaries(
        {},
        optional={
            "rules": st.one_of(
                st.sampled_from(
                    ["preset:australian", "preset:american", "preset:nope"]
                    + ["ruleset:seed", "ruleset:²", "ruleset:99999999999", "ruleset:"]
                ),
                junk,
            ),
            "name": junk,
            "first_dealer": st.one_of(st.sampled_from(SEATS), junk),
            "review": st.just("Next"),
            "start": st.just("Start the game"),
        },
    ),
)
setting_value = {
    key: st.one_of(
        st.sampled_from([encode(c.value) for c in setting.choices] or ["y"]), junk
    )
    for key, setting in SETTINGS.items()
}
house_rules_fields = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.sampled_from(["Club", "Seed", "seed", " "]), junk),
        "preset": st.one_of(st.sampled_from(["australian", "american"]), junk),
        "save": st.just("Save"),
        **setting_value,
    },
)
shape = st.one_of(st.sampled_from(["2x2", "3x1", "2x3", "2x2", "²x2", "9x9"]), junk)

page = st.one_of(
    st.tuples(st.just("POST"), st.just("/new/{shape}"), shape, new_game_fields),
    st.tuples(st.just("GET"), st.just("/new/{shape}"), shape, st.just({})),
    st.tuples(st.just("POST"), st.just("/games/{game}/hands"), game_ref, hand_fields),
    st.tuples(st.just("POST"), st.just("/games/{game}/hands"), game_ref, hand_fields),
    st.tuples(
        st.just("POST"),
        st.tuples(st.just("/games/{game}/hands/{n}/edit"), digits),
        game_ref,
        hand_fields,
    ),
    st.tuples(
        st.sampled_from(["GET", "POST"]),
        st.just("/games/{game}/undo"),
        game_ref,
        st.fixed_dictionaries({"version": version}),
    ),
    st.tuples(st.just("POST"), st.just("/games/{game}/rematch"), game_ref, st.just({})),
    st.tuples(
        st.sampled_from(["GET", "POST"]),
        st.just("/rules/new"),
        st.none(),
        house_rules_fields,
    ),
    st.tuples(
        st.sampled_from(["GET", "POST"]),
        st.tuples(st.just("/rules/{n}/edit"), st.one_of(st.just("seed"), digits)),
        st.none(),
        house_rules_fields,
    ),
    st.tuples(
        st.just("POST"),
        st.tuples(st.just("/rules/{n}/delete"), st.one_of(st.just("seed"), digits)),
        st.none(),
        st.just({"delete": "Yes"}),
    ),
    st.tuples(
        st.just("GET"),
        st.just("/history"),
        st.none(),
        st.fixed_dictionaries(
            {},
            optional={
                "player": st.one_of(st.sampled_from(SEATS), junk),
                "status": st.one_of(st.sampled_from(["all", "finished"]), junk),
                "page": digits,
            },
        ),
    ),
)


def token_of(html: str) -> str:
    """Return the CSRF token a page's form carries."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def resolve(
    call: tuple[Any, ...], seeded: dict[str, Any], token: str, csrf_kind: str
) -> dict[str, Any]:
    """Turn a generated page request into the test client's arguments."""
    verb, template, ref, form = call
    n = ""
    if isinstance(template, tuple):
        template, n = template
        n = str(seeded["ruleset"]) if n == "seed" else n
    if isinstance(ref, int):
        ref = seeded["ids"][ref]
    path = template.replace("{n}", quote(n, safe=""))
    path = path.replace("{game}", quote(ref or "", safe=""))
    path = path.replace("{shape}", quote(ref or "", safe=""))
    data = {k: v for k, v in form.items() if v is not None}
    if data.get("rules") == "ruleset:seed":
        data["rules"] = f"ruleset:{seeded['ruleset']}"
    if verb == "GET":
        return {"method": verb, "path": path, "query_string": data}
    if csrf_kind != "missing":
        data["csrf_token"] = token if csrf_kind == "valid" else "garbage"
    return {"method": verb, "path": path, "data": data}


def current_version(connection: Connection, path: str) -> str:
    """Return the version of the game a path names, as its form would carry it."""
    parts = path.split("/")
    game_id = parts[2] if len(parts) > 2 and parts[1] == "games" else ""
    found = connection.execute(
        text("SELECT version FROM game WHERE id = :id"), {"id": game_id}
    ).scalar()
    connection.rollback()
    return str(found or 1)


def test_generated_page_forms_never_fail_the_server_or_half_write(app: Flask):
    sent: list[int] = []
    engine = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    connection = engine.connect()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(
        st.lists(
            st.tuples(page, csrf), min_size=PER_EXAMPLE[0], max_size=PER_EXAMPLE[1]
        )
    )
    def run(calls: list[tuple[Any, ...]]) -> None:
        seeded = seed(app)
        client = app.test_client()
        for game_id, write in zip(seeded["ids"][:2], seeded["tokens"], strict=False):
            client.get(f"/games/{game_id}/play/{write}")  # slot 2: watched only
        token = token_of(client.get("/new/2x2").text)
        for call, csrf_kind in calls:
            args = resolve(call, seeded, token, csrf_kind)
            if args.get("data", {}).get("version") == "current":
                args["data"]["version"] = current_version(connection, args["path"])
            before = dump(connection)
            response = client.open(**args)
            status = response.status_code
            sent.append(status)
            assert status < 500, (args, response.get_data(as_text=True)[-600:])
            if status >= 400 or args["method"] == "GET":
                assert dump(connection) == before, (args, status)

    try:
        run()
    finally:
        connection.close()
        engine.dispose()
    counts = {s: sent.count(s) for s in sorted(set(sent))}
    print(f"{len(sent)} generated page requests, by status: {counts}")
    assert {200, 302, 400, 404} <= set(sent), counts
