"""Draw the app's PNG icons (static/icons/icon-<size>.png) from the same shapes as icon.svg: a
brown rounded square holding a cream die showing three. Pure standard library (zlib), so no
image package is needed: `python scripts/make_icons.py` after changing the design."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

BROWN, CREAM = (0x8A, 0x4B, 0x0F), (0xFB, 0xFA, 0xF7)
OUT = Path(__file__).resolve().parents[1] / "static" / "icons"


def _in_rounded(x: float, y: float, left: float, size: float, radius: float) -> bool:
    """Is (x, y) inside the square at (left, left) of side ``size`` with rounded corners?"""
    right = left + size
    if not (left <= x <= right and left <= y <= right):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, left + radius), right - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """The colour at (x, y) of the 64-unit design (as in icon.svg)."""
    for px, py in ((24, 24), (32, 32), (40, 40)):
        if (x - px) ** 2 + (y - py) ** 2 <= 4.5 ** 2:
            return (*BROWN, 255)
    if _in_rounded(x, y, 14, 36, 7):
        return (*CREAM, 255)
    if _in_rounded(x, y, 0, 64, 14):
        return (*BROWN, 255)
    return (0, 0, 0, 0)


def png(size: int) -> bytes:
    scale = 64 / size
    rows = b"".join(b"\0" + bytes(c for x in range(size)
                                  for c in pixel((x + .5) * scale, (y + .5) * scale))
                    for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for n in (180, 192, 512):
        (OUT / f"icon-{n}.png").write_bytes(png(n))
