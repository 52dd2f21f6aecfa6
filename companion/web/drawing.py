"""The game page drawn once for the whole table: a version's page is drawn once per (game,
version, language, play or watch link) and shared by every phone, across the server's processes;
each phone's answer is that drawing with its own values put in.

While a page is drawn, what differs from phone to phone is a marker: ``csrf_token()``,
``once_key()``, ``per_phone(name, ...)`` (which player a form picks, where a tap for another
seat's turn goes, the seat prompt, the phone's own last step) and ``own_board(i)`` (each
player's board, so that a phone's own board comes first). Each answer gets its own CSRF token, a
fresh one-time key per form, its own values of ``per_phone`` and its board first in their place.
Where a game's board shows something to one seat only, the page is drawn per seat instead
(``draw_page``'s ``seat_view``). Inside a page, ``{% call drawn_once('name', ...) %}`` marks a
part shared by every page of the same version (the guide, the score pad: the same on every
seat's page), drawn once per process. A part that names what it shows
(``drawn_once('name', by=...)``: every value it reads besides the game's link, the language and
the kind of link) is shared across versions too: a new version draws again only the parts whose
values changed (a tap on one player's board leaves the other boards, the guide and the forms as
they were). The version such a part's forms send is a marker too (``page_version``). Under
tests, each part taken this way is drawn again and must come out the same (``DRAWING_CHECK``):
a part that reads a value it does not name fails there, not at a table.

Pages are kept twice: in the process (an LRU by size, split at their markers) and in a disk
cache every process of the server opens (diskcache), so the process that draws a version's page
draws it for the others too (and parts kept across versions are kept there as well, so the
process drawing a new version takes the parts another drew); the phones of a table ask at the
same moment, and while one request draws, the others (in its process or another) wait for its
drawing.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import diskcache
from blinker import Namespace
from cachetools import LRUCache
from flask import Flask, current_app, g, render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..admission import stepping_aside
from ..games.core.words import Text
from . import once_key

# Sent each time a page or a part is actually drawn (not taken from a cache): for tests.
fragment_drawn = Namespace().signal("fragment-drawn")

# The process's cache, in characters of drawn HTML (old versions fall out, least recently used);
# the disk cache behind it keeps more for every process. A 5-player Hadara table needs ~42,000
# characters in it (its page's drawing ~22,000, the parts kept across versions ~15,000, which
# must last until its next tap, and the version's own parts), and its previous version's
# ~26,000 stay until they fall out; every process sees every table. 32 million hold some
# 450-750 tables; 8 million (the size before) held 120-190, and past that a new version took its
# unchanged parts from the disk cache rather than memory.
DEFAULT_CACHE_CHARS = 32_000_000
# The disk cache the server's processes share, in bytes (oldest stored fall out first).
DEFAULT_SHARED_BYTES = 256 * 1024 * 1024

# How long a phone waits for another request drawing the page it needs before drawing it itself.
DRAWING_WAIT = 2.0  # s
# The disk cache is split in shards (a SQLite file each, with its own write lock), and a request
# waits at most this long for a shard's lock: a drawing is stored only if it gets it, and a read
# that would wait longer draws the page itself. Drawing a page costs about as much; the library's
# plain Cache waited up to 60 s, and in the table simulation at 250 tables (`make bench`'s) dozens
# of page requests at a time stood in that wait, each holding its thread and a database
# connection. Eight shards: as many as a server has processes at most (serve.MAX_WORKERS).
SHARED_SHARDS = 8
SHARED_TIMEOUT = 0.01  # s
# How often a request waiting for another process's drawing looks for it in the disk cache
# (the drawing process tells the others when it is done; this is for a message lost).
SHARED_LOOK = 0.05  # s


class _Drawings:
    """An app's drawings: kept pages and parts by key (a lock: a server's threads share them),
    those being drawn in this process (``drawing``: an event set when done), the marker, and the
    disk cache shared with the server's other processes (None: this process only)."""

    def __init__(self, chars: int, mark: str, folder: str | None, shared_bytes: int):
        self.parts: LRUCache = LRUCache(maxsize=chars, getsizeof=len)
        self.lock = threading.Lock()
        self.drawing: dict[tuple, threading.Event] = {}
        # A marker is <mark>:<name>[:<arg>...]; — the mark is derived from the secret key, so
        # the processes of one server share it and no text a player types can stand for one.
        self.mark = mark
        self.marks = re.compile(f"{mark}:(\\w+)((?::[\\w-]*)*);")
        self.own = re.compile(f"{mark}:own:(\\d*);")
        # diskcache opens a SQLite connection per thread and shard, and any of a server
        # process's hundreds of threads may serve a page: at `make bench`'s 250 tables a
        # process held 1,000-1,400 of them, most of its 410-450 MB (serve.py). Handing every
        # read and write to a few threads of the process halved that, but each became two
        # hand-overs of the interpreter and the page's p50 rose from ~23 to ~35 ms: not done.
        self.shared = diskcache.FanoutCache(
            folder, shards=SHARED_SHARDS, timeout=SHARED_TIMEOUT, size_limit=shared_bytes,
            eviction_policy="least-recently-stored") if folder else None
        # requests of this process waiting for another process's drawing, by its digest
        self.told: dict[str, threading.Event] = {}
        self.neighbours = None  # the server's other processes (companion/live.py)
        self.check = False  # draw each part taken by what it shows again, and compare

    def split(self, html: str) -> _Split:
        return _Split(self, html)


def _drop_unsharded(folder: Path) -> None:
    """Remove what the disk cache was before it had shards, if the folder still holds it: one
    database at the top of the folder and its drawings in two-level folders of two hex digits
    (the shards are folders of three digits). Nothing reads them any more, and they held up to
    DRAWING_SHARED_BYTES."""
    if not (folder / "cache.db").exists():
        return
    for sub in folder.iterdir():
        if sub.is_dir() and re.fullmatch("[0-9a-f]{2}", sub.name):
            shutil.rmtree(sub, ignore_errors=True)
    for suffix in ("-wal", "-shm", ""):  # (the database last: it is what says it is there)
        (folder / f"cache.db{suffix}").unlink(missing_ok=True)


def _mark_of(secret: Any) -> str:
    if not secret:
        return f"m{secrets.token_hex(12)}"
    key = secret if isinstance(secret, bytes) else str(secret).encode()
    return "m" + hmac.new(key, b"drawing marker", hashlib.sha256).hexdigest()[:24]


def init_app(app: Flask) -> None:
    """Give the templates ``drawn_once``, ``per_phone``, ``own_board`` and the drawing-aware
    ``csrf_token`` and ``once_key``; open the shared disk cache (``DRAWING_SHARED_DIR``, by
    default ``instance/drawings``; empty: none)."""
    folder = app.config.get("DRAWING_SHARED_DIR")
    if folder is None:  # (a test's app keeps its drawings in its process unless given a folder)
        folder = "" if app.testing else str(Path(app.instance_path) / "drawings")
    if folder:
        _drop_unsharded(Path(folder))
    drawings = _Drawings(app.config.get("DRAWING_CACHE_CHARS", DEFAULT_CACHE_CHARS),
                         _mark_of(app.config.get("SECRET_KEY")), folder or None,
                         app.config.get("DRAWING_SHARED_BYTES", DEFAULT_SHARED_BYTES))
    app.extensions["drawings"] = drawings
    drawings.neighbours = app.extensions["live"].neighbours
    if drawings.neighbours is not None:
        drawings.neighbours.on("drawn", lambda digest: _told(drawings, digest))
    drawings.check = app.config.get("DRAWING_CHECK", app.testing)
    given = dict(drawn_once=drawn_once,
                 csrf_token=lambda: _marker("csrf") if g.get("marking") else generate_csrf(),
                 once_key=lambda: _marker("once") if g.get("marking") else once_key(),
                 page_version=lambda game: _marker("version") if g.get("marking")
                 else game.version)
    # Globals reach imported macros; the context processor overrides Flask-WTF's own, which
    # would otherwise give page templates the real token.
    app.jinja_env.globals.update(given, per_phone=per_phone, own_board=own_board)
    app.context_processor(lambda: given)


def _marker(name: str, *words: str) -> Markup:
    return Markup(":".join([current_app.extensions["drawings"].mark, name, *words]) + ";")


def per_phone(name: str, *args: Any) -> str:
    """A value that differs from phone to phone: ``g.phone[name]`` called with ``args`` (as
    strings: names and numbers). While a page is drawn it is a marker instead, and each answer
    calls the same function in its place (``draw_page``)."""
    words = [str(a) for a in args]
    if g.get("marking"):
        return _marker(name, *words)
    return g.phone[name](*words)


def own_board(player: int | None = None) -> str:
    """Put before each player's board (``player``) and after the last (no player): each phone's
    answer shows its own seat's board first."""
    return _marker("own", "" if player is None else str(player)) if g.get("marking") else ""


def draw_page(template: str, key: tuple | None, *, seat_view: int | None = None,
              first: int | None = None, reads: Callable[[], dict] = dict,
              **context: Any) -> str:
    """``template`` drawn once per ``key`` (which must name the game, its version, the language
    and whether the link plays; None: drawn for this answer only) and ``seat_view`` (the seat a
    page is drawn for where the board shows something to one seat only, else None), then made
    this phone's: its CSRF token, fresh one-time keys, its ``per_phone`` values, and the board of
    ``first`` (its seat) first. ``reads``: what the drawing shows from the database, read before
    it is drawn (a template reads nothing from it itself), and only when it is."""
    drawings: _Drawings = current_app.extensions["drawings"]

    def draw() -> str:
        more = reads()
        g.drawing, g.marking = key, True
        try:
            return render_template(template, **context, **more)
        finally:
            g.drawing, g.marking = None, False

    page = _once(drawings, ("page", *key, seat_view), "page", draw, shared=True,
                 kept=drawings.split) if key else drawings.split(draw())
    return _for_phone(page, first, str(context["game"].version))


class _Split:
    """A page's drawing split once at its markers, as each phone's answer needs it: the part
    before the players' boards, each board (by player) and the part after, each a list of
    text and markers in turn (``(name, words)``). An answer is put together from these, without
    searching the page again (the regular expressions over ~40 KB cost each answer about half a
    millisecond)."""

    __slots__ = ("head", "boards", "tail", "size")

    def __init__(self, drawings: _Drawings, html: str):
        bits = drawings.own.split(html)  # head, (player, board)..., ("", tail)
        chunks = [drawings.marks.split(b) for b in bits[::2]]  # text, name, words, text...
        for chunk in chunks:
            chunk[1::3] = [(name, tuple(words.split(":")[1:]))
                           for name, words in zip(chunk[1::3], chunk[2::3])]
            del chunk[2::3]
        self.head, self.tail = chunks[0], chunks[-1] if len(chunks) > 1 else [""]
        self.boards = list(zip(bits[1:-2:2], chunks[1:-1]))
        self.size = len(html)

    def __len__(self) -> int:  # (what the process's cache counts)
        return self.size


def _for_phone(page: _Split, first: int | None, version: str) -> str:
    """The page for this phone: its CSRF token, a fresh one-time key for every form, the
    drawing's version, its own ``per_phone`` values, and the board of ``first`` first."""
    token = generate_csrf()
    phone = g.get("phone", {})  # (what per_phone markers ask for: set by the page's view)
    said: dict[tuple, str] = {}  # a phone's value, by marker (the same form is on every board)
    out: list[str] = []
    boards = sorted(page.boards, key=lambda b: b[0] != str(first))  # (stable: in order)
    for chunk in (page.head, *(b for _, b in boards), page.tail):
        out.append(chunk[0])
        for i in range(1, len(chunk), 2):
            marker = chunk[i]
            name = marker[0]
            if name == "csrf":
                out.append(token)
            elif name == "once":  # a different one-time key for every form of every answer
                out.append(once_key())
            elif name == "version":
                out.append(version)
            else:
                if marker not in said:
                    said[marker] = str(phone[name](*marker[1]))
                out.append(said[marker])
            out.append(chunk[i + 1])
    return "".join(out)


_VERSIONS = object()  # (no ``by``: the part is shared by the pages of one version)


def _shown(value: Any) -> Any:
    """``value`` as plain data that tells apart every two values a part could show differently:
    words with their template, values and rule (a Text reads as its English only), dataclasses
    field by field. Other objects are refused: their ``repr`` may name a memory address that a
    later object reuses."""
    if isinstance(value, Text):
        return ("T", value.template, value.plural, value.rule, _shown(value.params))
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(_shown(v) for v in value)
    if isinstance(value, dict):
        return ("D", tuple((_shown(k), _shown(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return ("S", tuple(sorted(repr(_shown(v)) for v in value)))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__qualname__,
                tuple(_shown(getattr(value, f.name)) for f in dataclasses.fields(value)))
    raise TypeError(f"drawn_once(by=...) takes plain values, not {type(value).__name__}")


def drawn_once(*parts: Any, caller: Callable[[], str], by: Any = _VERSIONS) -> Markup:
    """The part ``caller`` draws, shared by every page of the same page key and ``parts``, or,
    given ``by`` (every value the part reads, told apart by what they show: ``_shown``), by
    every page of the game's link, language and kind of link whose part reads the same values,
    in every process of the server; drawn afresh when no page key is set."""
    page = g.get("drawing")
    if not page:
        return Markup(caller())
    drawings = current_app.extensions["drawings"]
    if by is _VERSIONS:
        return Markup(_once(drawings, (*page, *parts), parts[0], lambda: Markup(caller()),
                            shared=False))
    # ("game", link, version, language, play link): the same but the version
    said = hashlib.sha256(repr(_shown(by)).encode()).hexdigest()
    key = (page[0], page[1], *page[3:], *parts, "by", said)
    drew = []
    html = _once(drawings, key, parts[0], lambda: drew.append(1) or Markup(caller()),
                 shared=False, stored=True)
    if drawings.check and not drew:  # (under tests: a kept part, drawn again and compared)
        again = caller()
        if again != html:
            raise AssertionError(f"the part {parts!r} reads a value its by= does not name: "
                                 f"kept {html!r}, drawn again {again!r}")
    return Markup(html)


def _once(drawings: _Drawings, key: tuple, part: str, draw: Callable[[], str], *,
          shared: bool, stored: bool = False,
          kept: Callable[[str], Any] = lambda html: html) -> Any:
    """What ``draw`` draws for ``key`` (as ``kept`` keeps it): kept in this process, or
    (``shared``: a page) in the disk cache where another process drew it, or drawn by the one
    request that asked first while the others wait for it. A part kept across versions
    (``stored``) is taken from the disk cache too, where any process drew it, or drawn and
    stored there (no claim: it is drawn inside a page's drawing, which has one)."""
    mine = None
    with drawings.lock:
        html = drawings.parts.get(key)
        other = drawings.drawing.get(key) if html is None else None
        if html is None and other is None:
            mine = drawings.drawing[key] = threading.Event()
    if other is not None:  # another phone's request in this process is drawing it: take it
        # A page's request gives its place back while it waits (nothing of it is drawn yet); a
        # part's keeps it: stepping aside ends the request's read, and the rest of its page
        # must be drawn from the same snapshot of the game.
        with stepping_aside() if shared else contextlib.nullcontext():
            other.wait(DRAWING_WAIT)
        with drawings.lock:
            html = drawings.parts.get(key)
    if html is None:
        try:
            html = kept(_draw(part, key, draw) if drawings.shared is None or not (shared or stored)
                        else (_drawn if shared else _stored)(drawings, key, part, draw))
            # a drawing larger than the whole cache raises ValueError: shown, not kept
            with drawings.lock, contextlib.suppress(ValueError):
                drawings.parts[key] = html
        finally:
            if mine is not None:
                with drawings.lock:
                    drawings.drawing.pop(key, None)
                mine.set()
    return html


def _stored(drawings: _Drawings, key: tuple, part: str, draw: Callable[[], str]) -> str:
    """A part kept across versions, from the disk cache the server's processes share: the
    process drawing a table's next version is seldom the one that drew the last (each phone's
    request goes to any of them), and a player's board unchanged since is taken, not drawn
    again (at `make bench`'s tables, ten parts drawn of a page's sixteen became five)."""
    name = _shared_name(drawings, key)
    html = drawings.shared.get(name)
    if html is None:
        html = _draw(part, key, draw)
        drawings.shared.set(name, str(html))  # (not kept when its shard stays busy)
    return html


def _shared_name(drawings: _Drawings, key: tuple) -> str:
    """The name of ``key``'s drawing in the disk cache: led by the marker's mark, so a server
    started with another secret never takes a drawing whose markers it cannot fill."""
    return f"{drawings.mark}{key!r}"


def _draw(part: str, key: tuple, draw: Callable[[], str]) -> str:
    html = draw()
    fragment_drawn.send(current_app._get_current_object(), key=key, part=part)
    return html


def _drawn(drawings: _Drawings, key: tuple, part: str, draw: Callable[[], str]) -> str:
    """The drawing of ``key`` from the disk cache the server's processes share: taken when
    another process drew it, waited for while another process draws it (it claimed the key), or
    drawn here and stored (unless the cache is busier than SHARED_TIMEOUT: then the waiting
    processes, told, draw it themselves)."""
    cache, name = drawings.shared, _shared_name(drawings, key)
    html = cache.get(name)
    if html is not None:
        return html
    digest = hashlib.sha256(name.encode()).hexdigest()[:20]
    claim = Path(cache.directory) / "claims" / digest
    claimed = _claimed(claim)
    if not claimed:  # another process draws it: wait until it says it is done
        with stepping_aside():
            html = _other_drawing(drawings, name, digest, claim)
        if html is not None:
            return html
    drew = False
    try:
        # (a claim made just after another process stored its drawing finds it here)
        html = cache.get(name) if claimed else None
        if html is None:
            html, drew = _draw(part, key, draw), True
            cache.set(name, str(html))  # (False, not kept, when its shard stays busy)
    finally:
        if claimed:
            claim.unlink(missing_ok=True)
    if drew and drawings.neighbours is not None:
        drawings.neighbours.tell("drawn", digest)
    return html


def _claimed(claim: Path) -> bool:
    """Whether this request claimed the drawing ``claim`` names for its process: a file created
    only if none is there (the file system decides between processes at once, where a claim in
    the disk cache was a write waiting for its database's lock: ~40 ms at the 99th percentile
    under `make bench`'s 250 tables). A claim older than DRAWING_WAIT was left by a request that
    failed or a process that ended: taken over."""
    for _ in range(2):
        try:
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            return True
        except FileExistsError:
            try:
                if time.time() - claim.stat().st_mtime < DRAWING_WAIT:
                    return False
                claim.unlink(missing_ok=True)
            except FileNotFoundError:  # (its drawer just finished: claim it again)
                pass
        except FileNotFoundError:  # the claims' folder, made once
            claim.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    return False


def _other_drawing(drawings: _Drawings, name: str, digest: str, claim: Path) -> str | None:
    """The drawing another process is making of ``name``, once it stored it; None when its
    ``claim`` is gone and the drawing was not stored (its request failed, or the cache was too
    busy to keep it), or after DRAWING_WAIT. Woken by the drawing process's message, looking
    again every SHARED_LOOK in case one is lost."""
    with drawings.lock:
        told = drawings.told.setdefault(digest, threading.Event())
    try:
        until = time.monotonic() + DRAWING_WAIT
        while (left := until - time.monotonic()) > 0:
            html = drawings.shared.get(name)
            if html is not None:
                return html
            if not claim.exists():  # done without storing it (or stored just now: look)
                return drawings.shared.get(name)
            told.wait(min(SHARED_LOOK, left))
            told.clear()
        return None
    finally:
        with drawings.lock:
            drawings.told.pop(digest, None)


def _told(drawings: _Drawings, digest: str) -> None:
    """Another process stored a drawing: wake whoever here waits for it."""
    with drawings.lock:
        told = drawings.told.get(digest)
    if told is not None:
        told.set()
