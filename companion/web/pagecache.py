"""Drawn game pages, kept per game version, sent compressed to the phones that accept it.

A game page changes only when the game does (its version), the reader's seat, language or link
changes. Every phone at the table reloads the page after each tap somewhere, so the same version
is drawn again and again: this keeps the drawn HTML of recent versions, per process, and sends a
copy with the request's own CSRF token put in. The drawing request's token (a long signed random
string, the same in every form of one request) marks where the page is cut: a kept page is its
parts between the tokens, and a copy is the parts joined with the reader's token. The log stays
the truth; a new version is a new key, so nothing here is ever stale.

Phones ask for gzip, and a 5-player page shrinks about five times. A kept page is deflated once,
in pieces that end on byte boundaries where the tokens go (see ``_deflate_parts``), so a gzipped
copy is those pieces with the reader's token between them as uncompressed ("stored") deflate
blocks: no compression work per request, and no phone's token in anything kept.
"""
from __future__ import annotations

import gzip
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Hashable

from flask import Flask, Response, current_app, request
from flask_wtf.csrf import generate_csrf
from werkzeug.http import parse_accept_header

_SIZE = 128  # pages per process (a 5-player page is ~22 KB: a few MB at most)
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no name, no time, OS unknown


@dataclass
class Kept:
    """One drawn page, cut where the CSRF token goes."""

    parts: tuple[str, ...]
    _deflated: tuple[int, tuple[bytes, ...] | None] | None = field(default=None, repr=False)
    _encoded: tuple[bytes, ...] = field(default=(), repr=False)

    def html(self, token: str) -> str:
        return token.join(self.parts)

    def gzipped(self, token: str) -> bytes:
        """The page with ``token`` in it, as a gzip file (RFC 1952 around RFC 1951 blocks)."""
        raw = token.encode()
        deflated = self._deflated
        if deflated is None or deflated[0] != len(raw):  # once per kept page (tokens of one
            deflated = self._deflated = (len(raw), _deflate_parts(self.parts, len(raw)))
            self._encoded = tuple(part.encode() for part in self.parts)  # length: see there)
        if deflated[1] is None:  # a page holding the filler itself: compressed each time
            return gzip.compress(self.html(token).encode(), 6)
        # The trailer's checksum and length of the page as read, token included, taken part
        # by part (no copy of the whole page is made).
        crc, size = 0, len(raw) * (len(self._encoded) - 1)
        for i, part in enumerate(self._encoded):
            crc = zlib.crc32(part, zlib.crc32(raw, crc) if i else crc)
            size += len(part)
        stored = b"\x00" + struct.pack("<HH", len(raw), 0xFFFF ^ len(raw)) + raw
        return b"".join((_GZIP_HEADER, stored.join(deflated[1]),
                         struct.pack("<II", crc, size & 0xFFFFFFFF)))


# Stands in for the token while the page is deflated: bytes no page holds, so nothing in the
# page can be deflated as a copy of them (what a copy would find there is the reader's token).
_FILLER = b"\x01"


def _deflate_parts(parts: tuple[str, ...], token_length: int) -> tuple[bytes, ...] | None:
    """The page's parts as pieces of one raw deflate stream, with the token's place cut out.

    One deflater sees the whole page with a filler as long as the token in each token's place,
    flushing (sync flush: byte-aligned, nothing held back) before and after each filler. What
    it wrote for a filler is dropped; a stored block with the reader's token goes there instead,
    the same length, so every distance the deflater counted still holds, and later parts keep
    their matches in earlier ones (which compressing each part alone would lose). The last piece
    ends the stream. None when the page itself holds the filler (then nothing is cut)."""
    deflater = zlib.compressobj(6, zlib.DEFLATED, -15)
    filler = _FILLER * token_length
    pieces = []
    for i, part in enumerate(parts):
        encoded = part.encode()
        if _FILLER in encoded:  # a control character: never drawn by our templates
            return None
        if i == len(parts) - 1:
            pieces.append(deflater.compress(encoded) + deflater.flush(zlib.Z_FINISH))
        else:
            pieces.append(deflater.compress(encoded) + deflater.flush(zlib.Z_SYNC_FLUSH))
            deflater.compress(filler)
            deflater.flush(zlib.Z_SYNC_FLUSH)  # the filler's blocks: dropped
    return tuple(pieces)


class PageCache:
    def __init__(self, size: int = _SIZE) -> None:
        self.size = size
        self.pages: OrderedDict[Hashable, Kept] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        with self.lock:
            kept = self.pages.get(key)
            if kept is not None:
                self.pages.move_to_end(key)
            return kept

    def put(self, key: Hashable, kept: Kept) -> None:
        with self.lock:
            self.pages[key] = kept
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


def _cache() -> PageCache:
    return current_app.extensions["page_cache"]


def kept(key: Hashable) -> Kept | None:
    """The page kept under ``key``, or None when it is not drawn yet. The key must hold
    everything the page depends on."""
    return _cache().get(key)


def draw(key: Hashable, drawing: Callable[[], str]) -> Kept:
    """Draw the page now and keep it under ``key``."""
    html = drawing()
    # Every csrf_token() of one request gives the same token (Flask-WTF keeps it for the
    # request): cutting there leaves no copy of it in the kept page.
    page = Kept(tuple(html.split(generate_csrf())))
    _cache().put(key, page)
    return page


def respond(page: Kept) -> Response:
    """The page for this request: its own CSRF token in, gzipped when the browser takes it."""
    token = generate_csrf()
    if takes_gzip(request.environ.get("HTTP_ACCEPT_ENCODING", "")):
        resp = Response(page.gzipped(token), mimetype="text/html")
        resp.headers["Content-Encoding"] = "gzip"
    else:
        resp = Response(page.html(token), mimetype="text/html")
    resp.headers["Vary"] = "Accept-Encoding"  # (a cache between must keep both answers)
    return resp


@lru_cache(maxsize=64)
def takes_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` takes gzip: parsed once per header (a browser sends the
    same one with every request)."""
    return parse_accept_header(header)["gzip"] > 0


def init_app(app: Flask) -> None:
    app.extensions["page_cache"] = PageCache(app.config.get("PAGE_CACHE_SIZE", _SIZE))
