"""A database that turns read-only and then writable again (security review 2026-12-01 S4-8):
while it cannot be written, taps are refused (503, nothing recorded); once it can, every worker
of `make run`'s server takes taps again. Before, the connections a worker opened meanwhile were
opened read-only by SQLite and kept in its pool, and that worker refused taps until restarted.

The files are made immutable (`chattr +i`: root on a file system that has the flag); elsewhere
the test is skipped."""
from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from bench.server import Server
from bench.slow_clients import one_game
from bench.stalled import Table

pytestmark = pytest.mark.skipif(shutil.which("chattr") is None, reason="needs chattr")


def chattr(flag: str, *paths: Path) -> bool:
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    return done.returncode == 0


def taps_on_new_connections(port: int, token: str, count: int) -> list[bool]:
    """``count`` phones, each on connections of its own (so on either worker): its page, then
    a tap; whether the tap was recorded (200)."""
    recorded = []
    for _ in range(count):
        phone = Table(port, token)
        recorded.append(phone.open_page() is not None and phone.tap() is not None)
        phone.close()
    return recorded


def test_once_the_database_is_writable_again_every_worker_takes_taps(tmp_path):
    folder = tmp_path / "database"
    folder.mkdir()
    token = one_game(f"sqlite:///{folder / 'table.sqlite'}")
    if not chattr("+i", folder):
        pytest.skip("cannot make a folder immutable here (chattr +i needs root and ext4 or alike)")
    chattr("-i", folder)
    with Server(f"sqlite:///{folder / 'table.sqlite'}", tmp_path / "server.log",
                args=("--workers", "2")) as server:
        assert taps_on_new_connections(server.port, token, 4) == [True] * 4
        files = [folder, *sorted(folder.glob("table.sqlite*"))]
        try:
            assert chattr("+i", *files)
            refused = taps_on_new_connections(server.port, token, 12)
        finally:
            chattr("-i", *files)
        time.sleep(1)
        after = taps_on_new_connections(server.port, token, 16)
    assert not any(refused), refused  # nothing recorded while it could not be written
    assert after == [True] * 16, after
