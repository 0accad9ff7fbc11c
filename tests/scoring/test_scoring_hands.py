"""RULES.md section 3: scoring one hand. Us is Ann and Cat, Them is Bob and Dan."""

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
    points,
    score_from,
)

from scorekeeper.scoring import Hand, ScoringError, contracting_sides, make_hand, replay


def test_a_made_contract_scores_its_value_and_the_defenders_ten_a_trick():
    assert points(AUSTRALIAN, TEAMS, bidder="Bob", contract="7H", tricks=7) == (30, 200)


def test_overtricks_score_nothing_extra():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="6S", tricks=9) == (40, 10)


def test_a_failed_contract_is_taken_off_the_contractors_score():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="8C", tricks=7) == (
        -260,
        30,
    )


def test_a_failed_contract_goes_to_the_opponents_in_tasmanian_scoring():
    assert points(TASMANIAN, TEAMS, bidder="Ann", contract="8C", tricks=7) == (0, 260)


def test_a_failed_contract_to_the_opponents_comes_on_top_of_their_tricks():
    rules = house(failure="to_opponents")
    assert points(rules, TEAMS, bidder="Ann", contract="8C", tricks=7) == (0, 290)


def test_a_failed_contract_goes_to_every_defending_side_in_a_three_handed_game():
    rules = house("tasmanian")
    hand = {"bidder": "Ann", "contract": "7S", "tricks": [6, 3, 1]}
    assert points(rules, THREE, **hand) == (0, 140, 140)


# Slam bonus (Australian) and Youngstown bonus.


def test_the_slam_bonus_lifts_a_six_spades_slam_to_250():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="6S", tricks=10) == (
        250,
        0,
    )


def test_a_bid_worth_240_made_with_ten_tricks_scores_250():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="8S", tricks=10) == (
        250,
        0,
    )


def test_a_bid_worth_exactly_250_gets_no_slam_bonus():
    rules = house(normal_offset=10)  # 8S is then worth exactly 250
    state = play(rules, TEAMS, {"bidder": "Ann", "contract": "8S", "tricks": 10})
    assert state.hands[0].contract.value == 250
    assert state.hands[0].points == (250, 0)
    assert state.hands[0].reasons[0] == "made"


def test_a_bid_worth_more_than_250_keeps_its_value_on_a_slam():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="8C", tricks=10) == (
        260,
        0,
    )


def test_a_slam_without_the_slam_bonus_scores_the_bid():
    assert points(AMERICAN, TEAMS, bidder="Ann", contract="6S", tricks=10) == (40, 0)


def test_the_youngstown_bonus_adds_100_to_eight_clubs_made_with_a_slam():
    assert points(YOUNGSTOWN, TEAMS, bidder="Ann", contract="8C", tricks=10) == (
        360,
        0,
    )


def test_the_youngstown_bonus_needs_all_ten_tricks():
    assert points(YOUNGSTOWN, TEAMS, bidder="Ann", contract="8C", tricks=9) == (
        260,
        10,
    )


def test_the_youngstown_bonus_is_not_paid_on_a_bid_of_ten():
    assert points(YOUNGSTOWN, TEAMS, bidder="Ann", contract="10S", tricks=10) == (
        440,
        0,
    )


def test_with_both_bonuses_the_slam_floor_applies_first_then_100():
    rules = house(youngstown_bonus=True)
    assert points(rules, TEAMS, bidder="Ann", contract="6S", tricks=10) == (350, 0)
    assert points(rules, TEAMS, bidder="Ann", contract="8C", tricks=10) == (360, 0)


def test_no_bonus_is_paid_on_a_grand_slam_contract():
    rules = house(youngstown_bonus=True, contracts={"grand_slam": {}})
    assert points(rules, TEAMS, bidder="Ann", contract="grand_slam", tricks=10) == (
        500,
        0,
    )


def test_a_failed_grand_slam_costs_500():
    rules = house(contracts={"grand_slam_nt": {}})
    hand = {"bidder": "Ann", "contract": "grand_slam_nt", "tricks": 9}
    assert points(rules, TEAMS, **hand) == (-500, 10)


# Defenders' tricks.


@pytest.mark.parametrize(
    ("rule", "made", "failed"),
    [
        ("always", (30, 200), (40, -200)),
        ("only_if_contract_fails", (0, 200), (40, -200)),
        ("never", (0, 200), (0, -200)),
    ],
)
def test_the_defender_tricks_rule(rule, made, failed):
    rules = house(defender_tricks=rule)
    assert points(rules, TEAMS, bidder="Bob", contract="7H", tricks=7) == made
    assert points(rules, TEAMS, bidder="Bob", contract="7H", tricks=6) == failed


def test_tasmanian_defenders_score_nothing_for_tricks():
    assert points(TASMANIAN, TEAMS, bidder="Bob", contract="7H", tricks=7) == (0, 200)


def test_each_defender_scores_its_own_tricks_three_handed():
    hand = {"bidder": "Ann", "contract": "7S", "tricks": [7, 2, 1]}
    assert points(AUSTRALIAN, THREE, **hand) == (140, 20, 10)


def test_a_house_may_value_a_trick_at_other_than_ten():
    rules = house(points_per_trick=20)
    assert points(rules, TEAMS, bidder="Bob", contract="7H", tricks=7) == (60, 200)


# The 490 lock: new = max(old, min(old + points, L)).


def test_the_lock_holds_defenders_trick_points_at_490():
    rules = house(lock=490)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    assert score_from(rules, TEAMS, (470, 0), **hand) == (20, 200)


def test_the_lock_can_be_set_at_460():
    rules = house(lock=460)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    assert score_from(rules, TEAMS, (450, 0), **hand) == (10, 200)
    assert score_from(rules, TEAMS, (420, 0), **hand) == (30, 200)


def test_a_side_at_the_lock_scores_nothing_for_tricks():
    rules = house(lock=490)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 6}
    assert score_from(rules, TEAMS, (490, 0), **hand) == (0, -200)


def test_a_side_above_the_lock_scores_nothing_for_tricks_and_keeps_its_total():
    rules = house(lock=490, target=1000)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 6}
    assert score_from(rules, TEAMS, (600, 0), **hand) == (0, -200)


def test_contract_points_are_never_locked():
    rules = house(lock=490)
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 7}
    assert score_from(rules, TEAMS, (480, 0), **hand) == (200, 30)


def test_failed_contract_points_to_the_opponents_are_not_locked():
    rules = house(lock=490, failure="to_opponents")
    hand = {"bidder": "Ann", "contract": "8C", "tricks": 6}
    assert score_from(rules, TEAMS, (0, 480), **hand) == (0, 260 + 10)


def test_a_failed_value_given_to_a_defender_is_added_after_the_lock_unlocked():
    # RULES.md (assumed): 400, lock 490, defending a failed 7H with 6 tricks.
    rules = house(lock=490, failure="to_opponents")
    hand = {"bidder": "Ann", "contract": "7H", "tricks": 4}
    assert score_from(rules, TEAMS, (0, 400), **hand) == (0, 60 + 200)
    assert score_from(rules, TEAMS, (0, 470), **hand) == (0, 20 + 200)


def test_trick_points_are_locked_against_the_total_before_the_hand():
    rules = house(lock=490)
    hand = {"bidder": "Bob", "contract": "6S", "tricks": 6}
    assert score_from(rules, TEAMS, (460, 0), **hand) == (30, 40)


def test_the_lock_covers_american_nullo_defender_points():
    rules = house("american", lock=490)
    hand = {"bidder": "Ann", "contract": "misere", "tricks": 3}
    assert score_from(rules, TEAMS, (0, 480), **hand) == (-250, 10)


def test_the_lock_covers_all_pass_hands_played_at_no_trumps():
    rules = house(lock=490, all_pass="play_no_trumps")
    assert score_from(rules, TEAMS, (485, 300), contract="pass", tricks=[6, 4]) == (
        5,
        40,
    )


def test_the_lock_does_not_hold_back_a_side_below_zero():
    rules = house(lock=490)
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 6}
    assert score_from(rules, TEAMS, (-300, 0), **hand) == (40, -200)


# The misère family.


def test_a_made_misere_scores_250_and_the_defenders_nothing():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="misere", tricks=0) == (
        250,
        0,
    )


def test_a_failed_misere_costs_250_and_australian_defenders_score_nothing():
    assert points(AUSTRALIAN, TEAMS, bidder="Ann", contract="misere", tricks=2) == (
        -250,
        0,
    )


def test_american_nullo_defenders_score_ten_per_trick_the_contractor_took():
    assert points(AMERICAN, TEAMS, bidder="Ann", contract="misere", tricks=3) == (
        -250,
        30,
    )
    assert points(AMERICAN, TEAMS, bidder="Ann", contract="misere", tricks=0) == (
        250,
        0,
    )


def test_an_open_misere_made_scores_500():
    hand = {"bidder": "Bob", "contract": "open_misere", "tricks": 0}
    assert points(AUSTRALIAN, TEAMS, **hand) == (0, 500)


def test_a_failed_misere_goes_to_the_opponents_in_tasmanian_scoring():
    assert points(TASMANIAN, TEAMS, bidder="Ann", contract="misere", tricks=1) == (
        0,
        250,
    )


def test_hi_lo_is_made_by_exactly_five_tricks():
    rules = house(contracts={"hi_lo": {}})
    assert points(rules, TEAMS, bidder="Ann", contract="hi_lo", tricks=5) == (350, 0)
    assert points(rules, TEAMS, bidder="Ann", contract="hi_lo", tricks=6) == (-350, 0)
    assert points(rules, TEAMS, bidder="Ann", contract="hi_lo", tricks=4) == (-350, 0)


def test_grand_nullo_is_made_when_neither_partner_takes_a_trick():
    rules = house(contracts={"grand_nullo": {}})
    hand = {"bidder": "Ann", "contract": "grand_nullo"}
    assert points(rules, TEAMS, tricks=0, **hand) == (510, 0)
    assert points(rules, TEAMS, tricks=1, **hand) == (-510, 0)


def test_a_misere_cannot_call_a_partner():
    with pytest.raises(ScoringError) as caught:
        play(
            AUSTRALIAN,
            FIVE,
            {
                "bidder": "Ann",
                "partner": "Cat",
                "contract": "misere",
                "tricks": [0, 3, 0, 3, 4],
            },
        )
    assert caught.value.field == "partner"


# Five players: a called partner.


def five(contract, tricks, **extra):
    return {"bidder": "Ann", "contract": contract, "tricks": tricks, **extra}


def test_a_called_partner_and_the_bidder_each_score_half_the_contract():
    hand = five("8H", [3, 1, 5, 1, 0], partner="Cat")
    assert points(AUSTRALIAN, FIVE, **hand) == (150, 10, 150, 10, 0)


def test_a_called_partner_and_the_bidder_each_lose_half_a_failed_contract():
    hand = five("8H", [3, 2, 4, 1, 0], partner="Cat")
    assert points(AUSTRALIAN, FIVE, **hand) == (-150, 20, -150, 10, 0)


def test_the_half_share_is_taken_of_the_value_after_the_slam_bonus():
    hand = five("7H", [6, 0, 4, 0, 0], partner="Cat")
    assert points(AUSTRALIAN, FIVE, **hand) == (125, 0, 125, 0, 0)


def test_the_half_share_is_taken_of_the_value_after_the_youngstown_bonus():
    rules = house(slam_bonus=False, youngstown_bonus=True)
    hand = five("8C", [6, 0, 4, 0, 0], partner="Cat")
    assert points(rules, FIVE, **hand) == (180, 0, 180, 0, 0)


def test_an_odd_half_share_is_rounded_away_from_zero():
    rules = house(normal_offset=10)  # 6S is then worth 50, 7S 150
    made = five("7S", [4, 1, 3, 1, 1], partner="Cat")
    failed = five("7S", [3, 1, 3, 2, 1], partner="Cat")
    assert points(rules, FIVE, **made)[::2] == (75, 75, 10)
    assert points(rules, FIVE, **failed)[::2] == (-75, -75, 10)
    odd = house(normal_offset=5)  # 7S is worth 145
    assert points(odd, FIVE, **made)[0] == 73
    assert points(odd, FIVE, **failed)[0] == -73


def test_each_defender_gets_the_full_failed_value_when_it_goes_to_the_opponents():
    rules = house(failure="to_opponents")
    hand = five("8H", [3, 2, 4, 1, 0], partner="Cat")
    assert points(rules, FIVE, **hand) == (0, 300 + 20, 0, 300 + 10, 300)


def test_with_the_full_share_house_rule_each_scores_the_full_value():
    rules = house(partner_share="full")
    hand = five("8H", [3, 1, 5, 1, 0], partner="Cat")
    assert points(rules, FIVE, **hand) == (300, 10, 300, 10, 0)


def test_a_bidder_playing_alone_scores_the_full_value():
    assert points(AUSTRALIAN, FIVE, **five("7H", [7, 1, 1, 1, 0])) == (
        200,
        10,
        10,
        10,
        0,
    )


def test_a_partner_is_only_called_five_handed():
    with pytest.raises(ScoringError) as caught:
        play(AUSTRALIAN, TEAMS, five("7H", 7, partner="Bob"))
    assert caught.value.field == "partner"


# Everyone passes.


def test_when_everyone_passes_and_the_hand_is_redealt_nothing_is_scored():
    assert points(AUSTRALIAN, TEAMS, contract="pass") == (0, 0)


def test_an_all_pass_hand_played_at_no_trumps_scores_ten_a_trick_to_each_side():
    rules = house(all_pass="play_no_trumps")
    assert points(rules, TEAMS, contract="pass", tricks=[6, 4]) == (60, 40)
    assert points(rules, THREE, contract="pass", tricks=[5, 3, 2]) == (50, 30, 20)


def test_a_side_taking_all_ten_on_an_all_pass_hand_scores_250_with_the_slam_bonus():
    rules = house(all_pass="play_no_trumps")
    assert points(rules, TEAMS, contract="pass", tricks=[0, 10]) == (0, 250)


def test_without_the_slam_bonus_all_ten_on_an_all_pass_hand_score_100():
    rules = house("american", all_pass="play_no_trumps")
    assert points(rules, TEAMS, contract="pass", tricks=[10, 0]) == (100, 0)


def test_an_all_pass_hand_at_no_trumps_needs_the_tricks_of_every_side():
    rules = house(all_pass="play_no_trumps")
    with pytest.raises(ScoringError) as caught:
        play(rules, TEAMS, {"contract": "pass", "tricks": 6})
    assert caught.value.field == "tricks"


# What a hand report must say.


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"contract": "7H", "tricks": 7}, "bidder"),
        ({"bidder": "Zed", "contract": "7H", "tricks": 7}, "bidder"),
        ({"bidder": "Ann", "contract": "7H"}, "tricks"),
        ({"bidder": "Ann", "contract": "7H", "tricks": 11}, "tricks"),
        ({"bidder": "Ann", "contract": "7H", "tricks": True}, "tricks"),
        ({"bidder": "Ann", "side": 1, "contract": "7H", "tricks": 7}, "side"),
        ({"side": 2, "contract": "7H", "tricks": 7}, "side"),
        ({"bidder": "Ann", "contract": "7Z", "tricks": 7}, "contract"),
    ],
)
def test_a_bad_hand_report_names_the_field_at_fault(hand, field):
    with pytest.raises(ScoringError) as caught:
        play(AUSTRALIAN, TEAMS, hand)
    assert caught.value.field == field


def test_tricks_of_three_sides_must_add_up_to_ten():
    with pytest.raises(ScoringError) as caught:
        play(AUSTRALIAN, THREE, {"bidder": "Ann", "contract": "7H", "tricks": [7, 2]})
    assert caught.value.field == "tricks"
    with pytest.raises(ScoringError):
        play(
            AUSTRALIAN, THREE, {"bidder": "Ann", "contract": "7H", "tricks": [7, 2, 2]}
        )


def test_a_side_may_stand_for_the_bidder():
    assert points(PERFECT, TEAMS, side=1, contract="7H", tricks=7) == (30, 180)


# A stored hand replayed against the rules.


def test_a_stored_hand_the_rules_no_longer_allow_is_refused_with_its_number():
    hands = [
        make_hand(AUSTRALIAN, TEAMS, bidder="Ann", contract="7H", tricks=7),
        make_hand(AUSTRALIAN, TEAMS, bidder="Ann", contract="misere", tricks=0),
    ]
    with pytest.raises(ScoringError) as caught:
        replay(YOUNGSTOWN, TEAMS, hands)
    assert (caught.value.field, caught.value.hand) == ("contract", 2)


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (Hand("7H", (7, 3)), "side"),
        (Hand("7H", (7, 3), side=2), "side"),
        (Hand("7H", (7, 2, 1), side=0), "tricks"),
        (Hand("7H", (7, 2), side=0), "tricks"),
    ],
)
def test_a_malformed_stored_hand_names_the_field_and_the_hand(hand, field):
    with pytest.raises(ScoringError) as caught:
        replay(AUSTRALIAN, TEAMS, [hand])
    assert (caught.value.field, caught.value.hand) == (field, 1)


# Which sides contract.


def test_the_contracting_sides_are_the_bidders_then_a_called_partners():
    alone = make_hand(AUSTRALIAN, FIVE, **five("7H", [7, 1, 1, 1, 0]))
    called = make_hand(AUSTRALIAN, FIVE, **five("8H", [3, 1, 5, 1, 0], partner="Cat"))
    assert contracting_sides(FIVE, alone) == (0,)
    assert contracting_sides(FIVE, called) == (0, 2)


def test_a_team_contracts_as_one_side_and_nobody_contracts_when_all_pass():
    hand = make_hand(AUSTRALIAN, TEAMS, bidder="Dan", contract="7H", tricks=7)
    assert contracting_sides(TEAMS, hand) == (1,)
    assert contracting_sides(TEAMS, make_hand(AUSTRALIAN, TEAMS, contract="pass")) == ()
