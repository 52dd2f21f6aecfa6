"""A group's statistics and files (and a game's export, by its version), worked out once per
version of the group and kept in the process's memory (cachetools), so that asking again, from
any phone, costs only the answer.

What a value is kept under names everything it was drawn from: the group and its version (one
more at every change of its players, games or plays: ``writing.changed``), and for its whole file
each of its games' versions too (a tap on a game of the group changes the file, not the group).
A process that has not drawn a version draws it itself; while one request draws a key, the
others asking for it wait for that drawing instead of drawing it again; and a process draws one
such value at a time, so heavy drawings take at most one of its threads from the other tables'
pages. A request waiting (for a drawing, or for its turn to draw) ends its read of the database
first (``aside``: the web layer's; cachetools' own ``cached(condition=...)`` waits holding it):
it holds no connection meanwhile, and a drawing reads what it shows afresh. Files are kept by
size, statistics by count; a size of 0 keeps nothing (to measure what keeping buys).
"""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Hashable
from typing import Any

from cachetools import LRUCache

# Files (JSON and CSV) of the groups read lately, in bytes: the largest group file is a few MB.
FILES_BYTES = 64_000_000
# Groups whose statistics are kept: each holds the facts of every play of its group.
STATS_KEPT = 16
# How long a request waits for another's drawing of the same key before drawing it itself.
WAIT = 30.0  # s


class Kept:
    """One app's kept files and statistics: ``file(key, draw)`` and ``stats(key, draw)`` give
    the value kept under ``key``, else ``draw()``'s, then kept."""

    def __init__(self, files_bytes: int = FILES_BYTES, stats_kept: int = STATS_KEPT, *,
                 aside: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext
                 ) -> None:
        self.files: LRUCache = LRUCache(maxsize=files_bytes, getsizeof=len)
        self.worked_out: LRUCache = LRUCache(maxsize=stats_kept)
        self.aside = aside
        self.lock = threading.Lock()  # (cachetools' caches are not thread-safe)
        self.drawing: dict[Hashable, threading.Event] = {}  # keys being drawn now
        # held by the one drawing of this process (re-entered by a drawing that draws a kept
        # value itself: a page drawn from the numbers)
        self.turn = threading.RLock()

    def file(self, key: tuple, draw: Callable[[], bytes]) -> bytes:
        return self._get(self.files, key, draw)

    def stats(self, key: tuple, draw: Callable[[], Any]) -> Any:
        return self._get(self.worked_out, key, draw)

    def _get(self, cache: LRUCache, key: tuple, draw: Callable[[], Any]) -> Any:
        with self.lock:
            found = cache.get(key)
            if found is not None:
                return found
            other = self.drawing.get(key)
            if other is None:
                mine = self.drawing[key] = threading.Event()
        if other is not None:
            with self.aside():
                other.wait(WAIT)
            with self.lock:
                found = cache.get(key)
            if found is not None:
                return found
            return self._draw(cache, key, draw)  # (that drawing failed, or was too large)
        try:
            return self._draw(cache, key, draw)
        finally:
            with self.lock:
                del self.drawing[key]
            mine.set()

    def _draw(self, cache: LRUCache, key: tuple, draw: Callable[[], Any]) -> Any:
        if not self.turn.acquire(blocking=False):
            with self.aside():
                # (past the wait it draws anyway: a slow turn delays, never refuses)
                waited = self.turn.acquire(timeout=WAIT)
        else:
            waited = True
        try:
            value = draw()
        finally:
            if waited:
                self.turn.release()
        # (a value larger than the whole cache raises ValueError: answered, not kept)
        with self.lock, contextlib.suppress(ValueError):
            cache[key] = value
        return value
