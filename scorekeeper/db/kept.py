"""What a worker keeps of derived data (replays, a night's rows, a page drawn),
bounded: past its size the oldest is forgotten, and a miss reads the rows again."""

from __future__ import annotations

import threading
from collections import OrderedDict
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
        """Return the value kept under a key, if any."""
        with self._lock:
            return self._values.get(key)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._values

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
