"""Share by QR in real Chromium at phone size: the codes read back as the links."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from api_helpers import FRIDAY, post
from phone import assert_accessible, assert_fits, phone
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def decode(page: Page, folder: Path) -> str:
    """Return what Debian's zbarimg reads in a screenshot of the page's QR code."""
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        pytest.fail("Debian's zbar-tools is missing: apt-get install zbar-tools")
    shot = folder / "qr.png"
    page.locator(".qr-box").screenshot(path=str(shot))
    read = subprocess.run(
        [zbarimg, "--quiet", "--raw", str(shot)], capture_output=True, text=True
    )
    assert read.returncode == 0, read.stderr
    return read.stdout.strip()


def test_the_share_view_shows_the_view_link_as_a_qr_code_that_reads_back(
    live_server, page: Page, tmp_path: Path
):
    game = post(f"{live_server}/api/games", FRIDAY)
    view = f"{live_server}/games/{game['id']}"
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(live_server + game["links"]["play"])
    page.get_by_role("link", name="Share").click()
    expect(page.get_by_role("heading", name="Share Friday")).to_be_visible()
    assert decode(page, tmp_path) == view
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("status").filter(has_text="Copied.")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == view

    page.get_by_role("link", name="Let another phone score").click()
    expect(
        page.get_by_text("Anyone with this code can change the score")
    ).to_be_visible()
    assert decode(page, tmp_path) == live_server + game["links"]["play"]


def test_a_watcher_cannot_open_the_play_link_share(live_server, page: Page):
    game = post(f"{live_server}/api/games", FRIDAY)
    page.goto(f"{live_server}/games/{game['id']}/share")
    expect(page.get_by_role("link", name="Let another phone score")).to_have_count(0)
    response = page.goto(f"{live_server}/games/{game['id']}/share/play")
    assert response is not None and response.status == 403
    assert game["write_token"] not in page.content()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_share_pages_are_accessible_and_fit(
    live_server, browser: Browser, request: pytest.FixtureRequest, scheme: str
):
    game = post(f"{live_server}/api/games", FRIDAY)
    for page in phone(browser, request, scheme):
        page.goto(live_server + game["links"]["play"])
        for path in ("", "/share", "/share/play"):
            page.goto(f"{live_server}/games/{game['id']}{path}")
            assert_accessible(page)
            assert_fits(page)
