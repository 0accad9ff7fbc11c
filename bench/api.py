"""Time recording hands through the real server: hand 200 should cost what hand 1 does.

Run: .venv/bin/python bench/api.py [--gunicorn] [--hands 200]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from api_helpers import CYCLE, ENDLESS  # noqa: E402
from server import run_server  # noqa: E402


def post(url: str, body: object, token: str | None = None) -> dict[str, object]:
    """POST JSON and return the decoded answer."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: dict[str, object] = json.loads(response.read())
        return answer


def main() -> None:
    """Record the hands and print the mean time per request, first and last ten."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gunicorn", action="store_true")
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    server = "gunicorn" if args.gunicorn else "flask"
    with run_server(server=server) as base:
        game = post(f"{base}/api/games", ENDLESS)
        url, token = f"{base}/api/games/{game['id']}/hands", str(game["write_token"])
        times = []
        for number in range(args.hands):
            start = time.perf_counter()
            post(url, CYCLE[number % len(CYCLE)], token)
            times.append(time.perf_counter() - start)
    first, last = times[:10], times[-10:]
    print(f"server: {server}, hands recorded: {len(times)}")
    print(f"hands 1-10:   {statistics.mean(first) * 1000:6.2f} ms per request")
    print(
        f"hands {len(times) - 9}-{len(times)}: "
        f"{statistics.mean(last) * 1000:6.2f} ms per request"
    )


if __name__ == "__main__":
    main()
