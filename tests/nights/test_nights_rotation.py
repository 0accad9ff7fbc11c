"""The rotation: everyone partners everyone once, opponents at most three times."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.nights.movements import rotation
from scorekeeper.nights.movements.movement import (
    NightError,
    Seating,
    Table,
    first_round,
)
from scorekeeper.nights.movements.pairing import cyclic_whist
from scorekeeper.nights.movements.rotation import (
    Meetings,
    rotation_schedule,
    whist_rounds,
)

FAST = settings(max_examples=25, deadline=None)


def roster(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def assert_everyone_once(seating: Seating, present: list[str]) -> None:
    seen = Counter(seating.seated) + Counter(seating.sitting_out)
    assert sorted(seen) == sorted(present)
    assert set(seen.values()) == {1}


@pytest.mark.parametrize("count", [4, 8, 12, 16, 20, 24, 28, 32, 36, 40])
def test_at_multiples_of_four_everyone_partners_everyone_exactly_once(count):
    players = roster(count)
    rounds = rotation_schedule(players)
    assert len(rounds) == count - 1
    meetings = Meetings(rounds)
    assert meetings.partners == Counter(
        frozenset(two) for two in combinations(players, 2)
    )
    assert max(meetings.opponents.values()) <= 3
    for seating in rounds:
        assert_everyone_once(seating, players)
        assert seating.sitting_out == ()
        assert all(len(table.players) == 4 for table in seating.tables)


@pytest.mark.parametrize("count", [4, 8, 12, 16, 20, 24, 28])
def test_round_one_of_the_rotation_is_seated_in_roster_order(count):
    players = roster(count)
    assert rotation_schedule(players)[0] == first_round(players)


@pytest.mark.parametrize("count", [12, 16, 24])
def test_without_a_whist_start_the_search_keeps_opponents_within_three(
    count, monkeypatch
):
    monkeypatch.setattr(rotation, "cyclic_whist", lambda count: None)
    rounds = whist_rounds(count, random.Random(7))
    meetings = Meetings(
        [Seating(tuple(Table(0, table) for table in tables)) for tables in rounds]
    )
    assert set(meetings.partners.values()) == {1}
    assert len(meetings.partners) == count * (count - 1) // 2
    assert max(meetings.opponents.values()) <= 3


@pytest.mark.parametrize("count", [8, 12])
def test_small_rooms_get_a_whist_schedule_opponents_exactly_twice(count):
    assert cyclic_whist(count) is not None
    meetings = Meetings(rotation_schedule(roster(count)))
    assert set(meetings.opponents.values()) == {2}
    assert len(meetings.opponents) == count * (count - 1) // 2


def test_the_schedule_is_the_same_every_time_for_the_same_roster():
    assert rotation_schedule(roster(20)) == rotation_schedule(roster(20))


@FAST
@given(st.integers(4, 30), st.integers(1, 14))
def test_sit_outs_seat_everyone_once_and_spread_the_byes(count, rounds):
    players = roster(count)
    planned = rotation_schedule(players, rounds=rounds)
    assert len(planned) == rounds
    byes = Counter({p: 0 for p in players})
    for seating in planned:
        assert_everyone_once(seating, players)
        assert len(seating.sitting_out) == count % 4
        byes.update(seating.sitting_out)
        assert max(byes.values()) - min(byes.values()) <= 1


@FAST
@given(st.integers(3, 30), st.integers(1, 10))
def test_mixed_tables_seat_everyone_with_one_odd_table(count, rounds):
    players = roster(count)
    planned = rotation_schedule(players, rounds=rounds, odd_players="mixed_tables")
    odd = {1: 5, 2: 6, 3: 3}.get(count % 4)
    for seating in planned:
        assert_everyone_once(seating, players)
        assert seating.sitting_out == ()
        sizes = [len(table.players) for table in seating.tables]
        assert sizes.count(4) == len(sizes) - (1 if odd else 0)
        if odd:
            assert sizes[-1] == odd


@FAST
@given(st.sampled_from([8, 12, 16, 20]), st.integers(1, 5), st.data())
def test_a_changed_roster_replans_the_rest_without_the_gone(count, played, data):
    players = roster(count)
    history = list(rotation_schedule(players)[:played])
    gone = data.draw(st.sets(st.sampled_from(players), max_size=3))
    present = [p for p in players if p not in gone]
    present += roster(data.draw(st.integers(0, 3)), "New")
    rest = rotation_schedule(present, rounds=4, history=history)
    for seating in rest:
        assert_everyone_once(seating, present)
    assert not {p for seating in rest for p in seating.seated} & gone
    # Few rounds remain: a partnership may have to come back once, not twice.
    assert max(Meetings([*history, *rest]).partners.values()) <= 2


def test_a_changed_roster_keeps_partners_unrepeated_as_far_as_it_can():
    players = roster(12)
    history = list(rotation_schedule(players)[:6])
    present = players[:-1] + ["Ivy"]
    rest = rotation_schedule(present, rounds=5, history=history)
    partners = Meetings([*history, *rest]).partners
    assert max(partners.values()) == 1


def test_a_rotation_refuses_a_name_twice_naming_players():
    with pytest.raises(NightError) as caught:
        rotation_schedule(["Ann", "Bob", "Cat", "Dan", "ann", "Ann"])
    assert caught.value.field == "players"


@FAST
@given(st.sampled_from([5, 6, 7, 9, 10, 11, 13, 14, 15]), st.integers(2, 12))
def test_the_odd_table_goes_round_like_the_byes(count, rounds):
    players = roster(count)
    planned = rotation_schedule(players, rounds=rounds, odd_players="mixed_tables")
    seats = Counter({p: 0 for p in players})
    for seating in planned:
        odd = [t for t in seating.tables if len(t.players) != 4]
        seats.update(p for table in odd for p in table.players)
        assert max(seats.values()) - min(seats.values()) <= 1


def test_a_plan_asked_again_is_not_searched_again(monkeypatch):
    # Every page between rounds asks for the plan: a 120-player search took
    # seconds, so each worker keeps the plans it made.
    searched = []

    def counted(count: int, rng: random.Random) -> list:
        searched.append(count)
        return whist_rounds(count, rng)

    monkeypatch.setattr(rotation, "whist_rounds", counted)
    players = roster(24, "Kept ")
    first = rotation_schedule(players, seed=3)
    assert rotation_schedule(list(players), seed=3) == first
    assert searched == [24]
    rotation_schedule(players, seed=4)
    assert searched == [24, 24]


def test_a_whist_search_that_fails_fails_once_per_size():
    cyclic_whist.cache_clear()
    assert cyclic_whist(120) is None
    assert cyclic_whist(120) is None
    assert cyclic_whist.cache_info().hits == 1


@pytest.mark.parametrize("count", [16, 24, 120])
def test_the_numbered_search_seats_the_tables_the_meetings_would(count):
    # The same seeded draw over each two partnerships' cost, read from lists
    # rather than counted sets: the same tables as `tables_for`, round by round.
    mine, theirs = random.Random(11), random.Random(11)
    meetings = Meetings()
    cost = [[0] * count for _ in range(count)]
    met = [[0] * count for _ in range(count)]
    for partners in rotation.one_factorization(count)[:6]:
        fast = rotation._numbered_tables(partners, cost, mine)
        named = [(str(a), str(b)) for a, b in partners]
        slow = rotation.tables_for(named, meetings, theirs)
        assert [((str(a), str(c)), (str(b), str(d))) for (a, c), (b, d) in fast] == [
            tuple(t) for t in slow
        ]
        meetings.add(Seating(tuple(Table(0, t) for t in slow)))
        for one, other in fast:
            for a in one:
                for b in other:
                    met[a][b] += 1
                    met[b][a] += 1
                    cost[a][b] = cost[b][a] = rotation.REPEAT_COST[min(met[a][b], 3)]
