"""Print each page's weight: requests and bytes, raw and gzip-compressed.

Run: .venv/bin/python bench/pages.py
Every asset a page loads (stylesheet, script, icon) is fetched too; the aim is
under 20 KB compressed per page, all included.
"""

from __future__ import annotations

import gzip
import re
import tempfile

from scorekeeper import create_app

ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')
GAME = {
    "name": "Bench",
    "rules": {"preset": "australian"},
    "sides": [
        {"name": "Us", "players": ["Ann", "Cat"]},
        {"name": "Them", "players": ["Bob", "Dan"]},
    ],
}
HANDS = [("Bob", "7H", 7), ("Ann", "6S", 6), ("Dan", "8C", 5), ("Cat", "7NT", 7)] * 3


def weigh(client, path: str) -> tuple[int, int, int]:
    """Return requests, raw bytes and gzip bytes for a page and its assets."""
    page = client.get(path)
    assert page.status_code == 200, (path, page.status_code)
    bodies = [page.data] + [client.get(a).data for a in set(ASSET.findall(page.text))]
    raw = sum(len(b) for b in bodies)
    packed = sum(len(gzip.compress(b, 6)) for b in bodies)
    return len(bodies), raw, packed


def main() -> None:
    """Fill a game with hands, then weigh every page."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                "SECRET_KEY": "bench",
            }
        )
        client = app.test_client()
        game = client.post("/api/games", json=GAME).json
        auth = {"Authorization": f"Bearer {game['write_token']}"}
        for bidder, contract, tricks in HANDS:
            hand = {"bidder": bidder, "contract": contract, "tricks": tricks}
            client.post(f"/api/games/{game['id']}/hands", json=hand, headers=auth)
        client.get(game["links"]["play"])
        board = f"/games/{game['id']}"
        pages = {
            "home": "/",
            "new game": "/new/2x2",
            "scoreboard (12 hands)": board,
            "edit hand": f"{board}/hands/1/edit",
            "house rules": "/rules/",
            "new house rules": "/rules/new",
            "history": "/history",
            "statistics": "/stats",
        }
        print(f"{'page':24} {'requests':>8} {'raw bytes':>10} {'gzip bytes':>10}")
        for name, path in pages.items():
            requests, raw, packed = weigh(client, path)
            print(f"{name:24} {requests:8} {raw:10} {packed:10}")
        with app.app_context():
            from scorekeeper.models import db

            db.engine.dispose()


if __name__ == "__main__":
    main()
