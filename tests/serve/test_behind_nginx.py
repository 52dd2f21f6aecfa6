"""The hosted recipe, tested for real: Debian's nginx with the repository's deploy/nginx.conf
(bench/nginx.py: plain HTTP on a free port, no certificate) in front of the app served as
README "Production" says (`python -m companion.serving.serve` on 127.0.0.1, PROXY_FIX_X_FOR=1).

Security review 2026-11-27 N4: ~4,100 stalled request bodies from one address stopped the whole
server, each holding an app thread. Behind the proxy the app never sees a stalled body: here its
own bound on bodies read at once is lifted, so what keeps the table playing is the proxy alone."""
from __future__ import annotations

import http.client
import re
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bench import nginx
from bench.server import Server
from bench.slow_clients import one_game
from bench.stalled import Attack, Table
from companion import create_app
from companion.serving.serve import default_workers

pytestmark = [pytest.mark.slow,  # (seconds of real sockets: not in `make test-fast`)
              pytest.mark.skipif(not nginx.installed(),
                                 reason="nginx is not installed (`make system-deps` installs it)")]

STALLED = 5000


def per_address() -> int:
    """The requests nginx lets one address have in progress (the recipe's limit_conn)."""
    return int(re.search(r"limit_conn per_address (\d+);", nginx.CONFIG.read_text()).group(1))


@contextmanager
def behind_nginx(database_url: str, **settings: str) -> Iterator[tuple[Server, nginx.Nginx]]:
    with tempfile.TemporaryDirectory(prefix="companion-hosted-") as tmp, \
            Server(database_url, Path(tmp) / "server.log", FLASK_PROXY_FIX_X_FOR="1",
                   **settings) as server, nginx.Nginx(server.port) as proxy:
        yield server, proxy


def test_5000_stalled_connections_from_one_address_leave_another_tables_taps_pages_and_checks_answered(  # noqa: E501
        tmp_path):
    database_url = f"sqlite:///{tmp_path / 'hosted.sqlite'}"
    token = one_game(database_url)
    lifted = {"FLASK_READING_PER_PROCESS": "100000", "FLASK_READING_PER_ADDRESS": "100000"}
    # (the bodies go to the tap path, which only limit_conn bounds: the join path's limit_req
    # refuses them sooner, test_behind_nginx_one_address_gets_one_burst_...)
    with behind_nginx(database_url, **lifted) as (server, proxy), \
            Attack(proxy.port, STALLED, body_path=f"/g/{token}/do/correct") as attack:
        assert attack.all_opened.wait(120), attack.summary()
        rounds = Table(proxy.port, token).play(rounds=8)
        threads = server.threads()
        held = attack.summary()
    assert rounds.answered() == {"taps": "8/8", "pages": "8/8", "checks": "8/8"}, rounds
    # A stalled body reaching the app would hold a thread of it: up to the bodies nginx lets
    # one address hold, past the few the server runs anyway (the review saw 1,028 a process).
    assert sum(threads.values()) < per_address(), threads
    assert held["most_open_at_once"] == STALLED, held  # all open at once, from 127.0.0.2
    # the bodies past the address's limit refused by nginx at once, the others held by it
    assert held["answers"].get("HTTP/1.1 503 Service Temporarily Unavailable", 0) > 1000, held


def sizes(directive: str) -> list[int]:
    """The recipe's sizes given by ``directive`` (``256k``, ``8m``), in bytes."""
    units = {"k": 1024, "m": 1024 * 1024}
    return [int(n) * units[u] for n, u in re.findall(rf"{directive}\s+(\d+)([km]);",
                                                      nginx.CONFIG.read_text())]


def test_the_recipe_lets_through_the_bodies_the_app_takes_import_files_up_to_import_max_bytes():
    config = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite://"}).config
    assert sizes("client_max_body_size") == [config["MAX_CONTENT_LENGTH"],
                                             config["IMPORT_MAX_BYTES"]]
    timeouts = [int(s) for s in re.findall(r"proxy_read_timeout\s+(\d+)s;",
                                           nginx.CONFIG.read_text())]
    assert timeouts and min(timeouts) > config["LIVE_WAIT_SECONDS"]


def post(base: str, path: str, body: bytes) -> tuple[int, bytes]:
    """The status and body of a POST's answer."""
    request = urllib.request.Request(base + path, data=body, method="POST", headers={
        "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def test_behind_nginx_an_import_of_a_megabyte_reaches_the_app_and_a_tap_of_300_kb_does_not(
        tmp_path):
    database_url = f"sqlite:///{tmp_path / 'sizes.sqlite'}"
    token = one_game(database_url)
    with behind_nginx(database_url) as (_, proxy):
        big_file = post(proxy.base, "/import", b"json=" + b" " * (1024 * 1024))
        big_tap = post(proxy.base, f"/g/{token}/do/correct", b"player=0&" + b"x" * 300_000)
    assert big_file[0] == 400  # the app's answer: no CSRF token
    assert big_tap[0] == 413 and b"<center>nginx</center>" in big_tap[1]  # nginx's own


def test_behind_nginx_the_app_counts_each_client_address_apart(tmp_path):
    """The app's join limit counts the address nginx saw, not nginx's own: one address spends
    it, another still joins (X-Forwarded-For with PROXY_FIX_X_FOR=1). The app's limit is made
    1 a minute, so that it refuses within nginx's burst whatever process each try reaches."""
    database_url = f"sqlite:///{tmp_path / 'join.sqlite'}"
    one_game(database_url)
    tries = burst("joins") + 1  # all let through by nginx
    processes = default_workers()  # as `make run` starts it, each counting its own
    with behind_nginx(database_url, FLASK_RATELIMIT_JOIN="1 per minute") as (_, proxy), \
            closing(Table(proxy.port, "", "127.0.0.2")) as guesser, \
            closing(Table(proxy.port, "", "127.0.0.1")) as other:
        statuses = [guesser.join("ZZZZZZZZ") for _ in range(tries)]
        after = other.join("ZZZZZZZZ")
    assert processes < tries
    assert statuses[0] == 404 and statuses[-1] == 429, statuses  # (404: no game has this code)
    assert statuses.count(404) <= processes, statuses  # one try a minute in each process
    assert after == 404


def burst(zone: str) -> int:
    """The requests at once the recipe's ``limit_req zone=<zone>`` lets one address send."""
    return int(re.search(rf"limit_req zone={zone} burst=(\d+) nodelay;",
                         nginx.CONFIG.read_text()).group(1))


def answer_once(port: int, method: str, path: str, source: str) -> tuple[int, str | None]:
    """One request on a connection of its own from ``source``: its status and Retry-After."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request(method, path, body=b"code=ZZZZZZZZ" if method == "POST" else None,
                     headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = conn.getresponse()
        answer.read()
        return answer.status, answer.getheader("Retry-After")
    finally:
        conn.close()


@pytest.mark.parametrize(("zone", "method", "path"), [
    ("joins", "POST", "/join"),
    ("imports", "POST", "/import"),
    ("imports", "POST", "/group/import"),
    ("files", "GET", "/g/nosuchgame/export.json"),
    ("files", "GET", "/group/nosuchgroup/plays.csv"),
])
def test_behind_nginx_one_address_gets_one_burst_of_joins_imports_and_files_for_every_process(
        tmp_path, zone, method, path):
    """nginx's limit_req counts a guesser's or a loop's requests once, in front of every process
    of the app (which counts its own limits apart): past the burst, 429 with Retry-After at
    once, on new connections that reach any process; another address is not held back. (The
    app's own limits are lifted here, so every refusal is nginx's; the requests carry no CSRF
    token or name nothing stored, so the app answers 400 or 404.)"""
    database_url = f"sqlite:///{tmp_path / 'bursts.sqlite'}"
    one_game(database_url)
    lifted = {f"FLASK_RATELIMIT_{key}": "10000 per minute" for key in ("JOIN", "IMPORT",
                                                                      "EXPORTS")}
    allowed = burst(zone) + 1
    with behind_nginx(database_url, **lifted) as (_, proxy):
        answers = [answer_once(proxy.port, method, path, "127.0.0.2")
                   for _ in range(allowed + 5)]
        other = answer_once(proxy.port, method, path, "127.0.0.1")
    statuses = [status for status, _ in answers]
    assert 429 not in statuses[:allowed] and statuses[allowed:] == [429] * 5, statuses
    assert {wait for status, wait in answers if status == 429} == {"60"}
    assert other[0] == statuses[0] != 429
