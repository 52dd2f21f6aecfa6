"""Serving and measuring: gunicorn on a free loopback port, wrk against it, and timings."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WRK = ["wrk", "-t2", "-c8", "-d5s", "--latency", "--timeout", "5s"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """``with Gunicorn("app:app", env) as url:`` — 2 workers on 127.0.0.1, stopped on exit."""

    def __init__(self, target: str, env: dict[str, str], workers: int = 2) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        self.cmd = [gunicorn, "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
                    "--no-control-socket", "--log-level", "warning", "--chdir", str(ROOT),
                    target]
        self.env = {**os.environ, **env}
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> str:
        self.proc = subprocess.Popen(self.cmd, env=self.env, cwd=ROOT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self.url
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"gunicorn exited: {self.cmd}")
                time.sleep(0.1)
        raise RuntimeError("gunicorn did not start in 20 s")

    def __exit__(self, *exc) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    assert m, text
    return float(m.group(1)) * _UNITS[m.group(2)]


def wrk(url: str, *, script: Path | None = None, headers: tuple[str, ...] = (),
        duration: str = "5s") -> dict[str, float]:
    """Requests/s, latency percentiles (ms) and the count of error answers of one wrk run."""
    cmd = [*WRK[:3], f"-d{duration}", *WRK[4:]]
    for h in headers:
        cmd += ["-H", h]
    if script:
        cmd += ["-s", str(script)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True,
                         timeout=60).stdout
    pct = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)$", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)$", out, re.M)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50": _ms(pct["50"]), "p90": _ms(pct["90"]), "p99": _ms(pct["99"]),
            "requests": int(re.search(r"(\d+) requests in", out).group(1)),
            "errors": int(errors.group(1)) if errors else 0,
            "socket_errors": socket_errors.group(1) if socket_errors else ""}


def lua_post(path: Path, body: str, headers: dict[str, str]) -> Path:
    """A wrk script sending one POST with a fixed body."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    lines = ['wrk.method = "POST"', f"wrk.body = {q(body)}"]
    lines += [f"wrk.headers[{q(k)}] = {q(v)}" for k, v in headers.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes, dict, float]:
    """Status, body, headers and seconds of one GET."""
    req = urllib.request.Request(url, headers=headers or {})
    start = time.perf_counter()
    with urllib.request.urlopen(req, timeout=30) as resp:
        body = resp.read()
        return resp.status, body, dict(resp.headers), time.perf_counter() - start
