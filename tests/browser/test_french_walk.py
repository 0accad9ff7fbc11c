"""One walk over every page a person can reach (issue 24): in French (a fr-CA phone)
each page says lang="fr", shows none of the catalogue's English strings, passes
axe and fits the phone at 390x844 and at 200 % zoom; the same walk in English
finds every page as before. The walk fails when the app gains a page it misses."""

from __future__ import annotations

import re
import time

import pytest
from flask import Flask
from phone import PHONE, ZOOMED, assert_accessible
from playwright.sync_api import Browser, Page
from test_entry import BROKEN_WORDS
from test_language import english_left, shown
from test_zoom import BROKEN_HEADERS, SIDEWAYS
from walked import OPEN_DETAILS, Check, act, offline, set_up
from werkzeug.exceptions import NotFound

pytestmark = pytest.mark.browser

# GET pages the walk does not visit, each with its reason.
EXCLUDED = {
    "static": "files, not pages",
    "pwa.service_worker": "a script, not a page",
    "pwa.manifest": "JSON for the phone, not a page (its words are checked elsewhere)",
}
DOWNLOAD = re.compile(r"\.(csv|json|png|svg|webmanifest|js)$")
# Pages made for paper, four cards a sheet: read for their French and by axe, not
# laid out for a phone's width (tests/browser/test_printing.py prints them).
PAPER_ONLY = re.compile(r"/tallies$")

# Common English words no French sentence has: what no catalogue string catches
# (a sentence never marked for translation).
ENGLISH = re.compile(
    r"(?<!\w)(the|and|this|that|with|your|you|is|are|of|to|not|was|has|have|for|"
    r"from|will|no|cannot|here|there|game|hand|player|round|night)(?!\w)",
    re.IGNORECASE,
)


def unwalked(app: Flask, walked: set[str]) -> dict[str, str]:
    """Return the GET pages of the app's url_map neither walked nor excluded."""
    return {
        rule.endpoint: rule.rule
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ())
        and not rule.rule.startswith("/api/")
        and not DOWNLOAD.search(rule.rule)
        and rule.endpoint not in walked | set(EXCLUDED)
    }


def fit(page: Page) -> list[str]:
    """Return what runs off the side at the phone's width, then at 200 % zoom."""
    page.evaluate(OPEN_DETAILS)
    found = [f"390px: {bad}" for bad in page.evaluate(SIDEWAYS)]
    page.set_viewport_size(ZOOMED)
    try:
        found += [f"200%: {bad}" for bad in page.evaluate(SIDEWAYS)]
        broken = page.evaluate(BROKEN_WORDS) + page.evaluate(BROKEN_HEADERS)
        found += [f"200%: {word!r} broken across lines" for word in broken]
    finally:
        page.set_viewport_size(PHONE)
    return found


def in_french(page: Page, path: str) -> list[str]:
    """Return what is wrong with a French page: lang, English, axe, its fit."""
    wrong = []
    lang = page.locator("html").get_attribute("lang")
    if lang != "fr":
        return [f'lang="{lang}" (no French catalogue compiled? run make)']
    content = page.content()
    wrong += [f"English: {s!r}" for s in english_left(content)]
    text = shown(content)
    wrong += [
        f"unmarked: {text[max(0, m.start() - 30) : m.end() + 30]!r}"
        for m in ENGLISH.finditer(text)
    ]
    try:
        assert_accessible(page)
    except AssertionError as axe:
        wrong.append(f"axe: {axe}")
    return wrong


def fits_in_french(page: Page, name: str) -> list[str]:
    """Return what is wrong with a French page a form or no connection leads to,
    its fit too (every page of the app is fitted by test_page_check.py)."""
    return in_french(page, name) + fit(page)


def walk(page: Page, base: str, paths: list[tuple[str, int]], check: Check) -> dict:
    """Visit every path in turn; return what is wrong, page by page."""
    found = {}
    for path, status in paths:
        response = page.goto(base + path)
        assert response is not None, path
        wrong = [] if response.status == status else [f"status {response.status}"]
        wrong += check(page, path)
        if wrong:
            found[path] = wrong
    return found


def endpoints(paths: list[tuple[str, int]], app: Flask) -> set[str]:
    """Return the endpoints the walked paths reach (an address of none: no page)."""
    routes = app.url_map.bind("localhost")
    found = set()
    for path, _ in paths:
        try:
            found.add(routes.match(path.split("?")[0], method="GET")[0])
        except NotFound:
            pass
    return found


def test_every_page_in_french_has_no_english_passes_axe_and_fits(
    app: Flask, club_server: str, browser: Browser
):
    english = browser.new_context(viewport=PHONE, locale="en-US")
    french = browser.new_context(viewport=PHONE, locale="fr-CA")
    try:
        start = time.monotonic()
        on_english, on_french = english.new_page(), french.new_page()
        for page in (on_english, on_french):
            page.set_default_timeout(10_000)
        paths, games = set_up(club_server, on_english)
        walked = endpoints(paths, app)
        assert unwalked(app, walked) == {}, "pages neither walked nor excluded"
        set_up_at = time.monotonic()

        found = walk(on_french, club_server, paths, in_french)
        found |= act(on_french, club_server, games, fits_in_french)
        found |= offline(on_french, club_server, games, fits_in_french)
        french_at = time.monotonic()

        def as_before(page: Page, path: str) -> list[str]:
            lang = page.locator("html").get_attribute("lang")
            return [] if lang == "en" else [f'lang="{lang}"']

        found |= {
            f"{path} (English)": wrong
            for path, wrong in walk(on_english, club_server, paths, as_before).items()
        }
        found |= {
            f"{name} (English)": wrong
            for name, wrong in act(on_english, club_server, games, as_before).items()
        }
        found |= {
            f"{name} (English)": wrong
            for name, wrong in offline(
                on_english, club_server, games, as_before
            ).items()
        }
        print(
            f"\n{len(paths)} pages ({len(walked)} routes): set up "
            f"{set_up_at - start:.1f}s, French {french_at - set_up_at:.1f}s, "
            f"English {time.monotonic() - french_at:.1f}s"
        )
        assert found == {}, "\n".join(f"{p}: {w}" for p, w in found.items())
    finally:
        english.close()
        french.close()


def test_a_page_the_walk_leaves_out_is_named(app: Flask):
    missed = unwalked(app, {"games.home"})
    assert missed["games.scoreboard"] == "/games/<game_id>"
    assert missed["nights.screen"] == "/nights/<night_id>/screen"
    assert "games.home" not in missed and "static" not in missed
    assert not any(rule.startswith("/api/") for rule in missed.values())
    assert not any(DOWNLOAD.search(rule) for rule in missed.values())
