"""SQLite's writers, one after another: each woken as soon as the one before ends."""

from __future__ import annotations

import fcntl
import functools
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine

from .models import db

# SQLite makes a writer that finds the database locked sleep and try again
# (1, 2, 5, 10 ms and on); two workers recording hands spent most of a write
# in those sleeps. Each write first takes a file lock beside the database,
# asking again every POLL seconds, so it starts within that of the one before
# it ending. Past WAIT (SQLite's busy timeout) it goes on without, and SQLite's
# own lock decides as before. It only orders writers: SQLite's lock still
# guards the data, and a write that takes no file lock is as safe as ever.
POLL, WAIT = 0.0002, 5.0


@functools.lru_cache(maxsize=4)  # by engine: one app's, or a few in tests
def _lock_file(engine: Engine) -> str | None:
    """Return the file that orders an SQLite database's writers, or None."""
    where = engine.url.database
    if engine.dialect.name != "sqlite" or not where or where == ":memory:":
        return None
    return where + "-writers"


_WRITING = threading.local()  # a write within a write holds the lock already


@contextmanager
def one_writer() -> Iterator[None]:
    """Wait for the writes before this one to end (SQLite), then write."""
    path = _lock_file(db.engine)
    if path is None or getattr(_WRITING, "held", False):
        yield
        return
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(POLL)
        _WRITING.held = True
        yield
    finally:
        _WRITING.held = False
        os.close(handle)  # which lets the next writer go
