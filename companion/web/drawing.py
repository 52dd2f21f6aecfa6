"""The game page drawn once for the whole table: a version's page is drawn once per (game,
version, language, play or watch link, the panels' forms asked for) in each server process and
shared by every phone it serves; each phone's answer is that drawing with its own values put in.

While a page is drawn, what differs from phone to phone is a marker: ``csrf_token()``,
``once_key()``, ``per_phone(name, ...)`` (which player a form picks, where a tap for another
seat's turn goes, the seat prompt, the phone's own last step) and ``own_board(i)`` (each
player's board, so that a phone's own board comes first). Each answer gets its own CSRF token, a
fresh one-time key per form, its own values of ``per_phone`` and its board first in their place.
Where a game's board shows something to one seat only, the page is drawn per seat instead
(``draw_page``'s ``seat_view``). Inside a page, ``{% call drawn_once('name', ...) %}`` marks a
part shared by every page of the same version (the guide, the score pad: the same on every
seat's page). A part that names what it shows (``drawn_once('name', by=...)``: every value it
reads besides the game's link, the language and the kind of link) is shared across versions
too: a new version draws again only the parts whose values changed (a tap on one player's board
leaves the other boards, the guide and the forms as they were). The version such a part's forms
send is a marker too (``page_version``). Under tests, each part taken this way is drawn again
and must come out the same (``DRAWING_CHECK``): a part that reads a value it does not name fails
there, not at a table.

Drawings are kept in the process's memory only (an LRU by size, split at their markers): a
process that has not drawn a version draws it itself. The phones of a table ask at the same
moment, and while one request draws, the others of its process wait for its drawing.
"""
from __future__ import annotations

import contextlib
import dataclasses
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

from ..admission import stepping_aside
from ..games.core.words import Text
from .device import once_key

# Sent each time a page or a part is actually drawn (not taken from a cache): for tests.
fragment_drawn = Namespace().signal("fragment-drawn")

# The process's cache, in characters of drawn HTML (old versions fall out, least recently used).
# A table needs its page's drawing, the parts kept across versions (which must last until its
# next tap) and its previous version's until they fall out, and every process sees every table:
# sized for a few hundred 5-player tables (BENCHMARKS.md).
DEFAULT_CACHE_CHARS = 32_000_000

# How long a phone waits for another request drawing the page it needs before drawing it itself.
DRAWING_WAIT = 2.0  # s


class _Drawings:
    """An app's drawings: kept pages and parts by key (a lock: a server's threads share them),
    those being drawn now (``drawing``: an event set when done) and the marker."""

    def __init__(self, chars: int, mark: str):
        self.parts: LRUCache = LRUCache(maxsize=chars, getsizeof=len)
        self.lock = threading.Lock()
        self.drawing: dict[tuple, threading.Event] = {}
        # A marker is <mark>:<name>[:<arg>...]; — the mark is derived from the secret key, so
        # no text a player types can stand for one.
        self.mark = mark
        self.marks = re.compile(f"{mark}:(\\w+)((?::[\\w-]*)*);")
        self.own = re.compile(f"{mark}:own:(\\d*);")
        self.check = False  # draw each part taken by what it shows again, and compare

    def split(self, html: str) -> _Split:
        return _Split(self, html)


def _mark_of(secret: Any) -> str:
    if not secret:
        return f"m{secrets.token_hex(12)}"
    key = secret if isinstance(secret, bytes) else str(secret).encode()
    return "m" + hmac.new(key, b"drawing marker", hashlib.sha256).hexdigest()[:24]


def init_app(app: Flask) -> None:
    """Give the templates ``drawn_once``, ``per_phone``, ``own_board`` and the drawing-aware
    ``csrf_token`` and ``once_key``."""
    drawings = _Drawings(app.config.get("DRAWING_CACHE_CHARS", DEFAULT_CACHE_CHARS),
                         _mark_of(app.config.get("SECRET_KEY")))
    app.extensions["drawings"] = drawings
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

    page = _once(drawings, ("page", *key, seat_view), "page", draw, page=True,
                 kept=drawings.split) if key else drawings.split(draw())
    return _for_phone(page, first, str(context["game"].version))


class _Split:
    """A page's drawing split once at its markers, as each phone's answer needs it: the part
    before the players' boards, each board (by player) and the part after, each a list of
    text and markers in turn (``(name, words)``). An answer is put together from these, without
    searching the whole page again for every answer (the costly part of an answer)."""

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
    every page of the game's link, language and kind of link whose part reads the same values;
    drawn afresh when no page key is set."""
    page = g.get("drawing")
    if not page:
        return Markup(caller())
    drawings = current_app.extensions["drawings"]
    if by is _VERSIONS:
        return Markup(_once(drawings, (*page, *parts), parts[0], lambda: Markup(caller()),
                            page=False))
    # ("game", link, version, language, play link): the same but the version
    said = hashlib.sha256(repr(_shown(by)).encode()).hexdigest()
    key = (page[0], page[1], *page[3:], *parts, "by", said)
    drew = []
    html = _once(drawings, key, parts[0], lambda: drew.append(1) or Markup(caller()),
                 page=False)
    if drawings.check and not drew:  # (under tests: a kept part, drawn again and compared)
        again = caller()
        if again != html:
            raise AssertionError(f"the part {parts!r} reads a value its by= does not name: "
                                 f"kept {html!r}, drawn again {again!r}")
    return Markup(html)


def _once(drawings: _Drawings, key: tuple, part: str, draw: Callable[[], str], *,
          page: bool, kept: Callable[[str], Any] = lambda html: html) -> Any:
    """What ``draw`` draws for ``key`` (as ``kept`` keeps it): kept in this process, or drawn
    by the one request that asked first while the others wait for it."""
    mine = None
    with drawings.lock:
        html = drawings.parts.get(key)
        other = drawings.drawing.get(key) if html is None else None
        if html is None and other is None:
            mine = drawings.drawing[key] = threading.Event()
    if other is not None:  # another phone's request is drawing it: take it
        # A page's request gives its place back while it waits (nothing of it is drawn yet); a
        # part's keeps it: stepping aside ends the request's read, and the rest of its page
        # must be drawn from the same snapshot of the game.
        with stepping_aside() if page else contextlib.nullcontext():
            other.wait(DRAWING_WAIT)
        with drawings.lock:
            html = drawings.parts.get(key)
    if html is None:
        try:
            html = kept(_draw(part, key, draw))
            # a drawing larger than the whole cache raises ValueError: shown, not kept
            with drawings.lock, contextlib.suppress(ValueError):
                drawings.parts[key] = html
        finally:
            if mine is not None:
                with drawings.lock:
                    drawings.drawing.pop(key, None)
                mine.set()
    return html


def _draw(part: str, key: tuple, draw: Callable[[], str]) -> str:
    html = draw()
    fragment_drawn.send(current_app._get_current_object(), key=key, part=part)
    return html
