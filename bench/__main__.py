"""`python -m bench`: serve the app as `make run` does, simulate tables at their real rates with a
growing number of tables, take the other measures, and write BENCHMARKS.md (bench/__init__.py).
`python -m bench ablation`: only whether each speed mechanism earns its place (bench/ablation.py).
`python -m bench phone`: only a live update on a phone slowed 6× (bench/phone.py)."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

import uvloop

from . import (
    ablation,
    cross_server,
    guessing,
    heavy_reads,
    history_page,
    imports,
    load,
    measures,
    phone,
    report,
    stats,
    tables,
)
from . import slow_clients as slow
from .http import Phone
from .server import ROOT, Server

STEPS = (25, 50, 75, 100, 125, 150, 175, 200, 225, 250, 300)  # tables
WARMUP, MEASURE = 8.0, 30.0  # s per step
MIN_TABLES = 3  # the smallest step tried when the first one fails
COLD_RUNS = 3
QUIET, QUIET_WAIT = 0.3, 30.0  # CPU pressure below which the machine is quiet enough; s to wait


def slow_clients(server: Server, token: str) -> str:
    """Slow phones (`bench/slow_clients.py`) against the live server, between the ramp and the
    other measures (no other load then): its BENCHMARKS.md section."""
    return slow.markdown(slow.measure(server.base, f"/g/{token}/v"))


def machine(tmp: Path) -> dict[str, str]:
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    mem = re.search(r"MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text())
    mounts = [line.split() for line in Path("/proc/mounts").read_text().splitlines()]
    fs = max((m for m in mounts if str(tmp).startswith(m[1])), key=lambda m: len(m[1]))
    return {"cpu": cpu.group(1).strip() if cpu else platform.processor(),
            "cores": str(os.cpu_count()),
            "ram": f"{int(mem.group(1)) / 1024 / 1024:.1f} GiB" if mem else "?",
            "python": platform.python_version(), "os": platform.platform(),
            "fs": f"{fs[2]} ({fs[0]} at {fs[1]})"}


async def quiet_moment(limit: float = QUIET_WAIT) -> None:
    """Wait (at most ``limit`` s) until other work leaves the cores alone: on a shared machine a
    step measured during someone's test run measures that run. Each step reports the pressure
    it had anyway."""
    start = time.monotonic()
    while load.cpu_pressure() > QUIET and time.monotonic() - start < limit:
        await asyncio.sleep(2)
    waited = time.monotonic() - start
    print(f"measuring (CPU pressure {load.cpu_pressure():.0%} after waiting {waited:.0f} s)...",
          flush=True)


async def ramp(srv: Server, export: bytes, built: list[tables.Table],
               args: argparse.Namespace) -> list[stats.Step]:
    """The steps, more tables each, until one fails; when the first fails, half as many tables
    (down to MIN_TABLES) until one passes, so that the largest passing number is known."""
    steps: list[stats.Step] = []

    async def measure(n: int) -> bool:
        start = time.monotonic()
        await tables.add_tables(srv.port, export, built, n)
        print(f"{n} tables ready ({time.monotonic() - start:.0f} s)", flush=True)
        await quiet_moment()
        steps.append(await load.run_step(built[:n], args.warmup, args.measure, srv.cpu, seed=n))
        print(report.step_row(steps[-1]), flush=True)
        return steps[-1].passed

    for n in args.steps:
        if not await measure(n):
            break
    n = min(args.steps) // 2
    while stats.largest_passing(steps) is None and n >= MIN_TABLES:
        await measure(n)
        n //= 2
    return steps


async def cold_loads(srv: Server, export: bytes, warm: str) -> dict:
    """The first load after a restart of a long game and of a short one (order alternating)."""
    builder = Phone("127.0.0.1", srv.port)
    long = await tables.import_game(builder, export)
    corrections = [("correct", {"player": i % 5, "value": "coins", "delta": 1 - 2 * (i % 2)})
                   for i in range(report.LONG_GAME - tables.EPOCH_ACTIONS)]
    print(f"tapping a game to {report.LONG_GAME:,} actions...", flush=True)
    assert await tables.play(builder, long, corrections) == report.LONG_GAME
    short = await tables.import_game(builder, export)
    reader = (await tables.seat(Phone("127.0.0.1", srv.port), long, 0)).phone
    times: dict[str, list[float]] = {"long": [], "short": []}
    for run in range(COLD_RUNS):
        srv.restart()
        phones = [Phone("127.0.0.1", srv.port, dict(reader.cookies)) for _ in range(4)]
        for name in ("long", "short") if run % 2 == 0 else ("short", "long"):
            token = long if name == "long" else short
            times[name].append(await measures.first_load(phones, warm, token))
    med = {k: sorted(v)[len(v) // 2] for k, v in times.items()}
    return {**med, "runs": COLD_RUNS, "long_runs": times["long"],
            "short_actions": tables.EPOCH_ACTIONS}


async def measure_all(srv: Server, results: dict, args: argparse.Namespace) -> None:
    """Everything that needs the server."""
    print("building the epoch-III game through HTTP...", flush=True)
    export = await tables.epoch_three_export(Phone("127.0.0.1", srv.port))
    built: list[tables.Table] = []
    results["steps"] = await ramp(srv, export, built, args)
    results["largest"] = stats.largest_passing(results["steps"])
    results["slow_clients"] = slow_clients(srv, built[0].token)
    results["alone"] = await measures.one_at_a_time(built[0])
    results["weight"] = await measures.page_weight(built[0].seats[0].phone, built[0].token)
    results["cold"] = await cold_loads(srv, export, built[1].token)
    print(f"importing a {history_page.STEPS:,}-step game, reading its history...", flush=True)
    results["history"] = await history_page.measure(srv.port)


def options(argv: list[str] | None) -> argparse.Namespace:
    """The ramp's steps and durations (the defaults are the benchmark; smaller ones try it)."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--steps", default=",".join(map(str, STEPS)),
                        type=lambda s: [int(x) for x in s.split(",")], help="tables per step")
    parser.add_argument("--warmup", type=float, default=WARMUP, help="s before measuring")
    parser.add_argument("--measure", type=float, default=MEASURE, help="s measured per step")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["ablation"]:
        ablation.main(argv[1:])
        return
    if argv[:1] == ["phone"]:
        phone.main(argv[1:])
        return
    args = options(argv)
    tmp = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    db = tmp / "bench.sqlite"
    results: dict = {"load_before": os.getloadavg()[0], "machine": machine(tmp),
                     "pressure_before": load.cpu_pressure("avg60"),
                     "warmup": args.warmup, "measure": args.measure,
                     "commit": subprocess.run(["git", "describe", "--always", "--dirty"],
                                              cwd=ROOT, capture_output=True,
                                              text=True).stdout.strip()}
    started = time.monotonic()
    # Every simulated phone comes from this one address: the per-address rate limits (which a
    # real table's phones never reach) are off for the simulation, and on for the guessing.
    srv = Server(f"sqlite:///{db}", tmp / "server.log", FLASK_RATELIMIT_ENABLED="false").start()
    try:
        results["machine"]["server"] = srv.command()
        uvloop.run(measure_all(srv, results, args))
    except BaseException:
        print(f"the server's log: {tmp / 'server.log'} (kept)")
        raise
    finally:
        srv.stop()
    print("each speed mechanism switched off in turn, at 50 and 200 tables...", flush=True)
    (tmp / "ablation").mkdir()
    results["ablation"] = ablation.run(tmp / "ablation", ablation.options([]))
    print("guessing join codes (rate limits on)...", flush=True)
    results["guessing"] = guessing.markdown(guessing.measure(f"sqlite:///{tmp / 'guess.sqlite'}",
                                                             tmp / "guess.log"))
    print("another table's page beside a loop of heavy reads (rate limits on)...", flush=True)
    (tmp / "heavy").mkdir()
    results["heavy_reads"] = heavy_reads.measure(tmp / "heavy")
    print("durable SQLite: a tap's commit with synchronous=NORMAL and FULL...", flush=True)
    results["durability"] = {"app": measures.app_synchronous(ROOT),
                             "modes": measures.durability(db, tmp / "durable.sqlite")}
    if cross_server.PG_BIN.exists():  # (PostgreSQL's binaries: `make system-deps`)
        print("a tap reaching the phones of another server (PostgreSQL)...", flush=True)
        with cross_server.throwaway_postgres() as url:
            results["cross_server"] = cross_server.line(cross_server.measure(url))
    print("importing a 20,000-step game file with take-backs...", flush=True)
    results["imports"] = imports.measure()
    print("a live update on a phone slowed 6x, in Chromium...", flush=True)
    (tmp / "phone").mkdir()
    results["phone"] = phone.measure(tmp / "phone")
    results["load_after"] = os.getloadavg()[0]
    results["pressure_after"] = load.cpu_pressure("avg60")
    results["seconds"] = time.monotonic() - started
    written = ROOT / "BENCHMARKS.md"
    written.write_text(report.with_notes(report.markdown(results),
                                         written.read_text() if written.exists() else ""))
    said = report.summary(results)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    results["steps"] = [asdict(s) for s in results["steps"]]
    results["phone"]["games"] = [asdict(g) for g in results["phone"]["games"]]
    (artifacts / "bench-results.json").write_text(json.dumps(results, indent=1, default=str))
    shutil.rmtree(tmp, ignore_errors=True)
    print(said)
    print("wrote BENCHMARKS.md")


if __name__ == "__main__":
    main()
