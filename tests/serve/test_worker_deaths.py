"""`make run` keeps serving when a worker process dies, even twice in a row: Granian replaces a
dead worker, but ends the whole server when the replacement dies within a few seconds too (its
"crash loop" rule); companion.serving.serve then starts the server again."""
from __future__ import annotations

import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from bench.server import Server

# (seconds of real sockets: `make test` runs it, `make test-fast` does not)
pytestmark = pytest.mark.slow


def workers_of(pid: int) -> set[int]:
    """The living child processes of ``pid`` (Granian's workers)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def new_worker(pid: int, known: set[int], seconds: float = 60) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        fresh = workers_of(pid) - known
        if fresh:
            return fresh.pop()
        time.sleep(0.02)
    raise AssertionError(f"no new worker of {pid} within {seconds} s")


def answers(base: str, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/", timeout=5) as page:
                return page.status == 200
        except (OSError, urllib.error.URLError):
            time.sleep(0.2)
    return False


def test_the_server_still_answers_after_a_worker_and_its_replacement_are_killed(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'deaths.sqlite'}", tmp_path / "server.log",
                    args=("--workers", "1"), COMPANION_INSTANCE=str(tmp_path / "instance"))
    with server:
        first = new_worker(server.proc.pid, set())
        os.kill(first, signal.SIGKILL)
        replacement = new_worker(server.proc.pid, {first})
        os.kill(replacement, signal.SIGKILL)  # within Granian's crash-loop seconds
        assert answers(server.base)
        assert server.proc.poll() is None
    said = (tmp_path / "server.log").read_text()
    assert "starting the server again" in said, said[-2000:]


CRASH_LOOPS = 6  # (the server gave up for good after 5: security review 2026-12-01 S4-7)


def test_a_worker_that_keeps_dying_is_restarted_with_longer_pauses_and_never_given_up(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'loops.sqlite'}", tmp_path / "server.log",
                    args=("--workers", "1"), COMPANION_INSTANCE=str(tmp_path / "instance"))
    with server:
        known: set[int] = set()
        for _ in range(CRASH_LOOPS):  # each time a worker and its replacement die at once
            for _ in range(2):
                worker = new_worker(server.proc.pid, known, seconds=90)
                known.add(worker)
                os.kill(worker, signal.SIGKILL)
        assert answers(server.base, seconds=90)
        assert server.proc.poll() is None
    said = (tmp_path / "server.log").read_text()
    assert f"({CRASH_LOOPS} times in a row); starting the server again in 16 s" in said, \
        said[-3000:]
