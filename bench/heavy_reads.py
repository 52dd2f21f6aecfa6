"""Heavy reads beside a table (issue 45): while one address loops on the heaviest reads a client
can ask for — the export of a 20,000-step game (`GET /g/<t>/export.json`) and the statistics of a
group of 5,000 plays and 200 players (`GET /group/<link>/stats`) — another table's phone loads its
game page every half second. Both the game and the group are the attacker's own, imported
first; the flood runs in a process of its own, so that its threads do not slow the phone that
measures. Served as `make run` serves it, then with the rate limits off (what keeping the
drawings buys alone), then with the limits off and the groups' statistics and files not kept.

Part of `python -m bench`; alone: `.venv/bin/python -m bench.heavy_reads` (prints its
BENCHMARKS.md lines)."""
from __future__ import annotations

import asyncio
import http.client
import json
import multiprocessing
import random
import shutil
import statistics
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import uvloop

from . import history_page, tables
from .http import Phone
from .server import Server
from .stats import percentile

PLAYS, PLAYERS = 5000, 200  # the most plays a group file holds; the most players of a group
LOOPS = 16  # the flood's connections, half on each read
SECONDS = 30.0  # measured, the flood running throughout
EVERY = 0.5  # s between the other table's page loads
PAGE_LIMIT = 1000.0  # ms: the other table's slowest page (issue 45's Done-when)
FLOOD_FROM = "127.0.0.2"  # the flood's address (the table's phone is 127.0.0.1)
# Each run: a new server (its environment) and what the flood loops on ("heavy": the two heavy
# reads; "home": the home page, a cheap page without a limit: what a loop from one address
# costs whatever it asks for).
RUNS = {
    "as `make run` serves it": ({}, "heavy"),
    "as `make run` serves it, the flood on the home page instead": ({}, "home"),
    "rate limits off": ({"FLASK_RATELIMIT_ENABLED": "false"}, "heavy"),
    "rate limits off, nothing kept": ({"FLASK_RATELIMIT_ENABLED": "false",
                                       "FLASK_GROUP_FILES_BYTES": "0",
                                       "FLASK_GROUP_STATS_KEPT": "0"}, "heavy"),
}


def big_group(plays: int = PLAYS, players: int = PLAYERS, seed: int = 45) -> bytes:
    """A group file of ``plays`` TradeWarz plays logged from the quick pad, 2 to 4 of
    ``players`` players each, with random scores (places shared on equal totals)."""
    rng = random.Random(seed)
    people = [{"id": i + 1, "name": f"Player {i + 1}", "mark": "", "retired": False,
               "merged_into": None} for i in range(players)]
    out = []
    for n in range(plays):
        seated = rng.sample(range(1, players + 1), rng.randint(2, 4))
        lines = [(rng.randint(0, 12), rng.randint(0, 12)) for _ in seated]
        totals = [sum(pair) for pair in lines]
        seats = [{"player": p, "name": f"Player {p}", "seat": i + 1, "first": i == 0,
                  "total": totals[i], "place": 1 + sum(t > totals[i] for t in totals),
                  "decided_by": "total",
                  "lines": [{"id": "golden_xadlas", "label": "Golden Xadlas",
                             "points": lines[i][0]},
                            {"id": "silver_xadlas", "label": "Silver Xadlas",
                             "points": lines[i][1]}]}
                 for i, p in enumerate(seated)]
        out.append({"game": None, "slug": "tradewarz", "duration_min": 60, "note": "",
                    "source": "quick", "date": f"{2016 + n * 10 // plays}-{1 + n % 12:02d}-"
                                              f"{1 + n % 28:02d}T20:00:00",
                    "record": {"players": seats, "rulings": {}}})
    return json.dumps({"format": "companion-group/1", "name": "A big club", "players": people,
                       "games": [], "plays": out}, separators=(",", ":")).encode()


async def import_group(phone: Phone, body: bytes) -> str:
    """A new group from a group file (POST /group/import, pasted); its link."""
    csrf = tables.CSRF.search(await tables.page(phone, "/")).group(1)
    data = urllib.parse.urlencode({"csrf_token": csrf}).encode() + b"&json=" + \
        urllib.parse.quote_from_bytes(body).encode()
    resp = await phone.request("POST", "/group/import", tables.FORM, data)
    if resp.status != 303 or "/group/" not in resp.headers.get("location", ""):
        raise RuntimeError(f"group import: {resp.status} {resp.body[:300]!r}")
    return resp.headers["location"].rsplit("/group/", 1)[1]


def flood(port: int, paths: list[str], seconds: float, counts) -> None:
    """Loop GETs of ``paths`` (one connection each, from FLOOD_FROM) for ``seconds``; the
    answers' statuses counted (status -> n, 0: no answer), put in the queue ``counts``."""
    stop = time.monotonic() + seconds
    got: dict[int, int] = {}
    lock = threading.Lock()

    def loop(path: str) -> None:
        conn = None
        while time.monotonic() < stop:
            try:
                conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=120,
                                                          source_address=(FLOOD_FROM, 0))
                conn.request("GET", path)
                answer = conn.getresponse()
                answer.read()
                status = answer.status
            except (OSError, http.client.HTTPException):
                conn, status = None, 0
            with lock:
                got[status] = got.get(status, 0) + 1
        if conn is not None:
            conn.close()

    threads = [threading.Thread(target=loop, args=(p,)) for p in paths]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 150)
    counts.put(got)


async def pages(phone: Phone, token: str, seconds: float) -> list[float]:
    """The other table's page loads, one every EVERY s for ``seconds``: their times in ms."""
    times = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        start = time.monotonic()
        resp = await phone.request("GET", f"/g/{token}")
        times.append((time.monotonic() - start) * 1000)
        if resp.status != 200:
            raise RuntimeError(f"the other table's page: {resp.status}")
        await asyncio.sleep(max(0.0, EVERY - (time.monotonic() - start)))
    return times


async def _prepare(port: int) -> tuple[str, str, str]:
    """The attacker's long game and big group, and the other table's game: their tokens."""
    builder = Phone("127.0.0.1", port)
    token = await tables.new_game(builder)
    empty = (await builder.request("GET", f"/g/{token}/export.json")).body
    long = await tables.import_game(builder, history_page.long_file(empty))
    group = await import_group(builder, big_group())
    builder.close()
    return long, group, await tables.new_game(Phone("127.0.0.1", port))


def measure_one(tmp: Path, name: str, settings: dict[str, str], target: str) -> dict:
    """One server (``settings``: its environment), prepared, then the other table's page alone
    for a few seconds and beside the flood (on ``target``: see RUNS)."""
    folder = tmp / str(len(list(tmp.iterdir())))
    folder.mkdir()
    with Server(f"sqlite:///{folder / 'bench.sqlite'}", folder / "server.log",
                **settings) as srv:
        long, group, table = uvloop.run(_prepare(srv.port))
        alone = uvloop.run(pages(Phone("127.0.0.1", srv.port), table, 5.0))
        paths = [f"/g/{long}/export.json", f"/group/{group}/stats"] * (LOOPS // 2) \
            if target == "heavy" else ["/"] * LOOPS
        context = multiprocessing.get_context("spawn")
        counts = context.Queue()
        proc = context.Process(target=flood, args=(srv.port, paths, SECONDS + 2, counts))
        cpu, started = srv.cpu(), time.monotonic()
        proc.start()
        time.sleep(2)  # the flood under way
        beside = uvloop.run(pages(Phone("127.0.0.1", srv.port), table, SECONDS))
        answered = counts.get(timeout=SECONDS + 200)
        proc.join(30)
        cpu = (srv.cpu() - cpu) / (time.monotonic() - started)
    return {"name": name, "alone": alone, "beside": beside, "answers": answered,
            "server_cpu": cpu}


def measure(tmp: Path | None = None) -> list[dict]:
    own = tmp is None
    tmp = tmp or Path(tempfile.mkdtemp(prefix="companion-bench-heavy-"))
    try:
        return [measure_one(tmp, name, *run) for name, run in RUNS.items()]
    finally:
        if own:
            shutil.rmtree(tmp, ignore_errors=True)


def is_met(results: list[dict]) -> bool:
    return max(results[0]["beside"]) <= PAGE_LIMIT


def target_row(results: list[dict]) -> str:
    """The line of BENCHMARKS.md's targets (the run as `make run` serves it)."""
    r = results[0]
    slowest, p95 = max(r["beside"]), percentile(r["beside"], 95)
    return (f"| another table's page ≤ {PAGE_LIMIT / 1000:.0f} s while one address loops on a "
            f"{history_page.STEPS:,}-step game's export and a {PLAYS:,}-play group's "
            f"statistics | slowest {slowest:.0f} ms (p95 {p95:.0f}; see Heavy reads beside a "
            f"table) | {'**met**' if is_met(results) else '**not met**'} |")


def markdown(results: list[dict]) -> list[str]:
    """BENCHMARKS.md's section."""
    rows = []
    for r in results:
        said = ", ".join(f"{n} × {s or 'no answer'}" for s, n in sorted(r["answers"].items()))
        rows.append(f"| {r['name']} | {statistics.median(r['alone']):.0f} | "
                    f"{statistics.median(r['beside']):.0f} / {percentile(r['beside'], 95):.0f} / "
                    f"{max(r['beside']):.0f} | {sum(t > PAGE_LIMIT for t in r['beside'])} of "
                    f"{len(r['beside'])} | {said} | {r['server_cpu']:.0%} |")
    return [
        "## Heavy reads beside a table (issue 45)", "",
        f"One address ({LOOPS} connections, half on each) loops for {SECONDS:.0f} s on the "
        f"export of a {history_page.STEPS:,}-step game and the statistics of a group of "
        f"{PLAYS:,} plays and {PLAYERS} players, both its own (imported first); meanwhile another "
        f"table's phone loads its game page every {EVERY} s (`bench/heavy_reads.py`). Each run "
        f"a new server. Target: the page's slowest ≤ {PAGE_LIMIT / 1000:.0f} s as `make run` "
        f"serves it: {'met' if is_met(results) else 'not met'}.", "",
        "| server | page alone, median ms | page beside the flood, median / p95 / max ms "
        f"| pages over {PAGE_LIMIT / 1000:.0f} s | the flood's answers "
        "| server CPU (of one core) |",
        "|---|---:|---:|---:|---|---:|",
        *rows, ""]


def main() -> None:
    results = measure()
    print("\n".join([target_row(results), "", *markdown(results)]))


if __name__ == "__main__":
    main()
