"""Properties that hold for any game: replay, totals, the lock, the end."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scoring_helpers import TEAMS, THREE, house

from scorekeeper.scoring import (
    GameOver,
    ScoringError,
    make_hand,
    replay,
    rules_from_dict,
)

KEYS = [f"{n}{s}" for n in range(6, 11) for s in ("S", "C", "D", "H", "NT")]
FAST = settings(max_examples=60, deadline=None)


@st.composite
def rule_sets(draw, **fixed):
    choices = {
        "failure": draw(st.sampled_from(["subtract", "to_opponents"])),
        "defender_tricks": draw(
            st.sampled_from(["always", "only_if_contract_fails", "never"])
        ),
        "misere_defenders": draw(st.sampled_from(["nothing", "per_contractor_trick"])),
        "slam_bonus": draw(st.booleans()),
        "youngstown_bonus": draw(st.booleans()),
        "win_requires_contract": draw(st.booleans()),
        "all_pass": draw(st.sampled_from(["redeal", "play_no_trumps"])),
        "lock": draw(st.sampled_from([None, 460, 490])),
        "point_spread": draw(st.sampled_from([None, 500])),
    }
    for key, value in fixed.items():
        choices[key] = draw(value) if isinstance(value, st.SearchStrategy) else value
    return house(**choices)


@st.composite
def split_tricks(draw, sides):
    if sides == 2:
        first = draw(st.integers(0, 10))
        return [first, 10 - first]
    first = draw(st.integers(0, 10))
    second = draw(st.integers(0, 10 - first))
    return [first, second, 10 - first - second]


@st.composite
def reported_hands(draw, table, rules):
    """Draw a hand as a table would report it."""
    sides = len(table.sides)
    contract = draw(st.sampled_from([*KEYS, "misere", "open_misere", "pass"]))
    tricks = draw(split_tricks(sides))
    if contract == "pass":
        return make_hand(rules, table, contract="pass", tricks=tricks)
    bidder = draw(st.sampled_from(table.players))
    if sides == 2:
        side = table.side_of(bidder)
        return make_hand(
            rules, table, contract=contract, bidder=bidder, tricks=tricks[side]
        )
    return make_hand(rules, table, contract=contract, bidder=bidder, tricks=tricks)


@st.composite
def games(draw, **fixed):
    """Draw rules, a table and the hands of a game, cut where it ended."""
    rules = draw(rule_sets(**fixed))
    table = draw(st.sampled_from([TEAMS, THREE]))
    hands = draw(st.lists(reported_hands(table, rules), max_size=25))
    try:
        replay(rules, table, hands)
    except GameOver as over:
        assert over.hand is not None
        hands = hands[: over.hand - 1]
    return rules, table, hands


@FAST
@given(games())
def test_replaying_a_prefix_of_the_hands_gives_the_prefix_of_the_totals(game):
    rules, table, hands = game
    whole = replay(rules, table, hands)
    for cut in range(len(hands) + 1):
        part = replay(rules, table, hands[:cut])
        assert part.hands == whole.hands[:cut]
        assert part.totals == (
            whole.hands[cut - 1].totals if cut else (0,) * len(table.sides)
        )


@FAST
@given(games(redeal_same_dealer=st.booleans()), st.data())
def test_going_on_from_a_replayed_prefix_gives_the_whole_replay(game, data):
    rules, table, hands = game
    cut = data.draw(st.integers(0, len(hands)))
    part = replay(rules, table, hands[:cut])
    assert replay(rules, table, hands[cut:], since=part) == replay(rules, table, hands)


@FAST
@given(games())
def test_the_totals_are_the_sum_of_the_points_of_every_hand(game):
    rules, table, hands = game
    state = replay(rules, table, hands)
    running = [0] * len(table.sides)
    for result in state.hands:
        running = [t + p for t, p in zip(running, result.points, strict=True)]
        assert result.totals == tuple(running)
    assert state.totals == tuple(running)


@FAST
@given(games(failure="to_opponents"))
def test_no_total_is_ever_negative_when_failures_go_to_the_opponents(game):
    rules, table, hands = game
    for result in replay(rules, table, hands).hands:
        assert min(result.totals) >= 0
        assert min(result.points) >= 0


@FAST
@given(games(failure="subtract", lock=st.sampled_from([460, 490])))
def test_no_side_passes_the_lock_on_trick_points_alone(game):
    rules, table, hands = game
    before = (0,) * len(table.sides)
    for result in replay(rules, table, hands).hands:
        contractors = set() if result.hand.side is None else {result.hand.side}
        for side, (old, new) in enumerate(zip(before, result.totals, strict=True)):
            if side not in contractors:
                assert old <= new <= max(old, rules.lock)
        before = result.totals


@FAST
@given(games(), st.data())
def test_a_finished_game_stays_finished_and_takes_no_more_hands(game, data):
    rules, table, hands = game
    state = replay(rules, table, hands)
    assume(state.finished)
    again = replay(rules, table, list(hands))
    assert (again.ending, again.winner, again.totals) == (
        state.ending,
        state.winner,
        state.totals,
    )
    extra = data.draw(reported_hands(table, rules))
    try:
        replay(rules, table, [*hands, extra])
    except GameOver as over:
        assert over.hand == len(hands) + 1
    else:
        raise AssertionError("a finished game took another hand")


@settings(max_examples=100, deadline=None)
@given(st.integers(-39, 5000), st.booleans())
def test_normal_values_rise_twenty_at_a_time_by_level_then_suit(offset, sixes):
    rules = house(normal_offset=offset, six_contracts=sixes)
    normal = rules.normal_contracts()
    assert [c.key for c in normal] == (KEYS if sixes else KEYS[5:])
    values = [c.value for c in normal]
    assert all(b - a == 20 for a, b in zip(values, values[1:], strict=False))
    assert values[-1] == 520 + offset
    assert values[0] == (40 if sixes else 140) + offset


@settings(max_examples=30, deadline=None)
@given(st.integers(-10_000, -40))
def test_an_offset_that_makes_six_spades_worthless_is_refused(offset):
    try:
        rules_from_dict({"normal_offset": offset})
    except ScoringError as error:
        assert error.field == "normal_offset"
    else:
        raise AssertionError("an offset leaving 6S at or below zero was accepted")
