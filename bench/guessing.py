"""Guessing join codes: 300 wrong codes sent at once from one address, as a script would, to the
app as served (its rate limits on, memory storage: each worker counts on its own)."""
from __future__ import annotations

import http.client
import threading
import time
from urllib.parse import urlencode, urlsplit

from .run import Gunicorn, get

GUESSES = 300
CONNECTIONS = 4
GOAL = 60  # at most this many answers other than 429 (issue 14)
WRONG = "ZZZZZZZZ"


def measure(env: dict[str, str], session_and_token) -> dict:
    """Answers other than 429, refusals and the time taken for :data:`GUESSES` wrong codes
    over :data:`CONNECTIONS` connections. ``session_and_token(url)`` gives a phone's session
    cookie and CSRF token from a page."""
    with Gunicorn("app:app", env) as url:
        get(url + "/")
        cookie, token = session_and_token(url + "/")
        where = urlsplit(url)
        body = urlencode({"csrf_token": token, "code": WRONG})
        headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
        statuses: list[int] = []

        def guess(count: int) -> None:
            conn = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
            for _ in range(count):
                conn.request("POST", "/join", body=body, headers=headers)
                answer = conn.getresponse()
                answer.read()
                statuses.append(answer.status)
            conn.close()
        threads = [threading.Thread(target=guess, args=(GUESSES // CONNECTIONS,))
                   for _ in range(CONNECTIONS)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        seconds = time.perf_counter() - start
    refused = statuses.count(429)
    return {"sent": len(statuses), "answered": len(statuses) - refused, "refused": refused,
            "seconds": seconds}
