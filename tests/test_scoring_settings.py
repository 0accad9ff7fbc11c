"""Every rule setting is declared once: its words, kind and allowed values."""

import pytest

from scorekeeper.scoring import (
    DEFAULT_PRESET,
    PRESETS,
    SETTINGS,
    SPECIAL_OFFERS,
    Choice,
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
