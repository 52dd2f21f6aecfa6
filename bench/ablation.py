"""`python -m bench ablation`: whether each of the server's speed mechanisms earns its place. At
50 and at 200 tables, the server runs with everything on, then with one mechanism switched off,
then everything on again, then the next one off, and so on for some rounds: each run with a
mechanism off lies between two with everything on, which show how much the shared machine alone
moves the numbers. Then the first load of a 2,000-action game after a restart, on each server in
the same order. Each run is a new server (`python -m companion.serving.serve`, as `make run`
starts it, with the switch's option or setting) over the same database and the same seated phones.

A mechanism stays only where, switched off, 200 tables × 5 seated phones miss a p95 limit (tap
100 ms, page 150 ms, a change reaching the other phones 250 ms) or answer with errors in every
run while the runs beside them with it on meet it (their median), or the cold load exceeds 50 ms
in every run while with it on it does not; anything less is within the noise, and it goes."""
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

from companion.serving.serve import default_workers

from . import load, measures, stats, tables
from .http import Phone
from .server import ROOT, Server

ON = "on"
# Granian's own connection count (its ``backpressure``): its backlog of 1,024 shared by the
# processes, and half as many threads.
GRANIAN_CONNECTIONS = 1024 // default_workers()
# Each mechanism, its name in the report and how it is switched off: serve's arguments and the
# environment (docs/design.md, "Switching the tunings off").
# (The admission places, fast_input and the collector's tuning were measured the same way and
# went: BENCHMARKS.md.)
SWITCHES: dict[str, tuple[str, tuple[str, ...], dict[str, str]]] = {
    "connections": (f"the connection count (Granian's own: `--connections "
                    f"{GRANIAN_CONNECTIONS} --threads {GRANIAN_CONNECTIONS // 2}`)",
                    ("--connections", str(GRANIAN_CONNECTIONS),
                     "--threads", str(GRANIAN_CONNECTIONS // 2)), {}),
}
SIZES, ROUNDS, COLD_ROUNDS = (50, 200), 2, 3
WARMUP, MEASURE = 6.0, 20.0  # s per run
QUIET, QUIET_WAIT = 0.3, 3.0  # CPU pressure below which to start a run; s to wait for it
# The p95 limits of issue 47 item 2, in ms ("check": a change reaching the other phones).
LIMITS = {"tap": 100.0, "page": 150.0, "check": 250.0}
START_WAIT = 180  # s a server may take to start on a loaded machine
COLD_LIMIT = 50.0  # ms, a 2,000-action game's first load after a restart
LONG_GAME = 2000  # actions


@dataclass(frozen=True)
class Run:
    """One server's run: which mechanism was off (or ``ON``), and what the tables saw."""

    server: str
    step: stats.Step


@dataclass(frozen=True)
class Cold:
    """One server's first load of the long game after its start, in ms."""

    server: str
    ms: float
    load: float


def order(rounds: int, switches: list[str]) -> list[str]:
    """Everything on first and between every other run; each round takes the switches in the
    opposite order of the round before (a drift of the machine then falls on each alike)."""
    out = [ON]
    for r in range(rounds):
        for name in switches if r % 2 == 0 else switches[::-1]:
            out += [name, ON]
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


async def long_game(port: int, export: bytes) -> tuple[str, dict]:
    """A game of LONG_GAME actions (the epoch-III game and coin corrections tapped through
    HTTP): its token and the cookies of a phone seated at it."""
    builder = Phone("127.0.0.1", port)
    token = await tables.import_game(builder, export)
    corrections = [("correct", {"player": i % 5, "value": "coins", "delta": 1 - 2 * (i % 2)})
                   for i in range(LONG_GAME - tables.EPOCH_ACTIONS)]
    assert await tables.play(builder, token, corrections) == LONG_GAME
    reader = (await tables.seat(Phone("127.0.0.1", port), token, 0)).phone
    return token, dict(reader.cookies)


async def measure(folder: Path, args: argparse.Namespace) -> tuple[list[Run], list[Cold]]:
    """Build the tables (and the long game), then the runs in ``order`` at each size, then
    the cold loads."""
    database = f"sqlite:///{folder / 'ablation.sqlite'}"
    instance = str(folder / "instance")

    def server(name: str = ON) -> Server:
        _, argv, env = SWITCHES.get(name, ("", (), {}))
        # every simulated phone comes from one address: the per-address rate limits off
        return Server(database, folder / "server.log", args=argv, COMPANION_INSTANCE=instance,
                      FLASK_RATELIMIT_ENABLED="false", **env).start(wait=START_WAIT)

    srv = server()
    try:
        print(f"ablation: building {max(args.sizes)} tables and a {LONG_GAME:,}-action game...",
              flush=True)
        export = await tables.epoch_three_export(Phone("127.0.0.1", srv.port))
        built: list[tables.Table] = []
        await tables.add_tables(srv.port, export, built, max(args.sizes))
        long, cookies = await long_game(srv.port, export) if args.cold_rounds else ("", {})
    finally:
        srv.stop()
    runs: list[Run] = []
    for count in args.sizes:
        for i, name in enumerate(order(args.rounds, args.switches)):
            srv = server(name)
            try:
                _moved(built, srv.port)
                pressure = await _quiet()
                print(f"ablation, {count} tables, {i + 1}: {name} off (CPU pressure "
                      f"{pressure:.0%})..." if name != ON else
                      f"ablation, {count} tables, {i + 1}: everything on (CPU pressure "
                      f"{pressure:.0%})...", flush=True)
                step = await load.run_step(built[:count], args.warmup, args.measure, srv.cpu,
                                           seed=i, drain=load.TIMEOUT + 1)
            finally:
                srv.stop()
            runs.append(Run(name, step))
            print(row(runs[-1]), flush=True)
            save(runs, [])  # (so far: a run that fails leaves the others)
    colds: list[Cold] = []
    for _ in range(args.cold_rounds):
        for name in order(1, args.switches):
            srv = server(name)
            try:
                phones = [Phone("127.0.0.1", srv.port, dict(cookies)) for _ in range(4)]
                ms = await measures.first_load(phones, built[1].token, long)
            finally:
                srv.stop()
            colds.append(Cold(name, ms, os.getloadavg()[0]))
            save(runs, colds)
            print(f"cold load, {name}: {ms:.1f} ms", flush=True)
    return runs, colds


def errors(s: stats.Step) -> int:
    return sum(k.errors for k in s.kinds.values())


def misses(s: stats.Step) -> list[str]:
    """The limits a run missed, in words."""
    out = [f"{'reach' if kind == 'check' else kind} p95 ≤ {limit:.0f} ms"
           for kind, limit in LIMITS.items() if not s.kinds[kind].p95 <= limit]
    return out + ([f"no errors ({errors(s)})"] if errors(s) else [])


def neighbours(runs: list[Run], name: str, count: int) -> tuple[list[Run], list[Run]]:
    """The runs of ``count`` tables with ``name`` off, and the runs with everything on just
    before and after each of them."""
    at = [r for r in runs if r.step.tables == count]
    off = [i for i, r in enumerate(at) if r.server == name]
    beside = sorted({j for i in off for j in (i - 1, i + 1) if 0 <= j < len(at)
                     and at[j].server == ON})
    return [at[j] for j in beside], [at[i] for i in off]


def verdict(name: str, runs: list[Run], colds: list[Cold], count: int) -> str:
    """Stays or goes, by the rule of the module's docstring, and why."""
    on, off = neighbours(runs, name, count)
    reasons = []
    if on and off:
        for what in {m for r in off for m in misses(r.step)}:
            if all(what in misses(r.step) for r in off) and \
                    sum(what in misses(r.step) for r in on) * 2 < len(on):
                reasons.append(f"without it {count} tables miss {what} in every run")
    cold_on = [c.ms for c in colds if c.server == ON]
    cold_off = [c.ms for c in colds if c.server == name]
    if cold_off and min(cold_off) > COLD_LIMIT >= statistics.median(cold_on):
        reasons.append(f"without it the cold load exceeds {COLD_LIMIT:.0f} ms in every run")
    if reasons:
        return "**stays**: " + "; ".join(sorted(reasons))
    if not off:
        return "not measured"
    return "**goes**: without it every target is met or missed as with it (within the noise)"


def _cell(x: float) -> str:
    return "–" if x != x else f"{x:.0f}"


def _runs_cell(steps: list[Run]) -> str:
    """Each run's p95 tap / page / reach in ms (and its errors), in order."""
    def one(s: stats.Step) -> str:
        said = " / ".join(_cell(s.kinds[k].p95) for k in ("tap", "page", "check"))
        return said + (f" ({errors(s)} errors)" if errors(s) else "")
    return "; ".join(one(r.step) for r in steps) or "–"


def row(run: Run) -> str:
    """A run as printed while the ablation goes."""
    s = run.step
    return (f"| {run.server} | {s.tables} | {_runs_cell([run])} | {s.server_cpu:.0%} | "
            f"lag {_cell(s.lag_p95)} ms | load {s.load:.1f} | pressure {s.pressure:.0%} |")


def markdown(runs: list[Run], colds: list[Cold], args: argparse.Namespace) -> str:
    """The ablation's section of BENCHMARKS.md: one table, a row a mechanism."""
    big = max(args.sizes)
    head = ("| mechanism (how it is switched off) | "
            + " | ".join(f"{n} tables with | {n} tables without" for n in args.sizes)
            + " | cold load with / without (ms) | verdict |\n|---|"
            + "---:|" * (2 * len(args.sizes) + 1) + "---|")
    rows = []
    for name in args.switches:
        cells = [SWITCHES[name][0]]
        for count in args.sizes:
            on, off = neighbours(runs, name, count)
            cells += [_runs_cell(on), _runs_cell(off)]
        cold = [", ".join(f"{c.ms:.0f}" for c in colds if c.server == who) or "–"
                for who in (ON, name)]
        cells += [" / ".join(cold), verdict(name, runs, colds, big)]
        rows.append("| " + " | ".join(cells) + " |")
    loads = [r.step.load for r in runs] + [c.load for c in colds]
    return "\n".join([
        f"Each cell lists every run's p95 tap / page / change reaching the other phones, in ms "
        f"(and its errors, if any), {args.warmup:.0f} s of warm-up and {args.measure:.0f} s "
        f"measured a run; \"with\" is the runs with everything on just before and after those "
        f"without. The limits: tap {LIMITS['tap']:.0f}, page {LIMITS['page']:.0f}, reach "
        f"{LIMITS['check']:.0f} ms, no errors; a {LONG_GAME:,}-action game's first load after "
        f"a restart ≤ {COLD_LIMIT:.0f} ms. The machine's load average (1 min) during the runs: "
        f"{min(loads):.1f}–{max(loads):.1f} (`bench/ablation.py`; each run's numbers in "
        f"test-artifacts/ablation.json).", "", head, *rows, ""])


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench ablation", description=__doc__)
    parser.add_argument("--sizes", default=SIZES, type=lambda s: [int(x) for x in s.split(",")],
                        help="tables of each round, comma-separated")
    parser.add_argument("--switches", default=list(SWITCHES),
                        type=lambda s: [x for x in s.split(",") if x in SWITCHES or
                                        parser.error(f"no switch {x!r}: {', '.join(SWITCHES)}")],
                        help=f"which mechanisms to switch off, comma-separated: "
                             f"{', '.join(SWITCHES)}")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--cold-rounds", type=int, default=COLD_ROUNDS)
    parser.add_argument("--warmup", type=float, default=WARMUP, help="s before measuring")
    parser.add_argument("--measure", type=float, default=MEASURE, help="s measured per run")
    return parser.parse_args(argv)


def save(runs: list[Run], colds: list[Cold]) -> None:
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "ablation.json").write_text(json.dumps(
        {"runs": [asdict(r) for r in runs], "colds": [asdict(c) for c in colds]}, indent=1))


def run(folder: Path, args: argparse.Namespace) -> str:
    """The runs, as BENCHMARKS.md's section; each run's numbers in
    test-artifacts/ablation.json."""
    runs, colds = uvloop.run(measure(folder, args))
    save(runs, colds)
    return markdown(runs, colds, args)


def main(argv: list[str] | None = None) -> None:
    """Only the ablation: its section printed (`make bench` writes it to BENCHMARKS.md)."""
    with tempfile.TemporaryDirectory(prefix="companion-ablation-") as tmp:
        print(run(Path(tmp), options(argv)))
