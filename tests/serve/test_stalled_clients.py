"""`make run` on a LAN, no proxy in front, against what one device on the Wi-Fi can do with a few
lines of code (security review 2026-12-01 S4-1, S4-2, S4-5): 12 bodies sent as
`Transfer-Encoding: Chunked` that never finish, from one address; then 128 stalled bodies held
from 8 addresses (40 sent from each); then 9,000 connections that say nothing. Another table's
taps, pages and held checks, on its kept connections and on new ones, are each answered within
2 s throughout, and the silent connections are closed by the server.

The server is `python -m companion.serving.serve` with its defaults (`make run`'s), on 127.0.0.1;
every connection is to 127.0.0.1, from 127.0.x.y source addresses, bounded in count and time."""
from __future__ import annotations

import contextlib
import http.client
import resource
import socket
import time
from pathlib import Path

import pytest

from bench.server import Server
from bench.slow_clients import one_game
from bench.stalled import Table

# (seconds of real sockets: `make test` runs it, `make test-fast` does not)
pytestmark = pytest.mark.slow


ANSWER_WITHIN = 2.0  # s: the behaviour under test, not a benchmark
SILENT = 9000
HEADER_DEADLINE = 10  # s (companion.serving.serve), after which a silent connection is closed


def stalled_body(port: int, source: str, chunked: bool) -> socket.socket:
    """A form whose body starts and never finishes."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    coding = b"Transfer-Encoding: Chunked\r\n\r\n186a0\r\n" if chunked else \
        b"Content-Length: 100000\r\n\r\n"
    sock.sendall(b"POST /join HTTP/1.1\r\nHost: table\r\n"
                 b"Content-Type: application/x-www-form-urlencoded\r\n" + coding + b"code=AAAA")
    return sock


def silent(port: int, source: str) -> socket.socket | None:
    sock = socket.socket()
    try:
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
    except OSError:
        sock.close()
        return None
    return sock


def new_phone_page(port: int, token: str) -> float | None:
    """The game's page on a connection of its own (a phone just arriving): seconds, or None."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_WITHIN,
                                      source_address=("127.0.0.1", 0))
    try:
        conn.request("GET", f"/g/{token}")
        ok = conn.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        ok = False
    finally:
        conn.close()
    return time.monotonic() - started if ok else None


def slow_answers(port: int, token: str, rounds: int) -> list[str]:
    """Another table plays ``rounds`` rounds (a held check, a tap, its page; a new phone's
    page): what was not answered within ANSWER_WITHIN."""
    late = []
    for i in range(rounds):
        try:
            got = Table(port, token).play(rounds=1, pause=0.3)
        except RuntimeError:  # (its first page or tap went unanswered)
            late.append(f"round {i}: the table could not open its page and tap")
            continue
        for kind, times in got.__dict__.items():
            late += [f"round {i} {kind}: {t}" for t in times if t is None or t > ANSWER_WITHIN]
        page = new_phone_page(port, token)
        if page is None or page > ANSWER_WITHIN:
            late.append(f"round {i} new phone's page: {page}")
    return late


def closed_by_server(socks: list[socket.socket]) -> int:
    closed = 0
    for sock in socks:
        sock.setblocking(False)
        try:
            closed += sock.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    return closed


def test_stalled_bodies_and_silent_connections_leave_another_table_answered_within_2_s(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = SILENT + 1024
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"needs {needed} open files, the hard limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, needed), hard))
    database_url = f"sqlite:///{tmp_path / 'stalled.sqlite'}"
    token = one_game(database_url)
    held: list[socket.socket] = []
    try:
        with Server(database_url, Path(tmp_path) / "server.log") as server:
            port = server.port
            assert slow_answers(port, token, rounds=2) == []  # (quiet: the baseline works)
            held += [stalled_body(port, "127.0.252.1", chunked=True) for _ in range(12)]
            time.sleep(0.5)
            assert slow_answers(port, token, rounds=4) == [], "with 12 Chunked bodies held"
            # 40 from each of 8 addresses: 8 a process from each are held (each process's whole
            # READING_PER_PROCESS, 128 in all), the rest refused
            held += [stalled_body(port, f"127.0.10.{a}", chunked=False)
                     for a in range(1, 9) for _ in range(40)]
            time.sleep(0.5)
            assert slow_answers(port, token, rounds=4) == [], "with 128 from 8 addresses"
            quiet = [s for s in (silent(port, "127.0.101.1") for _ in range(SILENT)) if s]
            opened = time.monotonic()
            held += quiet
            assert len(quiet) >= SILENT * 0.95, len(quiet)
            late = slow_answers(port, token, rounds=6)
            assert late == [], f"with {len(quiet)} silent connections: {late}"
            time.sleep(max(0.0, opened + HEADER_DEADLINE + 3 - time.monotonic()))
            closed = closed_by_server(quiet)
            assert closed >= len(quiet) * 0.95, f"{closed} of {len(quiet)} silent closed"
            assert slow_answers(port, token, rounds=2) == []
    finally:
        for sock in held:
            with contextlib.suppress(OSError):
                sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
