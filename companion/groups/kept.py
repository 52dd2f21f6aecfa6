"""A group's statistics and files, worked out once per version of the group and kept in the
process's memory (cachetools), so that asking again, from any phone, costs only the answer.

What a value is kept under names everything it was drawn from: the group and its version (one
more at every change of its players, games or plays: ``plays.changed``), and for its whole file
each of its games' versions too (a tap on a game of the group changes the file, not the group).
A process that has not drawn a version draws it itself; while one request draws a key, the
others asking for it wait for that drawing instead of drawing it again (cachetools'
``condition``). Files are kept by size, statistics by count; a size of 0 keeps nothing (to
measure what keeping buys).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from cachetools import LRUCache, cached

# Files (JSON and CSV) of the groups read lately, in bytes: the largest group file is a few MB.
FILES_BYTES = 64_000_000
# Groups whose statistics are kept: each holds the facts of every play of its group.
STATS_KEPT = 16


def _key(key: Hashable, draw: Callable[[], Any]) -> Hashable:
    return key


class Kept:
    """One app's kept files and statistics (``file`` and ``stats``: the value kept under
    ``key``, else ``draw()``'s, then kept)."""

    def __init__(self, files_bytes: int = FILES_BYTES, stats_kept: int = STATS_KEPT) -> None:
        self.files: LRUCache = LRUCache(maxsize=files_bytes, getsizeof=len)
        self.worked_out: LRUCache = LRUCache(maxsize=stats_kept)
        # (cachetools' caches are not thread-safe; the condition is their lock too)
        self.file: Callable[[Hashable, Callable[[], bytes]], bytes] = cached(
            self.files, key=_key, condition=threading.Condition())(_drawn)
        self.stats: Callable[[Hashable, Callable[[], Any]], Any] = cached(
            self.worked_out, key=_key, condition=threading.Condition())(_drawn)


def _drawn(key: Hashable, draw: Callable[[], Any]) -> Any:
    return draw()
