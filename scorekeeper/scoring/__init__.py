"""The scoring engine: rules in, results out. Imports nothing from the web stack."""

from .contracts import PASS, SUIT_SYMBOL, SUITS, Contract, Special
from .describe import describe_rules
from .errors import ScoringError
from .game import (
    ENDINGS,
    MOST_HANDS,
    GameOver,
    GameState,
    HandResult,
    check_room,
    moves_deal,
    replay,
)
from .hands import Hand, contracting_sides, make_hand, parse_contract, score_hand
from .names import key_outgrows, lookalike, name_key, normal_name, reading_order
from .outlook import (
    Outlook,
    bids_offered,
    deals_ahead,
    first_out_matters,
    outlook,
    port_model,
    wins_if_made,
)
from .rules import PRESET_NAMES, PRESETS, Rules, rules_from_dict, rules_to_dict
from .settings import (
    DEFAULT_PRESET,
    SETTINGS,
    SPECIAL_OFFERS,
    Choice,
    Setting,
    SpecialOffer,
)
from .short import differences, in_short
from .table import SHAPES, Side, Table, clean_name, make_table

__all__ = [
    "name_key",
    "reading_order",
    "normal_name",
    "key_outgrows",
    "lookalike",
    "DEFAULT_PRESET",
    "ENDINGS",
    "MOST_HANDS",
    "PASS",
    "PRESETS",
    "PRESET_NAMES",
    "SETTINGS",
    "SHAPES",
    "SPECIAL_OFFERS",
    "SUITS",
    "SUIT_SYMBOL",
    "Choice",
    "Contract",
    "GameOver",
    "GameState",
    "Hand",
    "HandResult",
    "Outlook",
    "Rules",
    "ScoringError",
    "Setting",
    "Side",
    "Special",
    "SpecialOffer",
    "Table",
    "check_room",
    "clean_name",
    "contracting_sides",
    "describe_rules",
    "differences",
    "in_short",
    "first_out_matters",
    "make_hand",
    "make_table",
    "outlook",
    "deals_ahead",
    "bids_offered",
    "port_model",
    "parse_contract",
    "moves_deal",
    "replay",
    "rules_from_dict",
    "rules_to_dict",
    "score_hand",
    "wins_if_made",
]
