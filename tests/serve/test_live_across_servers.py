"""Two servers on one PostgreSQL database, as two machines would run them: a tap on one reaches
the phones whose version checks are held on the other at once, told by the database
(LISTEN/NOTIFY, companion/store/live.py), not found by a watcher's reading. How long it takes is
`bench.cross_server`'s to measure."""
from __future__ import annotations

import pytest

from bench import cross_server
from bench.slow_clients import one_game
from tests.table_helpers import fresh_pg_database

pytestmark = pytest.mark.postgres


def test_a_tap_on_one_server_wakes_a_check_held_on_another_through_the_database(pg_server,
                                                                               tmp_path):
    url = fresh_pg_database(pg_server)
    token = one_game(url)
    # one process each, whose watcher reads the versions only every 10 minutes (after the
    # first held check): only the database's notification can wake a check in time
    with cross_server.two_servers(url, tmp_path, args=("--workers", "1"),
                                  FLASK_LIVE_WATCH_SECONDS="600") as (a, b):
        tapper = cross_server.Tapper(b.port, token)
        reach = cross_server.rounds(a.port, tapper, 4, wait=20)
    # (the first round starts the listening connection with the first held check)
    assert reach[1:] == [r for r in reach[1:] if r is not None], reach
