"""The join limit with the server `make run` starts (`python -m companion.serving.serve`, its
default number of processes, each counting the limits in its own memory): wrong codes sent over a
new connection each, so that they may reach every process, get at most one limit's answers per
process (README "Production": at most 8 × 10 a minute), and are refused past that."""
from __future__ import annotations

import http.client
import re
from urllib.parse import urlencode

from bench.server import Server
from companion.serving.serve import MAX_WORKERS, default_workers
from companion.web.limits import LIMITS

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def post_once(port: int, path: str, body: str, cookie: str) -> int:
    """One request on a connection of its own (the server may hand it to any process)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body=body, headers={
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
            "Connection": "close"})
        answer = conn.getresponse()
        answer.read()
        return answer.status
    finally:
        conn.close()


def test_wrong_join_codes_spread_over_the_servers_processes_get_one_limits_answers_per_process(
        tmp_path):
    per_minute = int(LIMITS["RATELIMIT_JOIN"].split()[0])
    tries = MAX_WORKERS * per_minute + 20  # more than the most processes could answer
    with Server(f"sqlite:///{tmp_path / 'limits.sqlite'}", tmp_path / "server.log") as server:
        processes = int(re.search(r"\((\d+) processes\)", server.command()).group(1))
        assert processes > default_workers() >= 2  # the workers and their master
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", "/")
        home = conn.getresponse()
        cookie = home.getheader("Set-Cookie", "").split(";", 1)[0]
        token = CSRF.search(home.read().decode()).group(1)
        conn.close()
        body = urlencode({"csrf_token": token, "code": "ZZZZZZZZ"})
        statuses = [post_once(server.port, "/join", body, cookie) for _ in range(tries)]
    answered = [s for s in statuses if s != 429]
    assert answered and set(answered) == {404}, statuses  # the first tries were read: wrong
    assert per_minute <= len(answered) <= default_workers() * per_minute, statuses
