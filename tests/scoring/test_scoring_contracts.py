"""RULES.md section 2: contracts, their values, and which may be bid."""

import pytest
from scoring_helpers import (
    AMERICAN,
    AUSTRALIAN,
    FRENCH_CANADIAN,
    PERFECT,
    TASMANIAN,
    YOUNGSTOWN,
    house,
)

from scorekeeper.scoring import ScoringError, parse_contract


def value(rules, key):
    contract = parse_contract(rules, key)
    assert contract is not None
    return contract.value


@pytest.mark.parametrize(
    ("key", "worth"),
    [("6S", 40), ("7H", 200), ("8C", 260), ("10NT", 520)],
)
def test_the_worked_examples_of_the_avondale_schedule(key, worth):
    assert value(AUSTRALIAN, key) == worth


def test_the_six_row_of_the_schedule_runs_spades_clubs_diamonds_hearts_no_trumps():
    assert [value(AUSTRALIAN, f"6{s}") for s in ("S", "C", "D", "H", "NT")] == [
        40,
        60,
        80,
        100,
        120,
    ]


def test_each_trick_more_adds_a_hundred():
    assert [value(AUSTRALIAN, f"{n}D") for n in range(6, 11)] == [
        80,
        180,
        280,
        380,
        480,
    ]


def test_six_spades_is_the_lowest_contract_and_ten_no_trumps_the_highest():
    normal = AUSTRALIAN.normal_contracts()
    assert (normal[0].key, normal[0].value) == ("6S", 40)
    assert (normal[-1].key, normal[-1].value) == ("10NT", 520)
    assert min(c.value for c in normal) == 40
    assert max(c.value for c in normal) == 520


@pytest.mark.parametrize(("key", "worth"), [("6S", 20), ("10NT", 500), ("7H", 180)])
def test_the_perfect_variant_is_every_normal_value_minus_twenty(key, worth):
    assert value(PERFECT, key) == worth


@pytest.mark.parametrize(
    ("rules", "key", "worth"),
    [
        (AUSTRALIAN, "misere", 250),
        (AUSTRALIAN, "open_misere", 500),
        (AMERICAN, "misere", 250),
        (TASMANIAN, "misere", 250),
        (TASMANIAN, "open_misere", 520),
        (FRENCH_CANADIAN, "misere", 500),
        (FRENCH_CANADIAN, "open_misere", 1000),
        (PERFECT, "misere", 250),
    ],
)
def test_the_presets_special_contracts_have_the_values_of_the_rule_table(
    rules, key, worth
):
    assert value(rules, key) == worth


@pytest.mark.parametrize(
    ("key", "worth"),
    [
        ("blind_misere", 500),
        ("misere_no_pickup", 350),
        ("grand_nullo", 510),
        ("patastrophe", 1000),
        ("hi_lo", 350),
        ("grand_slam", 500),
        ("grand_slam_nt", 520),
    ],
)
def test_each_special_contract_a_house_enables_has_its_default_value(key, worth):
    rules = house(contracts={key: {}})
    assert value(rules, key) == worth


def test_a_house_may_change_a_special_contracts_value():
    assert value(house(contracts={"misere": 150}), "misere") == 150


def test_a_grand_slam_that_fails_costs_500_even_at_no_trumps():
    rules = house(contracts={"grand_slam_nt": {}})
    contract = parse_contract(rules, "grand_slam_nt")
    assert contract is not None
    assert (contract.value, contract.penalty) == (520, 500)


def test_a_bid_is_read_whatever_its_case_and_padding():
    contract = parse_contract(AUSTRALIAN, " 7h ")
    assert contract is not None
    assert (contract.key, contract.value) == ("7H", 200)
    assert parse_contract(AUSTRALIAN, "Misere") == parse_contract(AUSTRALIAN, "misere")


def test_everyone_passing_is_no_contract():
    assert parse_contract(AUSTRALIAN, "pass") is None
    assert parse_contract(AUSTRALIAN, "PASS") is None


def test_a_six_is_refused_in_youngstown_where_it_is_only_a_signal():
    with pytest.raises(ScoringError, match="six") as caught:
        parse_contract(YOUNGSTOWN, "6NT")
    assert caught.value.field == "contract"
    assert value(YOUNGSTOWN, "7S") == 140


@pytest.mark.parametrize(
    ("rules", "key"),
    [(YOUNGSTOWN, "misere"), (AMERICAN, "open_misere"), (AUSTRALIAN, "hi_lo")],
)
def test_a_misere_is_refused_where_the_rules_do_not_allow_it(rules, key):
    with pytest.raises(ScoringError, match="not allowed") as caught:
        parse_contract(rules, key)
    assert caught.value.field == "contract"


@pytest.mark.parametrize("text", ["11S", "5H", "7X", "seven", "", None, 7])
def test_anything_else_is_not_a_contract(text):
    with pytest.raises(ScoringError) as caught:
        parse_contract(AUSTRALIAN, text)
    assert caught.value.field == "contract"


def test_a_house_contract_is_made_by_its_own_kind_of_result():
    rules = house(
        contracts={"big_eight": {"name": "Big eight", "value": 300, "tricks": 8}}
    )
    contract = parse_contract(rules, "big_eight")
    assert contract is not None
    assert (contract.name, contract.value) == ("Big eight", 300)
    assert [contract.is_made(t) for t in (7, 8, 10)] == [False, True, True]


def test_a_house_contract_is_bid_by_its_key_whatever_the_case():
    rules = house(contracts={"big_eight": {"value": 300, "tricks": 8}})
    contract = parse_contract(rules, "Big_Eight")
    assert contract is not None
    assert contract.value == 300
    assert parse_contract(rules, "big_eight") == contract


@pytest.mark.parametrize("text", ["6ſ", "ｍisere", "Misère", "7Ｈ"])
def test_a_bid_outside_plain_letters_and_digits_is_not_a_contract(text):
    with pytest.raises(ScoringError) as caught:
        parse_contract(AUSTRALIAN, text)
    assert caught.value.field == "contract"


def test_six_spades_keeps_its_value_whatever_the_house_contracts_are_called():
    contract = parse_contract(house(contracts={"misere": 250}), "6S")
    assert contract is not None
    assert (contract.key, contract.value) == ("6S", 40)
