"""BENCHMARKS.md and the console summary, from what `python -m bench` measured."""
from __future__ import annotations

import datetime

from . import heavy_reads, history_page, imports, phone
from .load import HOLD, POLL
from .stats import KINDS, LAG_LIMIT, TARGETS, Step
from .tables import EPOCH_ACTIONS

TABLES_TARGET = 250
WEIGHT_LIMIT = 40 * 1024
COLD_LIMIT = 50.0  # ms
LONG_GAME = 2000  # actions


def _ms(x: float) -> str:
    return "–" if x != x else f"{x:.1f}"  # NaN: nothing was measured


def _pct(x: float) -> str:
    return "–" if x != x else f"{x:.0%}"


def _met(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


def step_row(s: Step) -> str:
    """One line of the ramp table."""
    cells = [str(s.tables), str(s.tables * 5)]
    for kind in KINDS:
        k = s.kinds[kind]
        cells.append(f"{k.count} / {_ms(k.p50)} / {_ms(k.p95)} / {_ms(k.max)}")
    cells.append(str(sum(s.kinds[k].errors for k in KINDS)))
    cells.append(f"{_ms(s.lag_p95)} / {_ms(s.lag_max)}")
    cells.append(f"{s.server_cpu:.0%} / {s.generator_cpu:.0%}")
    cells.append(f"{s.load:.1f} / {_pct(s.pressure)}")
    cells.append("pass" if s.passed else "fail: " + "; ".join(s.failures()))
    return "| " + " | ".join(cells) + " |"


def ramp_table(steps: list[Step]) -> str:
    """The steps in order of tables."""
    steps = sorted(steps, key=lambda s: s.tables)
    head = ("| tables | phones | check: n / p50 / p95 / max ms | page: n / p50 / p95 / max ms "
            "| tap: n / p50 / p95 / max ms | errors | generator lag p95 / max ms "
            "| CPU server / generator | load avg / CPU pressure | verdict |\n|"
            + "---:|" * 9 + "---|")
    return "\n".join([head, *map(step_row, steps)])


def error_lines(steps: list[Step]) -> list[str]:
    out = []
    for s in steps:
        for kind in KINDS:
            if s.kinds[kind].errors:
                said = ", ".join(f"{what} ×{n}" for what, n in s.kinds[kind].examples)
                out.append(f"- {s.tables} tables, {kind}: {said}")
    return out


BUSY = 0.5  # CPU pressure above which a step measured the machine's other work as much as ours


def busy_warning(steps: list[Step]) -> list[str]:
    """A warning when other work competed for the cores during the ramp."""
    busy = [s for s in steps if s.pressure > BUSY]
    if not busy:
        return []
    return [f"**The machine was busy with other work** during {len(busy)} of {len(steps)} "
            f"steps (CPU pressure up to {max(s.pressure for s in busy):.0%}): their latencies "
            f"measure that contention as much as the app. Run `make bench` again on a quiet "
            f"machine before reading them as the app's.", ""]


# Requests per second of a table: each phone's held check is answered once per change (a tap
# every ~8 s) or when its wait ends (25 s), then asked again; five pages per change; the tap.
PER_TABLE = {"check": 5 * (1 / 8 + 1 / 25), "page": 5 / 8, "tap": 1 / 8}


def where_time_goes(alone: dict[str, float], steps: list[Step]) -> str:
    """A table's server time from each kind's time alone × how often a table asks for it, and
    the CPU the server really used per table at the lightest step."""
    work = {k: alone[k] * PER_TABLE[k] for k in KINDS}
    total = sum(work.values())
    shares = ", ".join(f"{k}s {work[k] / total:.0%}" for k in KINDS)
    out = (f"Alone on the idle server (median of a tap, then each phone's page and 304 check, 20 "
           f"times), a check takes {alone['check']:.1f} ms, a page {alone['page']:.1f} ms and a "
           f"tap {alone['tap']:.1f} ms. A table asks for {PER_TABLE['check']:.2f} checks, "
           f"{PER_TABLE['page']:.3f} pages and {PER_TABLE['tap']:.3f} taps per second: "
           f"**{total:.1f} ms of server time per table per second** ({shares}), so one busy "
           f"core would carry about {1000 / total:.0f} tables with no time to spare.")
    if steps:
        s = steps[0]
        out += (f" Under load, at {s.tables} tables, the server's processes used "
                f"{s.server_cpu:.0%} of a core: {s.server_cpu / s.tables * 1000:.1f} ms of CPU "
                f"per table per second.")
    return out


def targets(r: dict) -> list[str]:
    """The targets of issue 15 and whether this run met them."""
    steps, best, w, cold = r["steps"], r["largest"], r["weight"], r["cold"]
    return [
        "## Targets", "", "| target | measured | |", "|---|---|---|",
        f"| {TABLES_TARGET} tables × 5 seated phones at the real rates with p95 ≤ "
        f"{TARGETS['check']:.0f} ms (check: a change reaching the other phones), ≤ "
        f"{TARGETS['tap']:.0f} ms (tap), ≤ "
        f"{TARGETS['page']:.0f} ms (page), no errors, the generator keeping up "
        f"| largest passing: **{best if best is not None else 'none'}** tables "
        f"(steps tried: {', '.join(str(n) for n in sorted(s.tables for s in steps))}) "
        f"| {_met(best is not None and best >= TABLES_TARGET)} |",
        f"| page weight ≤ 40 KB over the wire (compressed, as a browser asks), no outside "
        f"requests (5-player Hadara, epoch III) "
        f"| {w['total_wire'] / 1024:.1f} KB ({w['total'] / 1024:.1f} KB uncompressed), "
        f"{len(w['outside'])} outside URLs (after the page is "
        f"shown, the offline view's service worker: "
        f"{sum(w.get('after', {}).values()) / 1024:.1f} KB, once per phone; see Page weight) "
        f"| {_met(w['total_wire'] <= WEIGHT_LIMIT and not w['outside'])} |",
        f"| cold load of a {LONG_GAME:,}-action game ≤ {COLD_LIMIT:.0f} ms "
        f"| {cold['long']:.1f} ms (median of {cold['runs']} restarts) "
        f"| {_met(cold['long'] <= COLD_LIMIT)} |", history_page.target_row(r["history"]),
        *([heavy_reads.target_row(r["heavy_reads"])] if "heavy_reads" in r else []),
        *([phone.target_row(r["phone"])] if "phone" in r else []), ""]


def machine(r: dict) -> list[str]:
    m = r["machine"]
    return [
        "## Machine", "",
        f"- CPU: {m['cpu']}, {m['cores']} cores visible; RAM {m['ram']}; Python {m['python']}; "
        f"{m['os']}",
        f"- Server, as `make run` starts it (`python -m companion.serving.serve`): `{m['server']}`",
        f"- Database: SQLite in WAL mode on {m['fs']}; the app sets "
        f"`synchronous={r['durability']['app']}`",
        f"- Load average (1 min) before / after the run: {r['load_before']:.2f} / "
        f"{r['load_after']:.2f}; CPU pressure (PSI, 60 s) before / after: "
        f"{_pct(r['pressure_before'])} / {_pct(r['pressure_after'])}. The machine is shared: "
        f"the generator and the server run on the same cores as other work.",
        f"- Run time: {r['seconds'] / 60:.1f} min.", ""]


def ramp(r: dict) -> list[str]:
    steps = r["steps"]
    errors = error_lines(steps)
    return [
        "## Results: the ramp", "",
        "Latency in ms from sending a request to the end of its answer; n = requests measured; "
        "CPU as a share of one core over the measured part. Load avg: the machine's 1-min load "
        "average at the end of the step; CPU pressure: the share of the step's last 10 s in "
        "which some runnable task waited for a core (the kernel's PSI). Both count the server "
        "and the generator; well above their CPU, other work was competing for the cores.", "",
        *busy_warning(steps),
        ramp_table(steps), "", *(["Errors:", "", *errors, ""] if errors else []),
        "## What limits a server", "", where_time_goes(r["alone"], steps), "", LIMITS, ""]


def weight_and_cold(r: dict) -> list[str]:
    w, cold = r["weight"], r["cold"]
    assets = ", ".join(f"`{p}` {n:,}" for p, n in w["assets"].items())
    install = ", ".join(f"`{p}` {n:,}" for p, n in w.get("install", {}).items())
    after = ", ".join(f"`{p}` {n:,}" for p, n in w.get("after", {}).items())
    wire = f" as {w['encoding']}" if w["encoding"] else ", not compressed"
    return [
        "## Page weight", "",
        f"A seated phone's first load of the page of a 5-player Hadara game in epoch III: HTML "
        f"{w['html']:,} bytes uncompressed ({w['wire']:,} bytes on the wire{wire}), plus "
        f"{assets}: {w['total']:,} bytes uncompressed, **{w['total_wire']:,} bytes** over the "
        f"wire. URLs of another origin the page or "
        f"its style sheets would fetch: {', '.join(w['outside']) or '**none**'}. "
        f"Content-Security-Policy: `{w['csp'] or 'none'}`.", "",
        WEIGHT_METHOD.format(install=install or "none", after=after or "none"), "",
        "## Cold load of a long game", "",
        f"A game of {LONG_GAME:,} actions (the epoch-III game and corrections tapped through "
        f"HTTP), loaded by a seated phone as the first request for it after a server restart "
        f"(each server process compiles the game page's templates as it starts; first, 4 "
        f"phones at once fetched another game's page 5 times): median **{cold['long']:.1f} ms** "
        f"over {cold['runs']} restarts ({', '.join(f'{x:.1f}' for x in cold['long_runs'])}); a "
        f"{cold['short_actions']}-action game the same way: {cold['short']:.1f} ms.", ""]


def durable(r: dict) -> list[str]:
    modes = r["durability"]["modes"]
    values = {f"{mode}_{k}": v for mode, d in modes.items() for k, v in d.items()}
    return ["## Durable SQLite: what `synchronous=FULL` costs a tap", "",
            DURABLE.format(**values, extra=modes["FULL"]["p50"] - modes["NORMAL"]["p50"],
                           fs=r["machine"]["fs"]), ""]


#: below this line BENCHMARKS.md is written by hand (the story of the performance work), kept
NOTES = ("<!-- Kept by hand: `make bench` rewrites what is above this line and keeps what "
         "follows. -->")


def with_notes(measured: str, before: str) -> str:
    """A new BENCHMARKS.md: this run's report, then the notes kept by hand in the one before."""
    kept = before[before.index(NOTES):] if NOTES in before else NOTES + "\n"
    return measured.rstrip() + "\n\n" + kept


def markdown(r: dict) -> str:
    """The whole BENCHMARKS.md."""
    head = [
        "# Benchmarks", "",
        f"Written by `make bench` (`python -m bench`) on {datetime.date.today():%Y-%m-%d}, "
        f"code {r['commit']}. A benchmark, not a test: it reports numbers against targets and "
        f"never fails the build. Numbers from another machine, or from this one while other "
        f"work runs on it, differ.", ""]
    method = METHOD.format(hold=HOLD, poll=POLL, lag=LAG_LIMIT, warmup=r["warmup"],
                           seconds=r["measure"],
                           actions=EPOCH_ACTIONS)
    return "\n".join([*head, *targets(r), *machine(r), method, "", *ramp(r),
                      *weight_and_cold(r), *history_page.markdown(r["history"]), *durable(r),
                      "## Slow clients (issue 14)", "", r["slow_clients"],
                      "## Guessing join codes (issue 14)", "", r["guessing"],
                      *(heavy_reads.markdown(r["heavy_reads"]) if "heavy_reads" in r else []),
                      *(["## Importing a long game file (issue 36)", "",
                         imports.markdown(r["imports"])] if "imports" in r else []),
                      *(["", "## A change across servers", "", CROSS, "", r["cross_server"]]
                        if "cross_server" in r else []),
                      *(["", "## What each speed mechanism earns (issue 47)", "", r["ablation"]]
                        if "ablation" in r else []),
                      *(["", *phone.markdown(r["phone"])] if "phone" in r else [])])


CROSS = """Two servers on one PostgreSQL database (`bench/cross_server.py`), as two machines would
run them: a phone's version check held on one, a tap on the other; timed from the tap's answer
to the check's (0 when the check answered first)."""


METHOD = """## Method

- **Tables.** One 5-player Hadara game is set up on the form (`POST /new/hadara`), tapped through
  HTTP to epoch III ({actions} actions: each epoch the wheel set, phase A's 25 cards sold a round
  at a time, phase B's 25 face-up cards taken in turn, every step closed; then epoch III's wheel
  set) and exported; each table is a new game imported from that export
  (`POST /import`): a table in the middle of an evening, with the heavier page of a late epoch.
  Each table has five phones, each with its own cookies, which open the game and take their own
  seat (`POST /g/<token>/seat`).
- **Rates.** Each phone keeps one version check waiting on the server, as the page's script
  does (`GET /g/<token>/v?wait={hold}`, `If-None-Match` with the version its page shows: the
  server answers when the game moves, or `304` after {hold} s, and the phone asks again at once;
  {poll:.0f} s later when an answer came without waiting), on a connection of its own, as a
  browser opens one for the taps and pages meanwhile; when the version moved it fetches the page
  (`GET /g/<token>`, gzip accepted). Each table taps every
  6–10 s (~8 s) from a random phone: a `correct` (commutative) of +1 to a random player's
  value, the table's next tap −1 to the same (no value goes below its start, which the rules
  refuse), sent as the script sends it (URL-encoded form with the page's CSRF token, `Accept:
  application/json`); that phone then fetches the page. Phases are random.
- **What a check's latency is.** A held check's time is mostly waiting, which costs nothing:
  what a player feels is how late the other phones learn of a change. So a check is timed from
  the moment the change was recorded (the tapping phone had its answer) to the moment another
  phone has its check's answer (0 when it had it first); a check that ends with `304` after its
  wait is not timed, but its errors count.
- **Generator.** One process on asyncio (uvloop) with a small HTTP/1.1 client (`bench/http.py`),
  two connections per phone (its waiting check; its pages and taps), kept alive as long as the
  server keeps them. A page's or tap's latency runs
  from handing it to its connection (opening it if needed) to the end of its answer. Its lag is
  how late the generator woke for a scheduled check or tap; a step whose lag p95 exceeds
  {lag:.0f} ms does not pass, whatever its latencies.
- **Ramp.** Tables are added between steps; each step runs {warmup:.0f} s of warm-up, then
  {seconds:.0f} s measured (a request counts when it was planned inside them). The ramp stops at
  the first step that fails; when the first step fails, it tries half as many tables, and half
  again, until one passes. The largest passing number is the largest step that passed with every
  smaller one.
- **Errors.** Any answer other than 2xx or 304, an exception, no answer within 10 s (a check:
  within its wait and 10 s), a tap not answered `ok`, a page without the game on it."""

WEIGHT_METHOD = """What a first load fetches was checked with Chromium (Playwright, a phone's
viewport, the seated phone's cookies; `tests/browser/test_first_load_in_chromium.py` keeps
checking it): the page, its style sheet, its script and the SVG icon (one file for the header's
image and the tab's icon), then the version checks. It fetched neither
the manifest nor the PNG icons: of several `rel=icon` links a browser takes one, the manifest and
the icons it lists are read when a browser checks whether the page can be installed as an app
(Chrome may do so after the page has loaded, once, then keeps them in its cache), and Safari reads
the `apple-touch-icon` when the page is added to the home screen. So the weight counts the HTML,
what it links for loading (style sheets, scripts, images, one icon) and what the style sheets
fetch; the install-time files are listed apart and not counted: {install}. Once the page is
shown, its script registers the service worker that keeps the phone's last view for offline
(README, "On the phone"): fetched once by a phone, then asked with its ETag (`304`) on later
visits, it is not needed to show the page and is listed apart too: {after}."""

LIMITS = """A table's load is fixed by how it plays: a tap every ~8 s, then every phone learns of
it at once (its waiting check is answered) and fetches the new page, and asks to wait again; a
quiet phone asks once every 25 s. The five pages of a change are asked for at the same moment:
in each server process, one request draws the page, and the others of that process wait for it
and take it. A process runs one thread of Python at a time: while a page is drawn, the other
requests of its process wait, so as tables are added every kind's p95 climbs together long
before the cores are fully used. More processes would keep fewer requests behind each drawing,
but each draws every page itself and learns of every change: two per core cost more CPU per table
and slower taps (the ablations of issue 37), so the server runs one per core. What a server
carries is bounded by its cores divided by a table's server time (above), less what the
machine's other work takes."""

DURABLE = """A tap's write transaction (`BEGIN`, move the version on if it is still the one read,
insert one action, `COMMIT`) run with Python's `sqlite3` on a copy of the benchmark's database
(WAL, on {fs}), one commit every 20 ms as a table sends them, the two settings taking turns:

| `synchronous` | commits | p50 ms | mean ms | p95 ms |
|---|---:|---:|---:|---:|
| NORMAL | {NORMAL_count} | {NORMAL_p50:.2f} | {NORMAL_mean:.2f} | {NORMAL_p95:.2f} |
| FULL | {FULL_count} | {FULL_p50:.2f} | {FULL_mean:.2f} | {FULL_p95:.2f} |

FULL syncs the write-ahead log to disk at every commit (a tap survives a power cut); NORMAL
syncs only at checkpoints. The difference, **{extra:.2f} ms at the median**, is what durability
adds to each tap; a table taps every ~8 s."""


def summary(r: dict) -> str:
    """A few lines for the console."""
    out = ["", "tables  check p95  page p95  tap p95  errors  lag p95  verdict"]
    for s in r["steps"]:
        out.append(f"{s.tables:>6}  {_ms(s.kinds['check'].p95):>9}  {_ms(s.kinds['page'].p95):>8}"
                   f"  {_ms(s.kinds['tap'].p95):>7}  {sum(s.kinds[k].errors for k in KINDS):>6}"
                   f"  {_ms(s.lag_p95):>7}  {'pass' if s.passed else 'FAIL'}")
    w, cold, dur = r["weight"], r["cold"], r["durability"]["modes"]
    out += [f"largest passing: {r['largest']} tables (target {TABLES_TARGET})",
            f"page weight: {w['total']:,} bytes, outside URLs: {len(w['outside'])}",
            f"cold load, {LONG_GAME} actions: {cold['long']:.1f} ms",
            history_page.target_row(r["history"]),
            f"tap commit p50: NORMAL {dur['NORMAL']['p50']:.2f} ms, "
            f"FULL {dur['FULL']['p50']:.2f} ms",
            *([f"import of {r['imports']['steps']:,} steps with take-backs: "
               f"{r['imports']['seconds']:.2f} s"] if "imports" in r else [])]
    return "\n".join(out)
