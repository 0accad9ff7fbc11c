"""What a worker keeps of derived data (replays, a night's rows, a page drawn),
bounded: past its size the oldest is forgotten, and a miss reads the rows again.

Each is the current club's (db/clubs/scope.py): every key is kept beside the
club's storage, so club B never finds what club A kept under the same id.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .clubs import scope

K = TypeVar("K")
V = TypeVar("V")


def _own(key: object) -> tuple[str, Any]:
    """Return a key as kept: beside the current club's storage."""
    return scope.storage(), key


class Kept(Generic[K, V]):
    """At most `most` values by key, safe to share between a worker's threads."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._values: OrderedDict[tuple[str, K], V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """Return the value kept under a key, if any (now the newest: the least
        recently asked for is forgotten first)."""
        key_ = _own(key)
        with self._lock:
            value = self._values.get(key_)
            if value is not None:
                self._values.move_to_end(key_)
            return value

    def __contains__(self, key: object) -> bool:
        key_ = _own(key)
        with self._lock:
            return key_ in self._values

    def made(self, key: K, make: Callable[[], V]) -> V:
        """Return the value kept under a key, made by `make` and kept if none is."""
        found = self.get(key)
        if found is None:
            found = make()
            self.keep(key, found)
        return found

    def keep(self, key: K, value: V) -> None:
        """Keep a value as the newest, forgetting the oldest past `most`."""
        key_ = _own(key)
        with self._lock:
            self._values[key_] = value
            self._values.move_to_end(key_)
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
        self._made: dict[tuple[str, K], threading.Event] = {}
        self._lock = threading.Lock()

    def claim(self, key: K) -> threading.Event | None:
        """Return None if this thread is now to make the value (then call
        `done`), or the event that the thread making it sets when done."""
        key_ = _own(key)
        with self._lock:
            making = self._made.get(key_)
            if making is None:
                self._made[key_] = threading.Event()
            return making

    def done(self, key: K) -> None:
        """Say the value is made (or could not be): wake the threads waiting."""
        key_ = _own(key)
        with self._lock:
            making = self._made.pop(key_, None)
        if making is not None:
            making.set()
