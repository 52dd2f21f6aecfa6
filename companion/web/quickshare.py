"""Sharing a quick score pad with the table: a read-only link that carries the pad's facts.

A table that scores a play the app did not follow wants the result on every phone now, not an
account or a saved game: the link holds the facts (compressed), so nothing is stored and it never
expires; the page that opens it scores them again with the same checks as every other path. A
group keeps its plays for good through its own quick pad ("Log a play", saved in the group).
"""
from __future__ import annotations

import base64
import io
import json
import zlib
from typing import Any

import segno
from flask import Response, url_for

from .device import share_url

#: a shared link's facts, in characters (five Hadara players take about 1,500)
LIMIT = 8000
#: the facts unpacked, in bytes at most (a small link cannot unpack into a large request)
UNPACKED_LIMIT = 64_000


def pack(payload: Any) -> str:
    raw = json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return base64.urlsafe_b64encode(zlib.compress(raw.encode(), 9)).decode().rstrip("=")


def unpack(packed: str) -> Any:
    """The facts a link carries, or None when they are damaged, cut short or too large."""
    if not packed or len(packed) > LIMIT:
        return None
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, UNPACKED_LIMIT)
        if inflate.unconsumed_tail or not inflate.eof:
            return None
        return json.loads(raw.decode())
    except (ValueError, zlib.error, UnicodeDecodeError):
        return None


def link(slug: str, facts: str) -> str:
    """The shared pad's address as phones at the table reach it (the play link's host), for
    the ``facts`` a pad packed (``pack``)."""
    base = share_url("x")[:-len(url_for("play.game_page", token="x"))]
    return base + url_for("pages.quick_shared", slug=slug, facts=facts)


#: the longest link a QR code is drawn for (a phone's camera still reads it)
QR_LIMIT = 2000


def qr(address: str) -> Response | None:
    """The link's QR code (SVG), or None when the link is too long for one."""
    if len(address) > QR_LIMIT:
        return None
    buf = io.BytesIO()
    segno.make(address, error="l").save(buf, kind="svg", scale=1, border=4, omitsize=True,
                                        xmldecl=False, title="QR code of this score pad's link",
                                        dark="#000", light="#fff")
    resp = Response(buf.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "private, max-age=3600"
    return resp
