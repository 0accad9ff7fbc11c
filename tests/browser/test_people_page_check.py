"""The page check (issue 42) on the people's pages of a many-clubs server
(CLUBS.md, "Both languages"): signing in, one's account, an invitation, a reset
link, a club's people, a refusal with its sign-in link; on a 390 px phone and at
200 % zoom, in English and French, with long accented names."""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Iterator
from typing import NamedTuple

import pytest
from flask import Flask
from page_check import PHONES, faults, new_view
from playwright.sync_api import Browser, BrowserContext, Page
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.accounts import links, roles, service
from scorekeeper.clubs import service as clubs
from scorekeeper.db.models import db

pytestmark = pytest.mark.browser

LONG = "Marie-Ève Létourneau-Bissonnette"
EMAIL = "marie-eve.letourneau-bissonnette@cinq-cents-limoilou.example.org"
CLUB = "Les Remparts de Québec, club de cinq cents du Vieux-Limoilou"
PASSWORD = "un secret assez long"


class Shown(NamedTuple):
    """A page the check opens: its path, status, and whether the owner opens it."""

    path: str
    status: int = 200
    owner: bool = False


class Served(NamedTuple):
    """The many-clubs server, its app, its pages and a browser context a view."""

    base: str
    app: Flask
    shown: dict[str, Shown]
    views: dict[str, BrowserContext]


def data(app: Flask) -> dict[str, Shown]:
    """Make a club, its owner with a token, a member, links; return the pages."""
    with app.app_context():
        club = clubs.create("limoilou", CLUB)
        owner = service.create_account(EMAIL, LONG, PASSWORD)
        roles.grant(owner, club, "owner")
        service.new_token(owner, club, "director", "Tableau de la soirée-bénéfice")
        member = service.create_account("bart@example.org", "Bartholomew", PASSWORD)
        roles.grant(member, club, "member")
        invite = links.invite_link(club, "director", owner)
        reset = links.reset_link(member)
    return {
        "sign in": Shown("/login"),
        "sign in, back to a page": Shown("/login?next=/c/limoilou/people"),
        "account": Shown("/account", owner=True),
        "invitation": Shown(invite),
        "invitation, signed in": Shown(invite, owner=True),
        "reset link": Shown(reset),
        "a link used or unknown": Shown("/reset/not-a-link", 404),
        "people": Shown("/c/limoilou/people", owner=True),
        "people, refused": Shown("/c/limoilou/people", 403),
        "a rename, refused": Shown(
            f"/c/limoilou/players/{LONG}/rename?new_name=M", 403
        ),
    }


@pytest.fixture(scope="module")
def served(browser: Browser) -> Iterator[Served]:
    """Serve a many-clubs app in a thread, its data set up once."""
    folder = tempfile.mkdtemp(prefix="scorekeeper-people-")
    app = create_app(
        {
            "SECRET_KEY": "a page check's key, long enough",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/people.sqlite",
            "CLUBS": "many",
            "TESTING": True,
        }
    )
    shown = data(app)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    views: dict[str, BrowserContext] = {}
    try:
        yield Served(f"http://127.0.0.1:{server.port}", app, shown, views)
    finally:
        for context in views.values():
            context.close()
        server.shutdown()
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        shutil.rmtree(folder, ignore_errors=True)


def sign_in(page: Page, base: str) -> None:
    """Sign the club's owner in through the page."""
    page.goto(f"{base}/login")
    page.locator("input[name=email]").fill(EMAIL)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("[name=sign_in]").click()
    page.wait_for_url(f"{base}/account")


def opened(served: Served, browser: Browser, view: str, owner: bool) -> Page:
    """Return the view's page, a stranger's or the signed-in owner's."""
    key = f"{view} {'owner' if owner else 'stranger'}"
    if key not in served.views:
        context = new_view(browser, view)
        if view.endswith("fr"):  # chosen: the club speaks English to others
            cookie = {"name": "lang", "value": "fr", "url": served.base}
            context.add_cookies([cookie])  # type: ignore[list-item]
        page = context.new_page()
        if owner:
            sign_in(page, served.base)
        served.views[key] = context
    return served.views[key].pages[0]


PAGES = [
    "sign in", "sign in, back to a page", "account", "invitation",
    "invitation, signed in", "reset link", "a link used or unknown", "people",
    "people, refused", "a rename, refused",
]  # fmt: skip
CASES = [(name, view) for name in PAGES for view in PHONES]


@pytest.mark.parametrize(("name", "view"), CASES, ids=[f"{n} @ {v}" for n, v in CASES])
def test_the_people_page_fits_keeps_its_words_whole_and_draws_no_text_over_text(
    served: Served, browser: Browser, name: str, view: str
):
    shown = served.shown[name]
    page = opened(served, browser, view, shown.owner)
    response = page.goto(served.base + shown.path)
    assert response is not None and response.status == shown.status
    if view.endswith("fr"):
        assert page.locator("html").get_attribute("lang") == "fr"
    assert faults(page) == []


def test_every_people_page_is_checked(served: Served):
    assert sorted(served.shown) == sorted(PAGES)
    routes = served.app.url_map.bind("localhost")
    checked = {
        routes.match(s.path.split("?")[0].removeprefix("/c/limoilou"), method="GET")[0]
        for s in served.shown.values()
    }
    pages = {
        rule.endpoint
        for rule in served.app.url_map.iter_rules()
        if "GET" in (rule.methods or ())
        and rule.endpoint.split(".")[0] in {"accounts", "people"}
    }
    assert pages - checked == set()
