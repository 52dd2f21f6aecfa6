"""Guessing join codes: 300 wrong codes sent at once from one address, as a script would, to the
app served as `make run` serves it, with its rate limits on (the default: each server process
counts the join limit in its own memory, so the answers are at most one limit per process the
connections reach)."""
from __future__ import annotations

import http.client
import re
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from .server import Server

GUESSES = 300
CONNECTIONS = 4
GOAL = 60  # at most this many answers other than 429 (issue 14)
WRONG = "ZZZZZZZZ"
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def _phone(port: int) -> tuple[str, str]:
    """A phone's session cookie and CSRF token, from the home page."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/")
    answer = conn.getresponse()
    page = answer.read().decode()
    cookie = answer.getheader("Set-Cookie", "").split(";", 1)[0]
    conn.close()
    return cookie, CSRF.search(page).group(1)


def send_guesses(port: int) -> list[int]:
    """The answers' statuses to :data:`GUESSES` wrong codes sent at once over
    :data:`CONNECTIONS` connections to the server on 127.0.0.1 at ``port``, by one phone (its
    session cookie and CSRF token from the home page)."""
    cookie, token = _phone(port)
    body = urlencode({"csrf_token": token, "code": WRONG})
    headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    statuses: list[int] = []

    def guess(count: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(count):
            conn.request("POST", "/join", body=body, headers=headers)
            answer = conn.getresponse()
            answer.read()
            statuses.append(answer.status)
        conn.close()

    threads = [threading.Thread(target=guess, args=(GUESSES // CONNECTIONS,))
               for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return statuses


def measure(database_url: str, log: Path) -> dict:
    """Answers other than 429, refusals and the time taken for :func:`send_guesses` against the
    app served as `make run` serves it."""
    with Server(database_url, log) as server:
        start = time.perf_counter()
        statuses = send_guesses(server.port)
        seconds = time.perf_counter() - start
    refused = statuses.count(429)
    return {"sent": len(statuses), "answered": len(statuses) - refused, "refused": refused,
            "seconds": seconds}


def markdown(result: dict) -> str:
    """The benchmark's section for a :func:`measure` result."""
    met = "met" if result["answered"] <= GOAL else "NOT met"
    return (f"{result['sent']} wrong join codes sent at once from one address over "
            f"{CONNECTIONS} connections ({result['seconds']:.1f} s): **{result['answered']} "
            f"answered**, {result['refused']} refused with 429 (target: at most {GOAL} answered;"
            f" {met}).\n")
