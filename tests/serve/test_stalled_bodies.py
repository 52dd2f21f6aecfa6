"""`make run` on a LAN, no proxy in front: request bodies that never finish arriving, from one
address, more of them than the server has threads, leave another table's taps, pages and held
checks answered (security review 2026-11-27 N4: each held an app thread, and ~4,100 from one
address stopped the whole server). A process reads at most READING_PER_ADDRESS bodies from one
address at once and refuses the others unread (companion/web/bodies.py).

The server is `python -m companion.serving.serve` with fewer threads than by default (`--threads`)
and its other counts scaled with them, so that a few hundred stalled bodies already outnumber its
threads."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench.server import Server
from bench.slow_clients import one_game
from bench.stalled import Attack, Table
from companion import create_app
from companion.serving import serve

# (seconds of real sockets: `make test` runs it, `make test-fast` does not)
pytestmark = pytest.mark.slow


THREADS = 64  # per process (by default Granian's: half the connections)
SCALED = {"FLASK_LIVE_MAX_WAITING": "32", "FLASK_READING_PER_PROCESS": "16"}  # (900, 64)


def test_stalled_bodies_from_one_address_past_the_servers_threads_leave_another_table_playing(
        tmp_path):
    database_url = f"sqlite:///{tmp_path / 'stalled.sqlite'}"
    token = one_game(database_url)
    stalled = serve.default_workers() * THREADS + 200
    with Server(database_url, Path(tmp_path) / "server.log", args=("--threads", str(THREADS)),
                **SCALED) as server, Attack(server.port, stalled, kinds=("body",)) as attack:
        assert attack.all_opened.wait(120), attack.summary()
        rounds = Table(server.port, token).play(rounds=6)
        held = attack.summary()
    assert held["opened"] >= stalled, held
    assert rounds.answered() == {"taps": "6/6", "pages": "6/6", "checks": "6/6"}, rounds
    # each refused unread at once (its connection closed), past the few each process reads
    assert held["answers"].get("HTTP/1.1 503 Service Unavailable", 0) >= stalled - 100, held


def test_by_default_the_held_checks_and_the_bodies_read_at_once_leave_a_process_threads_to_spare():
    config = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"}).config
    threads = serve.THREADS  # (a process's threads by default)
    assert config["LIVE_MAX_WAITING"] + config["READING_PER_PROCESS"] < threads
    assert int(SCALED["FLASK_LIVE_MAX_WAITING"]) + int(SCALED["FLASK_READING_PER_PROCESS"]) \
        < THREADS  # (as the test above scales them)
