"""Words for the pages: the 'what wins' hints say only what the engine finds true."""

from __future__ import annotations

from scoring_helpers import AUSTRALIAN, FIVE, TEAMS, THREE, house, play

from scorekeeper.games import present
from scorekeeper.scoring import PRESETS, deals_ahead, describe_rules

WALKER = PRESETS["walker_ultimate"]


def us(contract: str, tricks: int) -> dict[str, object]:
    return {"bidder": "Ann", "contract": contract, "tricks": tricks}


def them(contract: str, tricks: int) -> dict[str, object]:
    return {"bidder": "Bob", "contract": contract, "tricks": tricks}


def test_an_australian_hint_says_or_better_and_the_cheaper_slam():
    state = play(AUSTRALIAN, TEAMS, us("8H", 8))  # Us 300, Them 20
    assert present.hints(AUSTRALIAN, TEAMS, state) == [
        "Us: 7♥ or better wins. 6♠ with a slam wins too.",
        "Them: 10♦ or better wins. Failing 10NT loses.",
    ]


# "you" beside a side's name ("Them: ... sends you"), "goes out" beside "wins".
MIXED = ("you", "your", "they", "their", "goes out", "also")


def test_hints_are_one_short_line_per_side_with_no_pronouns_even_five_handed():
    hands = [
        {"bidder": "Ann", "contract": "10S", "tricks": [10, 0, 0, 0, 0]},
        {
            "bidder": "Bob",
            "contract": "8D",
            "partner": "Cat",
            "tricks": [0, 4, 4, 1, 1],
        },
        {
            "bidder": "Dan",
            "contract": "9C",
            "partner": "Eve",
            "tricks": [0, 0, 1, 5, 4],
        },
    ]
    for rules, table, played in (
        (AUSTRALIAN, TEAMS, [us("8H", 8)]),
        (WALKER, TEAMS, [us("10NT", 10), them("6S", 2)]),
        (AUSTRALIAN, FIVE, hands),
        (WALKER, FIVE, hands[:1]),
    ):
        lines = present.hints(rules, table, play(rules, table, *played))
        assert 0 < len(lines) <= len(table.sides)
        for line in lines:
            assert len(line) <= 56, line  # about a line on a phone
            assert not set(line.lower().replace(".", " ").split()) & set(MIXED), line
            assert "goes out" not in line, line


def test_under_walker_ultimate_the_hint_names_only_the_contracts_landing_on_500():
    state = play(WALKER, TEAMS, us("8H", 8))  # Us 300, Them 20
    lines = present.hints(WALKER, TEAMS, state)
    assert lines[0] == "Us: Only 7♥ wins."
    assert "or better" not in " ".join(lines)
    state = play(WALKER, TEAMS, us("10NT", 10))  # Us 520, Them 0
    assert present.hints(WALKER, TEAMS, state)[1] == (
        "Them: Only 10♥ or open misère wins. Failing 10♥ loses."
    )


def test_a_side_near_the_ceiling_is_told_which_contract_would_lose_it_the_game():
    state = play(WALKER, TEAMS, us("10NT", 10), them("6S", 2))  # Us 600
    assert present.hints(WALKER, TEAMS, state)[0] == ("Us: Making 9♥ or more loses.")


def test_five_handed_a_called_partner_is_named_when_alone_nothing_lands_on_500():
    hands = [
        {"bidder": "Ann", "contract": "8S", "tricks": [8, 1, 1, 0, 0]},
        {"bidder": "Bob", "contract": "7H", "tricks": [3, 7, 0, 0, 0]},
    ]
    state = play(WALKER, FIVE, *hands)  # Ann 270: half of 10♣ is 230
    assert present.hints(WALKER, FIVE, state)[0] == (
        "Ann: 10♣ calling any partner wins."
    )


def test_more_than_three_names_are_cut_short():
    assert present.either(["7♥"]) == "7♥"
    assert present.either(["7♥", "8♠"]) == "7♥ or 8♠"
    assert present.either(["7♥", "8♠", "8♣"]) == "7♥, 8♠ or 8♣"
    assert present.either(["7♥", "8♠", "8♣", "8♦"]) == "7♥, 8♠, 8♣, …"


def said(rules, table, *hands, kind="recorded"):
    state = play(rules, table, *hands)
    return present.confirmation(table, state.hands[-1], kind)


def test_a_made_hand_is_confirmed_with_the_bidder_the_contract_and_the_points():
    assert said(AUSTRALIAN, TEAMS, them("7H", 7)) == (
        "Hand 1: Bob 7♥ made, Them +200, Us +30."
    )


def test_a_failed_hand_says_failed_and_leaves_out_sides_that_scored_nothing():
    line = said(house(defender_tricks="never"), TEAMS, us("8S", 6))
    assert line == "Hand 1: Ann 8♠ failed, Us \u2212240."


def test_a_slam_says_why_it_scored_more_than_the_bid():
    assert (
        said(AUSTRALIAN, TEAMS, us("7S", 10)) == "Hand 1: Ann 7♠ made, Us +250 (slam)."
    )


def test_a_redealt_all_pass_says_no_points():
    line = said(AUSTRALIAN, TEAMS, us("7H", 7), {"contract": "pass"})
    assert line == "Hand 2: everyone passed, no points."


def test_an_all_pass_played_at_no_trumps_gives_each_side_its_tricks():
    rules = house(all_pass="play_no_trumps")
    line = said(rules, TEAMS, {"contract": "pass", "tricks": [6, 4]})
    assert line == "Hand 1: everyone passed, Us +60, Them +40."


def test_a_misere_reads_in_lower_case_like_a_bid():
    assert (
        said(
            AUSTRALIAN,
            THREE,
            {"bidder": "Bob", "contract": "misere", "tricks": [5, 0, 5]},
        )
        == "Hand 1: Bob misère made, Bob +250."
    )


def test_three_sides_name_each_player_who_scored():
    hand = {"bidder": "Cat", "contract": "7H", "tricks": [2, 1, 7]}
    assert said(AUSTRALIAN, THREE, hand) == (
        "Hand 1: Cat 7♥ made, Cat +200, Ann +20, Bob +10."
    )


def test_a_called_partner_is_named_beside_the_bidder():
    hand = {
        "bidder": "Ann",
        "partner": "Cat",
        "contract": "8S",
        "tricks": [8, 1, 0, 1, 0],
    }
    assert said(AUSTRALIAN, FIVE, hand) == (
        "Hand 1: Ann + Cat 8♠ made, Ann +120, Cat +120, Bob +10, Dan +10."
    )


def test_a_corrected_and_an_undone_hand_say_so():
    hand = them("7H", 7)
    assert said(AUSTRALIAN, TEAMS, hand, kind="corrected").startswith(
        "Hand 1 corrected: Bob 7♥ made"
    )
    assert said(AUSTRALIAN, TEAMS, hand, kind="undone") == (
        "Hand 1 undone: it was Bob 7♥ made, Them +200, Us +30."
    )


def test_special_contracts_read_as_a_sentence_names_them():
    rules = house(contracts={"open_misere": 500, "hi_lo": 350})
    assert [present.bid_words(c) for c in rules.special_contracts()] == [
        "open misère",
        "Hi/Lo",
    ]


def test_one_trick_is_a_trick_in_every_reason_and_rule_line():
    hand = {"bidder": "Ann", "contract": "8S", "tricks": [8, 1, 1, 0, 0]}
    state = play(AUSTRALIAN, FIVE, hand)
    assert state.hands[0].reasons[1:] == ("1 trick", "1 trick", "0 tricks", "0 tricks")
    played = (us("9NT", 9), them("6S", 3), them("7S", 9))  # Us 420, 490, then 1 trick
    locked = play(house(lock=490), TEAMS, *played)
    assert locked.hands[-1].reasons[0] == "1 trick, held at 490"
    rules = house(
        contracts={
            "solo": {"name": "Solo", "value": 100, "made": "exactly", "tricks": 1}
        }
    )
    assert "made with exactly 1 trick." in " ".join(describe_rules(rules))
    assert present.signed(10, "1 trick") == "+10"
    assert present.signed(10, "1 trick, held at 490") == "+10 (1 trick, held at 490)"


def test_the_deals_ahead_start_at_the_next_dealer_and_go_round_the_table():
    state = play(AUSTRALIAN, TEAMS, us("7H", 7))
    ahead = deals_ahead(AUSTRALIAN, TEAMS, state)
    assert ahead["seats"][0] == [state.next_dealer, state.first_bidder]
    assert [seat[0] for seat in ahead["seats"]] == [
        TEAMS.dealer(state.deals + k) for k in range(4)
    ]


def test_the_deals_ahead_say_whether_a_pass_passes_the_deal_on():
    same = house(all_pass="redeal", redeal_same_dealer=True)
    moving = house(all_pass="redeal", redeal_same_dealer=False)
    start = play(same, TEAMS)
    assert deals_ahead(same, TEAMS, start)["passes"] is False
    assert deals_ahead(moving, TEAMS, start)["passes"] is True
    passed = play(same, TEAMS, {"contract": "pass", "tricks": [0, 0]})
    assert passed.next_dealer == start.next_dealer  # as the flag tells the page
