"""An undo racing a call of time (two clients at once, a real server): they
act one after the other under the night's lock, so either the undo lands first
and time is called on the reopened game, or the call lands first and the undo
is refused; never a round called with a table reopened (issue 41 point 2)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from api_helpers import call
from test_nights_api import EIGHT
from test_nights_clock_race import server  # noqa: F401  (the fixture)

NIGHTS = 6


def at_once(ready: threading.Barrier, url: str, method: str, auth: Any) -> int:
    """Send one request the moment the other client is ready too."""
    ready.wait()
    return call(url, method, {} if method == "POST" else None, auth)[0]


def test_an_undo_racing_a_call_of_time_never_strands_the_round(server):  # noqa: F811
    body = {"name": "Race", "movement": "progressive", "round_hands": 2}
    body |= {"rules": {"preset": "australian"}, "players": EIGHT}
    for _ in range(NIGHTS):
        status, night, _ = call(f"{server}/api/nights", "POST", body)
        assert status == 201, night
        auth = {"Authorization": f"Bearer {night['director_token']}"}
        path = f"{server}/api/nights/{night['id']}"
        first, second = (t["game"] for t in night["rounds"][0]["tables"])
        for table, bidder, count in ((first, "Ann", 2), (second, "Eve", 1)):
            for tricks in range(7, 7 + count):
                hand = {"bidder": bidder, "contract": "7H", "tricks": tricks}
                sent = call(f"{server}/api/games/{table}/hands", "POST", hand, auth)
                assert sent[0] == 201, sent
        ready = threading.Barrier(2)
        undo = (ready, f"{server}/api/games/{first}/hands/2", "DELETE", auth)
        close = (ready, f"{path}/rounds/1/close", "POST", auth)
        with ThreadPoolExecutor(2) as pool:
            undone, closed = pool.submit(at_once, *undo), pool.submit(at_once, *close)
            outcome = (undone.result(), closed.result())
        assert outcome in {(200, 200), (409, 200)}, outcome
        shown = call(path)[1]["rounds"][0]
        assert shown["called"] and shown["status"] == "finished"
        assert [t["status"] for t in shown["tables"]] == ["finished", "finished"]
        hands = len(call(f"{server}/api/games/{first}")[1]["hands"])
        assert hands == (1 if outcome[0] == 200 else 2)  # nothing lost unasked
        started = call(f"{path}/rounds", "POST", {}, auth)
        assert started[0] == 201, started  # the round is never stranded
