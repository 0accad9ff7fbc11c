"""RULES.md sections 1 and 5: tables, seats, the deal, and who may not bid."""

import pytest
from scoring_helpers import AUSTRALIAN, FIVE, TEAMS, THREE, house, play

from scorekeeper.scoring import SHAPES, ScoringError, make_hand, make_table, replay


def lone(*names):
    return [(name, [name]) for name in names]


@pytest.mark.parametrize(
    "sides",
    [
        lone("Ann", "Bob"),
        lone("Ann", "Bob", "Cat"),
        [("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])],
        lone("Ann", "Bob", "Cat", "Dan", "Eve"),
        [("Us", ["A1", "A2", "A3"]), ("Them", ["B1", "B2", "B3"])],
        [("A", ["A1", "A2"]), ("B", ["B1", "B2"]), ("C", ["C1", "C2"])],
    ],
    ids=["two", "three", "four-in-teams", "five", "six-in-two", "six-in-three"],
)
def test_every_table_of_the_rules_can_be_set(sides):
    table = make_table(sides)
    assert (len(table.sides), len(table.sides[0].players)) in SHAPES


@pytest.mark.parametrize(
    "sides",
    [
        lone("Ann"),
        lone("Ann", "Bob", "Cat", "Dan"),
        lone("A", "B", "C", "D", "E", "F"),
        [("Us", ["Ann", "Cat"]), ("Them", ["Bob"])],
        [("Us", ["A", "B", "C", "D"]), ("Them", ["E", "F", "G", "H"])],
        [("Us", []), ("Them", [])],
    ],
)
def test_a_table_500_is_not_played_at_is_refused(sides):
    with pytest.raises(ScoringError) as caught:
        make_table(sides)
    assert caught.value.field == "sides"


def test_partners_sit_opposite_the_seats_interleave_the_sides():
    assert TEAMS.seats == ("Ann", "Bob", "Cat", "Dan")
    six = make_table([("A", ["A1", "A2"]), ("B", ["B1", "B2"]), ("C", ["C1", "C2"])])
    assert six.seats == ("A1", "B1", "C1", "A2", "B2", "C2")
    two_threes = make_table([("Us", ["A1", "A2", "A3"]), ("Them", ["B1", "B2", "B3"])])
    assert two_threes.seats == ("A1", "B1", "A2", "B2", "A3", "B3")


def test_the_first_seat_deals_first_unless_someone_else_is_named():
    assert TEAMS.first_dealer == "Ann"
    table = make_table([("Us", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])], "Dan")
    assert table.first_dealer == "Dan"


def test_the_player_on_the_dealers_left_bids_first_and_the_deal_rotates():
    state = play(AUSTRALIAN, TEAMS)
    assert (state.next_dealer, state.first_bidder) == ("Ann", "Bob")
    hand = {"bidder": "Bob", "contract": "6S", "tricks": 6}
    state = play(AUSTRALIAN, TEAMS, hand)
    assert (state.hands[0].dealer, state.next_dealer, state.first_bidder) == (
        "Ann",
        "Bob",
        "Cat",
    )
    state = play(AUSTRALIAN, TEAMS, *[hand] * 4)
    assert [h.dealer for h in state.hands] == ["Ann", "Bob", "Cat", "Dan"]
    assert (state.next_dealer, state.first_bidder) == ("Ann", "Bob")


def test_the_deal_rotates_from_the_named_first_dealer_around_five_players():
    table = make_table(lone("Ann", "Bob", "Cat", "Dan", "Eve"), "Dan")
    hand = {"bidder": "Ann", "contract": "7H", "tricks": [7, 1, 1, 1, 0]}
    state = play(AUSTRALIAN, table, hand, hand)
    assert [h.dealer for h in state.hands] == ["Dan", "Eve"]
    assert (state.next_dealer, state.first_bidder) == ("Ann", "Bob")


def test_after_everyone_passes_the_next_dealer_deals_by_default():
    state = play(AUSTRALIAN, TEAMS, {"contract": "pass"})
    assert state.totals == (0, 0)
    assert len(state.hands) == 1
    assert state.next_dealer == "Bob"


def test_a_house_may_have_the_same_dealer_deal_again_after_everyone_passes():
    rules = house(redeal_same_dealer=True)
    state = play(rules, TEAMS, {"contract": "pass"}, {"contract": "pass"})
    assert [h.dealer for h in state.hands] == ["Ann", "Ann"]
    assert (state.next_dealer, state.first_bidder) == ("Ann", "Bob")
    hand = {"bidder": "Bob", "contract": "7H", "tricks": 7}
    assert play(rules, TEAMS, {"contract": "pass"}, hand).next_dealer == "Bob"


def test_an_all_pass_hand_played_at_no_trumps_moves_the_deal_on():
    rules = house(all_pass="play_no_trumps", redeal_same_dealer=True)
    state = play(rules, TEAMS, {"contract": "pass", "tricks": [5, 5]})
    assert state.next_dealer == "Bob"


@pytest.mark.parametrize(
    ("sides", "field"),
    [
        ([("Us", ["Ann", "Cat"]), ("Them", ["ann", "Dan"])], "players"),
        ([("Us", ["Ann", "Cat"]), ("us", ["Bob", "Dan"])], "sides"),
        ([("Us", ["Ann", " "]), ("Them", ["Bob", "Dan"])], "players"),
        ([("Us", ["Ann", "x" * 41]), ("Them", ["Bob", "Dan"])], "players"),
        ([("Us", ["Ann", "C\x07t"]), ("Them", ["Bob", "Dan"])], "players"),
        ([("Us", ["Ann", 7]), ("Them", ["Bob", "Dan"])], "players"),
        ([("", ["Ann", "Cat"]), ("Them", ["Bob", "Dan"])], "sides"),
        ([("Us", "Ann"), ("Them", "Bob")], "sides"),
        (["Us", "Them"], "sides"),
        ([1, 2], "sides"),
        ([("Us",), ("Them",)], "sides"),
        ("Us and Them", "sides"),
    ],
)
def test_names_at_a_table_are_checked_and_the_field_named(sides, field):
    with pytest.raises(ScoringError) as caught:
        make_table(sides)
    assert caught.value.field == field


def test_the_first_dealer_must_sit_at_the_table():
    with pytest.raises(ScoringError) as caught:
        make_table(lone("Ann", "Bob"), "Zed")
    assert caught.value.field == "first_dealer"


def test_names_are_tidied():
    table = make_table([("  Us ", ["Ann  Lee", "Cat"]), ("Them", ["Bob", "Dan"])])
    assert table.sides[0].name == "Us"
    assert table.sides[0].players == ("Ann Lee", "Cat")


# Set and ralph rules: who may not bid in the next hand.

SET = house(set_rule=True)
RALPH = house(ralph_rule=True)


@pytest.mark.parametrize(
    ("contract", "set_at", "not_set_at"),
    [("7S", 5, 6), ("8S", 6, 7), ("9S", 7, 8), ("10S", 8, 9)],
)
def test_a_bidder_two_or_more_tricks_short_is_set_and_may_not_bid_next_hand(
    contract, set_at, not_set_at
):
    hand = {"bidder": "Ann", "contract": contract}
    assert play(SET, TEAMS, {**hand, "tricks": set_at}).barred == ("Ann",)
    assert play(SET, TEAMS, {**hand, "tricks": not_set_at}).barred == ()


def test_a_seven_bid_taking_five_is_set_and_taking_six_is_not():
    hand = {"bidder": "Bob", "contract": "7H"}
    assert play(SET, TEAMS, {**hand, "tricks": 5}).barred == ("Bob",)
    assert play(SET, TEAMS, {**hand, "tricks": 6}).barred == ()


def test_a_grand_slam_one_trick_short_is_not_set_and_two_short_is():
    rules = house(set_rule=True, floor=-1000, contracts={"grand_slam": {}})
    hand = {"bidder": "Ann", "contract": "grand_slam"}
    assert play(rules, TEAMS, {**hand, "tricks": 9}).barred == ()
    assert play(rules, TEAMS, {**hand, "tricks": 8}).barred == ("Ann",)


def test_hi_lo_is_never_set():
    rules = house(set_rule=True, contracts={"hi_lo": {}})
    for tricks in (0, 1, 4, 6, 10):
        hand = {"bidder": "Ann", "contract": "hi_lo", "tricks": tricks}
        assert play(rules, TEAMS, hand).barred == ()


def test_a_bidder_taking_three_tricks_in_a_misere_is_set():
    hand = {"bidder": "Ann", "contract": "misere"}
    assert play(SET, TEAMS, {**hand, "tricks": 3}).barred == ("Ann",)
    assert play(SET, TEAMS, {**hand, "tricks": 2}).barred == ()


def test_nine_hearts_taking_six_is_ralphed():
    hand = {"bidder": "Bob", "contract": "9H"}
    assert play(RALPH, TEAMS, {**hand, "tricks": 6}).barred == ("Bob",)
    assert play(RALPH, TEAMS, {**hand, "tricks": 7}).barred == ()


def test_a_bidder_three_or_more_tricks_short_is_ralphed():
    hand = {"bidder": "Bob", "contract": "8H"}
    assert play(RALPH, TEAMS, {**hand, "tricks": 5}).barred == ("Bob",)
    assert play(RALPH, TEAMS, {**hand, "tricks": 4}).barred == ("Bob",)
    assert play(RALPH, TEAMS, {**hand, "tricks": 6}).barred == ()


def test_a_bidder_taking_three_tricks_in_a_nullo_is_ralphed():
    rules = house("american", ralph_rule=True)
    hand = {"bidder": "Bob", "contract": "misere"}
    assert play(rules, TEAMS, {**hand, "tricks": 3}).barred == ("Bob",)
    assert play(rules, TEAMS, {**hand, "tricks": 2}).barred == ()


def test_without_the_set_and_ralph_rules_nobody_is_barred():
    assert (
        play(
            AUSTRALIAN, TEAMS, {"bidder": "Ann", "contract": "10S", "tricks": 0}
        ).barred
        == ()
    )


def test_a_barred_bidder_is_refused_in_the_next_hand_only():
    set_hand = {"bidder": "Ann", "contract": "7S", "tricks": 5}
    with pytest.raises(ScoringError) as caught:
        play(SET, TEAMS, set_hand, {"bidder": "Ann", "contract": "6S", "tricks": 6})
    assert (caught.value.field, caught.value.hand) == ("bidder", 2)
    state = play(
        SET,
        TEAMS,
        set_hand,
        {"bidder": "Bob", "contract": "6S", "tricks": 6},
        {"bidder": "Ann", "contract": "6S", "tricks": 6},
    )
    assert state.barred == ()


def test_a_lone_player_named_by_side_is_still_barred():
    rules = house(set_rule=True)
    state = play(rules, THREE, {"side": 0, "contract": "10S", "tricks": [7, 2, 1]})
    assert state.barred == ("Ann",)


def test_a_bidder_set_five_handed_is_barred_but_never_the_partner():
    hand = {
        "bidder": "Ann",
        "partner": "Cat",
        "contract": "10H",
        "tricks": [3, 2, 4, 1, 0],
    }
    assert play(SET, FIVE, hand).barred == ("Ann",)
    called = {**hand, "bidder": "Cat", "partner": "Ann"}
    assert play(house(set_rule=True, ralph_rule=True), FIVE, called).barred == ("Cat",)


def test_five_handed_the_bidder_and_partner_tricks_together_decide_the_set():
    hand = {
        "bidder": "Ann",
        "partner": "Cat",
        "contract": "8H",
        "tricks": [3, 2, 4, 1, 0],
    }
    assert play(SET, FIVE, hand).barred == ()


def test_a_redealt_hand_uses_up_the_bar():
    set_hand = {"bidder": "Ann", "contract": "7S", "tricks": 4}
    state = play(SET, TEAMS, set_hand, {"contract": "pass"})
    assert state.barred == ()
    again = {"bidder": "Ann", "contract": "6S", "tricks": 6}
    assert play(SET, TEAMS, set_hand, {"contract": "pass"}, again).totals[0] == -100


def test_hi_lo_is_not_a_misere_for_the_ralph_rule_but_being_far_short_is():
    rules = house(ralph_rule=True, contracts={"hi_lo": {}})
    hand = {"bidder": "Ann", "contract": "hi_lo"}
    assert play(rules, TEAMS, {**hand, "tricks": 6}).barred == ()
    assert play(rules, TEAMS, {**hand, "tricks": 3}).barred == ()
    assert play(rules, TEAMS, {**hand, "tricks": 2}).barred == ("Ann",)


def test_six_in_three_teams_of_two_score_like_three_sides():
    table = make_table([("A", ["A1", "A2"]), ("B", ["B1", "B2"]), ("C", ["C1", "C2"])])
    hand = {"bidder": "B2", "contract": "7S", "tricks": [2, 7, 1]}
    state = play(AUSTRALIAN, table, hand)
    assert state.totals == (20, 140, 10)
    assert (state.hands[0].dealer, state.next_dealer) == ("A1", "B1")


def test_six_in_two_teams_of_three_score_like_two_sides():
    table = make_table([("Us", ["A1", "A2", "A3"]), ("Them", ["B1", "B2", "B3"])])
    state = play(AUSTRALIAN, table, {"bidder": "A3", "contract": "8NT", "tricks": 8})
    assert state.totals == (320, 20)


def test_going_on_from_a_replay_keeps_the_bar_on_a_set_bidder():
    before = play(SET, TEAMS, {"bidder": "Ann", "contract": "7S", "tricks": 5})
    again = make_hand(SET, TEAMS, bidder="Ann", contract="6S", tricks=6)
    with pytest.raises(ScoringError) as caught:
        replay(SET, TEAMS, [again], since=before)
    assert (caught.value.field, caught.value.hand) == ("bidder", 2)
