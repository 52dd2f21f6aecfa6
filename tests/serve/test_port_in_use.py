"""`make run` on a port already in use refuses in one line and starts nothing (security review
2026-12-01 S4-6: Granian binds with SO_REUSEPORT, so a second `make run` on a port the first
served started silently and shared it, answering half the first one's phones from its own
database; S4-10: on a port another program held, it announced its address and QR code, then
ended in a 99-line traceback)."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest

from bench.server import Server
from bench.slow_clients import one_game

ROOT = Path(__file__).resolve().parent.parent.parent
WITHIN = 120  # s: make checks the virtual environment and the catalogs first

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_run(port: int, instance: Path) -> tuple[int | None, str]:
    """`make run` in the checkout on ``port``: its exit status (None: still running after
    WITHIN seconds, then stopped) and what it printed."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FLASK_", "MAKE", "MFLAGS", "VIRTUAL_ENV")) and k != "DATABASE_URL"}
    env["COMPANION_INSTANCE"] = str(instance)  # (not the checkout's own instance folder)
    proc = subprocess.Popen(["make", "run", "HOST=127.0.0.1", f"PORT={port}"], cwd=ROOT, env=env,
                            start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        out, _ = proc.communicate(timeout=WITHIN)
        return proc.returncode, out.decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        return None, out.decode(errors="replace")


def refused_in_one_line(status: int | None, said: str, port: int) -> None:
    assert status not in (None, 0), f"make run did not refuse (status {status}):\n{said[-3000:]}"
    lines = [line for line in said.splitlines() if line.strip()]
    assert f"The server cannot start on 127.0.0.1:{port}: something already listens there" \
        in lines[-2], said[-3000:]  # (make's own "Error 1" line follows it)
    assert "Traceback" not in said and "is running" not in said, said[-3000:]


def test_make_run_on_a_port_a_server_serves_refuses_and_the_first_keeps_every_phone(tmp_path):
    database_url = f"sqlite:///{tmp_path / 'first.sqlite'}"
    token = one_game(database_url)
    with Server(database_url, tmp_path / "first.log") as first:
        status, said = make_run(first.port, tmp_path / "second")
        refused_in_one_line(status, said, first.port)
        answers = []
        for _ in range(20):  # new connections, as many phones' checks
            with urllib.request.urlopen(f"{first.base}/g/{token}/v", timeout=10) as check:
                answers.append(check.status)
    assert answers == [200] * 20
    assert not (tmp_path / "second").exists()  # nothing was prepared for the refused server


def test_make_run_on_a_port_another_program_holds_refuses_in_one_line(tmp_path):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        status, said = make_run(port, tmp_path / "instance")
    refused_in_one_line(status, said, port)
