"""The game page drawn once for the whole table: the parts of a version's page that every phone
sees alike are drawn once per (game, version, language, play or watch link) and shared.

A template marks such a part with ``{% call drawn_once('name', ...) %}...{% endcall %}``; the
arguments name what else the part depends on (a player's board: the player). Only
``draw_page`` shares: any other rendering (a refused form, shown with its values) draws every
part afresh. What differs per phone is never baked into a shared
part: while a page is drawn, ``csrf_token()``, ``once_key()`` and ``per_phone(name, ...)`` give
markers, and each phone's answer gets its own CSRF token, a fresh one-time key per form and its
own values of ``per_phone`` (which player its forms pick, where a tap for another seat's turn
goes) in their place.
"""
from __future__ import annotations

import contextlib
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

from . import once_key

# A marker is MARK:<name>[:<arg>...]; — MARK is random per process, so no text a player types
# can stand for one (it would be replaced); one literal prefix keeps the search fast.
MARK = f"m{secrets.token_hex(12)}"
CSRF_MARK = f"{MARK}:csrf;"
ONCE_MARK = f"{MARK}:once;"
_MARKS = re.compile(f"{MARK}:(\\w+)((?::[\\w-]*)*);")

# Sent each time a shared part is actually drawn (not taken from the cache): for tests.
fragment_drawn = Namespace().signal("fragment-drawn")

# The cache's size in characters of drawn HTML (old versions fall out, least recently used first).
DEFAULT_CACHE_CHARS = 64_000_000


# How long a phone waits for another thread drawing the part it needs before drawing it itself.
DRAWING_WAIT = 2.0  # s


class _Drawings:
    """An app's shared parts, by key; a lock since a server's threads share it. A part being
    drawn is in ``drawing`` (its key: an event set when it is done): the phones of a table ask
    for a new version's page at the same moment, and one of them draws what the others take."""

    def __init__(self, chars: int):
        self.parts: LRUCache = LRUCache(maxsize=chars, getsizeof=len)
        self.lock = threading.Lock()
        self.drawing: dict[tuple, threading.Event] = {}


def init_app(app: Flask) -> None:
    """Give the templates ``drawn_once`` and the drawing-aware ``csrf_token`` and ``once_key``."""
    app.extensions["drawings"] = _Drawings(app.config.get("DRAWING_CACHE_CHARS",
                                                          DEFAULT_CACHE_CHARS))
    given = dict(drawn_once=drawn_once,
                 csrf_token=lambda: CSRF_MARK if g.get("drawing") else generate_csrf(),
                 once_key=lambda: ONCE_MARK if g.get("drawing") else once_key())
    # Globals reach imported macros; the context processor overrides Flask-WTF's own, which
    # would otherwise give page templates the real token.
    app.jinja_env.globals.update(given, per_phone=per_phone)
    app.context_processor(lambda: given)


def per_phone(name: str, *args: Any) -> str:
    """A value that differs from phone to phone: ``g.phone[name]`` called with ``args`` (as
    strings: names and numbers). While a shared part is drawn it is a marker instead, and each
    answer calls the same function in its place (``draw_page``)."""
    words = [str(a) for a in args]
    if g.get("drawing"):
        return Markup(":".join([MARK, name, *words]) + ";")
    return g.phone[name](*words)


def draw_page(template: str, key: tuple, **context: Any) -> str:
    """``template`` rendered with its shared parts drawn once per ``key`` (which must name the
    game, its version, the language and whether the link plays), then this phone's CSRF token and
    fresh one-time keys put in place of the markers."""
    g.drawing = key
    try:
        html = render_template(template, **context)
    finally:
        g.drawing = None
    token = generate_csrf()
    said: dict[str, str] = {}  # a phone's value, by marker (the same form is on every board)

    def fill(m: re.Match) -> str:
        name = m.group(1)
        if name == "csrf":
            return token
        if name == "once":  # a different one-time key for every form of every answer
            return once_key()
        if m.group() not in said:
            said[m.group()] = str(g.phone[name](*m.group(2).split(":")[1:]))
        return said[m.group()]

    return _MARKS.sub(fill, html)


def drawn_once(*parts: Any, caller: Callable[[], str]) -> Markup:
    """The part ``caller`` draws, shared by every phone showing the same page key and ``parts``;
    drawn afresh when no page key is set (outside ``draw_page``)."""
    page = g.get("drawing")
    if not page:
        return Markup(caller())
    key = (*page, *parts)
    drawings: _Drawings = current_app.extensions["drawings"]
    mine = None
    with drawings.lock:
        html = drawings.parts.get(key)
        other = drawings.drawing.get(key) if html is None else None
        if html is None and other is None:
            mine = drawings.drawing[key] = threading.Event()
    if other is not None:  # another phone's request is drawing it: take its drawing
        other.wait(DRAWING_WAIT)
        with drawings.lock:
            html = drawings.parts.get(key)
    if html is None:
        try:
            html = Markup(caller())
            fragment_drawn.send(current_app._get_current_object(), key=key)
            # a fragment larger than the whole cache raises ValueError: shown, not kept
            with drawings.lock, contextlib.suppress(ValueError):
                drawings.parts[key] = html
        finally:
            if mine is not None:
                with drawings.lock:
                    drawings.drawing.pop(key, None)
                mine.set()
    return html
