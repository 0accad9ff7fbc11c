"""Words for the pages: the 'what wins' hints say only what the engine finds true."""

from __future__ import annotations

from scoring_helpers import AUSTRALIAN, FIVE, TEAMS, play

from scorekeeper import present
from scorekeeper.scoring import PRESETS

WALKER = PRESETS["walker_ultimate"]


def us(contract: str, tricks: int) -> dict[str, object]:
    return {"bidder": "Ann", "contract": contract, "tricks": tricks}


def them(contract: str, tricks: int) -> dict[str, object]:
    return {"bidder": "Bob", "contract": contract, "tricks": tricks}


def test_an_australian_hint_says_or_better_and_the_cheaper_slam():
    state = play(AUSTRALIAN, TEAMS, us("8H", 8))  # Us 300, Them 20
    assert present.hints(AUSTRALIAN, TEAMS, state) == [
        "Us: any 7♥ or better goes out; a slam on 6♠ also goes out.",
        "Them: any 10♦ or better goes out; a failed 10NT sends you out the back door.",
    ]


def test_under_walker_ultimate_the_hint_names_only_the_contracts_landing_on_500():
    state = play(WALKER, TEAMS, us("8H", 8))  # Us 300, Them 20
    lines = present.hints(WALKER, TEAMS, state)
    assert lines[0] == "Us: exactly 7♥ wins."
    assert "or better" not in " ".join(lines)
    state = play(WALKER, TEAMS, us("10NT", 10))  # Us 520, Them 0
    assert present.hints(WALKER, TEAMS, state)[1] == (
        "Them: exactly 10♥ or Open misère wins; "
        "a failed 10♥ sends you out the back door."
    )


def test_a_side_near_the_ceiling_is_told_which_contract_would_lose_it_the_game():
    state = play(WALKER, TEAMS, us("10NT", 10), them("6S", 2))  # Us 600
    assert present.hints(WALKER, TEAMS, state)[0] == (
        "Us: 9♥ or more made takes you to the ceiling: you lose."
    )


def test_five_handed_a_called_partner_is_named_when_alone_nothing_lands_on_500():
    hands = [
        {"bidder": "Ann", "contract": "8S", "tricks": [8, 1, 1, 0, 0]},
        {"bidder": "Bob", "contract": "7H", "tricks": [3, 7, 0, 0, 0]},
    ]
    state = play(WALKER, FIVE, *hands)  # Ann 270: half of 10♣ is 230
    assert present.hints(WALKER, FIVE, state)[0] == (
        "Ann: calling any partner, 10♣ goes out."
    )


def test_more_than_three_names_are_cut_short():
    assert present.either(["7♥"]) == "7♥"
    assert present.either(["7♥", "8♠"]) == "7♥ or 8♠"
    assert present.either(["7♥", "8♠", "8♣"]) == "7♥, 8♠ or 8♣"
    assert present.either(["7♥", "8♠", "8♣", "8♦"]) == "7♥, 8♠, 8♣, …"
