"""NIGHTS.md "Standings" and the tie rule, as pure functions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.nights.standings import (
    RoundResult,
    TableResult,
    awarded,
    awards,
    bye_points,
    half_away,
    standings,
    tallies,
    tie_winner,
)

AC_BD = (("Ann", "Cat"), ("Bob", "Dan"))


def table(totals, winner, sides=AC_BD):
    return TableResult(sides, totals, winner)


def test_wins_points_played_and_shared_ranks_listed_by_name():
    rounds = [RoundResult((table((300, 120), 0),))]
    rows = standings(["Dan", "Cat", "Bob", "Ann"], rounds)
    assert [(r.rank, r.player, r.wins, r.points, r.played) for r in rows] == [
        (1, "Ann", 1, 300, 1),
        (1, "Cat", 1, 300, 1),
        (3, "Bob", 0, 120, 1),
        (3, "Dan", 0, 120, 1),
    ]


def test_rank_by_points_puts_points_before_wins():
    rounds = [
        RoundResult((table((100, 450), 0),)),  # a win below the other side
        RoundResult((table((-50, 60), 1, (("Ann", "Bob"), ("Cat", "Dan"))),)),
    ]
    by_wins = standings(["Ann", "Bob", "Cat", "Dan"], rounds, "wins")
    by_points = standings(["Ann", "Bob", "Cat", "Dan"], rounds, "points")
    assert [r.player for r in by_wins][:1] == ["Cat"]  # two wins
    assert by_points[0].player == "Dan" and by_points[0].points == 510


def test_a_table_still_playing_counts_for_no_one_yet():
    rows = standings(["Ann"], [RoundResult((table((80, 0), None),))])
    assert {(r.played, r.points) for r in rows} == {(0, 0)}


def test_a_bye_is_a_win_and_the_rounds_average_once_the_round_ended():
    playing = RoundResult((table((35, 10), None),), ("Eve",))
    assert standings(["Eve"], [playing])[0].byes == 0  # not yet: round in play
    ended = RoundResult((table((35, 10), 0),), ("Eve",))
    eve = next(r for r in standings(["Eve"], [ended]) if r.player == "Eve")
    # Four seated players: 35, 35, 10, 10: a mean of 22.5, rounded away from zero.
    assert (eve.byes, eve.wins, eve.points, eve.played) == (1, 1, 23, 0)
    assert bye_points(RoundResult((table((-35, -10), 1),))) == -23


@given(st.integers(-(10**6), 10**6), st.integers(1, 7))
def test_rounding_halves_go_away_from_zero(whole, quarters):
    value = whole + quarters / 8
    expected = whole + (1 if quarters >= 4 else 0) if whole >= 0 else None
    if expected is not None:
        assert half_away(value) == expected
    assert half_away(-value) == -half_away(value)


def test_the_last_hand_that_differed_decides_a_level_game():
    # Level at the end: the last differing hand was side 1's.
    assert tie_winner([0, 1], [(100, -100), (-40, 40), (0, 0)]) == 1
    # No hand differed: side 0.
    assert tie_winner([0, 1], [(0, 0)]) == 0
    assert tie_winner([0, 1], []) == 0
    # Three sides, two level at the top: only they are compared.
    assert tie_winner([1, 2], [(500, 10, 30), (0, 50, 50)]) == 2


def test_awards_go_to_the_best_bidders_and_an_award_no_one_earned_is_left_out():
    hands = [
        ("Ann", "normal", 10, True, 250, ("Ann",)),
        ("Ann", "normal", 7, True, 200, ()),
        ("Bob", "misere", None, True, 250, ()),
        ("Bob", "normal", 8, False, -280, ()),
        ("Cat", "normal", 7, True, 250, ("Cat",)),  # a 7 taking all ten counts too
    ]
    assert awards(hands) == [
        {"name": "Most contracts made", "players": ["Ann"], "value": 2},
        {"name": "Highest hand", "players": ["Ann", "Bob", "Cat"], "value": 250},
        {"name": "Most ten-trick hands", "players": ["Ann", "Cat"], "value": 1},
        {"name": "Most misères made", "players": ["Bob"], "value": 1},
    ]
    assert awards([("Cat", "normal", 6, False, -40, ())]) == []


AWARD_HANDS = st.lists(
    st.tuples(
        st.sampled_from([None, "Ann", "Bob", "Cat", "Dan"]),
        st.sampled_from(["normal", "misere"]),
        st.one_of(st.none(), st.integers(6, 10)),
        st.one_of(st.none(), st.booleans()),
        st.one_of(st.none(), st.integers(-500, 520)),
        st.sampled_from([(), ("Ann", "Cat"), ("Bob", "Dan")]),
    )
)


@given(AWARD_HANDS, AWARD_HANDS, AWARD_HANDS)
def test_a_night_s_awards_are_its_games_tallies_added_up(one, two, three):
    # The board counts each game's hands once a version and adds the counts up.
    games = [tallies(one), tallies(two), tallies(three)]
    assert awarded(games) == awards(one + two + three)
