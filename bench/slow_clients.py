"""Slow phones against the server: ``measure(base_url, version_path)`` opens connections that
trickle their request headers (one line every few seconds, as a phone on bad Wi-Fi or an attacker
does), and meanwhile an idle phone checks the game's version once a second with a short timeout.
The share of checks answered in time says whether slow clients stall the table.

``python -m bench.slow_clients [URL VERSION_PATH]`` prints the result as JSON; without a URL it
serves the app itself as ``make run`` does (``python -m companion.serve``) on a temporary SQLite
database with one game, and probes that. Traffic goes to the given address only, bounded in count
and time.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent


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


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(database_url: str, secret: str = "slow-clients-probe-key",
           wait: float = 60.0) -> Iterator[str]:
    """Serve the app exactly as ``make run`` does (``python -m companion.serve``) on a free
    loopback port, in its own process group; yields the base URL and stops the whole group."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "FLASK_SECRET_KEY": secret}
    proc = subprocess.Popen([sys.executable, "-m", "companion.serve", "--host", "127.0.0.1",
                             "--port", str(port)], cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(proc, base, wait)
        yield base
    finally:
        _stop_group(proc)


def _wait_until_up(proc: subprocess.Popen, base: str, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {wait:.0f} s")


def _stop_group(proc: subprocess.Popen) -> None:
    """SIGTERM the process group this module started, then SIGKILL it if it lingers."""
    for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        if proc.poll() is not None:
            break
        try:
            os.killpg(proc.pid, sig)
            proc.wait(grace)
        except ProcessLookupError:
            break
        except subprocess.TimeoutExpired:
            continue
    if proc.stderr:
        proc.stderr.close()


def one_game(database_url: str) -> str:
    """Create the database and one two-player Hadara game in it; returns its play token."""
    from companion import create_app, store
    from companion.games import get_game
    from companion.migrations import upgrade
    from .games import hadara_setup
    app = create_app({"TESTING": True, "SECRET_KEY": "probe", "DATABASE_URL": database_url})
    upgrade(app)
    with app.app_context():
        token = store.create_game(get_game("hadara"), hadara_setup(2)).play_token
    app.extensions["db_engine"].dispose()
    return token


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
