"""The history and statistics pages through the test client."""

from __future__ import annotations

import re

import pytest
from api_helpers import has_inline_code

from scorekeeper.history import pages as history

THREE = [
    {"name": "Eve", "players": ["Eve"]},
    {"name": "Fay", "players": ["Fay"]},
    {"name": "Gus", "players": ["Gus"]},
]


def names_listed(html: str) -> list[str]:
    """Return the game names a history page lists, in order."""
    return re.findall(r'<li><a href="/games/[^"]+"><strong>([^<]+)</strong>', html)


def test_an_empty_history_says_so(client):
    response = client.get("/history")
    assert response.status_code == 200
    assert "0 games" in response.text and "No games match" in response.text


def test_each_game_links_to_its_scoreboard_with_the_players_totals_and_winner(
    client, api
):
    api.create()
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    html = client.get("/history").text
    assert f'href="/games/{api.game_id}"' in html
    # Named by their players: "Us" and "Them" tell no two games apart.
    assert "Ann &amp; Cat 520" in html and "Bob &amp; Dan 0" in html
    assert "Ann &amp; Cat won out the front door." in html
    assert "Us" not in html.split("<h2>")[1]
    assert "1 hand<" in html


def test_a_game_still_being_played_says_so_and_a_back_door_says_who_fell(client, api):
    api.create(name="Still going")
    api.hand(bidder="Ann", contract="7H", tricks=7)
    api.create(name="Disaster")
    api.hand(bidder="Bob", contract="10NT", tricks=0)
    html = client.get("/history").text
    assert names_listed(html) == ["Disaster", "Still going"]
    assert "In progress" in html
    assert "Bob &amp; Dan went out the back door. Ann &amp; Cat won." in html


def test_filtering_by_player_and_by_status(client, api):
    api.create(name="Foursome")
    api.hand(bidder="Ann", contract="10NT", tricks=10)
    api.create(name="Threesome", sides=THREE, first_dealer="Eve")
    api.hand(contract="pass")
    api.create(name="Never played")  # no hand: no one's game, listed for everyone
    assert names_listed(client.get("/history?player=ann").text) == ["Foursome"]
    assert names_listed(client.get("/history?player=Eve").text) == ["Threesome"]
    assert names_listed(client.get("/history?player=Zed").text) == []
    finished = client.get("/history?status=finished").text
    assert names_listed(finished) == ["Foursome"]
    playing = client.get("/history?player=&status=in_progress").text
    assert names_listed(playing) == ["Never played", "Threesome"]
    both = client.get("/history?player=Eve&status=finished")
    assert both.status_code == 200 and "No games match" in both.text


def test_the_player_field_suggests_everyone_who_has_played(client, api):
    api.create(sides=THREE, first_dealer="Eve")
    api.hand(contract="pass")
    html = client.get("/history").text
    assert '<datalist id="player-names">' in html
    for name in ("Eve", "Fay", "Gus"):
        assert f'<option value="{name}">' in html
    assert re.search(
        r'<label class="field">Player.*?<input[^>]*list="player-names"', html
    )
    assert "<legend>Show</legend>" in html


def test_twenty_games_a_page_with_older_and_newer_links_that_keep_the_filter(
    client, api
):
    for number in range(1, 26):
        api.create(name=f"Game {number:02}")
        api.hand(contract="pass")
    first = client.get("/history?player=Ann&status=all")
    assert names_listed(first.text) == [f"Game {n:02}" for n in range(25, 5, -1)]
    assert "25 games with Ann" in first.text and "Page 1 of 2" in first.text
    older = re.search(r'<a class="button" href="([^"]+)" rel="next">Older', first.text)
    assert older and "Newer" not in first.text
    link = older.group(1).replace("&amp;", "&")
    assert "page=2" in link and "player=Ann" in link
    second = client.get(link)
    assert names_listed(second.text) == [f"Game {n:02}" for n in range(5, 0, -1)]
    assert 'rel="prev">← Newer' in second.text and "Older" not in second.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("status=banana", "Not a valid choice"),
        ("status=", "Not a valid choice"),
        ("page=abc", "Page: The page must be a number from 1 up."),
        ("page=0", "The page must be a number from 1 up."),
        ("page=-3", "The page must be a number from 1 up."),
        ("page=99999999999999999999", "The page must be a number from 1 up."),
        ("player=" + "x" * 41, "Field cannot be longer than 40 characters."),
    ],
)
def test_bad_filter_values_get_a_clear_message_not_an_error(client, query, message):
    response = client.get(f"/history?{query}")
    assert response.status_code == 400
    assert message in response.text
    assert '<form method="get"' in response.text


def test_a_page_past_the_end_offers_the_first_page(client, api):
    api.create()
    response = client.get("/history?page=7&status=finished")
    assert response.status_code == 200
    assert "There is nothing on page 7" in response.text
    assert 'href="/history?status=finished"' in response.text


def test_the_history_page_has_no_inline_styles_or_scripts(client, api):
    api.create()
    html = client.get("/history").text
    assert not has_inline_code(html)


def test_statistics_with_no_games_invite_a_first_game(client):
    response = client.get("/stats")
    assert response.status_code == 200
    assert "No games yet" in response.text
    assert 'href="/new/"' in response.text


def test_statistics_show_players_and_teams_wins_and_contracts(client, api):
    api.create()
    api.hand(bidder="Ann", contract="8H", tricks=8)
    api.hand(bidder="Ann", contract="misere", tricks=0)
    api.create(first_dealer="Bob")
    api.hand(bidder="Bob", contract="10NT", tricks=0)
    api.create(sides=THREE, first_dealer="Eve")
    api.hand(contract="pass")
    api.create(name="Never played")  # no hand: counted for no one
    response = client.get("/stats")
    assert response.status_code == 200
    html = response.text
    assert "From 3 games." in html
    ann = html[html.index("<strong>Ann</strong>") :]
    ann = ann[: ann.index("</details>")]
    assert "2 games · 2 wins" in ann
    assert "<dt>Wins out the front door</dt><dd>1</dd>" in ann
    assert "<dt>Wins out the back door</dt><dd>1</dd>" in ann
    assert "<dt>Contracts</dt><dd>2 of 2 made (100%)</dd>" in ann
    assert "<dt>Misère</dt><dd>1 of 1 made (100%)</dd>" in ann
    assert "8.0 taken on an average bid of 8.0" in ann
    assert re.search(
        r"Hearts</th><td class=\"num\">1</td><td class=\"num\">1</td>", ann
    )
    assert "<h2>Teams</h2>" in html
    assert "<strong>Ann &amp; Cat</strong>" in html
    assert "<strong>Bob &amp; Dan</strong>" in html
    assert "<strong>Eve</strong>" in html and "<strong>Eve &amp;" not in html
    assert not has_inline_code(html)


def test_statistics_headings_come_in_order(client, api):
    api.create()
    html = client.get("/stats").text
    levels = [int(n) for n in re.findall(r"<h([1-6])", html)]
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))


def test_statistics_name_those_with_most_games_and_count_the_rest(
    client, api, monkeypatch
):
    monkeypatch.setattr(history, "SHOWN", 3)
    api.create(sides=THREE, first_dealer="Eve")
    api.hand(contract="pass")
    api.create()
    api.hand(bidder="Bob", contract="10NT", tricks=10)
    html = client.get("/stats").text
    names = re.findall(r"<summary><strong>([^<]+)</strong>", html)
    # Five share third place, with a game and no win: the first by name has it.
    assert names == ["Bob", "Dan", "Ann", "Bob &amp; Dan", "Ann &amp; Cat"]
    assert "4 more players not shown: the list keeps those with the most games." in html
    assert 'Every player is on <a href="/players">Players</a>' in html
    assert "more team" not in html
