"""Held version checks (long polling): a phone asks for its game's version and says which version
its page shows; while that is still the game's version, the answer waits until the version moves
or ``LIVE_WAIT_SECONDS`` pass. A change reaches every phone as soon as it is noticed, and a quiet
table costs one request per phone per wait instead of one per second.

How one server process notices a change:

- a write made in this process wakes the phones waiting on its game at once (``moved``, called by
  the store after its commit);
- a write made by another process of the same server is told to this one at once: each process
  receives datagrams on a Unix socket of its own in a folder they share (``LIVE_SOCKETS_DIR``,
  ``instance/live`` by default) and sends each change it commits to the others' sockets
  (``Neighbours``);
- writes nobody tells (another machine on the same PostgreSQL database, a ``flask`` command) are
  noticed by one watcher thread per process, which reads the versions of the games somebody
  waits for, all in one query, every ``LIVE_WATCH_SECONDS`` (0.5 s; every 25 ms where the
  sockets cannot be opened, as every change then comes this way), and sleeps while nobody waits.

Each held check keeps one of the server's threads (waiting costs no CPU); ``LIVE_MAX_WAITING``
bounds how many wait in one process. Beyond it a check is answered at once and the page's script
falls back to checking every few seconds, so a flood of checks cannot take every thread."""
from __future__ import annotations

import atexit
import contextlib
import hashlib
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from flask import Flask, current_app
from sqlalchemy import select
from sqlalchemy.engine import Engine

from .db import Game

_VERSIONS = select(Game.__table__.c.id, Game.__table__.c.version)

# The watcher's period where the processes cannot tell each other of their changes.
WATCH_UNTOLD = 0.025  # s
# How many games' newest versions a process remembers (a check registering just after a change
# it was told of finds it here).
LATEST_KEPT = 4096
# How often a process lists the sockets of the others (a process started or ended meanwhile).
PEERS_LISTED = 1.0  # s
# The longest path a Unix socket may have (the kernel's sun_path: 108 bytes with its NUL).
SOCKET_PATH_MAX = 107

log = logging.getLogger(__name__)


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
        self.watch_seconds = watch_seconds
        self._max = max_waiting
        self._lock = threading.Lock()
        self._someone = threading.Condition(self._lock)  # the watcher sleeps on it
        self._games: dict[int, _Watched] = {}
        self._count = 0
        self._watcher: threading.Thread | None = None
        self.neighbours: Neighbours | None = None  # the server's other processes, told
        self._latest: dict[int, int] = {}  # the newest version heard of recent games

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
        """Game ``game_id`` now has ``version``: wake its waiting checks, here and (told) in the
        server's other processes."""
        self.heard(game_id, version)
        if self.neighbours is not None:
            self.neighbours.tell("moved", game_id, version)

    def heard(self, game_id: int, version: int) -> None:
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
            time.sleep(self.watch_seconds)


class Neighbours:
    """The other processes of this server, told at once of what one of them did: a datagram of
    words ("moved <game id> <version>", "drawn <page>") on each other's Unix socket, all in one
    folder; a thread here hears theirs and hands each to the handler of its first word
    (``on``). A socket left by a process that ended is removed by the first one that finds it
    dead. A message lost (a full queue) is caught up another way by whoever needed it."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.folder = folder
        self.path = folder / f"{os.getpid()}-{secrets.token_hex(4)}.sock"
        if len(str(self.path).encode()) > SOCKET_PATH_MAX:
            raise OSError(f"socket path too long: {self.path}")
        self._in = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._in.bind(str(self.path))
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._out.setblocking(False)  # a write never waits on a slow process
        self._handlers: dict[str, Callable[..., None]] = {}
        self._closed = False
        self._lock = threading.Lock()
        self._peers: list[str] = []
        self._listed = -PEERS_LISTED
        threading.Thread(target=self._listen, name="live-neighbours", daemon=True).start()
        atexit.register(self.close)
        # a process started after the others: they list the folder again at their next message
        self.on("hello", self._relist)
        self.tell("hello")

    def on(self, word: str, handler: Callable[..., None]) -> None:
        """Call ``handler`` with the other words (strings) of each message ``word`` begins."""
        self._handlers[word] = handler

    def tell(self, *words: object) -> None:
        """Send a message to every other process's socket."""
        said = " ".join(str(w) for w in words).encode()
        for peer in self._current():
            try:
                self._out.sendto(said, peer)
            except (FileNotFoundError, ConnectionRefusedError):  # its process has ended
                with contextlib.suppress(OSError):
                    os.unlink(peer)
                self._relist()
            except OSError:  # its queue is full
                pass

    def _relist(self) -> None:
        with self._lock:
            self._listed = -PEERS_LISTED

    def _current(self) -> list[str]:
        with self._lock:
            if time.monotonic() - self._listed >= PEERS_LISTED:
                self._peers = [str(p) for p in self.folder.glob("*.sock") if p != self.path]
                self._listed = time.monotonic()
            return self._peers

    def _listen(self) -> None:
        while True:
            try:
                said = self._in.recv(256)
            except OSError:
                said = b""
            if self._closed:
                self._in.close()
                return
            word, *rest = said.decode("ascii", "replace").split() or [""]
            handler = self._handlers.get(word)
            if handler is not None:
                with contextlib.suppress(ValueError, TypeError):
                    handler(*rest)

    def close(self) -> None:
        """Stop hearing (the listening thread ends) and take the socket out of the folder."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(OSError):
            self._out.sendto(b"", str(self.path))  # (wakes the listening thread)
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        self._out.close()
        atexit.unregister(self.close)


def init_app(app: Flask) -> None:
    """The app's held checks; told by the server's other processes where ``LIVE_SOCKETS_DIR``
    (by default ``instance/live``; empty: none) can hold their sockets, one folder per
    database."""
    folder = app.config.get("LIVE_SOCKETS_DIR")
    if folder is None:  # (a test's app is told nothing unless given a folder)
        folder = "" if app.testing else str(Path(app.instance_path) / "live")
    waiting = Waiting(versions_from(app.extensions["db_engine"]),
                      watch_seconds=app.config["LIVE_WATCH_SECONDS"],
                      max_waiting=app.config["LIVE_MAX_WAITING"])
    if folder:
        # one folder per database: servers on other databases (a benchmark next to `make run`)
        # must not hear each other's games
        database = hashlib.sha256(str(app.config["DATABASE_URL"]).encode()).hexdigest()[:12]
        try:
            waiting.neighbours = Neighbours(Path(folder) / database)
            waiting.neighbours.on("moved", lambda game, v: waiting.heard(int(game), int(v)))
        except OSError as err:
            log.warning("live: the server's processes cannot tell each other of changes (%s); "
                        "each reads the versions every %s s instead", err, WATCH_UNTOLD)
    if waiting.neighbours is None:
        waiting.watch_seconds = min(waiting.watch_seconds, WATCH_UNTOLD)
    app.extensions["live"] = waiting


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
