"""`make run` on a fresh clone, exactly as a new user types it: the real Makefile builds .venv,
prepares the instance and serves; nothing on the start-up path is replaced. Then it runs again in
the same clone (same secret key), and from another working directory (`make -C`, `make -f`)."""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from companion.games import GAMES
from tests.table_helpers import free_port

ROOT = Path(__file__).resolve().parent.parent.parent
FIRST_START = 600  # seconds: the first run creates .venv and installs every requirement
LATER_START = 120
# A small valid score-API body per game (README "Score API").
SCORE_BODIES = {
    "hadara": {"players": [{"name": "Ana", "coins": 12}, {"name": "Ben", "coins": 7}]},
    "tradewarz": {"players": [{"name": "Ana"}, {"name": "Ben"}]},
    "hexemonia": {"players": [{"name": "Ana", "city": "athens"},
                              {"name": "Ben", "city": "sparta"}]},
}

pytestmark = [pytest.mark.skipif(shutil.which("git") is None or shutil.which("make") is None,
                                 reason="needs git and make"),
              pytest.mark.slow]  # (a fresh clone and venv: `make test` runs it, test-fast not)


class MakeRun:
    """`make ARGS` as a subprocess in its own process group; its output is collected."""

    def __init__(self, args: list[str], cwd: Path, port: int) -> None:
        self.port = port
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("FLASK_", "MAKE", "MFLAGS", "VIRTUAL_ENV"))
               and k != "DATABASE_URL"}  # the clone's own instance/ folder, as a new user has
        self.proc = subprocess.Popen(["make", *args, "HOST=127.0.0.1", f"PORT={port}"],
                                     cwd=cwd, env=env, start_new_session=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.chunks: list[bytes] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in iter(self.proc.stdout.readline, b""):
            self.chunks.append(line)

    @property
    def output(self) -> str:
        return b"".join(self.chunks).decode(errors="replace")

    def wait_until_serving(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"make run exited:\n{self.output[-4000:]}"
            try:
                if request(self.port, "GET", "/", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.25)
        raise AssertionError(f"no answer within {seconds} s:\n{self.output[-4000:]}")

    def stop(self) -> None:
        """Kill the process group (make, the server and its workers), then check the port."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.proc.poll() is not None:
                break
            try:
                os.killpg(self.proc.pid, sig)
                self.proc.wait(15)
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        self.reader.join(5)
        self.proc.stdout.close()
        with pytest.raises(OSError):  # nothing of it is left listening
            request(self.port, "GET", "/", timeout=2)


def request(port: int, method: str, path: str, body: bytes | None = None,
            headers: dict | None = None, timeout: float = 30) -> tuple[int, bytes, Message]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, resp.read(), resp.headers  # names in any case
    finally:
        conn.close()


def score(port: int, slug: str) -> dict:
    status, body, _ = request(port, "POST", f"/api/v1/{slug}/score",
                              json.dumps(SCORE_BODIES[slug]).encode(),
                              {"Content-Type": "application/json"})
    assert status == 200, (slug, body[:500])
    return json.loads(body)


def secret_of(clone: Path) -> str:
    match = re.search(r"SECRET_KEY = '([0-9a-f]{64})'", (clone / "instance/config.py").read_text())
    assert match, "make run wrote no secret key"
    return match.group(1)


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Iterator[Path]:
    """The repository's committed HEAD, cloned as a new user would: no .venv, no instance/.
    Removed at the end (its .venv is large, and `make test` keeps temporary folders in memory)."""
    folder = tmp_path_factory.mktemp("fresh") / "companion"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(folder)], check=True, timeout=120)
    assert not (folder / ".venv").exists() and not (folder / "instance").exists()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def serve_and_check_first_run(clone: Path) -> str:
    """The first `make run`: every game's setup page, every game's score API, the address and
    its QR code printed. Returns the session cookie the home page handed out."""
    run = MakeRun(["run"], clone, free_port())
    try:
        run.wait_until_serving(FIRST_START)
        status, html, headers = request(run.port, "GET", "/")
        assert status == 200 and b"<html" in html
        cookie = headers["Set-Cookie"].split(";", 1)[0]
        assert set(SCORE_BODIES) == set(GAMES), "give every game a score body"
        for slug in GAMES:
            status, page, _ = request(run.port, "GET", f"/new/{slug}?players=2")
            assert status == 200 and b'name="csrf_token"' in page, slug
            result = score(run.port, slug)
            assert [p["name"] for p in result["players"]] == ["Ana", "Ben"], slug
        out = run.output
    finally:
        run.stop()
    # (HOST=127.0.0.1: its own address, and no QR code of a network address it does not listen
    # on; the network's address and QR code: tests/web/test_table_sharing.py)
    assert f"http://127.0.0.1:{run.port}/" in out and "this machine only" in out, out[-3000:]
    return cookie


def serve_again(args: list[str], cwd: Path, cookie: str) -> None:
    """A later `make run`: it serves, and the first run's session cookie is still valid (the
    same secret key signs it: the server hands out no new session)."""
    run = MakeRun(args, cwd, free_port())
    try:
        run.wait_until_serving(LATER_START)
        status, _, headers = request(run.port, "GET", "/", headers={"Cookie": cookie})
        assert status == 200 and "Set-Cookie" not in headers, headers
        assert score(run.port, "hadara")["players"][0]["name"] == "Ana"
    finally:
        run.stop()


def test_make_run_serves_a_fresh_clone_again_and_from_another_working_directory(clone,
                                                                                tmp_path):
    cookie = serve_and_check_first_run(clone)
    secret = secret_of(clone)
    serve_again(["run"], clone, cookie)
    serve_again(["-C", str(clone), "run"], tmp_path, cookie)
    serve_again(["-f", str(clone / "Makefile"), "run"], tmp_path, cookie)
    assert secret_of(clone) == secret
    assert not (tmp_path / ".venv").exists() and not (tmp_path / "instance").exists()
