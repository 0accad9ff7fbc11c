"""What wins from here, for every table: each hint is true against a replay."""

from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import AMERICAN, AUSTRALIAN, FIVE, TEAMS, THREE, house, play

from scorekeeper.scoring import (
    PRESETS,
    Outlook,
    ScoringError,
    first_out_matters,
    make_hand,
    outlook,
    replay,
)

WALKER = PRESETS["walker_ultimate"]


def us(contract, tricks):
    return {"bidder": "Ann", "contract": contract, "tricks": tricks}


def them(contract, tricks):
    return {"bidder": "Bob", "contract": contract, "tricks": tricks}


def key(contract):
    return None if contract is None else contract.key


def test_with_an_exact_target_only_the_contract_landing_on_it_wins():
    state = play(WALKER, TEAMS, us("8H", 8))  # Us 300
    ahead = outlook(WALKER, TEAMS, state)
    assert [c.key for c in ahead[0].winning] == ["7H"]
    assert key(ahead[0].wins_with) == "7H"
    assert ahead[0].or_better is False


def test_without_an_exact_target_any_bigger_contract_wins_too():
    state = play(AUSTRALIAN, TEAMS, us("8H", 8))
    ahead = outlook(AUSTRALIAN, TEAMS, state)
    assert key(ahead[0].wins_with) == "7H"
    assert ahead[0].or_better is True


def test_the_outlook_names_the_least_contract_that_reaches_the_ceiling():
    state = play(WALKER, TEAMS, us("10NT", 10), them("6S", 2))  # Us 600
    assert state.totals[0] == 600
    assert key(outlook(WALKER, TEAMS, state)[0].ceiling_with) == "9H"


def test_the_slam_bonus_wins_with_less_when_all_ten_tricks_are_taken():
    state = play(AUSTRALIAN, TEAMS, us("7H", 7), us("6C", 6))  # Us 260
    assert state.totals[0] == 260
    ahead = outlook(AUSTRALIAN, TEAMS, state)[0]
    assert key(ahead.wins_with) == "8S"
    assert key(ahead.slam_wins_with) == "6S"


def test_the_youngstown_bonus_counts_when_all_ten_tricks_are_taken():
    rules = house(slam_bonus=False, youngstown_bonus=True)
    state = play(rules, TEAMS, us("9S", 9))  # Us 340
    ahead = outlook(rules, TEAMS, state)[0]
    assert key(ahead.wins_with) == "7C"
    assert key(ahead.slam_wins_with) == "6C"  # 60 + 100


def test_five_handed_a_called_partner_halves_what_a_contract_brings():
    state = play(AUSTRALIAN, FIVE, us("9NT", [9, 1, 0, 0, 0]))  # Ann 420
    ahead = outlook(AUSTRALIAN, FIVE, state)[0]
    assert key(ahead.wins_with) == "6D"
    assert {p: c.key for p, c in ahead.partners} == {
        "Bob": "7C",
        "Cat": "7C",
        "Dan": "7C",
        "Eve": "7C",
    }
    full = house(partner_share="full")
    state = play(full, FIVE, us("9NT", [9, 1, 0, 0, 0]))
    assert {c.key for _, c in outlook(full, FIVE, state)[0].partners} == {"6D"}


def test_a_partner_already_out_and_higher_takes_the_win_from_the_bidder():
    rules = house(partner_share="full")
    state = play(
        rules,
        FIVE,
        us("9NT", [9, 1, 0, 0, 0]),
        {"bidder": "Bob", "contract": "10S", "tricks": [0, 10, 0, 0, 0]},
    )  # Ann 420, Bob 450
    partners = dict(outlook(rules, FIVE, state)[0].partners)
    assert key(partners["Cat"]) == "6D"
    assert "Bob" not in partners  # Bob, out too, always has 30 more than Ann


def test_a_lone_player_barred_from_bidding_has_no_contract():
    rules = house(set_rule=True)
    state = play(rules, THREE, us("10S", [7, 2, 1]))
    assert state.barred == ("Ann",)
    assert outlook(rules, THREE, state)[0] == Outlook(0, None, None)
    assert outlook(rules, THREE, state)[1].wins_with is not None


def test_a_team_with_one_player_barred_bids_through_the_other():
    rules = house(set_rule=True)
    state = play(rules, TEAMS, us("9NT", 9), us("7S", 5))  # Us 280
    assert state.barred == ("Ann",)
    assert key(outlook(rules, TEAMS, state)[0].wins_with) == "7NT"


def test_near_the_end_of_a_session_the_leader_wins_with_any_contract():
    rules = house("youngstown", hands_limit=2)
    state = play(rules, TEAMS, us("7S", 7))
    ahead = outlook(rules, TEAMS, state)
    assert key(ahead[0].wins_with) == "7S"
    # Them: 30 + 160 beats 140 + 30; 7S would tie at 170, and a tie has no winner.
    assert key(ahead[1].wins_with) == "7C"


# The property: every hint is what a replay of that hand says.


def defenders_share(table, contractors, taken):
    """Share the tricks the contractors did not take, lower sides first."""
    defenders = [s for s in range(len(table.sides)) if s not in contractors]
    even, spare = divmod(10 - taken, len(defenders))
    return {s: even + (i < spare) for i, s in enumerate(defenders)}


def reported(rules, table, bidder, contract, taken, partner=None):
    """Report the hand a bid takes `taken` tricks in, through make_hand."""
    side = table.side_of(bidder)
    if len(table.sides) == 2:
        return make_hand(
            rules, table, contract=contract.key, bidder=bidder, tricks=taken
        )
    tricks = [0] * len(table.sides)
    contractors = [side]
    tricks[side] = taken
    if partner is not None:
        contractors.append(table.side_of(partner))
        tricks[side], tricks[contractors[1]] = taken - taken // 2, taken // 2
    for s, t in defenders_share(table, contractors, taken).items():
        tricks[s] = t
    return make_hand(
        rules,
        table,
        contract=contract.key,
        bidder=bidder,
        tricks=tricks,
        partner=partner,
    )


def wins(rules, table, state, side, hand):
    after = replay(rules, table, [hand], since=state)
    return after.finished and after.winner == side


@st.composite
def outlook_rules(draw):
    target = draw(st.sampled_from([250, 500]))
    extra = draw(st.sampled_from([{}, {"grand_slam": {}, "hi_lo": {}}]))
    return house(
        target=target,
        ceiling=draw(st.sampled_from([None, 600, 1000])),
        exact_target=draw(st.booleans()),
        partner_share=draw(st.sampled_from(["half", "full"])),
        slam_bonus=draw(st.booleans()),
        youngstown_bonus=draw(st.booleans()),
        win_requires_contract=draw(st.booleans()),
        lock=draw(st.sampled_from([None, 240, 490])),
        failure=draw(st.sampled_from(["subtract", "to_opponents"])),
        defender_tricks=draw(st.sampled_from(["always", "never"])),
        point_spread=draw(st.sampled_from([None, 400])),
        hands_limit=draw(st.sampled_from([None, 4, 8])),
        set_rule=draw(st.booleans()),
        contracts={"misere": 250, "open_misere": 500, **extra},
    )


@st.composite
def positions(draw):
    """Draw rules, a table and a game not yet over, played by random hands."""
    rules = draw(outlook_rules())
    table = draw(st.sampled_from([TEAMS, THREE, FIVE]))
    bids = rules.normal_contracts() + rules.special_contracts()
    state = replay(rules, table, [])
    for _ in range(draw(st.integers(0, 10))):
        contract = draw(st.sampled_from(bids))
        bidder = draw(st.sampled_from(table.players))
        partner = None
        if len(table.sides) == 5 and not contract.is_misere:
            partner = draw(st.sampled_from([None, *table.players]))
            partner = None if partner == bidder else partner
        taken = draw(st.integers(0, 10))
        try:
            hand = reported(rules, table, bidder, contract, taken, partner)
            after = replay(rules, table, [hand], since=state)
        except ScoringError:
            continue  # a barred bidder
        if after.finished:
            break
        state = after
    return rules, table, state


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_hint_of_the_outlook_is_what_replaying_that_hand_gives(position):
    rules, table, state = position
    bids = sorted(
        rules.normal_contracts() + rules.special_contracts(), key=lambda c: c.value
    )
    for side, view in enumerate(outlook(rules, table, state)):
        assert view.side == side
        free = [p for p in table.sides[side].players if p not in state.barred]
        if not free:
            assert view == Outlook(side, None, None)
            continue
        bidder = free[0]
        made = tuple(
            c
            for c in bids
            if wins(
                rules,
                table,
                state,
                side,
                reported(rules, table, bidder, c, 0 if c.made == "none" else c.tricks),
            )
        )
        assert view.winning == made
        assert view.wins_with == (made[0] if made else None)
        assert view.or_better == (
            bool(made) and all(c in made for c in bids if c.value >= made[0].value)
        )
        slam = next(
            (
                c
                for c in bids
                if c.is_made(10)
                and wins(
                    rules, table, state, side, reported(rules, table, bidder, c, 10)
                )
            ),
            None,
        )
        assert view.slam_wins_with == slam
        if len(table.sides) == 5:
            for partner in table.players:
                if partner == bidder:
                    continue
                called = next(
                    (
                        c
                        for c in bids
                        if not c.is_misere
                        and wins(
                            rules,
                            table,
                            state,
                            side,
                            reported(rules, table, bidder, c, c.tricks, partner),
                        )
                    ),
                    None,
                )
                assert dict(view.partners).get(partner) == called
        ruin = None
        for c in sorted(bids, key=lambda c: c.penalty):
            failed = reported(rules, table, bidder, c, c.tricks - 1 if c.tricks else 1)
            after = replay(rules, table, [failed], since=state)
            if after.ending == "back_door" and after.totals[side] <= rules.floor:
                ruin = c
                break
        assert view.back_door_with == ruin
        ceiling = None
        for c in bids:
            hand = reported(
                rules, table, bidder, c, 0 if c.made == "none" else c.tricks
            )
            after = replay(rules, table, [hand], since=state)
            if after.ending == "ceiling" and after.totals[side] >= rules.ceiling:
                ceiling = c
                break
        assert view.ceiling_with == ceiling


def test_first_out_matters_only_when_two_sides_could_reach_the_target_together():
    assert first_out_matters(AMERICAN, (460, 460, 0))
    assert not first_out_matters(AMERICAN, (460, 390, 0))  # a defender gets 100
    assert not first_out_matters(AUSTRALIAN, (460, 460, 0))  # only contracts win
    assert not first_out_matters(house("american", target=None), (460, 460, 0))
    to_them = house("american", failure="to_opponents")
    assert first_out_matters(to_them, (460, 0, -100))  # a failed 10NT goes to them
    exact = house("american", exact_target=True)
    assert first_out_matters(exact, (700, 480, 0))  # 700 can fall onto 500
