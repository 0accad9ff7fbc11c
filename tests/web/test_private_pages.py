"""Pages drawn for one phone stay out of shared caches; 304s keep the 200s' headers."""

from __future__ import annotations

import pytest
from api_helpers import CLUB_PASSWORD

from scorekeeper.web.security import HEADERS

SEVEN_HEARTS = {"bidder": "Bob", "contract": "7H", "tricks": 7}


def kept_privately(response) -> bool:
    """Return whether no shared cache may keep an answer."""
    said = {d.strip() for d in response.headers.get("Cache-Control", "").split(",")}
    return bool(said & {"private", "no-store"})


def test_the_house_rules_edit_page_with_its_edit_link_is_kept_by_no_cache(client):
    made = client.post("/api/rulesets", json={"name": "Club"}).json
    # The phone that opened the edit link holds the grant: its page shows the link.
    client.get(f"/rules/{made['id']}/edit/{made['write_token']}")
    page = client.get(f"/rules/{made['id']}/edit")
    assert page.status_code == 200 and "/edit/" in page.text
    assert page.headers["Cache-Control"] == "no-store"
    assert client.get("/rules/new").headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    "path",
    ["/games/{id}/undo", "/games/{id}/hands/1/edit", "/games/{id}/hands", "/"],
)
def test_every_page_with_the_owner_s_controls_is_private(api, path):
    api.create()
    api.hand(**SEVEN_HEARTS)
    phone = api.client  # the play link gives it the write grant
    phone.get(f"/games/{api.game_id}/play/{api.token}")
    page = phone.get(path.format(id=api.game_id))
    assert page.status_code == 200
    assert kept_privately(page) and "Cookie" in page.headers["Vary"]


def test_the_house_rules_delete_page_and_the_seasons_form_are_private(app, client):
    app.config["CLUB_PASSWORD"] = CLUB_PASSWORD
    made = client.post("/api/rulesets", json={"name": "Club"}).json
    client.get(f"/rules/{made['id']}/edit/{made['write_token']}")
    assert kept_privately(client.get(f"/rules/{made['id']}/delete"))
    assert kept_privately(client.get("/seasons/"))


def test_a_304_scoreboard_carries_the_security_headers_of_its_200(api, client):
    api.create()
    board = f"/games/{api.game_id}"
    first = client.get(board)
    again = client.get(board, headers={"If-None-Match": first.headers["ETag"]})
    assert first.status_code == 200 and again.status_code == 304
    for name in HEADERS:
        assert again.headers[name] == first.headers[name], name


def test_a_304_game_in_the_api_carries_the_security_headers_of_its_200(api, client):
    api.create()
    path = f"/api/games/{api.game_id}"
    first = client.get(path)
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert first.status_code == 200 and again.status_code == 304
    for name in HEADERS:
        assert again.headers[name] == first.headers[name], name
