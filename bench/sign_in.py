"""Time a sign-in at the chosen Argon2id cost (CLUBS.md, "Targets": under 300 ms).

Prints the hash and the check alone (the chosen cost beside argon2-cffi's own
default, for scale), then whole sign-ins through a many-clubs server: the page's
POST with the right password, and with a wrong one (as slow: it checks a decoy).

Run: .venv/bin/python bench/sign_in.py [--tries 20]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import logging
import re
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable

from argon2 import PasswordHasher
from werkzeug.serving import make_server

from scorekeeper import create_app
from scorekeeper.accounts import persons, service

PASSWORD = "a bench's long password"
TARGET_MS = 300.0


def median_ms(work: Callable[[], object], tries: int) -> float:
    """Return the median time of a piece of work, in ms."""
    times = []
    for _ in range(tries):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def sign_in(base: str, password: str) -> tuple[int, float]:
    """Sign in as a browser does (the page, then its form); return the status
    and the POST's time in ms."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(jar), NoRedirect()
    )
    page = opener.open(f"{base}/login", timeout=30).read().decode()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token is not None
    form = {"email": "bench@example.org", "password": password, "csrf_token": token[1]}
    body = urllib.parse.urlencode(form).encode()
    start = time.perf_counter()
    try:
        with opener.open(f"{base}/login", body, timeout=30) as answer:
            status = int(answer.status)
    except urllib.error.HTTPError as refused:
        status = refused.code
    return status, (time.perf_counter() - start) * 1000


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep a redirect as the answer: the sign-in's 302 is what is timed."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def main() -> None:
    """Print the hash, the check and a sign-in's time at the chosen cost."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tries", type=int, default=20)
    tries = parser.parse_args().tries
    chosen, default = persons.HASHER, PasswordHasher()
    for name, hasher in (("chosen", chosen), ("argon2-cffi default", default)):
        kept = hasher.hash(PASSWORD)
        hashed = median_ms(lambda h=hasher: h.hash(PASSWORD), tries)
        checked = median_ms(lambda h=hasher, k=kept: h.verify(k, PASSWORD), tries)
        print(
            f"{name:20} t={hasher.time_cost} m={hasher.memory_cost} KiB "
            f"p={hasher.parallelism}: hash {hashed:6.1f} ms, check {checked:6.1f} ms"
        )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    folder = tempfile.mkdtemp(prefix="scorekeeper-bench-")
    app = create_app(
        {
            "SECRET_KEY": "a bench's key, long enough",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
            "CLUBS": "many",
        }
    )
    with app.app_context():
        service.create_account("bench@example.org", "Bench", PASSWORD)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        rights = [sign_in(base, PASSWORD) for _ in range(tries)]
        # A few wrong ones only: a sixth would wait (the account's throttle).
        wrongs = [sign_in(base, "not the password") for _ in range(4)]
    finally:
        server.shutdown()
    assert {s for s, _ in rights} == {302} and {s for s, _ in wrongs} == {401}
    right = statistics.median(ms for _, ms in rights)
    wrong = statistics.median(ms for _, ms in wrongs)
    print(f"sign-in POST, right password (302): {right:6.1f} ms")
    print(f"sign-in POST, wrong password (401): {wrong:6.1f} ms")
    print(f"target {TARGET_MS:.0f} ms: a sign-in takes {right / TARGET_MS:.2f}x of it")


if __name__ == "__main__":
    main()
