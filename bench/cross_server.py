"""A change reaching the phones of another server: two servers started as `make run` starts them
(bench/server.py), each with its own instance folder, on one PostgreSQL database. A phone's
version check is held on the first; a phone taps on the second. Timed from the tap's answer to
the check's answer (0 when the check answered first): how late a phone on one machine learns of
a tap made on another, told by the database's notification (companion/store/live.py). Run alone:
``.venv/bin/python -m bench.cross_server [ROUNDS]``, on a throwaway PostgreSQL
(scripts/pg-test-server.sh) unless DATABASE_URL names one."""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

from .server import ROOT, Server
from .slow_clients import one_game
from .stats import percentile

TARGET = 100.0  # ms, p95
PG_BIN = Path("/usr/lib/postgresql/15/bin/initdb")
ROUNDS = 60
HELD_FIRST = 0.3  # s between sending the check and the tap: the check waits by then
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def _ask(port: int, method: str, path: str, body: str | None = None,
         headers: dict | None = None) -> tuple[int, bytes, http.client.HTTPResponse]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, answer.read(), answer
    finally:
        conn.close()


class Tapper:
    """A seated phone's taps on the server at ``port``: +1, then -1, to the first player's coins
    (a commutative correction, sent as the page's script sends it)."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token, self.delta = port, token, 1
        status, page, answer = _ask(port, "GET", f"/g/{token}")
        assert status == 200, status
        self.cookie = answer.getheader("Set-Cookie", "").split(";", 1)[0]
        self.csrf = CSRF.search(page.decode()).group(1)

    def tap(self) -> None:
        body = urlencode({"csrf_token": self.csrf, "player": 0, "value": "coins",
                          "delta": self.delta})
        status, said, _ = _ask(self.port, "POST", f"/g/{self.token}/do/correct", body, {
            "Cookie": self.cookie, "Accept": "application/json",
            "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 200 and json.loads(said)["ok"], (status, said[:300])
        self.delta = -self.delta


def version(port: int, token: str) -> int:
    return json.loads(_ask(port, "GET", f"/g/{token}/v")[1])["version"]


def held_check(port: int, token: str, seen: int, wait: int) -> int | None:
    """The version a check held on the server at ``port`` answers (None: 304, not moved)."""
    status, said, _ = _ask(port, "GET", f"/g/{token}/v?wait={wait}",
                           headers={"If-None-Match": f'"{seen}"'})
    return json.loads(said)["version"] if status == 200 else None


def _hold(got: list, port: int, token: str, seen: int, wait: int) -> None:
    got.extend((held_check(port, token, seen, wait), time.monotonic()))


def rounds(here: int, there: Tapper, n: int, wait: int = 10) -> list[float | None]:
    """``n`` rounds of a check held on the server at port ``here`` and a tap on ``there``: the
    ms from the tap's answer to the check's (None: the check was not woken within ``wait``)."""
    reach: list[float | None] = []
    for _ in range(n):
        seen = version(here, there.token)
        got: list = []
        check = threading.Thread(target=_hold, args=(got, here, there.token, seen, wait))
        check.start()
        time.sleep(HELD_FIRST)
        there.tap()
        tapped = time.monotonic()
        check.join()
        reach.append(max(0.0, got[1] - tapped) * 1000 if got[0] == seen + 1 else None)
    return reach


@contextlib.contextmanager
def two_servers(database_url: str, folder: Path, args: tuple[str, ...] = (),
                **settings: str) -> Iterator[tuple[Server, Server]]:
    """Two servers on ``database_url``, each with its own instance folder and log in
    ``folder``; stopped at the end."""
    servers = [Server(database_url, folder / f"{name}.log", args=args,
                      COMPANION_INSTANCE=str(folder / name), **settings) for name in "ab"]
    try:
        for server in servers:
            server.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def measure(database_url: str, n: int = ROUNDS) -> dict:
    """The reach times of ``n`` rounds between two servers on ``database_url`` (a fresh
    database: its schema and a game are made here)."""
    token = one_game(database_url)
    with tempfile.TemporaryDirectory(prefix="companion-cross-") as tmp, \
            two_servers(database_url, Path(tmp)) as (a, b):
        reach = rounds(a.port, Tapper(b.port, token), n)
    times = [r for r in reach if r is not None]
    return {"rounds": n, "woken": len(times), "p50": percentile(times, 50),
            "p95": percentile(times, 95), "max": max(times, default=float("nan"))}


def line(r: dict) -> str:
    return (f"a tap on one server reaching a check held on another (PostgreSQL): {r['woken']} "
            f"of {r['rounds']} woken, p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, max "
            f"{r['max']:.1f} ms (target p95 <= {TARGET:.0f} ms)")


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A database on a PostgreSQL started for this run (scripts/pg-test-server.sh)."""
    script = ROOT / "scripts" / "pg-test-server.sh"
    out = subprocess.run(["bash", str(script), "start"], capture_output=True, text=True,
                         timeout=120, check=True)
    url, folder = out.stdout.split()
    try:
        yield url
    finally:
        subprocess.run(["bash", str(script), "stop", folder], capture_output=True, timeout=60)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS
    with contextlib.ExitStack() as stack:
        url = os.environ.get("DATABASE_URL") or stack.enter_context(throwaway_postgres())
        print(line(measure(url, n)))


if __name__ == "__main__":
    main()
