"""CSV exports as pure functions: what a spreadsheet reads back, and nothing it runs."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from scoring_helpers import AUSTRALIAN, FIVE, TEAMS, THREE, house, play

from scorekeeper.api import sheets
from scorekeeper.games import exports as exports
from scorekeeper.history import exports as history_exports
from scorekeeper.results.listing import Summary
from scorekeeper.scoring import make_table

ACCENTS = make_table([("Zoë & Renée", ["Zoë", "Renée"]), ("Them", ["Bob", "Dan"])])
WHEN = datetime(2025, 5, 2, 19, 4, 11)


def listed(when, name, notes, table, state) -> Summary:
    """Return a played game as the history lists it, from its stored results."""
    return Summary(
        "id",
        name,
        notes,
        when,
        tuple(side.name for side in table.sides),
        tuple(side.players for side in table.sides),
        state.totals,
        state.ending,
        state.winner,
        len(state.hands),
    )


def read(text: str) -> list[list[str]]:
    """Return CSV text as Python's csv module reads it back."""
    return list(csv.reader(io.StringIO(text, newline="")))


def test_hands_round_trip_through_the_csv_module_with_crlf_line_ends():
    state = play(AUSTRALIAN, ACCENTS, {"bidder": "Bob", "contract": "7H", "tricks": 7})
    text = exports.hands_csv(ACCENTS, state)
    assert text.endswith("\r\n") and text.count("\r\n") == 2
    assert "\n" not in text.replace("\r\n", "")
    header, row = read(text)
    assert header == [
        "Hand",
        "Dealer",
        "Bidder",
        "Partner",
        "Contract",
        "Made",
        "Zoë & Renée tricks",
        "Zoë & Renée points",
        "Zoë & Renée total",
        "Them tricks",
        "Them points",
        "Them total",
    ]
    assert row == ["1", "Zoë", "Bob", "", "7♥", "yes", "3", "30", "30"] + [
        "7",
        "200",
        "200",
    ]


def test_negative_scores_stay_numbers_and_a_pass_says_so():
    hands = [
        {"bidder": "Ann", "contract": "8S", "tricks": 6},
        {"contract": "pass"},
        {"side": 1, "contract": "misere", "tricks": 0},
    ]
    text = exports.hands_csv(TEAMS, play(AUSTRALIAN, TEAMS, *hands))
    failed, passed, misere = read(text)[1:]
    assert failed[4:] == ["8♠", "no", "6", "-240", "-240", "4", "40", "40"]
    assert passed[2:6] == ["", "", "passed", ""]
    assert misere[2] == "Them" and misere[4] == "Misère"
    assert ",-240," in text and "'-240" not in text


def test_a_five_handed_hand_names_the_called_partner():
    hand = {
        "bidder": "Bob",
        "partner": "Dan",
        "contract": "8D",
        "tricks": [1, 4, 1, 4, 0],
    }
    row = read(exports.hands_csv(FIVE, play(AUSTRALIAN, FIVE, hand)))[1]
    assert row[2:6] == ["Bob", "Dan", "8♦", "yes"]


@pytest.mark.parametrize(
    "typed", ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tTab", "\rCR", "=HYPERLINK(x)"]
)
def test_text_that_a_spreadsheet_would_run_is_neutralised(typed):
    assert read(sheets.to_csv([[typed, -120, 0]])) == [["'" + typed, "-120", "0"]]


def test_a_name_starting_with_equals_is_neutralised_in_every_cell():
    table = make_table([("=Us", ["=Ann", "Cat"]), ("Them", ["Bob", "-Dan"])])
    state = play(AUSTRALIAN, table, {"bidder": "=Ann", "contract": "6S", "tricks": 6})
    header, row = read(exports.hands_csv(table, state))
    assert header[6] == "'=Us tricks" and row[1:3] == ["'=Ann", "'=Ann"]
    game = listed(WHEN, "=Friday", "@home", table, state)
    header, row = read(history_exports.games_csv([game]))
    assert row[:5] == ["2025-05-02 19:04", "'=Friday", "'@home", "'=Us", "'=Ann, Cat"]
    assert row[6] == "Them" and row[7] == "Bob, -Dan"


def test_games_have_a_column_set_per_side_of_the_widest_table():
    four = listed(
        WHEN,
        "Friday",
        "At Zoë's",
        TEAMS,
        play(AUSTRALIAN, TEAMS, {"bidder": "Ann", "contract": "10NT", "tricks": 10}),
    )
    five = listed(WHEN, "Five", "", FIVE, play(AUSTRALIAN, FIVE))
    header, first, second = read(history_exports.games_csv([four, five]))
    assert header[:5] == ["Date (UTC)", "Name", "Notes", "Side 1", "Side 1 players"]
    assert header[-3:] == ["Winner", "Ending", "Hands"] and len(header) == 21
    assert first == [
        "2025-05-02 19:04",
        "Friday",
        "At Zoë's",
        "Us",
        "Ann, Cat",
        "520",
        "Them",
        "Bob, Dan",
        "0",
        *[""] * 9,
        "Us",
        "out the front door",
        "1",
    ]
    assert second[3:6] == ["Ann", "Ann", "0"] and second[-3:] == [
        "",
        "in progress",
        "0",
    ]


def test_no_games_is_a_header_alone():
    assert read(history_exports.games_csv([]))[0][3] == "Side 1"


@pytest.mark.parametrize(
    ("words", "stem"),
    [
        (("Zoë's Friday", "2025-05-02"), "zoe-s-friday-2025-05-02"),
        (("♠♥",), "game"),
        (("x" * 100,), "x" * 60),
    ],
)
def test_file_names_are_plain_ascii(words, stem):
    assert sheets.file_stem(*words) == stem


def chat(table, notes: str = "", *hands, rules=AUSTRALIAN) -> str:
    """Return the chat summary of a game named Friday after these hands."""
    state = play(rules, table, *hands)
    return exports.summary(exports.Played(WHEN, "Friday", notes, table, state))


def test_the_summary_says_the_scores_who_won_how_who_played_and_the_notes():
    hands = [
        {"bidder": "Bob", "contract": "7H", "tricks": 7},
        {"bidder": "Ann", "contract": "10NT", "tricks": 10},
    ]
    assert chat(TEAMS, "At the club, Bob's cards", *hands) == (
        "Friday: Us 550 – Them 200 after 2 hands. Us won out the front door.\n"
        "Us: Ann and Cat\n"
        "Them: Bob and Dan\n"
        "At the club, Bob's cards"
    )


def test_the_summary_of_a_back_door_names_who_fell_and_keeps_the_minus():
    hand = {"bidder": "Bob", "contract": "10NT", "tricks": 0}
    assert chat(TEAMS, "", hand).splitlines()[0] == (
        "Friday: Us 100 – Them \u2212520 after 1 hand. "
        "Them went out the back door. Us won."
    )


def test_the_summary_of_a_game_going_on_or_not_started_says_so():
    three = chat(THREE, "", {"bidder": "Ann", "contract": "7H", "tricks": [7, 2, 1]})
    assert three == "Friday: Ann 200 – Bob 20 – Cat 10 after 1 hand, still playing."
    assert chat(TEAMS).splitlines()[0] == "Friday: Us 0 – Them 0, not started yet."


def test_the_summary_of_a_tie_says_there_was_no_single_winner():
    rules = house(hands_limit=1)
    line = chat(TEAMS, "", {"contract": "pass"}, rules=rules).splitlines()[0]
    assert line == (
        "Friday: Us 0 – Them 0 after 1 hand. "
        "The game ended at the end of the session with no single winner."
    )
