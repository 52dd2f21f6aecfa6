"""Thousands of stalled connections from one address against another table: ``Attack`` opens them
(a third each: a form whose body never comes, a connection that sends nothing, headers trickled
one line every few seconds) and keeps them open, opening again those the server closes;
meanwhile ``Table`` plays another table from another address: a held version check, a tap that
moves the game (the check answers it), the game's page, round after round.

``python -m bench.stalled`` serves the app as ``make run`` does, with the repository's
deploy/nginx.conf in front (bench/nginx.py), and prints the other table's times with and without
5,000 stalled connections (``--direct``: against the app alone, no proxy). Traffic goes to
127.0.0.1 only, bounded in count and time.
"""
from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import re
import resource
import selectors
import socket
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .nginx import Nginx
from .server import Server
from .slow_clients import one_game
from .stats import percentile

KINDS = ("body", "silent", "headers")
ATTACKER, TABLE = "127.0.0.2", "127.0.0.1"  # two addresses of the loopback interface
TIMEOUT = 10.0  # s a phone of the other table waits for an answer
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


class Attack:
    """``count`` connections from ``source`` to ``port``, kept open as long as the server lets
    them (each closed one opened again after ``reopen`` seconds, or never when None); the
    stalled bodies are posted to ``body_path``."""

    def __init__(self, port: int, count: int, source: str = ATTACKER, kinds=KINDS,
                 reopen: float | None = 5.0, every: float = 3.0, body_path: str = "/join") -> None:
        self.port, self.count, self.source, self.kinds = port, count, source, kinds
        self.body_path = body_path
        self.reopen, self.every = reopen, every
        self.answers: Counter[str] = Counter()  # first line of each answer the server sent
        self.opened = self.failed = 0
        self.closed: Counter[str] = Counter()  # by kind, closed by the server
        self.most_open = 0
        self._open: dict[socket.socket, str] = {}
        self._due: list[tuple[float, str]] = []  # (when, kind) to open again
        self._selector = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="attack", daemon=True)
        self.all_opened = threading.Event()

    def __enter__(self) -> Attack:
        needed = self.count + 512  # (and the phones', the servers' own)
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < needed:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, needed), hard))
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(30)
        for sock in list(self._open):
            sock.close()
        self._open.clear()
        self._selector.close()

    def _run(self) -> None:
        for i in range(self.count):
            if self._stop.is_set():
                return
            self._connect(self.kinds[i % len(self.kinds)])
        self.all_opened.set()
        trickled = time.monotonic()
        while not self._stop.is_set():
            for key, _ in self._selector.select(timeout=0.2):
                self._heard(key.fileobj)
            now = time.monotonic()
            due, self._due = [d for d in self._due if d[0] <= now], \
                [d for d in self._due if d[0] > now]
            for _, kind in due:
                self._connect(kind)
            if now - trickled >= self.every:
                trickled = now
                self._trickle()

    def _connect(self, kind: str) -> None:
        sock = socket.socket()
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.source, 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", self.port))
            if kind == "body":  # a form of 100,000 bytes, of which 9 ever come
                sock.sendall(f"POST {self.body_path} HTTP/1.1\r\n".encode() + b"Host: table\r\n"
                             b"Content-Type: application/x-www-form-urlencoded\r\n"
                             b"Content-Length: 100000\r\n\r\ncode=ABCD")
            elif kind == "headers":
                sock.sendall(b"GET / HTTP/1.1\r\nHost: table\r\n")
            sock.setblocking(False)
        except OSError:
            sock.close()
            self.failed += 1
            self._again(kind)
            return
        self._open[sock] = kind
        self._selector.register(sock, selectors.EVENT_READ)
        self.opened += 1
        self.most_open = max(self.most_open, len(self._open))

    def _heard(self, sock) -> None:
        """The server answered or closed: count its answer; close ours when it closed."""
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            if data.startswith(b"HTTP/"):
                self.answers[data.split(b"\r\n", 1)[0].decode("latin-1")] += 1
            return
        kind = self._open.pop(sock)
        self._selector.unregister(sock)
        sock.close()
        self.closed[kind] += 1
        self._again(kind)

    def _again(self, kind: str) -> None:
        if self.reopen is not None and not self._stop.is_set():
            self._due.append((time.monotonic() + self.reopen, kind))

    def _trickle(self) -> None:
        line = f"X-Trickle-{int(time.monotonic())}: still typing\r\n".encode()
        for sock, kind in list(self._open.items()):
            if kind == "headers":
                with contextlib.suppress(OSError):
                    sock.send(line)

    def summary(self) -> dict:
        return {"connections": self.count, "opened": self.opened,
                "most_open_at_once": self.most_open, "closed_by_server": dict(self.closed),
                "failed_to_open": self.failed, "answers": dict(self.answers)}


@dataclass
class Rounds:
    """The other table's answers: seconds each took, None for one not answered in time."""

    taps: list[float | None] = field(default_factory=list)
    pages: list[float | None] = field(default_factory=list)
    checks: list[float | None] = field(default_factory=list)  # from the tap's answer

    def answered(self) -> dict[str, str]:
        return {name: f"{sum(t is not None for t in times)}/{len(times)}"
                for name, times in self.__dict__.items()}


class Table:
    """Two phones of another table, from ``source``: one holds version checks, the other taps
    and opens the game's page (each on its own kept-alive connection, as a browser does)."""

    def __init__(self, port: int, token: str, source: str = TABLE) -> None:
        self.port, self.token, self.source = port, token, source
        self.version = 0
        self.csrf = ""
        self.cookie = ""
        self._conns: dict[str, http.client.HTTPConnection] = {}

    def _ask(self, who: str, method: str, path: str, body: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, bytes] | None:
        """One request on ``who``'s connection: (status, body), or None when not answered
        within TIMEOUT (the connection is then opened again for the next one)."""
        conn = self._conns.get(who)
        if conn is None:
            conn = self._conns[who] = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=TIMEOUT, source_address=(self.source, 0))
        try:
            conn.request(method, path, body=body, headers={"Cookie": self.cookie,
                                                           **(headers or {})})
            resp = conn.getresponse()
            data = resp.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            del self._conns[who]
            return None
        cookie = resp.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return resp.status, data

    def open_page(self) -> float | None:
        started = time.monotonic()
        answer = self._ask("tapper", "GET", f"/g/{self.token}")
        if answer is None or answer[0] != 200:
            return None
        found = CSRF.search(answer[1].decode())
        self.csrf = found.group(1) if found else self.csrf
        return time.monotonic() - started

    def tap(self) -> float | None:
        started = time.monotonic()
        body = f"csrf_token={self.csrf}&player=0&value=coins&delta=1".encode()
        answer = self._ask("tapper", "POST", f"/g/{self.token}/do/correct", body, {
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
        if answer is None or answer[0] != 200:
            return None
        self.version = json.loads(answer[1])["version"]
        return time.monotonic() - started

    def join(self, code: str) -> int | None:
        """Try a join code, as the games list's form sends it: the answer's status."""
        if not self.csrf:
            answer = self._ask("tapper", "GET", "/")
            found = CSRF.search(answer[1].decode()) if answer else None
            self.csrf = found.group(1) if found else ""
        answer = self._ask("tapper", "POST", "/join", f"csrf_token={self.csrf}&code={code}"
                           .encode(), {"Content-Type": "application/x-www-form-urlencoded"})
        return answer[0] if answer else None

    def _hold(self, seen: int, heard: list) -> None:
        heard.append(self._ask("watcher", "GET", f"/g/{self.token}/v?wait=25", None,
                               {"If-None-Match": f'"{seen}"'}))

    def play(self, rounds: int, pause: float = 0.5) -> Rounds:
        """``rounds`` rounds: a held check of the version the page shows, a tap (the check
        answers its new version), the page again."""
        got = Rounds()
        if self.open_page() is None or self.tap() is None:  # (a session and a CSRF token)
            raise RuntimeError("the other table could not start its game")
        for _ in range(rounds):
            seen, heard = self.version, []
            check = threading.Thread(target=self._hold, args=(seen, heard))
            check.start()
            time.sleep(pause)  # (the check is held by now)
            got.taps.append(self.tap())
            tapped = time.monotonic()
            check.join(TIMEOUT)
            moved = bool(heard) and heard[0] is not None and heard[0][0] == 200 \
                and json.loads(heard[0][1])["version"] > seen
            got.checks.append(time.monotonic() - tapped if moved else None)
            check.join()
            got.pages.append(self.open_page())
        self.close()
        return got

    def close(self) -> None:
        for conn in self._conns.values():
            conn.close()
        self._conns.clear()


def p95(times: list[float | None]) -> str:
    answered = [t * 1000 for t in times if t is not None]
    if not answered:
        return "none answered"
    return (f"p50 {percentile(answered, 50):.0f} ms, p95 {percentile(answered, 95):.0f} ms, "
            f"max {max(answered):.0f} ms")


def measure(rounds: int, connections: int, direct: bool) -> dict:
    """The other table's rounds with and without ``connections`` stalled connections, through
    nginx (or straight to the app), and the app's most threads in one process meanwhile."""
    with tempfile.TemporaryDirectory(prefix="companion-stalled-") as tmp:
        database_url = f"sqlite:///{Path(tmp) / 'stalled.sqlite'}"
        token = one_game(database_url)
        settings = {} if direct else {"FLASK_PROXY_FIX_X_FOR": "1"}
        with Server(database_url, Path(tmp) / "server.log", **settings) as server, \
                contextlib.ExitStack() as stack:
            port = server.port if direct else stack.enter_context(Nginx(server.port)).port
            quiet = Table(port, token).play(rounds)
            with Attack(port, connections) as attack:
                attack.all_opened.wait(120)
                time.sleep(2)  # (the first answers and closes)
                stalled = Table(port, token).play(rounds)
                threads = max(server.threads().values())
            held = attack.summary()
    return {"through": "the app alone" if direct else "nginx (deploy/nginx.conf)",
            "quiet": {"answered": quiet.answered(), **{k: p95(v) for k, v in
                                                        quiet.__dict__.items()}},
            "stalled": {"answered": stalled.answered(), **{k: p95(v) for k, v in
                                                            stalled.__dict__.items()}},
            "attack": held, "most_app_threads_in_a_process": threads}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--direct", action="store_true", help="no proxy: the app alone")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.rounds, args.connections, args.direct), indent=2))


if __name__ == "__main__":
    main()
