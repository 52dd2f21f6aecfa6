"""Held version checks (long polling): a phone asks for its game's version and says which version
its page shows; while that is still the game's version, the answer waits until the version moves
or ``LIVE_WAIT_SECONDS`` pass. A change reaches every phone as soon as it is noticed, and a quiet
table costs one request per phone per wait instead of one per second.

How one server process notices a change:

- a write made in this process wakes the phones waiting on its game at once (``moved``, called by
  the store after its commit);
- writes made by the other processes are noticed by one watcher thread per process, which reads
  the versions of the games somebody waits for, all in one query, every ``LIVE_WATCH_SECONDS``
  (and sleeps while nobody waits).

Each held check keeps one of the server's threads (waiting costs no CPU); ``LIVE_MAX_WAITING``
bounds how many wait in one process. Beyond it a check is answered at once and the page's script
falls back to checking every few seconds, so a flood of checks cannot take every thread."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable

from flask import Flask, current_app
from sqlalchemy import select
from sqlalchemy.engine import Engine

from .db import Game

_VERSIONS = select(Game.__table__.c.id, Game.__table__.c.version)


class _Watched:
    """The phones of one game waiting in this process, and the newest version noticed."""

    __slots__ = ("version", "waiting", "moved")

    def __init__(self, version: int, lock: threading.Lock) -> None:
        self.version = version
        self.waiting = 0
        self.moved = threading.Condition(lock)


class Waiting:
    """The held checks of one server process (one per app)."""

    def __init__(self, versions: Callable[[list[int]], Iterable[tuple[int, int]]], *,
                 watch_seconds: float, max_waiting: int) -> None:
        self._versions = versions  # game ids -> (id, version) rows, read from the database
        self._watch_seconds = watch_seconds
        self._max = max_waiting
        self._lock = threading.Lock()
        self._someone = threading.Condition(self._lock)  # the watcher sleeps on it
        self._games: dict[int, _Watched] = {}
        self._count = 0
        self._watcher: threading.Thread | None = None

    @property
    def count(self) -> int:
        """How many checks are held now."""
        return self._count

    def wait(self, game_id: int, seen: int, seconds: float) -> int | None:
        """Wait up to ``seconds`` for game ``game_id`` to move past version ``seen`` (the one
        just read from the database); its new version, or None when it did not move. Answers
        at once (None) when this process already holds as many checks as it may."""
        deadline = time.monotonic() + seconds
        with self._lock:
            if self._count >= self._max:
                return None
            watched = self._games.get(game_id)
            if watched is None:
                watched = self._games[game_id] = _Watched(seen, self._lock)
            else:  # ``seen`` was just read: a phone still waiting on an older version wakes
                self._wake(game_id, seen)
            watched.waiting += 1
            self._count += 1
            self._start_watcher()
            self._someone.notify()
            try:
                while watched.version <= seen:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return None
                    watched.moved.wait(left)
                return watched.version
            finally:
                watched.waiting -= 1
                self._count -= 1
                if not watched.waiting:
                    del self._games[game_id]

    def moved(self, game_id: int, version: int) -> None:
        """Game ``game_id`` now has ``version``: wake its waiting checks."""
        with self._lock:
            self._wake(game_id, version)

    def _wake(self, game_id: int, version: int) -> None:
        watched = self._games.get(game_id)
        if watched is not None and version > watched.version:
            watched.version = version
            watched.moved.notify_all()

    def _start_watcher(self) -> None:
        if self._watcher is None or not self._watcher.is_alive():
            self._watcher = threading.Thread(target=self._watch, name="live-watcher",
                                             daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        """Forever: while somebody waits, read their games' versions and wake whoever's moved."""
        while True:
            with self._lock:
                while not self._games:
                    self._someone.wait()
                ids = list(self._games)
            try:
                rows = list(self._versions(ids))
            except Exception:  # a database hiccup: the next round reads again
                rows = []
            with self._lock:
                for game_id, version in rows:
                    self._wake(game_id, version)
            time.sleep(self._watch_seconds)


def init_app(app: Flask) -> None:
    app.extensions["live"] = Waiting(versions_from(app.extensions["db_engine"]),
                                     watch_seconds=app.config["LIVE_WATCH_SECONDS"],
                                     max_waiting=app.config["LIVE_MAX_WAITING"])


def moved(game_id: int, version: int) -> None:
    """Game ``game_id`` now has ``version`` (just committed): wake the checks waiting on it."""
    current_app.extensions["live"].moved(game_id, version)


def versions_from(engine: Engine) -> Callable[[list[int]], list[tuple[int, int]]]:
    """Read the versions of a list of games, in chunks the database's parameter limit allows."""
    def versions(ids: list[int]) -> list[tuple[int, int]]:
        rows: list[tuple[int, int]] = []
        with engine.connect() as conn:
            for i in range(0, len(ids), 500):
                query = _VERSIONS.where(Game.__table__.c.id.in_(ids[i:i + 500]))
                rows += [(r[0], r[1]) for r in conn.execute(query)]
        return rows
    return versions
