"""Points in the page's language everywhere they show, one minus sign (U+2212)."""

from __future__ import annotations

import re

import pytest
from api_helpers import Api
from flask import render_template_string
from test_language import FRENCH, app, compiled  # noqa: F401

from scorekeeper import language

MINUS = "\u2212"


@pytest.mark.parametrize(
    ("headers", "thousand"), [({}, "1360"), (FRENCH, "1\u202f360")]
)
def test_every_language_writes_a_negative_score_with_the_minus_sign(
    client, headers, thousand
):
    with client.application.test_request_context("/", headers=headers):
        assert language.points(1360) == thousand
        assert language.points(-1360) == MINUS + thousand
        assert language.points(0) == "0"


def played(client) -> Api:
    """Return a game at Us 1660, Them −220 (a failed 7NT), not over (target 2000)."""
    api = Api(client)
    api.create(rules={"preset": "australian", "target": 2000})
    api.hand(bidder="Bob", contract="7NT", tricks=0)
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    return api


def test_the_share_summary_writes_points_in_french(client):
    api = played(client)
    page = client.get(f"/games/{api.game_id}/share", headers=FRENCH).text
    assert f"Us 1\u202f660 – Them {MINUS}220" in page
    english = client.get(f"/games/{api.game_id}/share").text
    assert f"Us 1660 – Them {MINUS}220" in english
    assert not re.search(r"Them -\d", english)


def test_the_charts_axis_writes_points_in_the_pages_language(client):
    api = played(client)
    page = client.get(f"/games/{api.game_id}", headers=FRENCH).text
    axis = re.findall(r'<text x="2" y="[\d.]+">([^<]*)</text>', page)
    assert axis == ["1\u202f660", f"{MINUS}220"]


def test_an_award_is_one_sentence_of_the_catalogue_with_french_points(client):
    page = '{% from "nights/_parts.html" import awards %}{{ awards(list) }}'
    won = [{"name": "Most contracts made", "players": ["Ann", "Cat"], "value": 1360}]
    with client.application.test_request_context("/", headers=FRENCH):
        said = render_template_string(page, list=won)
    assert (
        "<strong>Le plus de mises réussies</strong>\u00a0: "
        "Ann et Cat (1\u202f360 mises)" in said
    )


@pytest.mark.parametrize("page", ["abc", "0", "1.5"])
def test_a_history_page_that_is_no_page_says_why_once_in_french(client, page):
    answer = client.get(f"/history?page={page}", headers=FRENCH)
    assert answer.status_code == 400
    said = "Page\u00a0: La page doit être un nombre à partir de 1."
    assert answer.text.count(said) == 1
    assert "entier" not in answer.text
