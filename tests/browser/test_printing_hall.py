"""A 30-table night printed by real Chromium on Letter and A4 (issue 40.7):
the movement with no page holding only its title or only its footnote, each
round's heading on the page of its tables, and tally cards whose names break
only at spaces and hyphens ("Létourneau-Bissonnette", never "Létourn/eau");
a mixer's cards of 15 rounds, two a sheet, none printed over another."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from api_helpers import post
from layout_checks import printed_overlaps
from playwright.sync_api import BrowserContext
from test_printing import PAPERS, desk, printed

pytestmark = pytest.mark.browser
__all__ = ["desk"]  # the fixture, shared with test_printing.py
LONG = ["Marie-Ève Létourneau-Bissonnette", "Bartholomew Featherstonehaugh"]
LONG += ["Stéphane Côté-Villeneuve", "Geneviève Desrosiers-Tremblay"]
# 120 players: the long names, then numbered ones, "Marie-Ève L." at every table.
HALL = LONG + [f"Marie-Ève L. {n}" for n in range(116)]
# The tally cards whose rounds run out of their box, laid out as printed.
SPILLED = """() => [...document.querySelectorAll('.tally-card')].filter((card) => {
  const box = card.getBoundingClientRect();
  return [...card.children]
    .some((el) => el.getBoundingClientRect().bottom > box.bottom);
}).map((card) => card.getAttribute('aria-label'))"""
# The width inside the margins (10 mm) of each paper, in CSS pixels.
INSIDE = {"Letter": 740, "A4": 718}
# Every word of the long names: none may print cut ("Létourn", "eau").
WORDS = {w for name in LONG for w in re.split(r"[\s-]+", name)}


def cut_words(text: str) -> set[str]:
    """Return the pieces of the long names' words printed apart."""
    found = set()
    for token in re.findall(r"\w+", text):
        for word in WORDS:
            if (
                token != word
                and len(token) > 1
                and (word.startswith(token) or word.endswith(token))
            ):
                found.add(token)
    return found


def hall_night(base: str) -> dict[str, Any]:
    """A progressive night of 30 tables: round 1 played, round 2 seated."""
    body = {"name": "Soirée du club", "movement": "progressive", "round_hands": 1}
    made = post(f"{base}/api/nights", {**body, "players": HALL})
    token = made["director_token"]
    for table in made["rounds"][0]["tables"]:
        hand = {"bidder": table["sides"][0]["players"][0], "contract": "7H"}
        post(f"{base}/api/games/{table['game']}/hands", {**hand, "tricks": 7}, token)
    post(f"{base}/api/nights/{made['id']}/rounds", {"number": 2}, token)
    return made


def test_thirty_tables_print_their_movement_and_tallies_whole(
    live_server, desk: BrowserContext, tmp_path: Path
):
    made = hall_night(live_server)
    night = f"{live_server}/nights/{made['id']}"
    for paper in PAPERS:
        wall = printed(desk, f"{night}/schedule", paper, tmp_path / f"s-{paper}.pdf")
        assert len(wall) <= 2, (paper, len(wall))  # a round a page at most
        for number, sheet in enumerate(wall):
            # Every page seats tables; each round's heading is followed by its own.
            assert "against" in sheet, (paper, number)
            assert "against" in sheet.rsplit("Round ", 1)[-1], (paper, number)
        text = "\n".join(wall)
        assert text.count("against") == 60, paper  # two rounds of 30 tables
        assert not cut_words(text), (paper, cut_words(text))
        cards = printed(desk, f"{night}/tallies", paper, tmp_path / f"t-{paper}.pdf")
        assert len(cards) == 30, paper  # four players a sheet
        text = "\n".join(cards)
        assert not cut_words(text), (paper, cut_words(text))
        assert text.count("Total") == 120, paper


def test_a_mixers_tally_cards_of_fifteen_rounds_print_two_a_sheet_apart(
    live_server, desk: BrowserContext, tmp_path: Path
):
    players = LONG + [f"Jean-François Tremblay {n}" for n in range(12)]
    body = {"name": "Mixer", "movement": "rotation", "round_hands": 1}
    made = post(f"{live_server}/api/nights", {**body, "players": players})
    tallies = f"{live_server}/nights/{made['id']}/tallies"
    for paper in PAPERS:
        pdf = tmp_path / f"t-{paper}.pdf"
        cards = printed(desk, tallies, paper, pdf)
        assert len(cards) == 8, paper  # sixteen players, two a sheet
        for number, sheet in enumerate(cards):
            assert sheet.count("Total") == 2, (paper, number)
        assert printed_overlaps(pdf) == [], paper
        assert not cut_words("\n".join(cards)), paper
        sheet = desk.new_page()
        sheet.set_viewport_size({"width": INSIDE[paper], "height": 900})
        sheet.emulate_media(media="print")
        sheet.goto(tallies)
        assert sheet.evaluate(SPILLED) == [], paper
        sheet.close()
