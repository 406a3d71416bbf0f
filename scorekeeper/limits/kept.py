"""Work kept within a bound: a small thread-safe LRU of computed answers (a game's rendered page, a
table's statistics, an evening's standings, a season's league), the least recently read dropped
past its size. Each owner keys it by everything its answer is computed from, so a change is a new
key and nothing need be invalidated."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """Up to ``size`` values by key; :meth:`get` counts as a use."""

    def __init__(self, size: int = 256):
        self.size, self.values, self.lock = size, OrderedDict[Hashable, V](), threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self.lock:
            value = self.values.get(key)
            if value is not None:
                self.values.move_to_end(key)
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self.lock:
            self.values[key] = value
            while len(self.values) > self.size:
                self.values.popitem(last=False)

    def keys(self) -> list[Hashable]:
        """The keys kept, the least recently used first."""
        with self.lock:
            return list(self.values)

    def clear(self) -> None:
        with self.lock:
            self.values.clear()
