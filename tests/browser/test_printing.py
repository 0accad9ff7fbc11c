"""A night printed by real Chromium on Letter and A4 (page.pdf): the movement a
round a block, tally cards four a sheet, table cards two a sheet; read back with
poppler's pdftotext."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_helpers import post
from phone import assert_accessible
from playwright.sync_api import Browser, BrowserContext

pytestmark = pytest.mark.browser
TWELVE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
TWELVE += ["Kim", "Lou"]
PAPERS = ("Letter", "A4")


@pytest.fixture
def desk(browser: Browser) -> Iterator[BrowserContext]:
    """The director's laptop, the one that prints."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


def printed(context: BrowserContext, url: str, paper: str, path: Path) -> list[str]:
    """Print a page to PDF on this paper; return each page's text."""
    pdftotext = shutil.which("pdftotext")
    assert pdftotext, "poppler's pdftotext is missing: apt-get install poppler-utils"
    page = context.new_page()
    page.goto(url)
    page.pdf(path=str(path), format=paper)
    page.close()
    read = subprocess.run(
        [pdftotext, "-layout", str(path), "-"], capture_output=True, text=True
    )
    assert read.returncode == 0, read.stderr
    return read.stdout.split("\f")[:-1]  # a form feed ends every page


def test_a_mixer_prints_its_movement_tallies_and_table_cards_on_letter_and_a4(
    live_server, desk: BrowserContext, tmp_path: Path
):
    body = {"name": "Mixer", "movement": "rotation", "round_hands": 2}
    made = post(f"{live_server}/api/nights", {**body, "players": TWELVE})
    night = f"{live_server}/nights/{made['id']}"
    opener = desk.new_page()
    opener.goto(f"{live_server}{made['links']['direct']}")  # the director's grant
    for kind in ("schedule", "tallies"):
        opener.goto(f"{night}/{kind}")
        assert_accessible(opener)
    opener.close()
    for paper in PAPERS:
        sheets = printed(desk, f"{night}/tallies", paper, tmp_path / f"t-{paper}.pdf")
        assert len(sheets) == 3, paper  # twelve players, four cards a sheet
        for number, sheet in enumerate(sheets):
            for name in TWELVE[number * 4 : number * 4 + 4]:
                assert f"{name}\n" in sheet or f"{name} " in sheet, (paper, name)
            assert sheet.count("Total") == 4, (paper, number)
        cards = printed(desk, f"{night}/cards", paper, tmp_path / f"c-{paper}.pdf")
        assert len(cards) == 2, paper  # three tables, two cards a sheet
        assert "Table 1" in cards[0] and "Table 2" in cards[0]
        assert "Table 3" in cards[1]
        wall = printed(desk, f"{night}/schedule", paper, tmp_path / f"s-{paper}.pdf")
        text = "".join(wall)
        for number in range(1, 12):  # twelve players: eleven rounds
            assert text.count(f"Round {number} ") == 1, (paper, number)
        assert "Round 12" not in text
        # A round is never cut across two sheets: its three tables print with it.
        for sheet in wall:
            for block in sheet.split("Round ")[1:]:
                assert block.count("against") == 3, (paper, block)
