"""A database that turns read-only and then writable again (security review 2026-12-01 S4-8):
while it cannot be written, taps are refused (503, nothing recorded); once it can, every worker
of `make run`'s server takes taps again. Before, the connections a worker opened meanwhile were
opened read-only by SQLite and kept in its pool, and that worker refused taps until restarted.

The database file is made immutable (`chattr +i`: root on a file system that has the flag);
elsewhere the test is skipped."""
from __future__ import annotations

import shutil
import subprocess
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
    """The server starts while its database file cannot be written, so every connection its
    workers open is opened read-only (mid-game the same happens to the connections opened
    meanwhile, but a worker whose older connections touch the file then dies of SIGBUS, at
    random: SQLite's shared memory)."""
    folder = tmp_path / "database"
    folder.mkdir()
    database = folder / "table.sqlite"
    token = one_game(f"sqlite:///{database}")
    if not chattr("+i", database):
        pytest.skip("cannot make a file immutable here (chattr +i needs root and ext4 or alike)")
    try:
        server = Server(f"sqlite:///{database}", tmp_path / "server.log",
                        args=("--workers", "2")).start()
        refused = taps_on_new_connections(server.port, token, 12)
    finally:
        chattr("-i", database)
    try:
        after = taps_on_new_connections(server.port, token, 16)
    finally:
        server.stop()
    said = (tmp_path / "server.log").read_text()[-3000:]
    assert not any(refused), refused  # nothing recorded while it could not be written
    assert after == [True] * 16, (after, said)
