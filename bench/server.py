"""The server under test, started exactly as `make run` starts it: `python -m
companion.serving.serve`, here on 127.0.0.1 at a free port, over the benchmark's own SQLite file,
in its own process group (stopped by that group's id, which reaches the workers of whatever server
serve runs)."""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = "bench-secret-key-not-for-production"


def free_port() -> int:
    """A TCP port nobody listens on now (the kernel's pick)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``with Server(database_url, log) as srv:`` serve the app; ``srv.port``, ``srv.cpu()``."""

    def __init__(self, database_url: str, log: Path, port: int | None = None,
                 args: tuple[str, ...] = (), **settings: str) -> None:
        """``args``: more of serve's arguments (``--workers``...); ``settings``: environment
        variables (``FLASK_*``, e.g. the rate limits switched off for the table simulation,
        where every simulated phone comes from this one address; ``COMPANION_INSTANCE``)."""
        self.env = {**os.environ, "DATABASE_URL": database_url, "FLASK_SECRET_KEY": SECRET,
                    **settings}
        self.args = args
        self.log = log
        # an instance folder of its own (its secret key file), not the checkout's
        self.env.setdefault("COMPANION_INSTANCE", tempfile.mkdtemp(prefix="instance-",
                                                                   dir=log.parent))
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 60) -> Server:
        """Start and wait until the home page answers; the access log `make run` writes to
        stdout is thrown away, errors go to ``log``."""
        cmd = [sys.executable, "-m", "companion.serving.serve", "--host", "127.0.0.1",
               "--port", str(self.port), *self.args]
        with open(self.log, "ab") as err:
            self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, start_new_session=True,
                                         stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited; see {self.log}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=5):
                    return self
            except (TimeoutError, urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer in {wait:.0f} s; see {self.log}")

    def stop(self) -> None:
        """SIGTERM the process group this object started; SIGKILL whatever is left after 15 s."""
        if self.proc is None:
            return
        self._signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        while self._members() and time.monotonic() < deadline:
            self.proc.poll()  # reap the master once it is gone
            time.sleep(0.1)
        self._signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def restart(self) -> Server:
        """Stop, then start again on a new free port (the same database)."""
        self.stop()
        self.port = free_port()
        return self.start()

    def _signal(self, sig: int) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)

    def _members(self) -> list[int]:
        """CPU clock ticks used so far by each living (not zombie) process of the group."""
        assert self.proc is not None
        ticks = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # gone meanwhile
                continue
            # fields[0] is the state, [2] the process group, [11] and [12] utime and stime
            if int(fields[2]) == self.proc.pid and fields[0] != "Z":
                ticks.append(int(fields[11]) + int(fields[12]))
        return ticks

    def threads(self) -> dict[int, int]:
        """How many threads each living process of the server's group runs now."""
        assert self.proc is not None
        counts = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                status = (stat.parent / "status").read_text()
            except OSError:  # gone meanwhile
                continue
            if int(fields[2]) == self.proc.pid and fields[0] != "Z":
                counts[int(stat.parent.name)] = int(status.split("\nThreads:")[1].split()[0])
        return counts

    def command(self) -> str:
        """The server's command line as `companion.serving.serve` started it (it execs the server),
        and how many processes its group has."""
        assert self.proc is not None
        cmd = Path(f"/proc/{self.proc.pid}/cmdline").read_bytes().split(b"\0")
        args = " ".join(Path(a.decode()).name if i < 2 else a.decode()
                        for i, a in enumerate(cmd) if a)
        return f"{args} ({len(self._members())} processes)"

    def cpu(self) -> float:
        """CPU seconds used so far by the living processes of the server's group."""
        return sum(self._members()) / os.sysconf("SC_CLK_TCK") if self.proc else 0.0

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
