"""The game page drawn once for the whole table: a version's page is drawn once per (game,
version, language, play or watch link, the panels' forms asked for) in each server process and
shared by every phone it serves; each phone's answer is that drawing with its own values put in.

Templates are written as for any Flask page. While a page is drawn, what differs from phone to
phone is a marker: ``csrf_token()`` and ``once_key()`` (the usual helpers), ``per_phone(name,
...)`` (which player a form picks, where a tap for another seat's turn goes, the seat prompt,
the phone's own last step) and ``own_board(i)`` (before each player's board, so that a phone's
own board comes first). Each answer gets its own CSRF token, a fresh one-time key per form, its
own values of ``per_phone`` and its board first in their place. Where a game's board shows
something to one seat only, the page is drawn per seat instead (``draw_page``'s ``seat_view``).

Each drawing is also cut into parts (web/parts.py): every answer carries its parts' digests,
and a phone that sends them back gets only the parts whose drawing changed (``draw_page``'s
``have``).

Drawings are kept in the process's memory only (an LRU by size, split at their markers): a
process that has not drawn a version draws it itself. The phones of a table ask at the same
moment, and while one request draws, the others of its process wait for its drawing.
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Callable
from typing import Any

from blinker import Namespace
from cachetools import LRUCache
from flask import Flask, current_app, g, render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..store.db import end_reading
from . import parts
from .device import once_key

# Sent each time a page is actually drawn (not taken from a cache): for tests.
page_drawn = Namespace().signal("page-drawn")

# The process's cache, in characters of drawn HTML (old versions fall out, least recently used).
# A table needs its page's drawings (one per kind of link and panels asked) until its next tap,
# and every process sees every table: sized for a few hundred 5-player tables (BENCHMARKS.md).
DEFAULT_CACHE_CHARS = 32_000_000

# How long a phone waits for another request drawing the page it needs before drawing it itself.
DRAWING_WAIT = 2.0  # s


class _Drawings:
    """An app's drawings: kept pages by key (a lock: a server's threads share them), those
    being drawn now (``drawing``: an event set when done) and the marker."""

    def __init__(self, chars: int, mark: str):
        self.pages: LRUCache = LRUCache(maxsize=chars, getsizeof=len)
        self.lock = threading.Lock()
        self.drawing: dict[tuple, threading.Event] = {}
        # A marker is <mark>:<name>[:<arg>...]; — the mark is derived from the secret key, so
        # no text a player types can stand for one.
        self.mark = mark
        self.marks = re.compile(f"{mark}:(\\w+)((?::[\\w-]*)*);")
        self.own = re.compile(f"{mark}:own:(\\d*);")

    def split(self, html: str) -> _Split:
        return _Split(self, html)


def _mark_of(secret: Any) -> str:
    if not secret:
        return f"m{secrets.token_hex(12)}"
    key = secret if isinstance(secret, bytes) else str(secret).encode()
    return "m" + hmac.new(key, b"drawing marker", hashlib.sha256).hexdigest()[:24]


def init_app(app: Flask) -> None:
    """Give the templates ``per_phone``, ``own_board`` and the drawing-aware ``csrf_token`` and
    ``once_key``."""
    start_drawings(app)
    given = dict(csrf_token=lambda: _marker("csrf") if g.get("marking") else generate_csrf(),
                 once_key=lambda: _marker("once") if g.get("marking") else once_key())
    # Globals reach imported macros; the context processor overrides Flask-WTF's own, which
    # would otherwise give page templates the real token.
    app.jinja_env.globals.update(given, per_phone=per_phone, own_board=own_board)
    app.context_processor(lambda: given)


def start_drawings(app: Flask) -> None:
    """The app's kept drawings, none yet (the tests start them again with each fresh database,
    since a drawing is kept by game id and version)."""
    app.extensions["drawings"] = _Drawings(
        app.config.get("DRAWING_CACHE_CHARS", DEFAULT_CACHE_CHARS),
        _mark_of(app.config.get("SECRET_KEY")))


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
              have: str | None = None, **context: Any) -> str | dict:
    """``template`` drawn once per ``key`` (which must name the game, its version, the language
    and whether the link plays; None: drawn for this answer only) and ``seat_view`` (the seat a
    page is drawn for where the board shows something to one seat only, else None), then made
    this phone's: its CSRF token, fresh one-time keys, its ``per_phone`` values, and the board of
    ``first`` (its seat) first. ``reads``: what the drawing shows from the database, read before
    it is drawn (a template reads nothing from it itself), and only when it is. ``have``: the
    digests of the parts the phone's page shows (its ``data-parts``), to answer only what it
    lacks (a dict, ``parts.Parts.since``) instead of the page."""
    drawings: _Drawings = current_app.extensions["drawings"]

    def draw() -> str:
        more = reads()
        g.marking = True
        try:
            return render_template(template, **context, **more)
        finally:
            g.marking = False

    page = _once(drawings, (*key, seat_view), draw) if key else drawings.split(draw())
    return _for_phone(page, first, have)


class _Split:
    """A page's drawing split once at its markers, as each phone's answer needs it: the part
    before the players' boards, each board (by player) and the part after, each a list of
    text and markers in turn (``(name, words)``). An answer is put together from these, without
    searching the whole page again for every answer (the costly part of an answer)."""

    __slots__ = ("head", "boards", "tail", "size")

    def __init__(self, drawings: _Drawings, html: str):
        size = len(html)
        html = parts.marked(html, drawings.mark)
        bits = drawings.own.split(html)  # head, (player, board)..., ("", tail)
        chunks = [drawings.marks.split(b) for b in bits[::2]]  # text, name, words, text...
        for chunk in chunks:
            chunk[1::3] = [(name, tuple(words.split(":")[1:]))
                           for name, words in zip(chunk[1::3], chunk[2::3])]
            del chunk[2::3]
        self.head, self.tail = chunks[0], chunks[-1] if len(chunks) > 1 else [""]
        self.boards = list(zip(bits[1:-2:2], chunks[1:-1]))
        self.size = size

    def __len__(self) -> int:  # (what the process's cache counts)
        return self.size


def _for_phone(page: _Split, first: int | None, have: str | None = None) -> str | dict:
    """The page for this phone: its CSRF token, a fresh one-time key for every form, its own
    ``per_phone`` values, and the board of ``first`` first; or, for ``have``, the parts of it
    that phone lacks and its CSRF token (``csrf``: the parts it keeps carry the one they came
    with, which a new session no longer takes)."""
    token = generate_csrf()
    phone = g.get("phone", {})  # (what per_phone markers ask for: set by the page's view)
    said: dict[tuple, str] = {}  # a phone's value, by marker (the same form is on every board)
    out = parts.Parts()
    boards = sorted(page.boards, key=lambda b: b[0] != str(first))  # (stable: in order)
    for chunk in (page.head, *(b for _, b in boards), page.tail):
        out.text(chunk[0])
        for i in range(1, len(chunk), 2):
            marker = chunk[i]
            name = marker[0]
            if name == "csrf":
                out.value(token)
            elif name == "once":  # a different one-time key for every form of every answer
                out.value(once_key())
            elif name in parts.MARKERS:
                out.mark(name, marker[1])
            else:
                if marker not in said:
                    said[marker] = str(phone[name](*marker[1]))
                out.text(said[marker])
            out.text(chunk[i + 1])
    return out.page() if have is None else {**out.since(have), "csrf": token}


def _once(drawings: _Drawings, key: tuple, draw: Callable[[], str]) -> _Split:
    """The page ``draw`` draws for ``key``, split: kept in this process, or drawn by the one
    request that asked first while the others wait for it."""
    mine = None
    with drawings.lock:
        page = drawings.pages.get(key)
        other = drawings.drawing.get(key) if page is None else None
        if page is None and other is None:
            mine = drawings.drawing[key] = threading.Event()
    if other is not None:  # another phone's request is drawing it: take it
        end_reading()  # (it holds no database connection while it waits)
        other.wait(DRAWING_WAIT)
        with drawings.lock:
            page = drawings.pages.get(key)
    if page is None:
        try:
            page = drawings.split(draw())
            page_drawn.send(current_app._get_current_object(), key=key)
            # a drawing larger than the whole cache raises ValueError: shown, not kept
            with drawings.lock, contextlib.suppress(ValueError):
                drawings.pages[key] = page
        finally:
            if mine is not None:
                with drawings.lock:
                    drawings.drawing.pop(key, None)
                mine.set()
    return page
