"""Round 1, the progressive movement, fixed pairs and byes, as NIGHTS.md writes them."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.nights.movements.movement import (
    NightError,
    Seating,
    Table,
    drawn,
    first_round,
    progressive_next,
    seat_in_order,
    side_names,
    table_sizes,
)
from scorekeeper.nights.movements.pairs import fixed_pairs_schedule
from scorekeeper.nights.movements.rotation import rotation_schedule

FAST = settings(max_examples=60, deadline=None)


def roster(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def assert_everyone_once(seating: Seating, present: list[str]) -> None:
    seen = Counter(seating.seated) + Counter(seating.sitting_out)
    assert sorted(seen) == sorted(present)
    assert set(seen.values()) == {1}


def test_round_one_seats_four_at_a_time_a_and_c_against_b_and_d():
    seating = first_round(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    assert seating == Seating(
        (
            Table(1, (("Ann", "Cat"), ("Bob", "Dan"))),
            Table(2, (("Eve", "Gus"), ("Fay", "Hal"))),
        ),
        (),
    )


@given(st.integers(4, 70))
def test_round_one_sits_out_the_last_of_the_roster(count):
    players = roster(count)
    seating = first_round(players)
    assert_everyone_once(seating, players)
    assert seating.sitting_out == tuple(players[count - count % 4 :])
    for k, table in enumerate(seating.tables):
        a, b, c, d = players[4 * k : 4 * k + 4]
        assert table == Table(k + 1, ((a, c), (b, d)))


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (5, (5,)),
        (6, (6,)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (4, 6)),
        (11, (4, 4, 3)),
        (13, (4, 4, 5)),
        (3, (3,)),
    ],
)
def test_mixed_tables_make_one_table_of_another_size(count, sizes):
    assert table_sizes(count, "mixed_tables") == sizes
    seating = seat_in_order(roster(count), "mixed_tables")
    assert tuple(len(t.players) for t in seating.tables) == sizes
    assert seating.sitting_out == ()


def test_a_table_of_six_is_three_sides_of_two_and_five_are_lone_players():
    six = seat_in_order(roster(6), "mixed_tables").tables[0]
    assert six.sides == (("P0", "P3"), ("P1", "P4"), ("P2", "P5"))
    five = seat_in_order(roster(5), "mixed_tables").tables[0]
    assert five.sides == tuple((p,) for p in roster(5))


@pytest.mark.parametrize(
    ("players", "field"),
    [
        (["Ann", "Bob", "Cat"], "players"),
        (["Ann", "Bob", "Cat", "Ann"], "players"),
        (["Ann", "Bob", "Cat", "ANN "], "players"),
    ],
)
def test_a_roster_that_cannot_be_seated_is_refused_naming_the_field(players, field):
    with pytest.raises(NightError) as caught:
        first_round(players)
    assert caught.value.field == field


def test_unknown_odd_players_is_refused_naming_it():
    with pytest.raises(NightError) as caught:
        first_round(roster(8), "wander")
    assert caught.value.field == "odd_players"


def test_progressive_moves_winners_up_and_head_losers_to_the_foot():
    players = roster(12)
    one = first_round(players)
    # Table 1 [P0,P2] beat [P1,P3]; table 2 [P5,P7] beat [P4,P6];
    # table 3 [P8,P10] beat [P9,P11].
    two = progressive_next([one], {1: 0, 2: 1, 3: 0}, players)
    assert two.tables == (
        Table(1, (("P0", "P5"), ("P2", "P7"))),
        Table(2, (("P4", "P8"), ("P6", "P10"))),
        Table(3, (("P9", "P1"), ("P11", "P3"))),
    )


def test_progressive_with_one_table_keeps_winners_as_staying():
    one = first_round(roster(4))
    two = progressive_next([one], {1: 1}, roster(4))
    assert two.tables == (Table(1, (("P1", "P0"), ("P3", "P2"))),)


def expected_progressive(seating: Seating, winners: dict[int, int]) -> list[Table]:
    """The rule restated player by player: where each pair goes and who stays."""
    count = len(seating.tables)
    stayed: dict[int, tuple[str, ...]] = {}
    arrived: dict[int, tuple[str, ...]] = {}
    for table in seating.tables:
        t, w = table.number, winners[table.number]
        won, lost = table.sides[w], table.sides[1 - w]
        if t == 1:
            stayed[1] = won
            arrived[count if count > 1 else 1] = lost
        else:
            arrived[t - 1] = won
            stayed[t] = lost
    return [
        Table(t, ((stayed[t][0], arrived[t][0]), (stayed[t][1], arrived[t][1])))
        for t in range(1, count + 1)
    ]


@FAST
@given(st.integers(1, 8), st.data())
def test_progressive_is_exactly_as_written(tables, data):
    players = roster(4 * tables)
    one = first_round(players)
    winners = {t: data.draw(st.integers(0, 1)) for t in range(1, tables + 1)}
    two = progressive_next([one], winners, players)
    assert list(two.tables) == expected_progressive(one, winners)
    assert two.sitting_out == ()


@FAST
@given(st.integers(4, 30), st.integers(2, 12), st.data())
def test_progressive_seats_everyone_once_and_spreads_the_byes(count, rounds, data):
    players = roster(count)
    history = [first_round(players)]
    for _ in range(rounds):
        last = history[-1]
        winners = {t.number: data.draw(st.integers(0, 1)) for t in last.tables}
        history.append(progressive_next(history, winners, players))
        assert_everyone_once(history[-1], players)
        byes = Counter({p: 0 for p in players})
        byes.update(p for s in history for p in s.sitting_out)
        assert max(byes.values()) - min(byes.values()) <= 1


@FAST
@given(st.integers(4, 24), st.data())
def test_progressive_seats_late_arrivals_and_never_the_gone(count, data):
    players = roster(count)
    history = [first_round(players)]
    gone = data.draw(st.sets(st.sampled_from(players), max_size=max(count - 4, 0)))
    late = roster(data.draw(st.integers(0, 6)), "New")
    present = [p for p in players if p not in gone] + late
    winners = {t.number: data.draw(st.integers(0, 1)) for t in history[-1].tables}
    two = progressive_next(history, winners, present)
    assert_everyone_once(two, present)
    assert not set(two.seated) & gone


def test_progressive_without_a_winner_names_the_winners():
    one = first_round(roster(8))
    with pytest.raises(NightError) as caught:
        progressive_next([one], {1: 0}, roster(8))
    assert caught.value.field == "winners"


def pairs_of(count: int) -> list[tuple[str, str]]:
    return [(f"A{i}", f"B{i}") for i in range(count)]


@given(st.integers(2, 24))
def test_fixed_pairs_meet_once_and_stay_together(count):
    pairs = pairs_of(count)
    rounds = fixed_pairs_schedule(pairs)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met: Counter[frozenset[tuple[str, ...]]] = Counter()
    for seating in rounds:
        assert_everyone_once(seating, [p for pair in pairs for p in pair])
        for table in seating.tables:
            assert all(side in pairs for side in table.sides)
            met[frozenset(table.sides)] += 1
    assert met == Counter(frozenset(two) for two in combinations(pairs, 2))


@given(st.integers(1, 12))
def test_an_odd_number_of_pairs_gives_each_pair_exactly_one_bye(half):
    pairs = pairs_of(2 * half + 1)
    rounds = fixed_pairs_schedule(pairs)
    assert sorted(s.sitting_out for s in rounds) == sorted(pairs)
    assert rounds[0].sitting_out == pairs[-1]


def test_fixed_pairs_round_one_follows_the_pairs_order():
    pairs = pairs_of(5)
    assert fixed_pairs_schedule(pairs)[0] == Seating(
        (Table(1, (pairs[0], pairs[1])), Table(2, (pairs[2], pairs[3]))), pairs[4]
    )


def test_a_drawn_round_one_seats_the_same_people_in_another_order():
    players = roster(16)
    order = drawn(players, seed=3)
    assert sorted(order) == sorted(players) and order != players
    assert drawn(players, seed=3) == order
    assert first_round(order).seated != first_round(players).seated


@FAST
@given(st.integers(3, 14), st.integers(1, 4), st.data())
def test_fixed_pairs_replanned_after_pairs_come_and_go_seat_those_present(
    count, played, data
):
    pairs = pairs_of(count)
    history = list(fixed_pairs_schedule(pairs)[:played])
    gone = data.draw(st.sets(st.sampled_from(pairs), max_size=count - 2))
    present = [pair for pair in pairs if pair not in gone]
    present += [(f"New{i}", f"Mate{i}") for i in range(data.draw(st.integers(0, 2)))]
    rest = fixed_pairs_schedule(present, history=history, rounds=3)
    assert len(rest) == 3
    met: Counter[frozenset[tuple[str, ...]]] = Counter(
        frozenset(t.sides) for s in history for t in s.tables
    )
    for seating in rest:
        assert_everyone_once(seating, [p for pair in present for p in pair])
        assert len(seating.sitting_out) == 2 * (len(present) % 2)
        for table in seating.tables:
            assert all(side in present for side in table.sides)
            met[frozenset(table.sides)] += 1
    if len(present) >= 3:
        # Three rounds more: nobody needs to meet the same pair a third time.
        assert max(met.values(), default=0) <= 2


def test_fixed_pairs_replanned_give_the_bye_to_a_pair_that_had_none():
    pairs = pairs_of(4)
    history = list(fixed_pairs_schedule(pairs)[:1])
    present = [*pairs, ("Ivy", "Jo")]
    rest = fixed_pairs_schedule(present, history=history, rounds=5)
    assert sorted(s.sitting_out for s in rest) == sorted(present)


def test_fixed_pairs_replanned_meet_those_not_met_yet_first():
    pairs = pairs_of(6)
    history = list(fixed_pairs_schedule(pairs)[:2])
    present = pairs[:5]
    rest = fixed_pairs_schedule(present, history=history, rounds=3)
    met = Counter(frozenset(t.sides) for s in [*history, *rest] for t in s.tables)
    assert max(met.values()) == 1
    assert all(met[frozenset(two)] == 1 for two in combinations(present, 2))


def test_players_back_from_a_bye_join_at_the_foot():
    players = roster(10)
    one = first_round(players)  # P8 and P9 sit out
    two = progressive_next([one], {1: 0, 2: 1}, players)
    # Moved: table 1 [P0,P5] v [P2,P7], table 2 [P4,P1] v [P6,P3], seats in
    # the order P0 P2 P5 P7 | P4 P6 P1 P3; the last of those with no bye yet
    # (P6, P7) sit out, the others close up, P8 and P9 take the last seats.
    assert two == Seating(
        (
            Table(1, (("P0", "P5"), ("P2", "P4"))),
            Table(2, (("P1", "P8"), ("P3", "P9"))),
        ),
        ("P6", "P7"),
    )


def test_a_late_arrival_plays_the_round_they_arrive_for_and_joins_at_the_foot():
    players = roster(8)
    one = first_round(players)
    two = progressive_next([one], {1: 0, 2: 0}, [*players, "New"])
    assert two.sitting_out == ("P7",)  # the last of the roster, not the newcomer
    assert two.tables[-1].players.count("New") == 1
    assert "New" not in two.tables[0].players


def test_a_late_arrival_counts_as_having_sat_out_as_often_as_the_most():
    players = roster(9)
    history = [first_round(players)]  # P8 sits out
    for _ in range(3):  # P7, P6, P5 sit out in turn
        winners = {t.number: 0 for t in history[-1].tables}
        history.append(progressive_next(history, winners, players))
    assert [s.sitting_out for s in history] == [("P8",), ("P7",), ("P6",), ("P5",)]
    present = [*players, "New1", "New2", "New3"]  # twelve: no bye this round
    winners = {t.number: 0 for t in history[-1].tables}
    history.append(progressive_next(history, winners, present))
    assert history[-1].sitting_out == ()
    present.remove("P0")  # eleven: three sit out, none of them a newcomer,
    winners = {t.number: 0 for t in history[-1].tables}
    five = progressive_next(history, winners, present)
    # who have sat out as often as P8, P7, P6, P5 (once): P4, P3, P2 have not.
    assert set(five.sitting_out) == {"P4", "P3", "P2"}
    rotated = rotation_schedule([*players, "New"], 1, "sit_out", history[:1], seed=1)[0]
    assert "New" not in rotated.sitting_out and len(rotated.sitting_out) == 2


def test_side_names_fit_forty_characters_and_stay_apart():
    long = "Bartholomew-Maximil"  # 19 characters
    names = side_names(((long + "a", long + "b"), (long + "c", long + "d")))
    assert all(len(n) <= 40 for n in names)
    assert names[0] != names[1] and all("…" in n for n in names)
    assert side_names((("Ann", "Cat"), ("Bob", "Dan"))) == ["Ann & Cat", "Bob & Dan"]
    assert len(side_names((("X" * 40,), ("Y" * 40,)))[0]) == 40
