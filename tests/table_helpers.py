"""Helpers for the shared-table tests: a generic game setup for any registered game, a phone
(an HTTP client with its own cookies, like a browser), and real servers (a threaded werkzeug
server in this process, or gunicorn with several workers in its own process group)."""
from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def _value(f, i: int) -> Any:
    if f.kind == "text":
        return f"P{i + 1}" if f.name == "name" else (f.default or "")
    if f.kind == "choice":
        choices = [c for c, _ in f.choices]
        return choices[i % len(choices)] if f.default is None else f.default
    if f.kind == "int":
        return f.default if f.default is not None else f.low + i
    if f.kind == "bool":
        return bool(f.default)
    return 0  # a seat


def sample_setup(rules, players: int = 3) -> dict[str, Any]:
    """A valid setup for any game, built only from its field specs (P1, P2, ...; distinct choices
    per player; defaults or the lowest values elsewhere)."""
    n = max(rules.min_players, min(players, rules.max_players))
    setup: dict[str, Any] = {f.name: _value(f, 0) for f in rules.setup_fields}
    setup["players"] = [{f.name: _value(f, i) for f in rules.player_fields} for i in range(n)]
    return setup


def sample_game(app, slug: str = "hadara", players: int = 3):
    """A new game of ``slug`` with its sample setup, stored by ``app`` (its row, loaded)."""
    from companion import store
    from companion.games import get_game
    rules = get_game(slug)
    with app.app_context():
        return store.create_game(rules, sample_setup(rules, players))


def coin_corrections(names: tuple[str, ...] | list[str], steps: int) -> list[dict[str, Any]]:
    """A long Hadara log for a game file's ``actions``: ``steps`` coin corrections, seat by seat
    in turn (step n corrects seat (n - 1) % players), each seat's +1 then -1 (no value goes below
    where it started), signed in turn by another player, every fifth by nobody."""
    return [{"seq": i + 1, "kind": "correct",
             "by": names[(2 * i + 1) % len(names)] if i % 5 else "",
             "data": {"player": i % len(names), "value": "coins",
                      "delta": 1 if (i // len(names)) % 2 == 0 else -1},
             "at": "2026-11-27T20:00:00"} for i in range(steps)]


#: tags drawn as blocks (or not drawn): white space beside their edges shows nothing in a browser
_BLOCKS = ("address|article|aside|blockquote|body|br|caption|col|colgroup|dd|details|dialog|div|dl|"
           "dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|legend|li|link|"
           "main|meta|nav|ol|optgroup|option|p|script|section|select|style|summary|table|tbody|"
           "td|tfoot|th|thead|title|tr|ul")
_BESIDE_BLOCK = re.compile(rf" ?(</?(?:{_BLOCKS})\b[^>]*>) ?")
_SPACE = re.compile(r"[ \t\n\r\f]+")  # HTML's white space: a no-break space is not one


def as_seen(html: str) -> str:
    """``html`` with its white space as a browser draws it, the markup kept: every run of white
    space one space, and none beside a block's tag (between two cells, at a paragraph's edge).
    A test that compares a page's words reads them through this, so a template may break its
    lines where a break shows nothing."""
    return _BESIDE_BLOCK.sub(r"\1", _SPACE.sub(" ", html))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Phone:
    """One phone at the table: its own cookie jar (session, seat, CSRF), speaking HTTP."""

    def __init__(self, base: str):
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar),
                                                  _NoRedirect())
        self.csrf = ""

    def request(self, method: str, path: str, data: dict | None = None,
                headers: dict | None = None, timeout: float = 30) -> tuple[int, bytes, Any]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, method=method,
                                     headers=headers or {})
        try:
            with self.opener.open(req, timeout=timeout) as resp:
                return resp.status, resp.read(), resp.headers
        except urllib.error.HTTPError as err:
            return err.code, err.read(), err.headers

    def get(self, path: str, **kw) -> tuple[int, bytes, Any]:
        return self.request("GET", path, **kw)

    def open_game(self, token: str) -> str:
        status, body, _ = self.get(f"/g/{token}")
        assert status == 200, body[:500]
        html = body.decode()
        self.csrf = CSRF.search(html).group(1)
        return html

    def act(self, token: str, kind: str, fields: dict, version: int | None = None,
            path: str | None = None) -> tuple[int, dict]:
        """Send one action as the page's script does (JSON answer); returns (status, body)."""
        data = {"csrf_token": self.csrf, **fields}
        if version is not None:
            data["version"] = str(version)
        status, body, _ = self.request("POST", path or f"/g/{token}/do/{kind}", data,
                                       {"Accept": "application/json"})
        return status, json.loads(body or b"{}")

    def version(self, token: str) -> int:
        status, body, _ = self.get(f"/g/{token}/v")
        assert status == 200, status
        return json.loads(body)["version"]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a 303 is an answer, not something to follow
        return None


class ThreadedServer:
    """A werkzeug server with a thread per request, in a thread of this process."""

    def __init__(self, app):
        from werkzeug.serving import make_server
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> ThreadedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


class Gunicorn:
    """gunicorn serving app:app with several workers, in its own process group so a SIGKILL
    takes the master and every worker at once (what a crash or `kill -9` does)."""

    def __init__(self, database_url: str, workers: int = 2, port: int | None = None,
                 preload: bool = False):
        self.database_url = database_url
        self.preload = preload  # import the app once in the master: a faster (re)start
        self.workers = workers
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self, wait: float = 30) -> Gunicorn:
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        env = {**os.environ, "DATABASE_URL": self.database_url,
               "FLASK_SECRET_KEY": "test-secret-for-a-throwaway-server",
               # (one address taps here faster than any table: tests/web/test_limits.py
               # checks the limits)
               "FLASK_RATELIMIT_ENABLED": "false"}
        self.proc = subprocess.Popen(
            [gunicorn, "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
             "--no-control-socket", "--chdir", str(ROOT), "--log-level", "warning",
             "--graceful-timeout", "2", *(["--preload"] if self.preload else []), "app:app"],
            env=env, start_new_session=True, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2):
                    return self
            except (TimeoutError, urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("gunicorn did not answer in time")

    def kill(self) -> None:
        """SIGKILL the whole process group this object started (and nothing else)."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(10)
            self.proc.stderr.close()
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
        self.kill()

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def csrf_of(client, path: str = "/") -> str:
    """The CSRF token a page hands out (tests send it like a browser would)."""
    html = client.get(path).get_data(as_text=True)
    match = CSRF.search(html)
    assert match, f"no CSRF token on {path}"
    return match.group(1)


def fresh_pg_database(server_url: str) -> str:
    """A new, empty database on the PostgreSQL server at ``server_url``: its URL."""
    import uuid

    import psycopg
    name = f"t_{uuid.uuid4().hex[:16]}"
    plain = server_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name


# A whole 3-player Hexemonia game (a revolt, a war, the final round) in two rounds: its setup and
# each turn's actions (kind, values), for the tests of its standings, story and card.
def _polis(name, nature, cost, produces="none", output=0):
    return {"name": name, "kind": "polis", "nature": nature, "cost_citizens": cost[0],
            "cost_hoplites": cost[1], "cost_gold": cost[2], "produces": produces,
            "output": output, "shield": 0, "gear": "none", "pay_from": ""}


HEXEMONIA_SETUP = {"players": [{"name": "Ana", "city": "athens"},
                               {"name": "Ben", "city": "sparta"},
                               {"name": "Cy", "city": "olympia"}],
                   "fate": 5, "last_player": 2}
_END = [("political_check", {}), ("end_turn", {})]
HEXEMONIA_TURNS = [
    [("take", {"hexes": 1, "resource": "citizens"}),
     ("play_hex", _polis("Anfiteatro", "political", (1, 0, 0), "gold", 1)),
     ("production", {}), *_END],
    [("take", {"hexes": 1, "resource": "hoplites"}),
     ("play_hex", {**_polis("Pascolo", "economic", (1, 0, 0), "citizens", 2), "kind": "chora"}),
     ("production", {}), *_END],
    [("take", {"hexes": 1, "resource": "gold"}),
     ("play_hex", _polis("Agorà", "political", (1, 0, 1))),
     ("play_hex", _polis("Taverna", "political", (1, 0, 0))), *_END],
    [("take", {"hexes": 1, "resource": "hoplites"}),
     ("attack", {"opponent": 1, "target": "Pascolo", "pay_from": "Acropolis: 1h 1c"}), *_END],
    [("take", {"hexes": 2}), *_END],
    _END,
]
