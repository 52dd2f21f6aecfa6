"""Slow phones against the server: ``measure(base_url, version_path)`` opens connections that
trickle their request headers (one line every few seconds, as a phone on bad Wi-Fi or an attacker
does), and meanwhile an idle phone checks the game's version once a second with a short timeout.
The share of checks answered in time says whether slow clients stall the table.

``python -m bench.slow_clients [URL VERSION_PATH]`` prints the result as JSON; without a URL it
serves the app itself as ``make run`` does (``python -m companion.serving.serve``) on a temporary
SQLite database with one game, and probes that. Traffic goes to the given address only, bounded in
count and time.
"""
from __future__ import annotations

import argparse
import http.client
import json
import socket
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .server import Server


def _trickle(host: str, port: int, path: str, stop: float, every: float,
             opened: list[int]) -> None:
    """One slow client: a request line, then one header line every ``every`` seconds, never the
    blank line that ends the headers. Reconnects when the server drops it, as a browser would."""
    while time.monotonic() < stop:
        try:
            with socket.create_connection((host, port), timeout=every + 5) as conn:
                conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n".encode())
                opened.append(1)
                line = 0
                while time.monotonic() < stop:
                    _sleep_until(min(stop, time.monotonic() + every))
                    line += 1
                    conn.sendall(f"X-Trickle-{line}: still typing\r\n".encode())
        except OSError:
            _sleep_until(min(stop, time.monotonic() + 0.2))


def _sleep_until(when: float) -> None:
    while (left := when - time.monotonic()) > 0:
        time.sleep(min(left, 0.1))  # short naps so the probe stops on time


def _check(host: str, port: int, path: str, timeout: float) -> float | None:
    """Seconds one version check took on a new connection, or None when it was not answered
    (timeout, refused, or a status other than 200/304)."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        ok = resp.status in (200, 304)
    except (OSError, http.client.HTTPException):
        ok = False
    finally:
        conn.close()
    took = time.monotonic() - start
    return took if ok and took <= timeout else None


def measure(base_url: str, version_path: str, slow: int = 8, seconds: float = 15.0,
            every: float = 4.0, timeout: float = 2.0, warmup: float = 0.5) -> dict:
    """Open ``slow`` trickling connections for ``seconds``; after ``warmup`` seconds an idle
    phone checks ``version_path`` once a second with ``timeout``. Returns the counts, the share
    of checks answered within the timeout, and the slowest answer in milliseconds."""
    parts = urllib.parse.urlsplit(base_url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    stop = time.monotonic() + seconds
    opened: list[int] = []
    threads = [threading.Thread(target=_trickle, args=(host, port, version_path, stop, every,
                                                       opened), daemon=True)
               for _ in range(slow)]
    for t in threads:
        t.start()
    _sleep_until(time.monotonic() + warmup)
    answers: list[float | None] = []
    while time.monotonic() + timeout < stop:
        started = time.monotonic()
        answers.append(_check(host, port, version_path, timeout))
        _sleep_until(started + 1.0)
    for t in threads:
        t.join(every + 6)
    times = [a for a in answers if a is not None]
    return {"slow_connections": slow, "connections_opened": len(opened),
            "checks": len(answers), "answered_in_time": len(times),
            "share": round(len(times) / len(answers), 3) if answers else 0.0,
            "timeout_s": timeout, "slowest_ms": round(max(times) * 1000, 1) if times else None}


@contextmanager
def served(database_url: str, wait: float = 60.0) -> Iterator[str]:
    """Serve the app exactly as ``make run`` does (:class:`bench.server.Server`); yields the base
    URL and stops the server's whole process group."""
    with tempfile.TemporaryDirectory(prefix="companion-slow-") as tmp:
        server = Server(database_url, Path(tmp) / "server.log").start(wait)
        try:
            yield server.base
        finally:
            server.stop()


def one_game(database_url: str) -> str:
    """Create the database and one two-player Hadara game in it; returns its play token."""
    from companion import create_app, store
    from companion.games import get_game
    from companion.store.migrations import upgrade
    app = create_app({"TESTING": True, "SECRET_KEY": "probe", "DATABASE_URL": database_url})
    upgrade(app)
    setup = {"players": [{"name": name, "initiative": i + 1, "coins": 10, "income": 2,
                          "military": 1, "culture": 1, "food": 2}
                         for i, name in enumerate(("Ana", "Ben"))]}
    with app.app_context():
        token = store.create_game(get_game("hadara"), setup).play_token
    app.extensions["db_engine"].dispose()
    return token


def markdown(result: dict) -> str:
    """The benchmark's section for a :func:`measure` result."""
    share = f"{result['share']:.0%}"
    return (f"With {result['slow_connections']} connections trickling their headers (one line "
            f"every few seconds), an idle phone's version checks answered within "
            f"{result['timeout_s']:.0f} s: **{result['answered_in_time']} of {result['checks']}"
            f" ({share})**, slowest {result['slowest_ms']} ms (target: at least 90 %; "
            f"{'met' if result['share'] >= 0.9 else 'NOT met'}).\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", nargs="?", help="base URL of a running server")
    parser.add_argument("path", nargs="?", help="a version check path, e.g. /g/<token>/v")
    parser.add_argument("--slow", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args(argv)
    if args.url:
        print(json.dumps(measure(args.url, args.path or "/", args.slow, args.seconds)))
        return
    with tempfile.TemporaryDirectory(prefix="companion-slow-") as tmp:
        database_url = f"sqlite:///{Path(tmp) / 'probe.sqlite'}"
        token = one_game(database_url)
        with served(database_url) as base:
            print(json.dumps(measure(base, f"/g/{token}/v", args.slow, args.seconds)))


if __name__ == "__main__":
    main()
