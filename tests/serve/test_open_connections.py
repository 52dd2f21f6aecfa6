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
from pathlib import Path

import pytest

from bench.slow_clients import one_game, served
from companion.serving import serve

# (seconds of real sockets: `make test` runs it, `make test-fast` does not)
pytestmark = pytest.mark.slow


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


def test_the_server_raises_its_open_file_limit_to_hold_its_connections(tmp_path):
    """A desktop session often starts programs with 1,024 open files (security review
    2026-12-01 S4-5: 2,000 idle phones then made 902 `Too many open files` tracebacks). Granian
    raises the soft limit to the hard one when it loads; this keeps it so."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = serve.CONNECTIONS + serve.OTHER_FILES
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"the hard open-file limit ({hard}) is below {wanted}")
    database_url = f"sqlite:///{tmp_path / 'files.sqlite'}"
    one_game(database_url)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # (the server inherits it)
    try:
        with served(database_url) as base:
            port = base.rsplit(":", 1)[1]
            limits = [Path(f"/proc/{pid}/limits").read_text() for pid in _serving(port)]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    files = [int(line.split()[3]) for text in limits for line in text.splitlines()
             if line.startswith("Max open files")]
    assert files and min(files) >= wanted, files


def _serving(port: str) -> list[int]:
    """The processes started as ``python -m companion.serving.serve … --port PORT`` (the server's
    own: Granian's workers, which it starts later, inherit its limits)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().split(b"\0")
        except OSError:
            continue
        if b"companion.serving.serve" in args and port.encode() in args:
            found.append(int(cmdline.parent.name))
    return found
