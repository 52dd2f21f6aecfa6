"""Slow or stalled phones never stall the table: the server started exactly as `make run` starts
it (`python -m companion.serving.serve`) keeps answering an idle phone's version checks while
connections trickle their headers one line every few seconds (security review H1: with 2 sync
gunicorn workers, 0 of 19 checks were answered within 2 s)."""
from __future__ import annotations

import pytest

from bench.slow_clients import measure, one_game, served

# (seconds of real sockets: `make test` runs it, `make test-fast` does not)
pytestmark = pytest.mark.slow


def test_version_checks_are_answered_within_2_s_while_8_connections_trickle_their_headers(
        tmp_path):
    database_url = f"sqlite:///{tmp_path / 'slow.sqlite'}"
    token = one_game(database_url)
    with served(database_url) as base:
        # about 11 checks, one a second, while the 8 connections stay open (13 s in all)
        result = measure(base, f"/g/{token}/v", slow=8, seconds=13, every=4, timeout=2)
    assert result["connections_opened"] >= 8, result  # the slow clients did connect
    assert result["share"] >= 0.9, result
    assert result["checks"] >= 8, result
