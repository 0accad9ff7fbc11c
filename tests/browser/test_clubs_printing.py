"""A club's printed table cards carry its prefix (issue 43, point 1): printed by
real Chromium to PDF, each card's QR code (read back by zbarimg from poppler's
picture of the sheet) opens its table's game in that club."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_helpers import TEST_DATABASE_URL, post, reset_database
from playwright.sync_api import Browser
from server import DIRECTORS, run_server

pytestmark = pytest.mark.browser
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def clubs_server() -> Iterator[str]:
    """Serve the club north on a fresh many-clubs database; yield the URL."""
    if TEST_DATABASE_URL:
        reset_database(TEST_DATABASE_URL)
    with run_server(TEST_DATABASE_URL, clubs=("north",)) as url:
        yield url


def scanned(pdf: Path) -> list[str]:
    """Return what zbarimg reads on the printed sheet (its first page)."""
    pdftoppm, zbarimg = shutil.which("pdftoppm"), shutil.which("zbarimg")
    assert pdftoppm, "poppler's pdftoppm is missing: apt-get install poppler-utils"
    assert zbarimg, "Debian's zbar-tools is missing: apt-get install zbar-tools"
    picture = pdf.with_suffix("")
    subprocess.run(
        [pdftoppm, "-png", "-r", "150", "-f", "1", "-l", "1", str(pdf), str(picture)],
        check=True,
    )
    (sheet,) = pdf.parent.glob(f"{picture.name}*.png")
    read = subprocess.run(
        [zbarimg, "--quiet", "--raw", str(sheet)], capture_output=True, text=True
    )
    assert read.returncode == 0, read.stderr
    return sorted(read.stdout.split())


def test_a_clubs_printed_table_cards_open_its_tables_games(
    clubs_server: str, browser: Browser, tmp_path: Path
):
    north = f"{clubs_server}/c/north"
    token = DIRECTORS[clubs_server]["north"]  # many clubs: a director's
    made = post(f"{north}/api/nights", {"name": "Tuesday", "players": EIGHT}, token)
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    director = desk.new_page()
    director.goto(clubs_server + made["links"]["direct"])  # the director's grant
    assert director.url == f"{north}/nights/{made['id']}/direct"
    director.goto(clubs_server + made["links"]["cards"])
    director.pdf(path=str(tmp_path / "cards.pdf"), format="A4")
    desk.close()

    links = scanned(tmp_path / "cards.pdf")
    assert len(links) == 2  # eight players: two tables, two cards a sheet
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    for number, link in enumerate(links, start=1):
        assert link.startswith(f"{north}/nights/{made['id']}/tables/{number}/")
        phone.goto(link)
        game = made["rounds"][0]["tables"][number - 1]["game"]
        assert phone.url == f"{north}/games/{game}"
        assert phone.locator("form.hand-form").count() == 1
    phone.context.close()
