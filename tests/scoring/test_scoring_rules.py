"""RULES.md section 6 and API.md: rule sets as data, their checks and their words."""

import json

import pytest
from scoring_helpers import house

from scorekeeper.scoring import (
    PRESET_NAMES,
    PRESETS,
    ScoringError,
    describe_rules,
    differences,
    in_short,
    rules_from_dict,
    rules_to_dict,
)


def specials(rules):
    return {s.key: s.value for s in rules.contracts}


def test_every_preset_the_api_promises_exists_with_a_name():
    for key in (
        "australian",
        "american",
        "youngstown",
        "tasmanian",
        "french_canadian",
        "perfect",
        "walker_ultimate",
    ):
        assert PRESETS[key].preset == key
        assert PRESET_NAMES[key]


def test_the_australian_preset_is_the_default():
    rules = rules_from_dict({})
    assert rules == PRESETS["australian"]
    assert specials(rules) == {"misere": 250, "open_misere": 500}
    assert (rules.failure, rules.defender_tricks, rules.misere_defenders) == (
        "subtract",
        "always",
        "nothing",
    )
    assert (rules.target, rules.floor, rules.win_requires_contract) == (500, -500, True)
    assert (rules.slam_bonus, rules.youngstown_bonus) == (True, False)


def test_the_american_preset():
    rules = PRESETS["american"]
    assert specials(rules) == {"misere": 250}
    assert rules.misere_defenders == "per_contractor_trick"
    assert (rules.target, rules.floor, rules.win_requires_contract) == (
        500,
        -500,
        False,
    )
    assert rules.slam_bonus is False


def test_the_youngstown_preset():
    rules = PRESETS["youngstown"]
    assert specials(rules) == {}
    assert rules.six_contracts is False
    assert (rules.youngstown_bonus, rules.slam_bonus) == (True, False)
    assert (rules.target, rules.floor, rules.hands_limit) == (None, None, 40)


def test_the_tasmanian_preset():
    rules = PRESETS["tasmanian"]
    assert specials(rules) == {"misere": 250, "open_misere": 520}
    assert (rules.failure, rules.defender_tricks) == ("to_opponents", "never")
    assert (rules.target, rules.floor) == (1000, None)


def test_the_french_canadian_preset():
    rules = PRESETS["french_canadian"]
    assert specials(rules) == {"misere": 500, "open_misere": 1000}
    assert (rules.failure, rules.defender_tricks) == ("to_opponents", "never")
    assert (rules.target, rules.floor) == (1000, None)


def test_the_perfect_preset_is_australian_less_twenty():
    rules = PRESETS["perfect"]
    assert rules.normal_offset == -20
    assert (rules.target, rules.floor, rules.win_requires_contract) == (500, -500, True)
    assert specials(rules) == specials(PRESETS["australian"])


def test_the_walker_ultimate_preset_is_australian_with_an_exact_target_and_a_ceiling():
    rules = PRESETS["walker_ultimate"]
    assert PRESET_NAMES["walker_ultimate"] == "Walker Ultimate"
    assert (rules.exact_target, rules.ceiling) == (True, 1000)
    assert rules == house(exact_target=True, ceiling=1000, preset="walker_ultimate")
    assert (rules.target, rules.floor, rules.failure) == (500, -500, "subtract")
    assert rules.defender_tricks == "always"


def test_no_other_preset_has_an_exact_target_or_a_ceiling():
    for key, rules in PRESETS.items():
        if key != "walker_ultimate":
            assert (rules.exact_target, rules.ceiling) == (False, None)


def test_the_lock_spread_set_ralph_and_all_pass_switches_exist_on_any_preset():
    for key in PRESETS:
        rules = house(
            key,
            lock=490,
            point_spread=500,
            set_rule=True,
            ralph_rule=True,
            all_pass="play_no_trumps",
        )
        assert (rules.lock, rules.point_spread, rules.all_pass) == (
            490,
            500,
            "play_no_trumps",
        )


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_round_trips_through_plain_json(key):
    data = json.loads(json.dumps(rules_to_dict(PRESETS[key])))
    assert rules_from_dict(data) == PRESETS[key]


def test_a_house_rule_set_round_trips_with_its_own_contract():
    rules = house(
        "american",
        lock=460,
        contracts={
            "misere": 150,
            "grand_slam": {},
            "big_eight": {"name": "Big eight", "value": 300, "tricks": 8},
        },
    )
    data = json.loads(json.dumps(rules_to_dict(rules)))
    assert data["contracts"]["misere"] == 150
    assert data["contracts"]["big_eight"]["value"] == 300
    assert data["lock"] == 460
    assert rules_from_dict(data) == rules


def test_overrides_change_only_what_they_name():
    rules = house("tasmanian", target=750)
    assert rules.target == 750
    assert rules.failure == "to_opponents"
    assert rules.preset == "tasmanian"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"preset": "klingon"}, "preset"),
        ({"preset": ["australian"]}, "preset"),
        ({"lock": "490"}, "lock"),
        ({"lock": 4.9}, "lock"),
        ({"lock": 0}, "lock"),
        ({"target": True}, "target"),
        ({"target": 0}, "target"),
        ({"floor": 100}, "floor"),
        ({"slam_bonus": 1}, "slam_bonus"),
        ({"six_contracts": "no"}, "six_contracts"),
        ({"failure": "double"}, "failure"),
        ({"defender_tricks": ["never"]}, "defender_tricks"),
        ({"misere_defenders": None}, "misere_defenders"),
        ({"all_pass": "replay"}, "all_pass"),
        ({"partner_share": "third"}, "partner_share"),
        ({"normal_offset": -40}, "normal_offset"),
        ({"normal_offset": "20"}, "normal_offset"),
        ({"points_per_trick": -10}, "points_per_trick"),
        ({"hands_limit": 0}, "hands_limit"),
        ({"point_spread": -500}, "point_spread"),
        ({"target": 10**9}, "target"),
        ({"contracts": ["misere"]}, "contracts"),
        ({"contracts": {"misere": "250"}}, "contracts"),
        ({"contracts": {"misere": 0}}, "contracts"),
        ({"contracts": {"mystery": 300}}, "contracts"),
        ({"contracts": {"big": {"value": 300, "made": "most"}}}, "contracts"),
        ({"contracts": {"big": {"value": 300, "tricks": 11}}}, "contracts"),
        ({"contracts": {"big": {"value": 300, "colour": "red"}}}, "contracts"),
        ({"contracts": {"7nt": {"value": 300}}}, "contracts"),
        ({"contracts": {"Pass": {"value": 300}}}, "contracts"),
        ({"target": None, "floor": None}, "target"),
        ({"contracts": {"Misère": 250}}, "contracts"),
        ({"contracts": {"6ſ": {"value": 300, "tricks": 6}}}, "contracts"),
        ({"contracts": {"BigEight": {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"big eight": {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"_big": {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"8big": {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"b" * 31: {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"b" * 41: {"value": 300, "tricks": 8}}}, "contracts"),
        ({"contracts": {"pass": {"value": 300}}}, "contracts"),
        ({"contracts": {"6s": {"value": 300}}}, "contracts"),
        ({"contracts": {"10NT": {"value": 300}}}, "contracts"),
        ({"contracts": {"": 250}}, "contracts"),
        ({"ceiling": 500}, "ceiling"),
        ({"ceiling": 400}, "ceiling"),
        ({"ceiling": 0, "target": None}, "ceiling"),
        ({"ceiling": "1000"}, "ceiling"),
        ({"exact_target": "yes"}, "exact_target"),
    ],
)
def test_a_bad_rule_names_the_setting_at_fault(data, field):
    with pytest.raises(ScoringError) as caught:
        rules_from_dict(data)
    assert caught.value.field == field
    assert str(caught.value)


def test_a_house_contract_key_of_30_plain_characters_is_allowed():
    key = "big_eight_" + "x" * 19 + "9"
    assert len(key) == 30
    rules = house(contracts={key: {"value": 300, "tricks": 8}})
    assert [s.key for s in rules.contracts] == [key]


def test_the_rules_must_be_an_object():
    with pytest.raises(ScoringError) as caught:
        rules_from_dict(["australian"])
    assert caught.value.field == "rules"


# describe_rules: one plain sentence per setting.


def words(rules):
    return " ".join(describe_rules(rules))


@pytest.mark.parametrize(
    ("setting", "value", "phrase"),
    [
        ("contracts", {}, "No misère"),
        ("normal_offset", -20, "20 less"),
        ("six_contracts", False, "six is only a signal"),
        ("slam_bonus", False, "No slam bonus"),
        ("youngstown_bonus", True, "100 more"),
        ("failure", "to_opponents", "goes to every opposing side"),
        ("defender_tricks", "never", "Defenders score nothing"),
        ("defender_tricks", "only_if_contract_fails", "only when the contract fails"),
        ("misere_defenders", "per_contractor_trick", "each trick the contractor"),
        ("points_per_trick", 20, "score 20 for each trick"),
        ("lock", 490, "above 490"),
        ("target", 1000, "1000"),
        ("floor", -1000, "-1000 or below"),
        ("floor", None, "no back door"),
        ("win_requires_contract", False, "The first side to 500 wins"),
        ("point_spread", 500, "500 or more points ahead"),
        ("hands_limit", 40, "After 40 hands"),
        ("all_pass", "play_no_trumps", "played at no trumps"),
        ("redeal_same_dealer", True, "the same dealer deals"),
        ("partner_share", "full", "full value"),
        ("exact_target", True, "Only exactly 500 goes out"),
        ("ceiling", 1000, "at 1000 or above loses"),
        ("set_rule", True, "is set"),
        ("ralph_rule", True, "3 or more tricks short"),
    ],
)
def test_each_setting_is_told_in_plain_words(setting, value, phrase):
    assert phrase not in words(house())
    assert phrase in words(house(**{setting: value}))


def test_the_rules_are_told_one_sentence_at_a_time():
    for key in PRESETS:
        lines = describe_rules(PRESETS[key])
        assert lines[0] == f"Based on the {PRESET_NAMES[key]} rules."
        assert all(line.endswith(".") for line in lines)
        assert len(lines) == len(set(lines))


def test_the_slam_sentences_tell_both_bonuses_together():
    assert "scores 250, then 100 more" in words(house(youngstown_bonus=True))


def test_a_house_contract_is_told_with_what_makes_it():
    rules = house(contracts={"big": {"name": "Big eight", "value": 300, "tricks": 8}})
    told = "Big eight is worth 300. Big eight: made with 8 or more tricks."
    assert told in describe_rules(rules)


def test_the_american_first_out_rule_says_it_is_assumed_when_not_recorded():
    assert "first out wins (assumed: the higher total" in words(PRESETS["american"])


def test_french_canadian_defenders_scoring_nothing_is_said_to_be_assumed():
    lines = describe_rules(PRESETS["french_canadian"])
    assert any(
        line.startswith("Defenders score nothing") and "assumed" in line
        for line in lines
    )
    lines = describe_rules(PRESETS["tasmanian"])
    assert any(
        line.startswith("Defenders score nothing") and "assumed" not in line
        for line in lines
    )


def test_blind_misere_at_500_is_said_to_be_assumed():
    lines = describe_rules(house(contracts={"blind_misere": 500}))
    assert any(line.startswith("Blind misère is worth 500 (assumed") for line in lines)
    lines = describe_rules(house(contracts={"blind_misere": 400}))
    assert "Blind misère is worth 400." in lines


def assumed(rules):
    return [line for line in describe_rules(rules) if "assumed" in line]


def test_only_the_assumptions_rules_md_marks_are_said_to_be_assumed():
    assert [line.split(" (assumed")[0] for line in assumed(PRESETS["australian"])] == [
        "Five players: a called partner and the bidder each score half the "
        "contract, taken after any bonus and rounded away from zero",
        "Five players: when the bidder and the called partner both go out, the "
        "higher total wins, else the bidder",
        "A tie for the win, with no first out recorded, has no winner; the game "
        "still ends",
        "Being set or ralphed does not stop a bidder bidding next hand",
    ]


# RULES.md section 6: where the seeds leave a preset open, these hold (assumed).


@pytest.mark.parametrize(
    "key", ["tasmanian", "french_canadian", "perfect", "walker_ultimate"]
)
def test_the_slam_bonus_is_on_and_said_to_be_assumed(key):
    assert PRESETS[key].slam_bonus is True
    assert PRESETS[key].is_assumed("slam_bonus")
    assert any(line.startswith("Taking all ten") for line in assumed(PRESETS[key]))


def test_the_australian_slam_bonus_is_not_assumed():
    assert not PRESETS["australian"].is_assumed("slam_bonus")


@pytest.mark.parametrize("key", ["tasmanian", "french_canadian"])
def test_tasmanian_and_french_canadian_do_not_require_a_contract_to_win(key):
    assert PRESETS[key].win_requires_contract is False
    assert PRESETS[key].is_assumed("win_requires_contract")
    assert any("on defence too (assumed" in line for line in assumed(PRESETS[key]))
    assert "on defence too;" in words(PRESETS["american"])


def test_american_allows_nullo_and_says_it_is_assumed():
    assert specials(PRESETS["american"]) == {"misere": 250}
    assert PRESETS["american"].is_assumed("contracts")
    assert "Misère is worth 250 (assumed" in words(PRESETS["american"])
    assert "Misère is worth 150." in describe_rules(
        house("american", contracts={"misere": 150})
    )


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_the_set_and_ralph_rules_are_off_in_every_preset_as_assumed(key):
    rules = PRESETS[key]
    assert (rules.set_rule, rules.ralph_rule) == (False, False)
    assert rules.is_assumed("set_rule") and rules.is_assumed("ralph_rule")
    assert any(line.startswith("Being set or ralphed") for line in assumed(rules))
    assert not any(
        line.startswith("Being set or ralphed")
        for line in describe_rules(house(key, set_rule=True))
    )


def test_a_redeal_using_up_a_bar_is_said_to_be_assumed():
    assert "uses up the bar (assumed" in words(house(set_rule=True))


def test_the_failed_value_after_the_lock_is_said_to_be_assumed():
    rules = house(lock=490, failure="to_opponents")
    assert "added after the lock, never held back (assumed" in words(rules)
    assert "added after the lock" not in words(house(lock=490))


def test_each_defender_getting_the_full_failed_value_five_handed_is_said():
    line = next(
        line
        for line in describe_rules(PRESETS["tasmanian"])
        if line.startswith("Five players: a called partner")
    )
    assert "each defender gets a failed contract's full value (assumed" in line


def test_rules_in_short_name_the_preset_and_only_what_differs():
    assert in_short(PRESETS["australian"]) == "Australian rules"
    assert in_short(house(lock=490)) == "Australian, except: trick points lock at 490"
    changed = house(
        failure="to_opponents", slam_bonus=False, floor=None, contracts={"misere": 150}
    )
    assert differences(changed) == [
        "no slam bonus",
        "a failed bid's value goes to the opponents",
        "no floor",
        "misère 150",
        "no open misère",
    ]


def test_at_a_table_of_four_the_rules_leave_out_the_five_handed_ones():
    four = describe_rules(PRESETS["australian"], 4)
    assert not [line for line in four if "Five players" in line]
    assert len([line for line in describe_rules(PRESETS["australian"], 5)]) == 15
