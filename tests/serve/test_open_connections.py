"""A phone keeps two connections open to the server between its requests (its held version
check; its pages and taps), so a server must accept many more open connections than it runs
requests at once. Granian accepts no connection past its ``backpressure`` in a process; set to
the thread count (1,024), a two-process server stopped answering new phones, and the taps of
some seated ones, at about 200 tables (`make bench`'s tables, 2026-11-26)."""
from __future__ import annotations

import resource
import socket
import time
import urllib.error
import urllib.request

from bench.slow_clients import one_game, served
from companion import serve


def test_the_server_answers_a_new_phone_while_more_connections_are_open_than_it_has_threads(
        tmp_path):
    database_url = f"sqlite:///{tmp_path / 'open.sqlite'}"
    token = one_game(database_url)
    idle = serve.default_workers() * serve.THREADS + 200  # past one per thread
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, idle + 256)), hard))
    opened: list[socket.socket] = []
    try:
        with served(database_url) as base:
            port = int(base.rsplit(":", 1)[1])
            for _ in range(idle):  # phones between requests: connected, saying nothing yet
                opened.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            time.sleep(1)  # (the server's processes take them in)
            try:
                with urllib.request.urlopen(f"{base}/g/{token}/v", timeout=10) as answer:
                    status = answer.status
            except (TimeoutError, urllib.error.URLError):  # (never accepted)
                status = None
    finally:
        for s in opened:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    # (answered within urlopen's timeout; how fast a check is answered is `make bench`'s)
    assert status == 200, f"no answer to a new phone behind {idle} open connections"
