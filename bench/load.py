"""The table simulation, as the page's script behaves: every seated phone keeps one version check
waiting on the server (`?wait=`, If-None-Match: held until the game moves, 304 after the wait) on
a connection of its own, and fetches the page when the version moved; every table taps a
correction every ~8 s from a random phone, which then fetches the page. Phases are staggered at
random.

A page or tap is timed from the moment it is handed to its phone's connection to the end of its
answer. A held check is timed from the moment the change it reports was recorded (the tapping
phone had its answer) to the moment the phone has the check's answer: how late the phone learns
of the change (0 when it learned before the tapping phone). A scheduled tap also records its lag:
how late the generator woke for it. A lagging generator measures itself, not the server, so the
report says so."""
from __future__ import annotations

import asyncio
import json
import math
import os
import random
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from . import stats
from .http import Response
from .tables import CSRF, VERSION, Seat, Table, tap_request

HOLD = 25  # s, LIVE_WAIT_SECONDS: how long the page's script asks its check to wait
POLL = 2.0  # s, LIVE_POLL_SECONDS: between checks the server answered without holding
TAP_PERIOD = (6.0, 10.0)  # s between a table's taps, uniform: ~8 s on average
TIMEOUT = 10.0  # s; an answer later than this is an error
ACCEPT = {"Accept-Encoding": "gzip, deflate"}  # what a browser sends (it would add br)


@dataclass
class Recorder:
    """What one step measured; only requests planned inside [start, end) count."""

    start: float
    end: float
    latencies: dict[str, list[float]] = field(
        default_factory=lambda: {k: [] for k in stats.KINDS})
    errors: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in stats.KINDS})
    lags: list[float] = field(default_factory=list)

    def counts(self, planned: float) -> bool:
        return self.start <= planned < self.end

    def lag(self, planned: float, now: float) -> None:
        if self.counts(planned):
            self.lags.append((now - planned) * 1000)


def cpu_pressure(window: str = "avg10") -> float:
    """The kernel's CPU pressure (PSI "some", over 10 s or ``avg60``): the share of that time in
    which some runnable task waited for a CPU; NaN where the kernel does not tell."""
    try:
        some = Path("/proc/pressure/cpu").read_text().split("\n")[0]
    except OSError:
        return math.nan
    return float(some.split(window + "=")[1].split()[0]) / 100


async def timed(rec: Recorder, kind: str, planned: float, seat: Seat, method: str, path: str,
                headers: dict[str, str], body: bytes = b"") -> Response | None:
    """One request of a phone, its latency and outcome recorded; None when it failed."""
    start = time.monotonic()
    error = ""
    resp = None
    try:
        async with asyncio.timeout(TIMEOUT):
            resp = await seat.phone.request(method, path, headers, body)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
        seat.phone.close()
        error = type(exc).__name__
    if resp is not None and not (200 <= resp.status < 300 or resp.status == 304):
        error = f"HTTP {resp.status}"
    if rec.counts(planned):
        rec.latencies[kind].append((time.monotonic() - start) * 1000)
        if error:
            rec.errors[kind].append(error)
    return None if error else resp


def _html(resp: Response) -> str:
    body = resp.body
    if resp.headers.get("content-encoding") == "gzip":
        body = zlib.decompress(body, 16 + zlib.MAX_WBITS)
    return body.decode("utf-8", "replace")


async def refresh(rec: Recorder, seat: Seat, planned: float) -> None:
    """Fetch the game page again; a page without the game on it is an error (the script would
    fail too). The phone now shows the page's version and uses its CSRF token."""
    resp = await timed(rec, "page", planned, seat, "GET", f"/g/{seat.token}", ACCEPT)
    if resp is None:
        return
    html = _html(resp)
    version, csrf = VERSION.search(html), CSRF.search(html)
    if version is None or csrf is None:
        if rec.counts(planned):
            rec.errors["page"].append("no game on the page")
        return
    seat.version, seat.csrf = int(version.group(1)), csrf.group(1)


async def check(rec: Recorder, table: Table, seat: Seat) -> float:
    """One held version check, then the page when the version moved; how long until the next."""
    headers = {**ACCEPT, "If-None-Match": f'"{seat.version}"'}
    start = time.monotonic()
    error, resp = "", None
    try:
        async with asyncio.timeout(HOLD + TIMEOUT):
            resp = await seat.watcher.request("GET", f"/g/{seat.token}/v?wait={HOLD}", headers)
    except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
        seat.watcher.close()
        error = type(exc).__name__
    now = time.monotonic()
    if resp is not None and resp.status not in (200, 304):
        error = f"HTTP {resp.status}"
    version = None
    if resp is not None and resp.status == 200:
        try:
            version = json.loads(resp.body)["version"]
        except (ValueError, KeyError, TypeError):
            error = "no version in the answer"
    if error:
        if rec.counts(start):
            rec.errors["check"].append(error)
        return POLL
    if version is None or version == seat.version:
        return 0.0 if now - start > HOLD / 2 else POLL  # (not held: ask again a little later)
    recorded = table.recorded.get(version)
    if rec.counts(recorded if recorded is not None else now):
        rec.latencies["check"].append(max(0.0, now - (recorded or now)) * 1000)
    async with seat.lock:  # the page, unless the phone's own tap already brought it
        if version > seat.version:
            await refresh(rec, seat, time.monotonic())
    return 0.0


async def correct(rec: Recorder, table: Table, seat: Seat, planned: float,
                  fields: dict) -> bool:
    """A correction (``fields``), then the page, as the page's script does; whether it was
    recorded."""
    request = tap_request(seat.token, seat.csrf, "correct", fields, seat.version)
    resp = await timed(rec, "tap", planned, seat, "POST", *request)
    if resp is None:
        return False
    try:
        answer = json.loads(resp.body)
        recorded = answer.get("ok") is True
    except (ValueError, AttributeError):
        recorded = False
    if not recorded:
        if rec.counts(planned):
            rec.errors["tap"].append("not answered ok")
        return False
    table.recorded[answer["version"]] = time.monotonic()
    await refresh(rec, seat, time.monotonic())
    return True


async def phone_loop(rec: Recorder, table: Table, seat: Seat, rng: random.Random) -> None:
    """A seated phone's held checks until the end of the step, the first at a random moment
    (then, as the script does, the next one as soon as an answer came)."""
    await asyncio.sleep(rng.uniform(0, POLL))
    while time.monotonic() < rec.end:
        await asyncio.sleep(await check(rec, table, seat))


async def table_loop(rec: Recorder, table: Table, rng: random.Random) -> None:
    """A table's taps until the end of the step, the first at a random moment."""
    planned = time.monotonic() + rng.uniform(0, TAP_PERIOD[1])
    while planned < rec.end:
        await asyncio.sleep(planned - time.monotonic())
        rec.lag(planned, time.monotonic())
        seat, fields = table.next_tap(rng)
        async with seat.lock:  # one connection for pages and taps (its check has another)
            if not await correct(rec, table, seat, planned, fields):
                table.undo = None  # (a +1 that failed must not be taken back)
        # from the plan, not the answer; after a tap slower than the period, from now on
        planned = max(planned + rng.uniform(*TAP_PERIOD), time.monotonic())


async def run_step(tables: list[Table], warmup: float, seconds: float, cpu_of_server,
                   seed: int, drain: float = HOLD + TIMEOUT * 2 + 5) -> stats.Step:
    """All tables' phones for ``warmup`` + ``seconds``; what the measured part saw. The phones'
    requests still running ``drain`` s after it are stopped (a held check waits up to HOLD s;
    any other request planned inside it is answered or failed within TIMEOUT)."""
    rng = random.Random(seed)
    now = time.monotonic()
    rec = Recorder(now + warmup, now + warmup + seconds)
    tasks = [asyncio.create_task(phone_loop(rec, t, s, random.Random(rng.random())))
             for t in tables for s in t.seats]
    tasks += [asyncio.create_task(table_loop(rec, t, random.Random(rng.random())))
              for t in tables]
    await asyncio.sleep(max(0.0, rec.start - time.monotonic()))
    cpu_gen, cpu_srv, wall = time.process_time(), cpu_of_server(), time.monotonic()
    await asyncio.sleep(max(0.0, rec.end - time.monotonic()))
    cpu_gen = time.process_time() - cpu_gen
    cpu_srv = cpu_of_server() - cpu_srv
    wall = time.monotonic() - wall
    machine_load, pressure = os.getloadavg()[0], cpu_pressure()
    _, late = await asyncio.wait(tasks, timeout=drain)
    for task in late:
        task.cancel()
    await asyncio.gather(*late, return_exceptions=True)
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception():
            raise task.exception()
    return stats.step(len(tables), rec.latencies, rec.errors, rec.lags,
                      server_cpu=cpu_srv / wall, generator_cpu=cpu_gen / wall, seconds=seconds,
                      load=machine_load, pressure=pressure)
