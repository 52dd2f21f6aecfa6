"""The measures beside the simulation: each request kind alone on the idle server, the weight of
a game page and whether it asks anything of another origin, the first load of a long game after
a restart, and what a durable SQLite commit costs a tap."""
from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import statistics
import time
from contextlib import closing
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

from .http import Phone
from .stats import percentile
from .tables import Table, tap_request

CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)|@import\s+['"]([^'"]+)""")
# Elements and attributes a browser fetches while loading a page (links a reader follows are not).
FETCHED = {("script", "src"), ("img", "src"), ("img", "srcset"), ("source", "src"),
           ("source", "srcset"), ("video", "src"), ("video", "poster"), ("audio", "src"),
           ("iframe", "src"), ("embed", "src"), ("object", "data"), ("input", "src"),
           ("track", "src")}
# Links a browser fetches while loading the page. Of several rel=icon links it fetches one (the
# one it likes best: Chromium took the first, an SVG one).
LOAD_RELS = {"stylesheet", "preload", "modulepreload", "prefetch"}
ICON_RELS = {"icon", "shortcut"}
# Links fetched only to install the page as an app: the manifest (and the icons it lists) when a
# browser checks whether the page can be installed, the apple-touch-icon when Safari adds it to
# the home screen. Checked with Chromium (Playwright, a seated phone's first load of the
# benchmark's page): it fetched the page, its style sheet and script and the SVG icon, never the
# manifest nor the PNG icons.
INSTALL_RELS = {"manifest", "apple-touch-icon", "mask-icon"}


class _Resources(HTMLParser):
    """The URLs a page makes the browser fetch on loading it (``urls``): elements' sources,
    style sheets, one icon, and url() inside style attributes and elements; and those fetched
    only to install it as an app (``install``: the manifest, touch icons, other icons)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.install: list[str] = []
        self.after: list[str] = []  # the service worker, registered once the page is shown
        self._icon = False
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        for name, value in values.items():
            if (tag, name) in FETCHED:
                self.urls += [part.split()[0] for part in value.split(",") if part.strip()] \
                    if name == "srcset" else [value]
        rels = set(values.get("rel", "").lower().split()) if tag == "link" else set()
        if rels & ICON_RELS and not self._icon:
            self._icon = True
            self.urls.append(values.get("href", ""))
        elif rels & (LOAD_RELS | ICON_RELS | INSTALL_RELS):
            (self.urls if rels & LOAD_RELS else self.install).append(values.get("href", ""))
        self.urls += css_urls(values.get("style", ""))
        if values.get("data-worker"):
            self.after.append(values["data-worker"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.urls += css_urls(data)


def css_urls(css: str) -> list[str]:
    """The URLs a piece of CSS fetches (url() and @import)."""
    return [a or b for a, b in CSS_URL.findall(css)]


def is_outside(url: str, host: str) -> bool:
    """Whether fetching ``url`` from a page of ``host`` ("127.0.0.1:5000") asks another origin;
    data: URLs are inline and ask nothing."""
    parts = urlsplit(url.strip())
    if parts.scheme == "data":
        return False
    return bool(parts.scheme or parts.netloc) and parts.netloc != host


GZIP = {"Accept-Encoding": "gzip, deflate"}  # what a browser asks for


async def _sizes(phone: Phone, urls: list[str], host: str,
                 wire: dict[str, int] | None = None) -> dict[str, int]:
    """Bytes of each same-origin URL of ``urls`` (once each), uncompressed (and into ``wire``,
    as they travel when a browser asks for compression); the URLs a style sheet fetches are
    added to ``urls``."""
    sizes: dict[str, int] = {}
    for url in list(dict.fromkeys(urls)):
        if is_outside(url, host) or url.startswith("data:"):
            continue
        path = urlsplit(url).path
        body = (await phone.request("GET", path)).body
        sizes[path] = len(body)
        if wire is not None:
            wire[path] = len((await phone.request("GET", path, GZIP)).body)
        if path.endswith(".css"):
            urls += css_urls(body.decode())
    return sizes


async def page_weight(phone: Phone, token: str) -> dict:
    """The game page as a seated phone's first load gets it: HTML and the same-origin assets it
    fetches, uncompressed and as they travel when gzip is asked for, and every URL of another
    origin it would fetch; apart, what only installing the page as an app fetches."""
    host = f"{phone.host}:{phone.port}"
    plain = await phone.request("GET", f"/g/{token}")
    packed = await phone.request("GET", f"/g/{token}", GZIP)
    parser = _Resources()
    parser.feed(plain.body.decode())
    urls, install, after = list(parser.urls), list(parser.install), list(parser.after)
    wire: dict[str, int] = {}
    assets = await _sizes(phone, urls, host, wire)
    extra = {p: n for p, n in (await _sizes(phone, install, host)).items() if p not in assets}
    outside = sorted({u for u in urls + install + after if is_outside(u, host)})
    return {"html": len(plain.body), "assets": assets,
            "total": len(plain.body) + sum(assets.values()), "install": extra,
            "after": await _sizes(phone, after, host),
            "wire": len(packed.body), "encoding": packed.headers.get("content-encoding", ""),
            "assets_wire": wire, "total_wire": len(packed.body) + sum(wire.values()),
            "outside": outside, "csp": plain.headers.get("content-security-policy", "")}


async def first_load(phones: list[Phone], warm_token: str, token: str) -> float:
    """Milliseconds of the first load of ``token`` from a just started server, after its workers
    served another game's page a few times (each compiles the game page's templates as it
    starts: companion/serving/serve.py). The warm-up sends from several phones at once."""
    gzip = {"Accept-Encoding": "gzip, deflate"}
    for _ in range(5):
        await asyncio.gather(*(p.request("GET", f"/g/{warm_token}", gzip) for p in phones))
    start = time.monotonic()
    resp = await phones[0].request("GET", f"/g/{token}", gzip)
    took = (time.monotonic() - start) * 1000
    if resp.status != 200:
        raise RuntimeError(f"first load of {token}: {resp.status}")
    return took


async def one_at_a_time(table: Table, rounds: int = 20) -> dict[str, float]:
    """Median ms of each request kind alone on an otherwise idle server (no queueing): a tap,
    then each of the table's phones fetches the new page and checks the version (304)."""
    times: dict[str, list[float]] = {"check": [], "page": [], "tap": []}
    gzip = {"Accept-Encoding": "gzip, deflate"}

    async def timed(kind: str, phone: Phone, method: str, path: str, headers: dict,
                    body: bytes = b"") -> None:
        start = time.monotonic()
        resp = await phone.request(method, path, headers, body)
        times[kind].append((time.monotonic() - start) * 1000)
        if resp.status not in (200, 304):
            raise RuntimeError(f"{kind} alone: {resp.status}")

    for seat in table.seats:  # (new connections: the server may have closed idle ones)
        seat.phone.close()
    for i in range(rounds):
        tapper = table.seats[i // 2 % len(table.seats)]  # +1, then -1, to its own player's
        fields = {"player": tapper.index, "value": "coins", "delta": 1 - 2 * (i % 2)}
        await timed("tap", tapper.phone, "POST",
                    *tap_request(table.token, tapper.csrf, "correct", fields))
        answer = await tapper.phone.request("GET", f"/g/{table.token}/v")
        etag = f'"{json.loads(answer.body)["version"]}"'
        for seat in table.seats:
            await timed("page", seat.phone, "GET", f"/g/{table.token}", gzip)
            await timed("check", seat.phone, "GET", f"/g/{table.token}/v",
                        {**gzip, "If-None-Match": etag})
    return {k: statistics.median(v) for k, v in times.items()}


def app_synchronous(root: Path) -> str:
    """The `PRAGMA synchronous` setting the app's database module uses, read from its source."""
    found = re.search(r"synchronous\s*=\s*(\w+)", (root / "companion" / "db.py").read_text(),
                      re.I)
    return found.group(1).upper() if found else "not found"


def _tap_commit(conn: sqlite3.Connection, game_id: int, columns: list[str]) -> float:
    """Milliseconds of one tap's write as the app makes it (store.record): move the game's
    version on if it is still the one read (the statement that takes the write lock), add one
    action to the log (a copy of the game's last one), commit."""
    version = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    picked = ", ".join("? AS seq" if c == "seq" else c for c in columns)
    start = time.perf_counter()
    conn.execute("BEGIN")
    moved = conn.execute("UPDATE games SET version = ?, updated_at = CURRENT_TIMESTAMP "
                         "WHERE id = ? AND version = ?", (version + 1, game_id, version))
    assert moved.rowcount == 1  # (nothing else writes to this copy)
    conn.execute(f"INSERT INTO actions ({', '.join(columns)}) SELECT {picked} FROM actions "
                 "WHERE game_id = ? AND seq = ?", (version + 1, game_id, version))
    conn.execute("COMMIT")
    return (time.perf_counter() - start) * 1000


def durability(source: Path, copy: Path, rounds: int = 6, per_round: int = 25,
               gap: float = 0.02) -> dict[str, dict[str, float]]:
    """A tap's commit with ``synchronous=NORMAL`` and ``FULL`` (WAL), on a copy of the benchmark's
    database beside it, one commit at a time as a table sends them (``gap`` s apart), the two
    settings taking turns so that the machine's other work weighs on both alike."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(copy)) as dst:
        src.backup(dst)
    times: dict[str, list[float]] = {"NORMAL": [], "FULL": []}
    for _ in range(rounds):
        for mode in times:
            conn = sqlite3.connect(copy, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={mode}")
            game_id = conn.execute("SELECT game_id FROM actions ORDER BY id DESC").fetchone()[0]
            columns = [r[1] for r in conn.execute("PRAGMA table_info(actions)") if r[1] != "id"]
            for _ in range(per_round):
                times[mode].append(_tap_commit(conn, game_id, columns))
                time.sleep(gap)
            conn.close()
    return {mode: {"count": len(v), "p50": statistics.median(v), "mean": statistics.fmean(v),
                   "p95": percentile(v, 95)} for mode, v in times.items()}
