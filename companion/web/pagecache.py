"""Drawn game pages, kept per game version.

A game page changes only when the game does (its version), the reader's seat, language or link
changes. Every phone at the table reloads the page after each tap somewhere, so the same version
is drawn again and again: this keeps the drawn HTML of recent versions, per process, and sends a
copy with the request's own CSRF token put in (the drawing request's token, a long signed random
string, is swapped for a random stand-in before the page is kept). The log stays the truth; a new version is a
new key, so nothing here is ever stale.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Callable, Hashable

from flask import Flask, current_app
from flask_wtf.csrf import generate_csrf

_SIZE = 128  # pages per process (a 5-player page is ~30 KB: a few MB at most)


class PageCache:
    def __init__(self, size: int = _SIZE) -> None:
        self.size = size
        self.pages: OrderedDict[Hashable, str] = OrderedDict()
        self.lock = threading.Lock()
        self.stand_in = "csrf-" + secrets.token_hex(12)

    def get(self, key: Hashable) -> str | None:
        with self.lock:
            html = self.pages.get(key)
            if html is not None:
                self.pages.move_to_end(key)
            return html

    def put(self, key: Hashable, html: str) -> None:
        with self.lock:
            self.pages[key] = html
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


def _cache() -> PageCache:
    return current_app.extensions["page_cache"]


def cached(key: Hashable) -> str | None:
    """The drawn page for ``key`` with this request's CSRF token, or None when not drawn yet.
    The key must hold everything the page depends on."""
    html = _cache().get(key)
    return None if html is None else html.replace(_cache().stand_in, generate_csrf())


def draw(key: Hashable, drawing: Callable[[], str]) -> str:
    """Draw the page, keep it under ``key``, and return it with this request's CSRF token."""
    cache = _cache()
    html = drawing()
    # Every csrf_token() and form of one request carries the same token (Flask-WTF keeps it
    # for the request): no copy of it stays in the kept page.
    cache.put(key, html.replace(generate_csrf(), cache.stand_in))
    return html


def init_app(app: Flask) -> None:
    app.extensions["page_cache"] = PageCache(app.config.get("PAGE_CACHE_SIZE", _SIZE))
