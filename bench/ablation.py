"""`python -m bench ablation`: what each of the server's tunings buys. At a fixed number of tables
near the target, the server runs with everything on, then with one tuning switched off, then
everything on again, then the next one off, and so on for some rounds: the runs with everything
on, between the others, show how much the shared machine alone moves the numbers. Each run is a
new server (`python -m companion.serve`, as `make run` starts it, with the switch's option or
setting) over the same database and the same seated phones."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import uvloop

from companion.serve import MAX_WORKERS

from . import load, stats, tables
from .http import Phone
from .server import ROOT, Server

EVERYTHING_ON = "everything on"
# Each tuning switched off (docs/design.md, "Switching the tunings off"): serve's arguments
# and the environment. Two processes per core was the default before: it shows what one buys.
SWITCHED_OFF: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "no admission places": ((), {"FLASK_RUNNING_PER_PROCESS": "0"}),
    "two processes per core": (("--workers", str(min(MAX_WORKERS, 2 * (os.cpu_count() or 1)))),
                               {}),
}
TABLES, ROUNDS = 225, 2
WARMUP, MEASURE = 6.0, 20.0  # s per run
QUIET, QUIET_WAIT = 0.3, 10.0  # CPU pressure below which to start a run; s to wait for it


@dataclass(frozen=True)
class Run:
    """One server's run: which tuning was off (or none), and what the tables saw."""

    server: str
    step: stats.Step


def order(rounds: int) -> list[str]:
    """Everything on first and between every other run; each round takes the switches in the
    opposite order of the round before (a drift of the machine then falls on each alike)."""
    names = list(SWITCHED_OFF)
    out = [EVERYTHING_ON]
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            out += [name, EVERYTHING_ON]
    return out


def _moved(built: list[tables.Table], port: int) -> None:
    """The phones, their connections closed, now talk to the server at ``port``."""
    for table in built:
        for seat in table.seats:
            for phone in (seat.phone, seat.watcher):
                phone.close()
                phone.port = port


async def _quiet() -> float:
    """Wait (at most QUIET_WAIT s) for the machine's other work to calm; the pressure then."""
    start = time.monotonic()
    while load.cpu_pressure() > QUIET and time.monotonic() - start < QUIET_WAIT:
        await asyncio.sleep(1)
    return load.cpu_pressure()


async def measure(folder: Path, count: int = TABLES, rounds: int = ROUNDS,
                  warmup: float = WARMUP, seconds: float = MEASURE) -> list[Run]:
    """Build ``count`` tables, then the runs in ``order(rounds)``."""
    database = f"sqlite:///{folder / 'ablation.sqlite'}"
    instance = str(folder / "instance")

    def server(args: tuple[str, ...] = (), **env: str) -> Server:
        # every simulated phone comes from one address: the per-address rate limits off
        return Server(database, folder / "server.log", args=args, COMPANION_INSTANCE=instance,
                      FLASK_RATELIMIT_ENABLED="false", **env).start()

    srv = server()
    try:
        print(f"ablation: building {count} tables...", flush=True)
        export = await tables.epoch_three_export(Phone("127.0.0.1", srv.port))
        built: list[tables.Table] = []
        await tables.add_tables(srv.port, export, built, count)
    finally:
        srv.stop()
    runs = []
    for i, name in enumerate(order(rounds)):
        args, env = SWITCHED_OFF.get(name, ((), {}))
        srv = server(args, **env)
        try:
            _moved(built, srv.port)
            pressure = await _quiet()
            print(f"ablation {i + 1}: {name} (CPU pressure {pressure:.0%})...", flush=True)
            step = await load.run_step(built, warmup, seconds, srv.cpu, seed=i,
                                       drain=load.TIMEOUT + 1)
        finally:
            srv.stop()
        runs.append(Run(name, step))
        print(row(runs[-1]), flush=True)
    return runs


def cpu_per_table(s: stats.Step) -> float:
    """The server's CPU per table: ms of CPU per table per second."""
    return s.server_cpu / s.tables * 1000


def cpu_per_request(s: stats.Step) -> float:
    """The server's CPU per request measured (a starved server answers fewer, so its CPU per
    table falls while this one does not)."""
    return s.server_cpu * s.seconds * 1000 / max(1, sum(k.count for k in s.kinds.values()))


def errors(s: stats.Step) -> int:
    return sum(k.errors for k in s.kinds.values())


# What each run reports: a name and the value of a step.
MEASURES = {"tap p95 ms": lambda s: s.kinds["tap"].p95,
            "page p95 ms": lambda s: s.kinds["page"].p95,
            "change reaching phones p95 ms": lambda s: s.kinds["check"].p95,
            "errors": errors, "server CPU ms per table·s": cpu_per_table,
            "server CPU ms per request": cpu_per_request}


def _cell(x: float) -> str:
    return "–" if x != x else f"{x:.0f}" if x >= 100 or x == int(x) else f"{x:.2g}" if x < 1 \
        else f"{x:.1f}"


def row(run: Run) -> str:
    s = run.step
    cells = [run.server, *(_cell(f(s)) for f in MEASURES.values()), _cell(s.lag_p95),
             "–" if s.pressure != s.pressure else f"{s.pressure:.0%}"]
    return "| " + " | ".join(cells) + " |"


def summary_row(name: str, steps: list[stats.Step]) -> str:
    """The median of each measure over ``steps`` and, for more than one, their range."""
    cells = [f"{name} ({len(steps)})"]
    for f in MEASURES.values():
        values = sorted(f(s) for s in steps)
        spread = f" ({_cell(values[0])}–{_cell(values[-1])})" if len(values) > 1 else ""
        cells.append(f"**{_cell(statistics.median(values))}**{spread}")
    return "| " + " | ".join(cells) + " |"


def markdown(runs: list[Run], warmup: float, seconds: float) -> str:
    """The ablation's section of BENCHMARKS.md: the medians, then every run in order."""
    count = runs[0].step.tables
    names = [EVERYTHING_ON, *SWITCHED_OFF]
    head = "| server (runs) | " + " | ".join(MEASURES) + " |\n|---|" + "---:|" * len(MEASURES)
    summary = [summary_row(n, [r.step for r in runs if r.server == n]) for n in names
               if any(r.server == n for r in runs)]
    each = ("| server | " + " | ".join(MEASURES) + " | generator lag p95 ms | CPU pressure |\n|---|"
            + "---:|" * (len(MEASURES) + 2))
    return "\n".join([
        f"{count} tables × 5 seated phones at the ramp's rates, {warmup:.0f} s of warm-up and "
        f"{seconds:.0f} s measured per run; each run a new server with one tuning switched off "
        f"(`bench/ablation.py`, docs/design.md \"Switching the tunings off\"), with "
        f"everything on before and after it. Medians over the runs (the range in brackets); a "
        f"switch makes a difference where its runs lie outside the range of the runs with "
        f"everything on.", "", head, *summary, "", "Every run, in order:", "", each,
        *map(row, runs), ""])


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench ablation", description=__doc__)
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--warmup", type=float, default=WARMUP, help="s before measuring")
    parser.add_argument("--measure", type=float, default=MEASURE, help="s measured per run")
    return parser.parse_args(argv)


def run(folder: Path, args: argparse.Namespace) -> str:
    """The runs, as BENCHMARKS.md's section; each run's numbers in
    test-artifacts/ablation.json."""
    runs = uvloop.run(measure(folder, args.tables, args.rounds, args.warmup, args.measure))
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "ablation.json").write_text(json.dumps([asdict(r) for r in runs], indent=1))
    return markdown(runs, args.warmup, args.measure)


def main(argv: list[str] | None = None) -> None:
    """Only the ablation: its section printed (`make bench` writes it to BENCHMARKS.md)."""
    with tempfile.TemporaryDirectory(prefix="companion-ablation-") as tmp:
        print(run(Path(tmp), options(argv)))
