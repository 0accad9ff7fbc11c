"""static/outlook.js scores waiting hands as the engine does (issue 22, point 2).

Random games under every preset and random house rules, at every table shape:
the engine replays each game to some point, the page's model of it is taken
there (port_model, as the scoreboard writes it), then a few more hands
are tapped as the hand form sends them. After each, the engine's totals,
ending, winner, who may not bid, hint lines and end line must be what
outlook.js finds from the model and the form's fields; a hand the server would
refuse must be one outlook.js cannot score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api_helpers import FRIDAY, post
from flask import Flask
from line import Line
from phone import PHONE
from playwright.sync_api import Browser, Page, expect
from test_live import tap
from test_offline_table import kept_by_the_worker
from test_queue import signal
from werkzeug.datastructures import MultiDict

from scorekeeper.games import present
from scorekeeper.games.forms import HandForm
from scorekeeper.scoring import (
    PRESETS,
    SETTINGS,
    GameState,
    Rules,
    ScoringError,
    Table,
    check_room,
    make_table,
    port_model,
    replay,
    rules_from_dict,
    rules_to_dict,
)
from scorekeeper.scoring.contracts import KNOWN_SPECIALS

pytestmark = pytest.mark.browser
SCRIPT = Path(__file__).resolve().parents[2] / "static" / "outlook.js"
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
SHAPES = [(2, 1), (3, 1), (2, 2), (5, 1), (2, 3), (3, 2)]
GAMES_PER_SET = 3
RANDOM_SETS = 60


@pytest.fixture(scope="module")
def blank(browser: Browser) -> Iterator[Page]:
    """A blank page holding outlook.js, as the scoreboard loads it."""
    page = browser.new_page()
    page.set_content('<html lang="en"><body></body></html>')
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    yield page
    page.close()


def random_rules(rng: random.Random) -> Rules:
    """Return a house rule set: a preset with random settings and contracts."""
    while True:
        data: dict[str, Any] = {"preset": rng.choice(sorted(PRESETS))}
        for key, setting in SETTINGS.items():
            if rng.random() < 0.5:
                continue
            if setting.kind in ("word", "bool"):
                values = [c.value for c in setting.choices] or [True, False]
                data[key] = rng.choice(values)
            elif key in ("target", "ceiling"):
                data[key] = rng.choice([None, 150, 300, 500, 700])
            elif key == "floor":
                data[key] = rng.choice([None, -100, -250, -500])
            elif key == "lock":
                data[key] = rng.choice([None, 200, 450])
            elif key == "point_spread":
                data[key] = rng.choice([None, 300, 600])
            elif key == "hands_limit":
                data[key] = rng.choice([None, 3, 8])
            elif key == "points_per_trick":
                data[key] = rng.choice([0, 10, 20])
            elif key == "normal_offset":
                data[key] = rng.choice([-20, 0, 5])  # 5: odd halves
        if rng.random() < 0.6:
            known = rng.sample(sorted(KNOWN_SPECIALS), rng.randint(0, 4))
            contracts: dict[str, Any] = {k: rng.choice([200, 350, 500]) for k in known}
            if rng.random() < 0.3:
                contracts["big_bid"] = {"value": 355, "made": "at_least", "tricks": 8}
            if rng.random() < 0.2:
                contracts["cheap_fail"] = {
                    "value": 400,
                    "made": "all",
                    "tricks": 10,
                    "failure_value": 100,
                }
            data["contracts"] = contracts
        try:
            return rules_from_dict(data)
        except ScoringError:
            continue


def random_table(rng: random.Random, shape: tuple[int, int]) -> Table:
    """Return a table of this shape, the first dealer anyone."""
    count, size = shape
    players = iter(NAMES)
    sides = [
        (f"Side{i + 1}", [next(players) for _ in range(size)]) for i in range(count)
    ]
    return make_table(sides, rng.choice(NAMES[: count * size]))


def split(rng: random.Random, count: int, first: int | None = None) -> list[int]:
    """Return ten tricks shared among `count` sides, the first side `first`."""
    tricks = [0] * count
    if first is not None:
        tricks[0] = first
    for _ in range(10 - sum(tricks)):
        tricks[rng.randrange(1 if first is not None else 0, count)] += 1
    return tricks


def tapped(
    rng: random.Random, rules: Rules, table: Table, state: GameState
) -> list[list[str]]:
    """Return a hand as the hand form sends it: mostly sound, at times not."""
    count = len(table.sides)
    bids = rules.normal_contracts() + rules.special_contracts()
    if rng.random() < 0.12:
        fields = [["passed", "Everyone passed"]]
        if count > 2 or rules.all_pass == "play_no_trumps":
            tricks = split(rng, count)
            if rng.random() < 0.3:  # a slam by one side
                tricks = [0] * count
                tricks[rng.randrange(count)] = 10
            fields += [[f"tricks_{i}", str(t)] for i, t in enumerate(tricks)]
        return fields
    # Big bids by the side ahead, to reach the ends of the game often.
    bid = rng.choice(bids if rng.random() < 0.5 else bids[len(bids) // 2 :])
    if state.barred and rng.random() < 0.7:
        bidders = [p for p in table.players if p not in state.barred]
    else:
        bidders = list(table.players)
    bidder = rng.choice(bidders)
    fields = [["bidder", bidder], ["contract", bid.key], ["save", "Save hand"]]
    if count == 5 and not bid.is_misere and rng.random() < 0.4:
        fields.append(
            ["partner", rng.choice([p for p in table.players if p != bidder])]
        )
    aim = {"none": 0, "exactly": bid.tricks, "all": 10}.get(bid.made, bid.tricks)
    taken = max(0, min(10, aim + rng.choice([0, 0, 0, 1, -1, -2, -3, 2, 3, 10])))
    if count == 2:
        fields.append(["tricks", str(taken)])
    else:
        side = table.side_of(bidder)
        shared = split(rng, count, taken)
        shared[0], shared[side] = shared[side], shared[0]
        fields += [[f"tricks_{i}", str(t)] for i, t in enumerate(shared)]
    if rules.target is not None and not rules.win_requires_contract:
        if rng.random() < 0.3:
            fields.append(["first_out", str(rng.randrange(count))])
    wrong = rng.random()
    if wrong < 0.02:
        fields = [f for f in fields if f[0] != "bidder"]
    elif wrong < 0.04:
        fields = [["contract", "6Z"] if f[0] == "contract" else f for f in fields]
    elif wrong < 0.05:
        fields = [f for f in fields if not f[0].startswith("tricks")]
    return fields


def engine_after(
    rules: Rules, table: Table, state: GameState, fields: list[list[str]]
) -> GameState | None:
    """Return the game after a hand as the server records it, or None if refused."""
    form = HandForm(formdata=MultiDict(fields), meta={"csrf": False})
    form.for_table(rules, table)
    if not form.validate():
        return None
    try:
        hand = form.hand(rules, table)
        check_room(state)
        return replay(rules, table, [hand], since=state)
    except ScoringError:
        return None


def seen(table: Table, rules: Rules, state: GameState) -> dict[str, Any]:
    """Return what the page shows of a game after a hand, as outlook.js says it."""
    return {
        "totals": list(state.totals),
        "ending": state.ending,
        "winner": state.winner,
        "barred": list(state.barred),
        "lines": present.hints(rules, table, state),
        "end": present.ending([side.name for side in table.sides], state),
    }


def cases(seed: int) -> Iterator[tuple[dict[str, Any], list[Any], list[Any]]]:
    """Yield games: the page's model, the waiting hands' fields, what follows each."""
    rng = random.Random(seed)
    sets = list(PRESETS.values()) + [random_rules(rng) for _ in range(RANDOM_SETS)]
    for rules in sets:
        for shape in SHAPES:
            for _ in range(GAMES_PER_SET):
                table = random_table(rng, shape)
                state = replay(rules, table, [])
                for _ in range(rng.randrange(0, 8)):  # the hands saved
                    after = engine_after(
                        rules, table, state, tapped(rng, rules, table, state)
                    )
                    if after is None or after.finished:
                        continue
                    state = after
                if state.finished or state.full:
                    continue
                model = port_model(rules, table, state, present.bid_words)
                waiting, expected = [], []
                at = state
                for _ in range(rng.randint(1, 4)):  # the hands waiting
                    fields = tapped(rng, rules, table, at)
                    after = engine_after(rules, table, at, fields)
                    waiting.append(fields)
                    expected.append(
                        None if after is None else seen(table, rules, after)
                    )
                    if after is None or after.finished:
                        break
                    at = after
                yield (
                    {"model": model, "waiting": waiting, "rules": rules_to_dict(rules)},
                    waiting,
                    expected,
                )


# What the page shows of each step (it also gets the barred line's words). The
# games go as one JSON text: the page reads it faster than Playwright's objects.
FOUND = """(text) => JSON.stringify(JSON.parse(text).map(
  (game) => Outlook.steps(game.model, game.waiting).map(
    (step) => step && (({ totals, ending, winner, barred, lines, end }) =>
      ({ totals, ending, winner, barred, lines, end }))(step))))"""


def test_outlook_js_scores_every_waiting_hand_as_the_engine_does(
    app: Flask, blank: Page
):
    with app.test_request_context():
        games = list(cases(500))
    sent = json.dumps([game for game, _, _ in games])
    found = json.loads(blank.evaluate(FOUND, sent))
    compared = 0
    for (game, _, expected), steps in zip(games, found, strict=True):
        assert steps == expected, game
        compared += len(expected)
    counts = {"hands": compared, "ended": 0, "lines": 0, "refused": 0, "barred": 0}
    for _, _, expected in games:
        for step in expected:
            if step is None:
                counts["refused"] += 1
                continue
            counts["ended"] += step["ending"] is not None
            counts["lines"] += bool(step["lines"])
            counts["barred"] += bool(step["barred"])
    # Enough of each kind to mean something.
    assert counts["hands"] > 2000, counts
    assert min(counts.values()) > 50, counts


@pytest.fixture
def line(live_server: str) -> Iterator[Line]:
    """Return the phone's line to the server, which a test may cut."""
    kept = Line(live_server)
    yield kept
    kept.close()


def test_a_set_bidder_waiting_offline_shows_who_may_not_bid_and_what_wins(
    live_server: str, line: Line, page: Page
):
    rules = {"preset": "australian", "set_rule": True}
    game = post(f"{live_server}/api/games", FRIDAY | {"rules": rules})
    hand = {"bidder": "Ann", "contract": "9H", "tricks": 9}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page.goto(line.url + game["links"]["play"])
    expect(page.locator(".totals .score")).to_have_text(["400", "10"])
    kept_by_the_worker(page)
    before = page.locator(".hint:visible").all_inner_texts()
    barred = page.locator("[data-live=status] .banner.warn:visible")
    expect(barred).to_have_count(0)

    signal(page, line, False)
    tap(page, "Who won the bidding?", "Bob")
    tap(page, "Contract", "8S")
    tap(page, "Tricks the bidders took", "5")  # three short: set
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting")).to_contain_text("Hand 2 waiting to send")
    expect(barred).to_have_text(["Bob may not bid this hand."])
    waiting = page.locator(".hint:visible").all_inner_texts()
    assert waiting and waiting != before
    expect(page.locator("#unscored")).to_have_count(0)

    page.reload()  # the service worker's copy, and its outlook.js
    expect(page.locator("#offline")).to_be_visible()
    expect(barred).to_have_text(["Bob may not bid this hand."])
    expect(page.locator(".hint:visible")).to_have_text(waiting)

    # Bob bids again: the server would refuse it, so nothing is guessed.
    tap(page, "Who won the bidding?", "Bob")
    tap(page, "Contract", "6S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting p")).to_have_count(2)
    expect(page.locator(".hint:visible")).to_have_text(
        ["What wins and who may not bid: shown once hand 3 is sent."]
    )
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator(".hint:visible")).to_have_text(waiting)

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("table.hands tbody tr")).to_have_count(2)
    expect(page.locator(".totals .score")).to_have_text(["450", "\u2212230"])
    expect(page.locator("[data-waiting]")).to_have_count(0)  # the server's own
    expect(barred).to_have_text(["Bob may not bid this hand."])
    expect(page.locator(".hint:visible")).to_have_text(waiting)


def test_a_hand_waiting_that_ends_the_game_says_who_won(
    live_server: str, line: Line, page: Page
):
    game = post(f"{live_server}/api/games", FRIDAY)
    hand = {"bidder": "Ann", "contract": "9H", "tricks": 9}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page.goto(line.url + game["links"]["play"])
    expect(page.locator(".totals .score")).to_have_text(["400", "10"])

    signal(page, line, False)
    tap(page, "Who won the bidding?", "Cat")
    tap(page, "Contract", "7S")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#waiting")).to_contain_text("Hand 2 waiting to send")
    expect(page.locator(".banner.win:visible")).to_have_text(
        ["Us won out the front door."]
    )
    expect(page.locator(".deal")).to_be_hidden()
    expect(page.locator(".hint:visible")).to_have_count(0)

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator(".banner.win p").first).to_have_text(
        "Us won out the front door."
    )


def test_a_french_phone_says_what_wins_offline_as_the_server_does(
    live_server: str, line: Line, browser: Browser
):
    context = browser.new_context(viewport=PHONE, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(10_000)
    sides = FRIDAY["sides"] + [{"name": "Eux", "players": ["Eve", "Fay"]}]
    rules = {"preset": "australian", "ralph_rule": True}
    body = FRIDAY | {"rules": rules, "sides": sides}
    game = post(f"{live_server}/api/games", body)
    hand = {"bidder": "Ann", "contract": "9H", "tricks": [9, 1, 0]}
    post(f"{live_server}/api/games/{game['id']}/hands", hand, game["write_token"])
    page.goto(line.url + game["links"]["play"])
    assert page.locator("html").get_attribute("lang") == "fr"
    signal(page, line, False)
    taps = {"bidder": "Bob", "contract": "misere", "tricks_0": "4", "tricks_1": "6"}
    taps["tricks_2"] = "0"  # Bob ralphed: a misère with three tricks or more
    for name, value in taps.items():
        page.locator(f"label.tap:has(input[name={name}][value='{value}'])").click()
    page.locator("#save").click()
    status = page.locator("[data-live=status] p:visible:not(.deal)")
    expect(page.locator("[data-live=status] [data-waiting]").first).to_be_visible()
    waiting = status.all_inner_texts()
    assert any("Bob" in text for text in waiting), waiting

    signal(page, line, True)
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("[data-waiting]")).to_have_count(0)
    expect(status).to_have_text(waiting)
    context.close()
