"""A table's game at its round's end (NIGHTS.md "Who may do what"): its
scoreboard says the round is over and points each player at the night, and
offers no rematch and no delete."""

from __future__ import annotations

from typing import Any

from api_helpers import statements
from flask.testing import FlaskClient
from test_language import FRENCH, english_left
from test_nights_api import EIGHT, director, get, hand, make

from scorekeeper.db import heads


def table_phone(client: FlaskClient, night: dict[str, Any], number: int) -> str:
    """Open table `number`'s game as its scoring phone; return its scoreboard."""
    client.get(f"/nights/{night['id']}/direct/{night['director_token']}")
    opened = client.get(f"/nights/{night['id']}/tables/{number}")
    page = client.get(opened.headers["Location"])
    assert page.status_code == 200
    return page.text


def play_out(client: FlaskClient, night: dict[str, Any], table: int, bidder: str):
    """Play a table's two hands, `bidder`'s side making both."""
    game = get(client, night["id"])["rounds"][-1]["tables"][table - 1]["game"]
    for _ in range(2):
        hand(client, game, night["director_token"], bidder, 7)


def test_an_ended_table_says_the_round_goes_on_at_the_others_and_offers_no_rematch(
    client,
):
    night = make(client)
    playing = table_phone(client, night, 1)
    assert "hand-form" in playing and "Delete this game" not in playing
    play_out(client, night, 1, "Ann")
    page = table_phone(client, night, 1)
    assert "Round 1 is over at this table." in page
    assert "The round is still being played at table 2" in page
    assert ">Rematch<" not in page and "Delete this game" not in page
    assert f'href="/nights/{night["id"]}"' in page


def test_once_every_table_ended_each_player_is_told_their_next_table_and_partner(
    client,
):
    night = make(client)
    play_out(client, night, 1, "Ann")
    play_out(client, night, 2, "Eve")
    page = table_phone(client, night, 1)
    assert "Round 2: where each of you plays" in page
    # Progressive: table 1's winners stay, table 2's winners move up to them.
    assert "Ann: table 1, with Eve" in page
    assert "Bob: table 2, with Fay" in page
    assert "still being played" not in page and 'data-settled="true"' not in page
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert started.status_code == 201
    after = client.get(f"/nights/{night['id']}/rounds/1/tables/1/next").text
    assert "Cat: table 1, with Gus" in after
    assert 'data-settled="true"' in after
    assert f'href="/nights/{night["id"]}/tables/1"' in after  # the table's next game


def test_a_player_sitting_out_or_gone_is_told_so(client):
    night = make(client, players=[*EIGHT, "Ivy", "Jo"])
    gone = client.delete(
        f"/api/nights/{night['id']}/players/Dan", headers=director(night)
    )
    assert gone.status_code == 200
    play_out(client, night, 1, "Ann")
    play_out(client, night, 2, "Eve")
    pages = [
        client.get(f"/nights/{night['id']}/rounds/1/tables/{n}/next").text
        for n in (1, 2)
    ]
    assert "Dan is gone for the night" in pages[0]
    said = "".join(pages)
    assert said.count(" sits out") == 1  # Ivy and Jo sat out round 1: one other now


def test_a_finished_nights_tables_say_so(client):
    night = make(client, rounds=1)
    play_out(client, night, 1, "Ann")
    play_out(client, night, 2, "Eve")
    page = table_phone(client, night, 2)
    assert "The night is finished: the standings are on the night" in page
    assert ">Rematch<" not in page


def test_the_next_table_page_answers_304_until_the_night_moves(client):
    night = make(client)
    play_out(client, night, 1, "Ann")
    path = f"/nights/{night['id']}/rounds/1/tables/1/next"
    first = client.get(path)
    tag = {"If-None-Match": first.headers["ETag"]}
    assert client.get(path, headers=tag).status_code == 304
    play_out(client, night, 2, "Eve")
    assert "Round 2: where each of you plays" in client.get(path, headers=tag).text
    assert (
        client.get(f"/nights/{night['id']}/rounds/1/tables/9/next").status_code == 404
    )
    assert (
        client.get(f"/nights/{night['id']}/rounds/7/tables/1/next").status_code == 404
    )


def test_the_asks_and_a_tables_word_at_its_rounds_end_speak_french(client):
    night = make(client, players=[*EIGHT, "Ivy", "Jo"])
    play_out(client, night, 1, "Ann")
    table_phone(client, night, 1)  # this phone directs the night and scores table 1
    at = f"/nights/{night['id']}"
    pages = {
        "scoreboard": client.get(f"{at}/tables/1").headers["Location"],
        "next": f"{at}/rounds/1/tables/1/next",
        "console": f"{at}/direct",
        "call time": f"{at}/direct/close?round=1",
        "finish": f"{at}/direct/finish",
        "gone": f"{at}/direct/players/Ivy/gone",
    }
    for name, path in pages.items():
        page = client.get(path, headers=FRENCH).text
        assert '<html lang="fr">' in page, name
        assert english_left(page) == [], name
    play_out(client, night, 2, "Eve")
    paths = [f"{at}/rounds/1/tables/{n}/next" for n in (1, 2)]
    both = [client.get(path, headers=FRENCH).text for path in paths]
    assert "Ronde 2\u00a0: où chacun joue" in both[0]
    assert "Ann\u00a0: table 1, avec Eve" in both[0]
    assert "est au repos" in "".join(both)  # two of table 2 sit out round 2
    assert english_left("".join(both)) == []


def test_an_ended_tables_scoreboard_is_drawn_again_when_the_night_moves(client):
    night = make(client)
    play_out(client, night, 1, "Ann")
    board = f"/games/{night['rounds'][0]['tables'][0]['game']}"
    first = client.get(board)
    assert "still being played at table 2" in first.text
    tag = {"If-None-Match": first.headers["ETag"]}
    assert client.get(board, headers=tag).status_code == 304
    # The other table ends: the page's word at the round's end moves with it.
    play_out(client, night, 2, "Eve")
    ended = client.get(board, headers=tag)
    assert ended.status_code == 200 and "Round 2: where each of you plays" in ended.text
    assert "still being played" not in client.get(board).text  # a plain reload
    # The next round starts: a new ETag, and the table's next game offered.
    tag = {"If-None-Match": ended.headers["ETag"]}
    started = client.post(f"/api/nights/{night['id']}/rounds", headers=director(night))
    assert started.status_code == 201
    onward = f'href="/nights/{night["id"]}/tables/1"'
    seated = client.get(board, headers=tag)
    assert seated.status_code == 200 and onward in seated.text
    assert seated.headers["ETag"] != ended.headers["ETag"]
    assert onward in client.get(board).text
    assert (
        client.get(board, headers={"If-None-Match": seated.headers["ETag"]}).status_code
        == 304
    )


def test_an_ended_tables_poll_is_still_one_light_read(app, client, monkeypatch):
    night = make(client)
    play_out(client, night, 1, "Ann")
    board = f"/games/{night['rounds'][0]['tables'][0]['game']}"
    tag = {"If-None-Match": client.get(board).headers["ETag"]}
    read, counted, seen = heads.head, [], []

    def counting(*args, **kwargs):
        counted.append(args)
        return read(*args, **kwargs)

    monkeypatch.setattr(heads, "head", counting)
    monkeypatch.setitem(app.view_functions, "games.scoreboard", None)  # no Flask
    # The night's version and its round's games' are read in the game's head.
    assert statements(app, lambda: seen.append(client.get(board, headers=tag))) == []
    assert len(counted) == 1 and seen[0].status_code == 304
