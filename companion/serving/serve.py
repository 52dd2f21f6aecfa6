"""`make run`: prepare the instance (secret key, database), print the address phones can open (and
its QR code), then serve with Granian on all interfaces.

Granian reads each request's headers in its Rust I/O loop, so a phone that sends them slowly (bad
Wi-Fi, or someone doing it on purpose) costs a socket and no Python thread; the app runs in a pool
of threads per worker process, and the processes use every core (BENCHMARKS.md, README
"Production")."""
from __future__ import annotations

import argparse
import errno
import os
import resource
import shutil
import socket
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# Server processes: one per core (at least two, so that one dying leaves one serving), at most
# eight. Every process keeps its own folded states and drawn parts and is told of every change,
# so more processes cost more CPU per table, and two per core bought nothing (BENCHMARKS.md).
MAX_WORKERS = 8


# Open connections per process. Granian counts a connection from its accepting to its closing
# (kept alive between requests: its ``backpressure``), and accepts no more beyond it. Each seated
# phone keeps two, and a phone left out waits for ever with its taps, so the limit is far above
# the thread count (README "Production"); a connection costs a socket and a few kilobytes. Served
# alone on a LAN, nothing counts connections per address: whatever one device opens waits out
# HEADER_DEADLINE inside this limit, so the limit is set past what one device opens in that time
# (tests/serve/test_stalled_clients.py), within the open-file limit (``open_files_for``).
CONNECTIONS = 8192

# App threads per process (Granian starts them as needed; its own default is half the
# connections): a held version check or a body still arriving keeps one.
THREADS = 2048

# Seconds a connection has to send a request's whole headers, counted from its opening or from
# its previous answer: a connection that says nothing, or trickles its headers, or sits idle
# between requests is closed after it (a phone opens a new one; nginx's client_header_timeout in
# deploy/nginx.conf is the same). Granian applies it only when it speaks HTTP/1 alone: when it
# also listens for HTTP/2 it waits for a connection's first bytes with no deadline.
HEADER_DEADLINE = 10

# Files a process keeps open besides its connections (the database, the log, the libraries).
OTHER_FILES = 512


def default_workers() -> int:
    return max(2, min(MAX_WORKERS, os.cpu_count() or 1))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help=f"processes (default {default_workers()}: one per core, at least 2, "
                             f"at most {MAX_WORKERS})")
    parser.add_argument("--threads", type=int, default=THREADS,
                        help=f"app threads per process, started as needed (default {THREADS}): a "
                             "phone's held version check keeps one while it waits "
                             "(LIVE_MAX_WAITING of them at most), as does a request whose body "
                             "is still arriving (companion/web/bodies.py); headers never do")
    parser.add_argument("--connections", type=int, default=CONNECTIONS,
                        help=f"open connections per process (default {CONNECTIONS}): a seated "
                             "phone keeps two (its held version check; its pages and taps), "
                             "open between requests; more wait to be accepted; each one idle "
                             f"or silent for {HEADER_DEADLINE} s is closed")
    parser.add_argument("--access-log", action="store_true", help="print a line per request")
    return parser.parse_args(argv)


def prepare() -> None:
    """The instance secret key, the minified script and style sheet, and the database schema,
    before any worker starts; the instance folder its owner's alone."""
    from companion import create_app, instance_folder, keep_private, write_instance_secret
    from companion.store.migrations import upgrade

    folder = instance_folder()
    write_instance_secret(str(folder))
    for gone in ("drawings", "live"):  # what servers before kept there (pages, sockets)
        shutil.rmtree(folder / gone, ignore_errors=True)
    from companion.web.assets import build
    build(ROOT / "static", force=True)  # before any worker reads it (web/assets.py)
    app = create_app()
    upgrade(app)
    app.extensions["db_engine"].dispose()  # the workers open their own connections
    keep_private(folder)  # (an install made before, or under a looser umask)
    from companion.web.views.card import cjk_face
    if cjk_face() is None:
        print("No font with Chinese characters was found (Debian: apt-get install "
              "fonts-wqy-microhei, which `make run` does as root): a finished game's card is "
              "offered as SVG only where its PNG would show boxes.")


def cannot_start(exc: Exception) -> str:
    """Why ``prepare`` failed, said for the person starting the server: a database that will not
    open or a folder that will not take a file (a full disk, a folder not writable, a database
    not running)."""
    reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
    return (f"The server cannot start: its database or its instance folder refused ({reason}). "
            "Is the disk full, a folder not writable, or the database not running? "
            "Nothing was started.")


def announce(port: int, host: str = "0.0.0.0") -> None:
    """Print the address phones open, and its QR code for the terminal; a server listening on
    this machine alone (HOST=127.0.0.1) says so and gives its own address, which no phone
    reaches (a network address it does not listen on would be a dead link)."""
    from ..web.device import is_loopback, lan_address
    if is_loopback(host):
        print(f"\nThe table companion is running on this machine only: open "
              f"http://{host}:{port}/ here. Phones cannot reach it; for the table, start it "
              f"with HOST=0.0.0.0.\n")
        sys.stdout.flush()
        return
    url = f"http://{lan_address()}:{port}/"
    print(f"\nThe table companion is running. Phones on this network can open:\n\n    {url}\n")
    try:
        import segno
        segno.make(url, error="m").terminal(compact=True)
    except Exception as exc:  # a QR code is a convenience; never fail the start for it
        print(f"(no QR code: {exc})")
    sys.stdout.flush()


def worker_settings(args: argparse.Namespace) -> dict[str, str]:
    """What a worker reads from its environment in ``served_app`` (Granian starts the workers:
    they inherit the environment, not the arguments)."""
    # (the address it listens on: a server on this machine alone shares no network address)
    return {"FLASK_LISTEN_HOST": args.host}


def served_app():
    """The app as each server process serves it (Granian's factory), its game page's templates
    compiled before it takes a request (the first phone after a restart does not wait for it)."""
    from .. import create_app
    app = create_app()
    for name in app.jinja_env.list_templates(filter_func=_on_game_page):
        app.jinja_env.get_template(name)
    return app


def _on_game_page(name: str) -> bool:
    return name in ("base.html", "game.html", "macros.html", "phone.html") or \
        name.startswith("games/")


def address_taken(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be served, or None. Granian binds with ``SO_REUSEPORT``, so a
    second server on a port in use would share it silently (each answering half the phones from
    its own database): a plain bind, which no listening socket lets through, tells first."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (past closed connections)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return "something already listens there (another `make run`?)."
            return f"{exc.strerror or exc}."
    return None


def cannot_listen(host: str, port: int, reason: str) -> str:
    return (f"The server cannot start on {host}:{port}: {reason} Stop it, or choose another "
            "port (make run PORT=...). Nothing was started.")


def open_files_for(connections: int) -> int:
    """The connections a process may keep within its open-file limit, said when fewer than
    ``connections``. Granian raises the limit to the hard one when it loads (its workers inherit
    it), but says nothing when that is still too few."""
    import granian._granian  # noqa: F401  (the load that raises the limit)
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= connections + OTHER_FILES:
        return connections
    kept = max(64, soft - OTHER_FILES)
    print(f"The open-file limit ({soft}) lets each server process keep {kept} connections, "
          f"not {connections}; raise it (ulimit -Hn) for more.", file=sys.stderr)
    return kept


# Granian replaces a worker that dies, but ends the whole server when the same worker dies again
# within a few seconds of its replacement (a "crash loop": its own rule, no setting changes it).
# The server is then started again after a pause that doubles with each such end in a row, up to
# RESTART_PAUSE_MOST, so a worker that keeps dying costs a line and a start now and then, never
# the server; a server that served STARTED_FOR before ending starts the count again.
RESTART_PAUSE = 0.5  # s
RESTART_PAUSE_MOST = 30.0  # s
STARTED_FOR = 60.0  # s


def restart_pause(ends: int) -> float:
    """The pause before the next start after ``ends`` crash-loop ends in a row."""
    return min(RESTART_PAUSE_MOST, RESTART_PAUSE * 2 ** (ends - 1))


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    os.environ.update(worker_settings(args))
    os.umask(0o077)  # every file the server and its workers make: its owner's alone
    taken = address_taken(args.host, args.port)
    if taken:
        sys.exit(cannot_listen(args.host, args.port, taken))
    from sqlalchemy.exc import OperationalError
    try:
        prepare()
    except (OperationalError, OSError) as exc:  # theirs to mend: said in a line, no traceback
        sys.exit(cannot_start(exc))
    args.connections = open_files_for(args.connections)
    announce(args.port, args.host)
    ends = 0
    while True:
        started = time.monotonic()
        if not serve(args):
            return
        ends = ends + 1 if time.monotonic() - started < STARTED_FOR else 1
        pause = restart_pause(ends)
        print(f"A server process kept failing ({ends} time{'s' if ends > 1 else ''} in a row); "
              f"starting the server again in {pause:g} s.", file=sys.stderr, flush=True)
        time.sleep(pause)


def serve(args: argparse.Namespace) -> bool:
    """Serve until stopped (False) or until Granian ends for its workers' crash loop (True)."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings

    server = Granian("companion.serving.serve:served_app", factory=True, working_dir=ROOT,
                     interface=Interfaces.WSGI, address=args.host, port=args.port,
                     workers=args.workers, blocking_threads=args.threads,
                     backpressure=args.connections,
                     backlog=max(2048, args.connections * args.workers),
                     http=HTTPModes.http1,
                     http1_settings=HTTP1Settings(header_read_timeout=HEADER_DEADLINE * 1000),
                     respawn_failed_workers=True, workers_kill_timeout=10,
                     log_access=args.access_log)
    try:
        server.serve()
    except SystemExit:
        if server.interrupt_signal or not server.interrupt_children:
            raise
        return True
    except RuntimeError as exc:  # (taken since address_taken looked: Granian's own bind)
        if "in use" not in str(exc):
            raise
        sys.exit(cannot_listen(args.host, args.port, "something else took it meanwhile."))
    return False


if __name__ == "__main__":
    main()
