"""The history page of the longest game a file can hold (20,000 steps, issue 36): a 5-player
Hadara game set up on the form, its file grown to 20,000 coin corrections and imported
(`POST /import`), then a seated phone asks for the history's parts one at a time: the newest
part of everyone's steps, of its own, an older part and the part holding an old step.

Part of `python -m bench`; alone: `.venv/bin/python -m bench.history_page` (serves the app as
`make run` does, over a new SQLite file, and prints its BENCHMARKS.md lines)."""
from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import uvloop

from . import tables
from .http import Phone

STEPS = 20_000  # the most a game file holds (companion/games/gamefile.py: MAX_ENTRIES)
ROUNDS = 5  # requests of each part, one at a time
TIME_LIMIT = 1000.0  # ms
SIZE_LIMIT = 200 * 1024  # bytes
PARTS = {"everyone's newest": "", "my steps": "?view=mine", "an older part": "?before=10001",
         "the part holding step 150": "?around=150"}


def long_file(export: bytes, steps: int = STEPS) -> bytes:
    """``export`` (a game with no steps yet) with ``steps`` coin corrections: each player's +1,
    then its -1 (no value goes below where it started), signed by the players in turn."""
    game = json.loads(export)
    names = [p["name"] for p in game["setup"]["players"]]
    game["actions"] = [{"seq": i + 1, "kind": "correct", "by": names[(i // 2) % len(names)],
                        "data": {"player": i % len(names), "value": "coins",
                                 "delta": 1 - 2 * ((i // len(names)) % 2)},
                        "at": "2026-11-27T20:00:00"} for i in range(steps)]
    return json.dumps(game).encode()


async def measure(port: int) -> dict:
    """Each part's request times (ms, one at a time) and its largest answer (bytes,
    uncompressed), with the time the import took."""
    builder = Phone("127.0.0.1", port)
    token = await tables.new_game(builder)
    resp = await builder.request("GET", f"/g/{token}/export.json")
    start = time.monotonic()
    long = await tables.import_game(builder, long_file(resp.body))
    imported = time.monotonic() - start
    phone = (await tables.seat(Phone("127.0.0.1", port), long, 0)).phone
    times: dict[str, list[float]] = {name: [] for name in PARTS}
    sizes: dict[str, int] = dict.fromkeys(PARTS, 0)
    for _ in range(ROUNDS):
        for name, query in PARTS.items():
            start = time.monotonic()
            resp = await phone.request("GET", f"/g/{long}/history{query}")
            times[name].append((time.monotonic() - start) * 1000)
            if resp.status != 200 or b'id="step-' not in resp.body:
                raise RuntimeError(f"history{query}: {resp.status}")
            sizes[name] = max(sizes[name], len(resp.body))
    return {"steps": STEPS, "import_s": imported, "rounds": ROUNDS, "times": times,
            "sizes": sizes}


def is_met(r: dict) -> bool:
    return max(max(t) for t in r["times"].values()) <= TIME_LIMIT and \
        max(r["sizes"].values()) <= SIZE_LIMIT


def target_row(r: dict) -> str:
    """The line of BENCHMARKS.md's targets."""
    slowest = max(max(t) for t in r["times"].values())
    return (f"| history page of a {r['steps']:,}-step game answered ≤ {TIME_LIMIT / 1000:.0f} s, "
            f"≤ {SIZE_LIMIT // 1024} KB | slowest {slowest:.0f} ms, largest "
            f"{max(r['sizes'].values()) / 1024:.1f} KB (see History of a long game) "
            f"| {'**met**' if is_met(r) else '**not met**'} |")


def markdown(r: dict) -> list[str]:
    """BENCHMARKS.md's section."""
    rows = [f"| {name} | `{PARTS[name] or '(none)'}` | {statistics.median(t):.0f} | "
            f"{max(t):.0f} | {r['sizes'][name]:,} |" for name, t in r["times"].items()]
    return [
        "## History of a long game (issue 36)", "",
        f"A 5-player game's file grown to {r['steps']:,} coin corrections (the most a file "
        f"holds) and imported (`POST /import`, {r['import_s']:.1f} s); a seated phone then asks "
        f"for each part {r['rounds']} times, one request at a time, uncompressed. A part shows "
        f"at most 100 steps; the whole log stays in `export.json`.", "",
        "| part | query | median ms | max ms | bytes |", "|---|---|---:|---:|---:|", *rows, ""]


def main() -> None:
    from .server import Server
    tmp = Path(tempfile.mkdtemp(prefix="companion-bench-history-"))
    with Server(f"sqlite:///{tmp / 'bench.sqlite'}", tmp / "server.log") as srv:
        result = uvloop.run(measure(srv.port))
    shutil.rmtree(tmp, ignore_errors=True)
    print("\n".join([target_row(result), "", *markdown(result)]))


if __name__ == "__main__":
    main()
