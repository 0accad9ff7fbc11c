"""Print each page's weight over the wire: requests, and bytes as sent and unpacked.

Run: .venv/bin/python bench/pages.py
Every asset a page loads (stylesheet, script, icon) is fetched too, as a phone
asks for it (Accept-Encoding: gzip); the aim is under 20 KB per page, all included.
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

from scorekeeper import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import FRIDAY  # noqa: E402

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
HANDS = [("Bob", "7H", 7), ("Ann", "6S", 6), ("Dan", "8C", 5), ("Cat", "7NT", 7)] * 3


def fetch(client, path: str) -> bytes:
    """Return what the app sends for a path to a client that accepts gzip."""
    with client.get(path, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.status_code == 200, (path, response.status_code)
        response.direct_passthrough = False
        return response.data


def weigh(client, path: str) -> tuple[int, int, int]:
    """Return requests, bytes unpacked and bytes sent for a page and its assets."""
    page = fetch(client, path)
    text = gzip.decompress(page).decode()
    sent = [page] + [fetch(client, a) for a in set(ASSET.findall(text))]
    unpacked = [gzip.decompress(b) if b[:2] == b"\x1f\x8b" else b for b in sent]
    return len(sent), sum(map(len, unpacked)), sum(map(len, sent))


def main() -> None:
    """Fill a game with hands, then weigh every page."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                "SECRET_KEY": "bench-" + "x" * 32,
            }
        )
        client = app.test_client()
        game = client.post("/api/games", json=FRIDAY).json
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        for bidder, contract, tricks in HANDS:
            hand = {"bidder": bidder, "contract": contract, "tricks": tricks}
            client.post(f"/api/games/{game['id']}/hands", json=hand, headers=auth)
        client.get(game["links"]["play"])
        board = f"/games/{game['id']}"
        # The page a scorer sees most: a game still in play, with the hand entry.
        playing = client.post("/api/games", json=FRIDAY).json
        auth = {"Authorization": f"Bearer {playing['write_token']}"}
        for bidder, contract, tricks in HANDS[:3]:
            hand = {"bidder": bidder, "contract": contract, "tricks": tricks}
            client.post(f"/api/games/{playing['id']}/hands", json=hand, headers=auth)
        client.get(playing["links"]["play"])
        pages = {
            "home": "/",
            "new game": "/new/2x2",
            "scoreboard (12 hands)": board,
            "scoreboard in play (3)": f"/games/{playing['id']}",
            "edit hand": f"{board}/hands/1/edit",
            "house rules": "/rules/",
            "new house rules": "/rules/new",
            "history": "/history",
            "statistics": "/stats",
        }
        print(f"{'page':24} {'requests':>8} {'unpacked':>10} {'sent':>10}")
        for name, path in pages.items():
            requests, raw, packed = weigh(client, path)
            print(f"{name:24} {requests:8} {raw:10} {packed:10}")
        with app.app_context():
            from scorekeeper.db.models import db

            db.engine.dispose()


if __name__ == "__main__":
    main()
