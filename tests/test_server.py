"""The real server, started as the README says, plays a game over HTTP."""

import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from api_helpers import FRIDAY


def call(url, method="GET", body=None, token=None):
    """Send a JSON request; return the status and the decoded answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def test_a_whole_australian_game_over_http_then_undo(live_server):
    status, game = call(f"{live_server}/api/games", "POST", FRIDAY)
    assert status == 201
    token, hands = game["write_token"], f"{live_server}/api/games/{game['id']}/hands"
    assert call(hands, "POST", {"contract": "7H", "tricks": 7})[0] == 403
    for hand in (
        {"bidder": "Ann", "contract": "8H", "tricks": 8},
        {"bidder": "Bob", "contract": "7S", "tricks": 4},
        {"bidder": "Cat", "contract": "pass"},
        {"bidder": "Dan", "contract": "misere", "tricks": 0},
        {"bidder": "Ann", "contract": "7NT", "tricks": 9},
    ):
        status, game = call(hands, "POST", hand, token)
        assert status == 201, game
    assert game["status"] == "finished" and game["ending"] == "front_door"
    assert game["winner"] == 0 and game["sides"][0]["score"] == 580
    status, answer = call(
        hands, "POST", {"bidder": "Bob", "contract": "6S", "tricks": 6}, token
    )
    assert status == 409 and "over" in answer["error"]

    status, game = call(f"{hands}/5", "DELETE", token=token)
    assert status == 200 and game["status"] == "in_progress"
    assert game["winner"] is None and len(game["hands"]) == 4
    status, game = call(f"{live_server}/api/games/{game['id']}")
    assert status == 200 and game["version"] == 7 and game["next_dealer"] == "Ann"


def test_two_phones_recording_the_same_hand_land_once(live_server):
    status, game = call(f"{live_server}/api/games", "POST", FRIDAY)
    hands = f"{live_server}/api/games/{game['id']}/hands"
    body = json.dumps({"bidder": "Bob", "contract": "7H", "tricks": 7}).encode()
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {game['write_token']}",
        "If-Match": '"1"',
    }

    def record(_):
        request = urllib.request.Request(hands, body, headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            with error:
                return error.code

    with ThreadPoolExecutor(4) as pool:
        statuses = sorted(pool.map(record, range(4)))
    assert statuses == [201, 412, 412, 412]
    assert len(call(f"{live_server}/api/games/{game['id']}")[1]["hands"]) == 1
