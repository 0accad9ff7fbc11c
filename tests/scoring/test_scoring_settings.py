"""Every rule setting is declared once: its words, kind and allowed values."""

from dataclasses import fields

import pytest

from scorekeeper.scoring import (
    DEFAULT_PRESET,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    Choice,
    Rules,
    ScoringError,
    rules_from_dict,
)
from scorekeeper.scoring.contracts import KNOWN_SPECIALS


def test_the_default_preset_is_australian():
    assert DEFAULT_PRESET == "australian"
    assert DEFAULT_PRESET in PRESETS


@pytest.mark.parametrize("key", list(SETTINGS))
def test_each_setting_has_a_label_a_sentence_and_a_known_kind(key):
    setting = SETTINGS[key]
    assert setting.key == key
    assert setting.label
    assert setting.words.endswith(".")
    assert setting.kind in ("bool", "word", "int", "optional_int")
    assert (setting.kind == "bool") == (setting.choices == ())
    assert all(isinstance(c, Choice) and c.words for c in setting.choices)
    values = [c.value for c in setting.choices]
    assert len(values) == len(set(values))


def test_word_settings_list_words_and_number_settings_offer_numbers():
    for setting in SETTINGS.values():
        values = [c.value for c in setting.choices]
        if setting.kind == "word":
            assert all(isinstance(v, str) for v in values)
        elif setting.kind == "int":
            assert all(type(v) is int for v in values)
        elif setting.kind == "optional_int":
            assert None in values
            assert all(v is None or type(v) is int for v in values)


def test_the_page_order_shows_exact_target_and_ceiling_after_the_target_and_floor():
    keys = list(SETTINGS)
    assert keys.index("floor") + 1 == keys.index("exact_target")
    assert keys.index("exact_target") + 1 == keys.index("ceiling")
    assert keys[0] == "normal_offset"
    assert keys[-2:] == ["set_rule", "ralph_rule"]


def test_every_special_contract_is_offered_first_at_its_default_value():
    assert list(SPECIAL_OFFERS) == list(KNOWN_SPECIALS)
    for key, offer in SPECIAL_OFFERS.items():
        assert offer.values[0] == KNOWN_SPECIALS[key].value
        assert len(offer.values) == len(set(offer.values))
        assert offer.words.endswith(".")


def test_the_other_values_rules_md_lists_are_offered():
    assert SPECIAL_OFFERS["misere"].values == (250, 150, 500)
    assert SPECIAL_OFFERS["open_misere"].values == (500, 350, 520, 250, 1000)


def test_every_setting_of_the_rules_is_declared_except_the_preset_and_contracts():
    names = [f.name for f in fields(Rules)]
    assert set(SETTINGS) == set(names) - {"preset", "contracts"}


@pytest.mark.parametrize("key", list(SETTINGS))
def test_every_value_offered_as_a_tap_is_allowed(key):
    for choice in SETTINGS[key].choices:
        # A hands limit keeps a game with no target and no floor valid.
        rules = rules_from_dict({"hands_limit": 40} | {key: choice.value})
        assert getattr(rules, key) == choice.value


def test_a_word_setting_allows_only_its_declared_words():
    for key, setting in SETTINGS.items():
        if setting.kind == "word":
            with pytest.raises(ScoringError) as caught:
                rules_from_dict({key: "something else"})
            assert caught.value.field == key


def test_a_preset_holds_a_declared_value_for_every_word_setting():
    for rules in PRESETS.values():
        for key, setting in SETTINGS.items():
            if setting.kind == "word":
                assert setting.allows(getattr(rules, key))
