"""What a worker keeps of derived data (replays, a night's rows, a page drawn),
bounded: past its size the oldest is forgotten, and a miss reads the rows again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """At most `most` values by key, safe to share between a worker's threads."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """Return the value kept under a key, if any (now the newest: the least
        recently asked for is forgotten first)."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._values

    def made(self, key: K, make: Callable[[], V]) -> V:
        """Return the value kept under a key, made by `make` and kept if none is."""
        found = self.get(key)
        if found is None:
            found = make()
            self.keep(key, found)
        return found

    def keep(self, key: K, value: V) -> None:
        """Keep a value as the newest, forgetting the oldest past `most`."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.most:
                self._values.popitem(last=False)

    def clear(self) -> None:
        """Forget everything kept."""
        with self._lock:
            self._values.clear()


class Drawing(Generic[K]):
    """Which values a thread is making now, so that threads asking for the same
    one meanwhile (a table's four phones after a hand) wait for it instead of
    each making it again."""

    def __init__(self) -> None:
        self._made: dict[K, threading.Event] = {}
        self._lock = threading.Lock()

    def claim(self, key: K) -> threading.Event | None:
        """Return None if this thread is now to make the value (then call
        `done`), or the event that the thread making it sets when done."""
        with self._lock:
            making = self._made.get(key)
            if making is None:
                self._made[key] = threading.Event()
            return making

    def done(self, key: K) -> None:
        """Say the value is made (or could not be): wake the threads waiting."""
        with self._lock:
            making = self._made.pop(key, None)
        if making is not None:
            making.set()
