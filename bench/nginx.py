"""The hosted recipe's proxy, run for real: Debian's nginx with the repository's
``deploy/nginx.conf``, changed only where a test must (plain HTTP on a free port of 127.0.0.1
instead of 443 with a certificate, the app's port instead of 8000, nginx's own files in a
temporary folder), in front of a served app (:class:`bench.server.Server`).

Started as a process of its own (``daemon off``, its own session): stopping it ends that master
and its workers, nothing else. `scripts/system-deps.sh` installs nginx and keeps Debian from
starting it as a service."""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from .server import ROOT, free_port

CONFIG = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

# What the test changes in the recipe: each must be found exactly once, so a recipe that drifts
# from what is tested fails here rather than being tested half.
_LISTEN = "        listen 443 ssl;\n"
_LISTEN_V6 = "        listen [::]:443 ssl;\n"
_APP = "server 127.0.0.1:8000;"
_CERTIFICATE = re.compile(r"^ *ssl_certificate(_key)? .*\n", re.MULTILINE)
_HTTP = "http {\n"


def installed() -> bool:
    return Path(NGINX).is_file()


def local_config(recipe: str, port: int, app_port: int, folder: Path) -> str:
    """``recipe`` served over plain HTTP on 127.0.0.1:``port``, passing to the app on
    ``app_port``, with its logs and temporary files in ``folder``."""
    for fixed in (_LISTEN, _LISTEN_V6, _APP, _HTTP):
        if recipe.count(fixed) != 1:
            raise ValueError(f"{CONFIG} no longer holds {fixed.strip()!r} once: update {__name__}")
    text, found = _CERTIFICATE.subn("", recipe)
    if found != 2:
        raise ValueError(f"{CONFIG} no longer names one certificate and key: update {__name__}")
    own = "".join(f"    {name}_temp_path {folder / name};\n"
                  for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (text.replace(_LISTEN, f"        listen 127.0.0.1:{port};\n")
            .replace(_LISTEN_V6, "")
            .replace(_APP, f"server 127.0.0.1:{app_port};")
            .replace(_HTTP, f"{_HTTP}    access_log {folder / 'access.log'};\n{own}"))


class Nginx:
    """``with Nginx(app_port) as proxy:`` nginx on ``proxy.port`` in front of the app."""

    def __init__(self, app_port: int, port: int | None = None) -> None:
        self.app_port = app_port
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.folder: Path | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 30) -> Nginx:
        # nginx's workers run as the recipe's user (www-data) when started by root: they must
        # reach this folder (a temporary folder is its owner's alone)
        self.folder = Path(tempfile.mkdtemp(prefix="companion-nginx-"))
        self.folder.chmod(0o755)
        conf = self.folder / "nginx.conf"
        conf.write_text(local_config(CONFIG.read_text(), self.port, self.app_port, self.folder))
        log = self.folder / "error.log"
        cmd = [NGINX, "-p", str(self.folder), "-e", str(log), "-c", str(conf),
               "-g", f"daemon off; pid {self.folder / 'nginx.pid'};"]
        with open(self.folder / "stderr.log", "ab") as err:
            self.proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL,
                                         stderr=err)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.errors()}")
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=1):
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not listen in {wait:.0f} s: {self.errors()}")

    def errors(self) -> str:
        """What nginx said on stderr and in its error log."""
        if self.folder is None:
            return ""
        return "\n".join(p.read_text(errors="replace") for p in
                         (self.folder / "stderr.log", self.folder / "error.log") if p.exists())

    def stop(self) -> None:
        """Stop the master this object started (it ends its workers), then its session's
        leftovers, if any; remove its folder."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(15)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(5)
            self.proc = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> Nginx:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
