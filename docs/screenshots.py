"""Draw the README's pictures from the page check's own data (`make screenshots`).

The club the page check opens every page of (tests/browser/page_data.py: long
accented names, a side at −1 000, a night of 30 tables) is served as the tests
serve it, and Debian's Chromium photographs a few of its pages into
docs/pictures/: a phone scoring a hand, the same phone in French, the table
display, a night's big screen and a tally card. Run it after a change of layout,
so the pictures never show a page the app no longer draws; CI does not run it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from api_helpers import CLUB_PASSWORD  # noqa: E402
from conftest import ARGS, CHROMIUM  # noqa: E402
from page_data import grant, paths  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from server import run_server  # noqa: E402

PICTURES = ROOT / "docs" / "pictures"
PHONE = {"width": 390, "height": 844}
# Each picture: its file, the page (by the page check's name), the window, the
# language, whether the phone scores or directs, and what to photograph.
SHOTS = [
    ("phone.png", "scoreboard 4, scored", PHONE, "en-US", True, None),
    ("phone-fr.png", "scoreboard 4, scored", PHONE, "fr-CA", True, None),
    (
        "table.png",
        "table display 4",
        {"width": 844, "height": 390},
        "en-US",
        False,
        None,
    ),
    (
        "big-screen.png",
        "big screen",
        {"width": 1280, "height": 720},
        "en-US",
        False,
        None,
    ),
    (
        "tally-card.png",
        "tally cards",
        {"width": 600, "height": 900},
        "en-US",
        False,
        ".tally-card",
    ),
]


def main() -> None:
    """Serve the page check's club, photograph its pages, say where they went."""
    PICTURES.mkdir(exist_ok=True)
    os.environ["CLUB_PASSWORD"] = CLUB_PASSWORD
    with run_server() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        setting_up = browser.new_context()
        shown = paths(base, setting_up.new_page())
        setting_up.close()
        for name, page_name, window, locale, writer, part in SHOTS:
            context = browser.new_context(viewport=window, locale=locale)  # type: ignore[arg-type]
            page = context.new_page()
            if writer:
                grant(base, page, shown)
            page.goto(base + shown[page_name].path)
            page.wait_for_load_state("networkidle")
            target = PICTURES / name
            if part:
                page.locator(part).first.screenshot(path=str(target))
            else:
                page.screenshot(path=str(target))
            context.close()
            print(
                f"{target.relative_to(ROOT)}: {page_name}, {window['width']}x"
                f"{window['height']}, {locale}"
            )
        browser.close()


if __name__ == "__main__":
    main()
