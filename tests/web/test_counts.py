"""Counts that agree: every counted sentence goes through ngettext, French says
0 and 1 in the singular, and a list of tables reads "tables 1 et 2"."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask import render_template_string
from flask_babel import get_translations
from test_language import FRENCH, app, compiled  # noqa: F401
from test_typography import FRENCH as FRENCH_PO

from scorekeeper.language import listed

# A placeholder named for a count, then the thing counted: "%(num)s hands".
COUNTED = re.compile(
    r"%\((num|count|more|n|played|points|hands|games|players|tables|rounds)\)s"
    r"(?:&nbsp;|\s)(?:more |other )?(hand|game|round|player|point|trick|table|win"
    r"|bye|minute|side|number|team|contract)s?\b"
)
# Singular sentences whose count is never 0 or 1, said as they are.
NEVER_ONE = {
    "Game %(number)s has %(count)s hands; a game keeps at most %(most)s.",
    "Give the tricks as a list of %(count)s numbers, one a side.",
    "Give the tricks of all %(count)s sides.",
    "This game has %(num)s hands, the most a game keeps: start a new game to play on.",
    "This table needs %(num)s player names.",
    "This table needs %(num)s team names.",
}


def catalogue():
    """Return the French catalogue as the translators keep it."""
    with FRENCH_PO.open("rb") as po:
        return read_po(po)


def plural_entries():
    """Return each counted message: its English forms and its French ones."""
    return [(m.id, m.string) for m in catalogue() if m.id and isinstance(m.id, tuple)]


def test_no_count_is_said_outside_ngettext():
    found = {
        m.id
        for m in catalogue()
        if m.id and isinstance(m.id, str) and COUNTED.search(m.id)
    }
    assert found - NEVER_ONE == set()


def filled(text: str, num: int) -> dict[str, object]:
    """Return a value for every placeholder of a message: the count, and words."""
    names = set(re.findall(r"%\((\w+)\)s", text))
    return {name: num if name in ("num", "count") else f"<{name}>" for name in names}


@pytest.mark.parametrize(("english", "french"), plural_entries(), ids=lambda v: "")
def test_each_counted_message_at_0_1_2_in_both_languages(client, english, french):
    said = {}
    for language, headers in (("en", {}), ("fr", FRENCH)):
        with client.application.test_request_context("/", headers=headers):
            words = get_translations()
            said[language] = [
                words.ungettext(english[0], english[1], n) % filled(english[1], n)
                for n in (0, 1, 2)
            ]
    # English: one is singular, zero and two plural; French: zero and one singular.
    assert said["en"] == [
        english[1] % filled(english[1], 0),
        english[0] % filled(english[0], 1),
        english[1] % filled(english[1], 2),
    ]
    assert said["fr"] == [
        french[0] % filled(french[0], 0),
        french[0] % filled(french[0], 1),
        french[1] % filled(french[1], 2),
    ]


@pytest.mark.parametrize(
    ("template", "count", "english", "french"),
    [
        ('ngettext("%(num)s played", "%(num)s played", n)', 0, "0 played", None),
        ('ngettext("%(num)s played", "%(num)s played", n)', 1, "1 played", None),
        ('ngettext("%(num)s point", "%(num)s points", n)', 0, "0 points", "0 point"),
        ('ngettext("%(num)s point", "%(num)s points", n)', 1, "1 point", "1 point"),
        ('ngettext("%(num)s point", "%(num)s points", n)', 2, "2 points", "2 points"),
    ],
)
def test_a_count_agrees_on_a_page(client, template, count, english, french):
    made = client.application
    for headers, expected in (({}, english), (FRENCH, french)):
        with made.test_request_context("/", headers=headers):
            shown = render_template_string("{{ " + template + " }}", n=count)
        if expected is not None:
            assert shown == expected
    with made.test_request_context("/", headers=FRENCH):
        played = [
            render_template_string(
                '{{ ngettext("%(num)s played", "%(num)s played", n) }}', n=n
            )
            for n in (0, 1, 2)
        ]
    assert played == ["0 partie jouée", "1 partie jouée", "2 parties jouées"]


@pytest.mark.parametrize(
    ("tables", "english", "french"),
    [
        ([1], "Still playing: table 1.", "Encore en jeu\u00a0: table 1."),
        (
            [1, 2],
            "Still playing: tables 1 and 2.",
            "Encore en jeu\u00a0: tables 1 et 2.",
        ),
        (
            [1, 2, 3],
            "Still playing: tables 1, 2 and 3.",
            "Encore en jeu\u00a0: tables 1, 2 et 3.",
        ),
    ],
)
def test_a_list_of_tables_reads_as_a_list(client, tables, english, french):
    made = client.application
    page = (
        '{{ ngettext("Still playing: table %(tables)s.", '
        '"Still playing: tables %(tables)s.", playing|length, '
        "tables=playing|listed) }}"
    )
    for headers, expected in (({}, english), (FRENCH, french)):
        with made.test_request_context("/", headers=headers):
            assert render_template_string(page, playing=tables) == expected
            assert listed(tables) in expected


def test_the_api_says_which_tables_still_play_in_both_languages(client):
    night = {
        "name": "Mardi",
        "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
        "movement": "progressive",
        "round_hands": 4,
    }
    made = client.post("/api/nights", json=night).json
    path = f"/api/nights/{made['id']}/rounds"
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    english = client.post(path, headers=auth).json["error"]
    french = client.post(path, headers={**auth, **FRENCH}).json["error"]
    assert english == "Tables 1 and 2 are still playing this round."
    assert french == "Tables 1 et 2\u00a0: elles jouent encore cette ronde."


def test_each_award_is_one_sentence_that_counts_what_it_counts(client):
    """Issue 33.2: an award is a whole catalogue entry, its count said with it
    ("2 mises"), never "<name>: players (value)" put together from pieces."""
    won = [
        {"name": "Most contracts made", "players": ["Ann"], "value": 1},
        {"name": "Highest hand", "players": ["Bob", "Cat"], "value": 1000},
        {"name": "Most ten-trick hands", "players": ["Dan"], "value": 2},
        {"name": "Most misères made", "players": ["Eve"], "value": 2},
    ]
    page = '{% import "nights/_parts.html" as parts %}{{ parts.awards(won) }}'
    made = client.application
    said = {}
    for language, headers in (("en", {}), ("fr", FRENCH)):
        with made.test_request_context("/", headers=headers):
            html = render_template_string(page, won=won)
        said[language] = re.findall(r"<li>(.*?)</li>", html)
    assert said["en"] == [
        "<strong>Most contracts made</strong>: Ann (1 contract)",
        "<strong>Highest hand</strong>: Bob and Cat (1000 points)",
        "<strong>Most ten-trick hands</strong>: Dan (2 hands)",
        "<strong>Most misères made</strong>: Eve (2 misères)",
    ]
    assert said["fr"] == [
        "<strong>Le plus de mises réussies</strong>\u00a0: Ann (1 mise)",
        "<strong>Meilleure manche</strong>\u00a0: Bob et Cat (1\u202f000 points)",
        "<strong>Le plus de manches à dix levées</strong>\u00a0: Dan (2 manches)",
        "<strong>Le plus de misères réussies</strong>\u00a0: Eve (2 misères)",
    ]
