"""Held version checks (long polling): a phone asks for its game's version and says which version
its page shows; while that is still the game's version, the answer waits until the version moves
or ``LIVE_WAIT_SECONDS`` pass. A change reaches every phone as soon as it is noticed, and a quiet
table costs one request per phone per wait instead of one per second.

How one server process notices a change:

- a write made in this process wakes the phones waiting on its game at once (``moved``, called by
  the store after its commit);
- with PostgreSQL, each write also asks the database to notify (``told``, in the write's
  transaction: sent when it commits) every process listening on the database, of this server or
  of a server on another machine: one connection per process listens, in a thread of its own,
  started with the first held check;
- one watcher thread per process reads the versions of the games somebody waits for, all in one
  query, every ``LIVE_WATCH_SECONDS``, and sleeps while nobody waits. With SQLite (one machine)
  that is how a write of another process is noticed: it looks often (``WATCH_SECONDS``) and
  reads the versions only when the database changed since it last looked (SQLite's
  ``data_version``). With PostgreSQL it catches only what no notification told (the listening
  connection lost and opened again), so it looks rarely.

Each held check keeps one of the server's threads (waiting costs no CPU); ``LIVE_MAX_WAITING``
bounds how many wait in one process. Beyond it a check is answered at once and the page's script
falls back to checking every few seconds, so a flood of checks cannot take every thread."""
from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable

from flask import Flask, current_app
from sqlalchemy import select, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from .db import Game

_VERSIONS = select(Game.__table__.c.id, Game.__table__.c.version)
# The PostgreSQL channel every write is told on ("<game id> <version>").
CHANNEL = "companion_moved"
_NOTIFY = text("SELECT pg_notify(:channel, :said)")

# The watcher's period by database, unless LIVE_WATCH_SECONDS says otherwise: with SQLite it is
# how the server's other processes' writes are noticed; with PostgreSQL notifications tell them.
WATCH_SECONDS = {"sqlite": 0.025, "postgresql": 1.0}
# How long the listening connection waits before it is opened again, after it failed.
LISTEN_AGAIN = 1.0  # s
# How many games' newest versions a process remembers (a check registering just after a change
# it heard of finds it here).
LATEST_KEPT = 4096

log = logging.getLogger(__name__)


class _Watched:
    """The phones of one game waiting in this process, and the newest version noticed."""

    __slots__ = ("version", "waiting", "moved")

    def __init__(self, version: int, lock: threading.Lock) -> None:
        self.version = version
        self.waiting = 0
        self.moved = threading.Condition(lock)


class Waiting:
    """The held checks of one server process (one per app). ``versions``: game ids -> (id,
    version) rows, read from the database; ``changed``: whether the database may have changed
    since it was last asked (None: always read); ``listen_url``: the PostgreSQL database whose
    notifications to listen to (None: none)."""

    def __init__(self, versions: Callable[[list[int]], Iterable[tuple[int, int]]], *,
                 watch_seconds: float, max_waiting: int,
                 changed: Callable[[], bool] | None = None, listen_url: str | None = None):
        self._versions = versions
        self._changed = changed or (lambda: True)
        self._listen_url = listen_url
        self.watch_seconds = watch_seconds
        self._max = max_waiting
        self._lock = threading.Lock()
        self._someone = threading.Condition(self._lock)  # the watcher sleeps on it
        self._games: dict[int, _Watched] = {}
        self._count = 0
        self._fresh: set[int] = set()  # games waited on since the watcher's last look
        self._threads: list[threading.Thread] = []
        self._closed = False
        self._latest: dict[int, int] = {}  # the newest version heard of recent games
        self.listening = threading.Event()  # set while the listening connection listens

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
                # a change heard between the phone's read and now (nobody waited to be woken)
                watched = self._games[game_id] = _Watched(
                    max(seen, self._latest.get(game_id, seen)), self._lock)
                self._fresh.add(game_id)
            else:  # ``seen`` was just read: a phone still waiting on an older version wakes
                self._wake(game_id, seen)
            watched.waiting += 1
            self._count += 1
            self._start()
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
        """Game ``game_id`` now has ``version``: wake its waiting checks in this process."""
        with self._lock:
            self._wake(game_id, version)

    def _wake(self, game_id: int, version: int) -> None:
        if self._latest.get(game_id, -1) < version:
            self._latest.pop(game_id, None)  # (kept newest last, the oldest dropped)
            self._latest[game_id] = version
            if len(self._latest) > LATEST_KEPT:
                del self._latest[next(iter(self._latest))]
        watched = self._games.get(game_id)
        if watched is not None and version > watched.version:
            watched.version = version
            watched.moved.notify_all()

    def _start(self) -> None:
        """The watcher and the listener, started by the first held check (a process that holds
        none, as the server's own before its workers start, opens nothing)."""
        if self._threads or self._closed:
            return
        targets = [self._watch] + ([self._listen] if self._listen_url else [])
        self._threads = [threading.Thread(target=t, name=f"live-{t.__name__[1:]}", daemon=True)
                         for t in targets]
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        """Stop the threads (each ends within a second or its period)."""
        with self._lock:
            self._closed = True
            self._someone.notify_all()

    def _watch(self) -> None:
        """While somebody waits, read their games' versions and wake whoever's moved: every
        game's when the database changed, else those waited on since the last look (a change
        made between a phone's read and its check's wait was seen before it waited)."""
        while not self._closed:
            with self._lock:
                while not self._games and not self._closed:
                    self._someone.wait()
                waited, fresh, self._fresh = list(self._games), self._fresh, set()
            try:
                ids = waited if self._changed() else [i for i in waited if i in fresh]
                rows = list(self._versions(ids)) if ids else []
            except Exception:  # a database hiccup: the next round reads them all again
                rows = []
                with self._lock:
                    self._fresh.update(waited)
            with self._lock:
                for game_id, version in rows:
                    self._wake(game_id, version)
            time.sleep(self.watch_seconds)

    def _listen(self) -> None:
        """Hear the database's notifications of writes (PostgreSQL's LISTEN), opening the
        connection again whenever it is lost."""
        import psycopg
        while not self._closed:
            try:
                with psycopg.connect(self._listen_url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._closed:
                        for note in conn.notifies(timeout=1.0):
                            with contextlib.suppress(ValueError, TypeError):
                                self.moved(*map(int, note.payload.split()))
            except (psycopg.Error, OSError) as err:
                log.warning("live: not listening to the database (%s); again in %s s",
                            err, LISTEN_AGAIN)
            finally:
                self.listening.clear()
            if not self._closed:
                time.sleep(LISTEN_AGAIN)


def init_app(app: Flask) -> None:
    """The app's held checks, on its database (``LIVE_WATCH_SECONDS`` unset: WATCH_SECONDS)."""
    engine = app.extensions["db_engine"]
    kind = engine.dialect.name
    app.extensions["live"] = Waiting(
        versions_from(engine),
        watch_seconds=app.config.get("LIVE_WATCH_SECONDS") or WATCH_SECONDS.get(kind, 1.0),
        max_waiting=app.config["LIVE_MAX_WAITING"],
        changed=sqlite_changes(engine) if kind == "sqlite" else None,
        listen_url=engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        if kind == "postgresql" else None)


def moved(game_id: int, version: int) -> None:
    """Game ``game_id`` now has ``version`` (just committed): wake the checks waiting on it."""
    current_app.extensions["live"].moved(game_id, version)


def told(s: Session, game_id: int, version: int) -> None:
    """With PostgreSQL: notify every listening process that game ``game_id`` has ``version``
    when ``s``'s transaction commits (nothing is sent if it rolls back)."""
    if s.get_bind().dialect.name == "postgresql":
        s.execute(_NOTIFY, {"channel": CHANNEL, "said": f"{game_id} {version}"})


def sqlite_changes(engine: Engine) -> Callable[[], bool] | None:
    """Whether the SQLite database changed since the last call: its ``data_version``, read on a
    connection of the watcher's own (it reads no table). None for a database in memory."""
    path = engine.url.database
    if not path or path == ":memory:":
        return None
    conn: sqlite3.Connection | None = None
    seen: int | None = None

    def changed() -> bool:
        nonlocal conn, seen
        if conn is None:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        was, seen = seen, conn.execute("PRAGMA data_version").fetchone()[0]
        return seen != was
    return changed


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
