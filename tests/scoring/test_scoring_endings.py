"""RULES.md section 4: the end of the game, and what wins from here."""

import pytest
from scoring_helpers import (
    AMERICAN,
    AUSTRALIAN,
    FIVE,
    PERFECT,
    TASMANIAN,
    TEAMS,
    THREE,
    YOUNGSTOWN,
    house,
    play,
)

from scorekeeper.scoring import PRESETS, GameOver, make_hand, outlook, replay


def ann(contract, tricks, **extra):
    return {"bidder": "Ann", "contract": contract, "tricks": tricks, **extra}


def bob(contract, tricks, **extra):
    return {"bidder": "Bob", "contract": contract, "tricks": tricks, **extra}


# Back door.


def test_a_side_at_exactly_the_floor_goes_out_the_back_door_and_the_other_wins():
    state = play(PERFECT, TEAMS, ann("10NT", 9))
    assert state.totals == (-500, 10)
    assert (state.ending, state.winner) == ("back_door", 1)


def test_a_side_just_above_the_floor_plays_on():
    state = play(AUSTRALIAN, TEAMS, ann("10S", 0), ann("6S", 0))
    assert state.totals == (-480, 200)
    assert not state.finished
    assert (state.ending, state.winner) == (None, None)


def test_with_three_sides_the_highest_of_the_rest_wins_at_the_back_door():
    state = play(AUSTRALIAN, THREE, ann("10NT", [0, 7, 3]))
    assert state.totals == (-520, 70, 30)
    assert (state.ending, state.winner) == ("back_door", 1)


def test_a_tie_for_the_highest_of_the_rest_has_no_winner_but_the_game_ends():
    state = play(AUSTRALIAN, THREE, ann("10NT", [0, 5, 5]))
    assert state.totals == (-520, 50, 50)
    assert (state.ending, state.winner) == ("back_door", None)
    assert state.finished


def test_the_back_door_is_checked_before_the_front_door():
    state = play(AMERICAN, THREE, bob("9NT", [0, 9, 1]), ann("10NT", [0, 8, 2]))
    assert state.totals == (-520, 500, 30)
    assert (state.ending, state.winner) == ("back_door", 1)


def test_tasmanian_scoring_has_no_back_door():
    state = play(TASMANIAN, TEAMS, ann("10NT", 0), ann("10NT", 0))
    assert state.totals == (0, 1040)
    assert state.ending == "front_door"


# Front door.


def test_a_made_contract_reaching_500_wins():
    state = play(AUSTRALIAN, TEAMS, ann("10NT", 10))
    assert (state.ending, state.winner) == ("front_door", 0)


def test_a_defender_reaching_500_on_tricks_has_not_won_and_play_goes_on():
    state = play(AUSTRALIAN, TEAMS, bob("9NT", 9), ann("6S", 0))
    assert state.totals == (-30, 520)
    assert not state.finished


def test_a_side_already_past_500_wins_by_making_any_contract():
    state = play(AUSTRALIAN, TEAMS, bob("9NT", 9), ann("6S", 0), ann("6S", 6))
    assert state.totals == (10, 560)
    assert not state.finished
    state = play(AUSTRALIAN, TEAMS, bob("9NT", 9), ann("6S", 0), bob("6S", 6))
    assert (state.ending, state.winner) == ("front_door", 1)


def test_a_made_contract_to_500_wins_even_when_a_defender_is_also_past_500():
    state = play(AUSTRALIAN, TEAMS, bob("9NT", 9), ann("6S", 0), ann("10NT", 10))
    assert state.totals == (490, 520)
    assert not state.finished
    state = play(
        AUSTRALIAN,
        TEAMS,
        bob("9NT", 9),
        ann("6S", 0),
        bob("6S", 0),
        ann("10NT", 10),
    )
    assert state.totals[0] >= 500
    assert (state.ending, state.winner) == ("front_door", 0)


def test_american_scoring_lets_a_defender_go_out_on_tricks():
    state = play(AMERICAN, TEAMS, bob("9NT", 9), ann("6S", 0))
    assert state.totals == (-30, 520)
    assert (state.ending, state.winner) == ("front_door", 1)


def test_american_contractor_who_made_and_is_out_wins_over_a_defender_also_out():
    state = play(
        AMERICAN,
        TEAMS,
        ann("9NT", 9),
        bob("9NT", 9),
        bob("6C", 6),
        ann("6S", 6, first_out=1),
    )
    assert state.totals == (510, 530)
    assert (state.ending, state.winner) == ("front_door", 0)


def american_three_handed(**last):
    return play(
        AMERICAN,
        THREE,
        bob("9NT", [0, 9, 1]),
        {"bidder": "Cat", "contract": "9NT", "tricks": [0, 1, 9]},
        ann("7S", [4, 3, 3]),
        ann("7S", [1, 5, 4], **last),
    )


def test_among_american_defenders_alone_the_first_out_wins():
    state = american_three_handed(first_out=2)
    assert state.totals == (-280, 510, 500)
    assert (state.ending, state.winner) == ("front_door", 2)


def test_among_american_defenders_the_higher_total_wins_when_first_out_is_unknown():
    state = american_three_handed()
    assert (state.ending, state.winner) == ("front_door", 1)


def test_american_defenders_tied_with_no_first_out_have_no_winner():
    state = play(
        AMERICAN,
        THREE,
        bob("9NT", [0, 9, 1]),
        {"bidder": "Cat", "contract": "9NT", "tricks": [0, 1, 9]},
        ann("7S", [4, 3, 3]),
        ann("7S", [2, 4, 4]),
    )
    assert state.totals == (-280, 500, 500)
    assert (state.ending, state.winner) == ("front_door", None)


def test_in_tasmanian_scoring_the_first_to_1000_wins_even_on_defence():
    state = play(TASMANIAN, TEAMS, bob("10NT", 0), bob("10NT", 0))
    assert state.totals == (1040, 0)
    assert (state.ending, state.winner) == ("front_door", 0)


def test_tasmanian_scoring_plays_on_past_500():
    state = play(TASMANIAN, TEAMS, ann("10NT", 10))
    assert not state.finished


# Point spread.


def spread(**changes):
    return house(point_spread=500, floor=None, **changes)


def test_the_point_spread_ends_the_game_at_500_apart_across_zero():
    state = play(spread(), TEAMS, ann("9NT", 2))
    assert state.totals == (-420, 80)
    assert (state.ending, state.winner) == ("point_spread", 1)


def test_the_point_spread_does_not_end_the_game_at_490_apart():
    state = play(spread(), TEAMS, ann("9NT", 3))
    assert state.totals == (-420, 70)
    assert not state.finished


def test_the_point_spread_needs_one_side_below_zero():
    state = play(spread(target=None), TEAMS, ann("10NT", 10), ann("6S", 6))
    assert state.totals == (560, 40)
    assert not state.finished


# Hands limit.


def test_a_youngstown_session_ends_after_40_hands_with_the_highest_total():
    hands = [ann("10NT", 10)] * 39
    assert not play(YOUNGSTOWN, TEAMS, *hands).finished
    state = play(YOUNGSTOWN, TEAMS, *hands, bob("7S", 7))
    assert state.totals == (39 * 520 + 30, 140)
    assert (state.ending, state.winner) == ("hands_limit", 0)


def test_a_youngstown_session_has_no_target_and_no_floor():
    state = play(YOUNGSTOWN, TEAMS, ann("10NT", 10), bob("10NT", 0), bob("10NT", 0))
    assert state.totals == (720, -1040)
    assert not state.finished


def test_a_tie_at_the_hands_limit_has_no_winner():
    state = play(house(hands_limit=2), TEAMS, ann("7S", 7), bob("7S", 7))
    assert state.totals == (170, 170)
    assert (state.ending, state.winner) == ("hands_limit", None)


def test_redeals_count_towards_the_hands_limit():
    state = play(
        house("youngstown", hands_limit=2), TEAMS, ann("7S", 7), {"contract": "pass"}
    )
    assert state.ending == "hands_limit"


# A finished game.


def test_a_finished_game_refuses_another_hand():
    rules, hands = AUSTRALIAN, [ann("10NT", 10), bob("7S", 7)]
    with pytest.raises(GameOver) as caught:
        replay(rules, TEAMS, [make_hand(rules, TEAMS, **h) for h in hands])
    assert (caught.value.field, caught.value.hand) == ("hand", 2)


def test_the_game_over_error_is_a_scoring_error():
    assert issubclass(GameOver, ValueError)


# Outlook: what wins from here.


def outlook_after(rules, *hands):
    state = play(rules, TEAMS, *hands)
    return outlook(rules, TEAMS, state)


def test_from_nothing_a_contract_worth_500_takes_a_side_out():
    ahead = outlook_after(AUSTRALIAN)
    assert ahead[0].wins_with is not None
    assert ahead[0].wins_with.value == 500
    assert ahead[0].back_door_with is not None
    assert ahead[0].back_door_with.key == "10H"


def test_the_outlook_names_the_smallest_contract_that_wins():
    ahead = outlook_after(AUSTRALIAN, bob("8H", 8))  # Them 300, Us 20
    assert [o.side for o in ahead] == [0, 1]
    assert ahead[1].wins_with is not None
    assert (ahead[1].wins_with.key, ahead[1].wins_with.value) == ("7H", 200)
    assert ahead[0].wins_with is not None
    assert (ahead[0].wins_with.key, ahead[0].wins_with.value) == ("10D", 480)


def test_a_side_near_500_wins_with_six_spades():
    ahead = outlook_after(AUSTRALIAN, bob("9NT", 9), bob("6S", 6))  # Them 460
    assert ahead[1].wins_with is not None
    assert ahead[1].wins_with.key == "6S"


def test_the_outlook_names_the_smallest_failure_that_sends_a_side_out_the_back():
    ahead = outlook_after(AUSTRALIAN, ann("9S", 0))  # Us -340
    assert ahead[0].back_door_with is not None
    assert (ahead[0].back_door_with.key, ahead[0].back_door_with.value) == (
        "7C",
        160,
    )


def test_nothing_sends_a_side_out_the_back_when_failures_go_to_the_opponents():
    ahead = outlook_after(TASMANIAN)
    assert [o.back_door_with for o in ahead] == [None, None]
    assert ahead[0].wins_with is None


def test_a_youngstown_session_has_no_contract_that_wins():
    assert [o.wins_with for o in outlook_after(YOUNGSTOWN)] == [None, None]


def test_a_finished_game_has_no_outlook():
    assert outlook_after(AUSTRALIAN, ann("10NT", 10)) == ()


def test_when_bidder_and_called_partner_both_go_out_the_higher_total_wins():
    state = play(
        AUSTRALIAN,
        FIVE,
        ann("9NT", [9, 1, 0, 0, 0]),
        {"bidder": "Cat", "contract": "9H", "tricks": [0, 1, 9, 0, 0]},
        {
            "bidder": "Cat",
            "partner": "Ann",
            "contract": "10NT",
            "tricks": [5, 0, 5, 0, 0],
        },
    )
    assert state.totals == (680, 20, 660, 0, 0)
    assert (state.ending, state.winner) == ("front_door", 0)


def test_when_bidder_and_called_partner_tie_past_500_the_bidder_wins():
    state = play(
        AUSTRALIAN,
        FIVE,
        ann("9H", [9, 1, 0, 0, 0]),
        {"bidder": "Cat", "contract": "9H", "tricks": [0, 1, 9, 0, 0]},
        {
            "bidder": "Cat",
            "partner": "Ann",
            "contract": "10NT",
            "tricks": [5, 0, 5, 0, 0],
        },
    )
    assert state.totals == (660, 20, 660, 0, 0)
    assert (state.ending, state.winner) == ("front_door", 2)


def test_a_side_already_past_500_on_defence_wins_with_six_spades():
    ahead = outlook_after(AUSTRALIAN, bob("9NT", 9), ann("6S", 0))  # Them 520
    assert ahead[1].wins_with is not None
    assert ahead[1].wins_with.key == "6S"


# Walker Ultimate: exactly the target wins, the ceiling loses.

WALKER = PRESETS["walker_ultimate"]


def test_exactly_500_wins_under_walker_ultimate():
    state = play(WALKER, TEAMS, ann("7H", 7), ann("8H", 8))
    assert state.totals == (500, 50)
    assert (state.ending, state.winner) == ("front_door", 0)


def test_560_plays_on_under_walker_ultimate():
    state = play(WALKER, TEAMS, ann("10NT", 10), ann("6S", 6))
    assert state.totals == (560, 40)
    assert not state.finished


def test_1020_loses_under_walker_ultimate_and_the_other_side_wins():
    state = play(WALKER, TEAMS, ann("10NT", 10), ann("10H", 10))
    assert state.totals == (1020, 0)
    assert (state.ending, state.winner) == ("ceiling", 1)


def test_at_the_ceiling_with_three_sides_the_highest_of_the_rest_wins():
    rules = house("walker_ultimate", target=None)
    state = play(
        rules,
        THREE,
        ann("10NT", [10, 0, 0]),
        bob("7H", [1, 7, 2]),
        ann("10H", [10, 0, 0]),
    )
    assert state.totals == (1030, 200, 20)
    assert (state.ending, state.winner) == ("ceiling", 1)


def test_a_side_exactly_at_the_ceiling_loses():
    rules = house(ceiling=600, target=None)
    state = play(rules, TEAMS, ann("10NT", 10), ann("6S", 6), ann("6S", 6))
    assert state.totals == (600, 80)
    assert (state.ending, state.winner) == ("ceiling", 1)


def test_the_ceiling_is_checked_with_the_back_door_before_the_front_door():
    rules = house("walker_ultimate", exact_target=False)
    state = play(rules, TEAMS, ann("10D", 10), ann("10NT", 10))
    assert state.totals == (1000, 0)
    assert (state.ending, state.winner) == ("ceiling", 1)


def test_a_side_past_an_exact_target_may_come_back_to_it():
    state = play(WALKER, TEAMS, ann("10NT", 10), ann("6C", 4), ann("6S", 6))
    assert state.totals == (520 - 60 + 40, 100)
    assert (state.ending, state.winner) == ("front_door", 0)


def test_defenders_out_at_exactly_the_target_win_when_no_contract_is_needed():
    rules = house("walker_ultimate", win_requires_contract=False)
    state = play(rules, TEAMS, bob("9NT", 9), ann("6S", 0))
    assert state.totals == (-30, 520)
    assert not state.finished
    state = play(rules, TEAMS, bob("9NT", 9), ann("7S", 2))
    assert state.totals == (-130, 500)
    assert (state.ending, state.winner) == ("front_door", 1)


# Time called (a club night's round, NIGHTS.md "Ending a round").


def test_time_called_ends_the_game_as_it_stands_and_the_side_ahead_wins():
    hands = [make_hand(AUSTRALIAN, TEAMS, **ann("7H", 8))]
    state = replay(AUSTRALIAN, TEAMS, hands, called=True)
    assert (state.ending, state.winner) == ("called", 0)
    assert state.barred == ()
    with pytest.raises(GameOver):
        replay(AUSTRALIAN, TEAMS, hands, since=state)


def test_time_called_on_a_level_game_or_before_any_hand_names_no_winner():
    state = replay(AUSTRALIAN, TEAMS, [], called=True)
    assert (state.ending, state.winner) == ("called", None)


def test_a_game_that_ended_by_the_rules_keeps_its_ending_when_time_is_called():
    hands = [make_hand(PERFECT, TEAMS, **ann("10NT", 9))]
    state = replay(PERFECT, TEAMS, hands, called=True)
    assert (state.ending, state.winner) == ("back_door", 1)
