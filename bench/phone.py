"""`python -m bench phone`: a live update on a cheap phone (issue 46). The server as `make run`
starts it, on 127.0.0.1; Debian's Chromium driven by Playwright, its CPU slowed 6× (CDP
``Emulation.setCPUThrottlingRate``: about a low-end Android phone), on each game's busiest page
(Hadara 5 players in epoch III, TradeWarz 4 houses, Hexemonia 4 players).

- **A watching phone** (seated at the second player) while the Flask side taps: per live update,
  the bytes over the wire (CDP ``Network.loadingFinished`` ``encodedDataLength``: compressed, with
  headers) and the main-thread time from just before the tap to the paint of the frame that
  shows the new version (the sum of ``TaskDuration`` of CDP ``Performance.getMetrics``, as the
  slowed phone spends it; and the same counted in the thread's own CPU time, ``threadTicks``,
  which leaves out the time other processes kept the cores).
- **The tapping phone** itself slowed 6×: from its tap (the click event's time) to the frame
  showing its button taken (first feedback) and to the paint of the version it recorded (its
  own result painted).

Every update is a real step of the game taken back and given again (Undo, Redo), so each one
changes what that step changes (the player in turn, their values, the latest steps).
The page's Content Security Policy allows no string evaluation: the page is read with functions
only. ``--against <commit>`` measures, in turn with today's, a phone served that commit's
static/app.js (what a change of the script buys, on the same server and tables)."""
from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import load, tables
from .http import Phone
from .server import ROOT, SECRET, Server

RATE = 6  # CPU slowdown of the cheap phone
UPDATES = 12  # live updates measured per game
OWN_TAPS = 8  # taps of the slowed phone itself per game
TIMEOUT_MS = 30_000  # the longest wait for one update: a bounded run
CHROMIUM = "/usr/bin/chromium"
LOOPBACK = "127.0.0.1"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOOPBACK}"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "locale": "en-GB", "service_workers": "block"}
TARGETS = {"kb": 10.0, "ms": 100.0, "own": 300.0, "feedback": 100.0}
#: the first step of each game, taken back and given again for every update
FIRST_STEP = {"hadara": ("sell", {"player": 0}),
              "tradewarz": ("resources", {"player": 0, "first": "gold"}),
              "hexemonia": ("take", {"player": 0, "hexes": 2})}
LABELS = {"hadara": "Hadara, 5 players, epoch III", "tradewarz": "TradeWarz, 4 houses",
          "hexemonia": "Hexemonia, 4 players"}
TODAY = "today"  # the script as served (any other name: a commit's static/app.js)
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")

# Set up in the page before the tap: resolves (window.__bench.wait) once the frame after #game
# shows version v is painted (an animation frame, then a task after it).
WATCH = """v => {
  const game = document.getElementById('game'), b = {v: String(v)};
  window.__bench = b;
  b.wait = new Promise(done => {
    const seen = () => {
      if (b.shown || game.dataset.version !== b.v) { return; }
      b.shown = performance.timeOrigin + performance.now();
      mo.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        b.settled = performance.timeOrigin + performance.now(); done(); }));
    };
    const mo = new MutationObserver(seen);
    mo.observe(game, {attributes: true, attributeFilter: ['data-version']});
    seen();
  });
}"""
# (each wait bounded: an update that never comes fails the run rather than hanging it)
LATE = "new Promise((_, no) => setTimeout(() => no(new Error('not shown in time')), ms))"
SETTLED = ("ms => Promise.race([window.__bench.wait, " + LATE + "])"
           ".then(() => [window.__bench.shown, window.__bench.settled])")

# The tapping phone: the click's time, the paint of its button turned disabled, and the paint
# of #game showing a newer version (each: an animation frame, then a task after it).
OWN = """() => {
  const game = document.getElementById('game'), b = {from: game.dataset.version};
  window.__own = b;
  b.wait = new Promise(done => {
    document.addEventListener('click', ev => {
      b.click = performance.timeOrigin + ev.timeStamp;
      const button = ev.target.closest('button');
      const mo = new MutationObserver(() => {
        if (button.disabled && !b.feedback) {
          mo.disconnect();
          requestAnimationFrame(() => setTimeout(() => {
            b.feedback = performance.timeOrigin + performance.now(); }));
        }
      });
      mo.observe(button, {attributes: true, attributeFilter: ['disabled']});
    }, {capture: true, once: true});
    const seen = new MutationObserver(() => {
      if (game.dataset.version === b.from) { return; }
      seen.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        b.result = performance.timeOrigin + performance.now(); done(); }));
    });
    seen.observe(game, {attributes: true, attributeFilter: ['data-version']});
  });
}"""
OWN_DONE = ("ms => Promise.race([window.__own.wait, " + LATE + "])"
            ".then(() => [window.__own.click, window.__own.feedback, window.__own.result])")


@dataclass
class Update:
    """One live update on the watching phone."""

    bytes: int
    requests: int
    main_ms: float  # TaskDuration, as the slowed phone spends it
    cpu_ms: float  # the same in the main thread's own CPU time (slowed too)
    wall_ms: float  # from the tap's answer to settled
    parts: dict[str, float] = field(default_factory=dict)  # ScriptDuration ... (ms, slowed)


@dataclass
class Game:
    """One game's updates and own taps with one script."""

    slug: str
    script: str  # TODAY, or the commit whose static/app.js the phone ran
    updates: list[Update]
    own: list[tuple[float, float]]  # (first feedback, result painted) ms


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def build(srv: Server) -> dict[str, str]:
    """Each game's busiest table on the server's own database; its play token. Hadara: the
    bench's 5-player game tapped to epoch III through HTTP (bench/tables.py), imported;
    TradeWarz and Hexemonia: 4 players from their setup specs (tests/table_helpers.py). Each
    with its first step taken (``FIRST_STEP``)."""
    from companion import create_app, store
    from companion.games import get_game
    from tests.table_helpers import sample_setup

    export = asyncio.run(tables.epoch_three_export(Phone(LOOPBACK, srv.port)))
    app = create_app({"SECRET_KEY": SECRET, "DATABASE_URL": srv.env["DATABASE_URL"]})
    tokens = {}
    with app.app_context():
        for slug in FIRST_STEP:
            if slug == "hadara":
                game = store.import_game(json.loads(export))
            else:
                rules = get_game(slug)
                game = store.create_game(rules, sample_setup(rules, 4))
            kind, data = FIRST_STEP[slug]
            store.record(game.id, kind, data)
            tokens[slug] = game.play_token
    app.extensions["db_engine"].dispose()
    return tokens


def _metrics(cdp) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


class Watched:
    """A slowed phone: its page, a CDP session for the wall-clock metrics and one for the
    thread's CPU time, and the bytes its page received."""

    def __init__(self, context, url: str, seat: int) -> None:
        from tests.browser.tables import seated
        self.page = seated(context, url, seat)
        self.page.wait_for_load_state("load")
        self.wall = context.new_cdp_session(self.page)
        self.wall.send("Performance.enable", {"timeDomain": "timeTicks"})
        self.cpu = context.new_cdp_session(self.page)
        self.cpu.send("Performance.enable", {"timeDomain": "threadTicks"})
        self.wall.send("Network.enable")
        self.received: list[int] = []
        self.wall.on("Network.loadingFinished",
                     lambda ev: self.received.append(int(ev["encodedDataLength"])))
        self.wall.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        self.page.wait_for_timeout(1500)  # the first version check sent and held

    def version(self) -> int:
        return int(self.page.locator("#game").get_attribute("data-version"))

    def mark(self) -> tuple[dict, dict]:
        self.received.clear()
        return _metrics(self.wall), _metrics(self.cpu)


def _tapper(context, url: str):
    """The Flask side: a context of its own (its cookies), sending Undo and Redo as the page's
    script does; the version each recorded."""
    html = context.request.get(url).text()
    csrf = CSRF.search(html).group(1)

    def tap(which: str) -> int:
        resp = context.request.post(f"{url}/{which}", form={"csrf_token": csrf},
                                    headers={"Accept": "application/json"})
        if resp.status != 200:
            raise RuntimeError(f"{which}: {resp.status} {resp.text()[:300]}")
        return int(resp.json()["version"])
    return tap


def script_of(commit: str) -> str:
    """static/app.js as it was at ``commit``."""
    return subprocess.run(["git", "show", f"{commit}:static/app.js"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def phone_context(browser, base: str, script: str):
    """A phone's browser context; its page gets ``script`` (a commit's static/app.js) unless
    TODAY."""
    context = browser.new_context(base_url=base, **PHONE)
    if script != TODAY:
        body = script_of(script)
        context.route("**/static/gen/app.js*", lambda route: route.fulfill(
            body=body, content_type="text/javascript; charset=utf-8"))
    return context


def undone(phone: Watched) -> int:
    """1 when the game's first step is taken back now (the page offers Redo), else 0."""
    return phone.page.locator('#game form[action$="/redo"]').count()


def live_updates(browser, base: str, token: str, count: int, script: str) -> list[Update]:
    """``count`` updates on a watching phone, each a tap from the Flask side."""
    url = f"{base}/g/{token}"
    watcher = phone_context(browser, base, script)
    tapper = browser.new_context(base_url=base)
    try:
        phone, tap = Watched(watcher, url, 1), _tapper(tapper, url)
        out, redo = [], undone(phone)
        for n in range(count + 1):  # (the first one warms the page and is not counted)
            phone.page.wait_for_timeout(300)  # idle before the tap
            # (the version read first: a Playwright query costs the slowed page's thread time)
            waited = phone.version() + 1
            wall0, cpu0 = phone.mark()
            phone.page.evaluate(WATCH, waited)
            tap("undo" if (n + redo) % 2 == 0 else "redo")
            recorded = time.time() * 1000
            shown, settled = phone.page.evaluate(SETTLED, TIMEOUT_MS)
            received = list(phone.received)
            wall1, cpu1 = phone.mark()
            if n == 0:
                continue
            out.append(Update(
                bytes=sum(received), requests=len(received),
                main_ms=(wall1["TaskDuration"] - wall0["TaskDuration"]) * 1000,
                cpu_ms=(cpu1["TaskDuration"] - cpu0["TaskDuration"]) * 1000,
                wall_ms=settled - recorded,
                parts={k: (wall1[k] - wall0[k]) * 1000 for k in METRICS[1:]}))
        return out
    finally:
        watcher.close()
        tapper.close()


def own_taps(browser, base: str, token: str, count: int,
             script: str) -> list[tuple[float, float]]:
    """``count`` taps of the slowed phone itself: Undo and Redo in turn."""
    context = phone_context(browser, base, script)
    try:
        phone = Watched(context, f"{base}/g/{token}", 0)
        out, redo = [], undone(phone)
        for n in range(count + 1):
            phone.page.wait_for_timeout(500)
            which = "undo" if (n + redo) % 2 == 0 else "redo"
            button = phone.page.locator(f'#game form[action$="/{which}"] button')
            phone.page.evaluate(OWN)
            button.tap()
            click, feedback, result = phone.page.evaluate(OWN_DONE, TIMEOUT_MS)
            if n:
                out.append((feedback - click, result - click))
        return out
    finally:
        context.close()


def measure(tmp: Path, *, updates: int = UPDATES, taps: int = OWN_TAPS,
            scripts: tuple[str, ...] = (TODAY,),
            slugs: tuple[str, ...] = tuple(FIRST_STEP)) -> dict:
    """Every game's updates and own taps on one server, with each script in turn; the
    machine's CPU pressure around."""
    from playwright.sync_api import sync_playwright
    srv = Server(f"sqlite:///{tmp / 'phone.sqlite'}", tmp / "phone.log",
                 FLASK_RATELIMIT_ENABLED="false").start()
    games = []
    pressure = [load.cpu_pressure("avg60")]
    try:
        tokens = build(srv)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
            try:
                for slug in slugs:
                    token = tokens[slug]
                    for script in scripts:
                        print(f"a slowed phone at {LABELS[slug]} ({script})...", flush=True)
                        games.append(Game(
                            slug, script, live_updates(browser, srv.base, token, updates, script),
                            own_taps(browser, srv.base, token, taps, script)))
            finally:
                browser.close()
    finally:
        srv.stop()
    pressure.append(load.cpu_pressure("avg60"))
    return {"games": games, "pressure": pressure}


def summary(game: Game) -> dict[str, float]:
    u = game.updates
    return {"kb": _median([x.bytes / 1024 for x in u]), "ms": _median([x.main_ms for x in u]),
            "cpu": _median([x.cpu_ms for x in u]), "wall": _median([x.wall_ms for x in u]),
            "feedback": _median([f for f, _ in game.own]),
            "own": _median([r for _, r in game.own]),
            **{k: _median([x.parts[k] for x in u]) for k in METRICS[1:]}}


def _range(values: list[float]) -> str:
    return f"{min(values):,.0f}–{max(values):,.0f}" if values else "–"


def rows(result: dict) -> list[str]:
    """One line per game: medians (and ranges) against the targets."""
    out = ["| game (CPU 6×) | static/app.js | bytes per update | main-thread time per update "
           "| its thread's CPU time | style / layout / script | own tap: first feedback "
           "| own tap: result painted |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for g in result["games"]:
        s, u = summary(g), g.updates
        script = "today's" if g.script == TODAY else g.script
        out.append(
            f"| {LABELS[g.slug]} | {script} | **{s['kb']:.1f} KB** "
            f"({_range([x.bytes / 1024 for x in u])})"
            f" | **{s['ms']:,.0f} ms** ({_range([x.main_ms for x in u])}) | {s['cpu']:,.0f} ms"
            f" | {s['RecalcStyleDuration']:,.0f} / {s['LayoutDuration']:,.0f} / "
            f"{s['ScriptDuration']:,.0f} ms | **{s['feedback']:,.0f} ms** | "
            f"**{s['own']:,.0f} ms** ({_range([r for _, r in g.own])}) |")
    return out


def is_met(result: dict) -> bool:
    """Every game's medians within every target, with today's script."""
    today = [g for g in result["games"] if g.script == TODAY]
    return bool(today) and all(all(summary(g)[k] <= limit for k, limit in TARGETS.items())
                               for g in today)


def target_row(result: dict) -> str:
    """The Targets table's row."""
    said = "; ".join(f"{LABELS[g.slug].split(',')[0]} {summary(g)['kb']:.1f} KB, "
                     f"{summary(g)['ms']:,.0f} ms, own {summary(g)['feedback']:,.0f} / "
                     f"{summary(g)['own']:,.0f} ms"
                     for g in result["games"] if g.script == TODAY)
    return (f"| a live update on a phone slowed {RATE}× (each game's busiest page): median ≤ "
            f"{TARGETS['kb']:.0f} KB and ≤ {TARGETS['ms']:.0f} ms main-thread time; its own tap "
            f"shown ≤ {TARGETS['feedback']:.0f} ms, its result painted ≤ {TARGETS['own']:.0f} "
            f"ms | {said} (see A live update on a cheap phone) | "
            f"{'**met**' if is_met(result) else '**not met**'} |")


def markdown(result: dict) -> list[str]:
    """BENCHMARKS.md's section."""
    p0, p1 = result["pressure"]
    first = result["games"][0] if result["games"] else Game("", TODAY, [], [])
    n, taps = len(first.updates), len(first.own)
    return ["## A live update on a cheap phone (issue 46)", "",
            f"Chromium, CPU slowed {RATE}× (CDP `Emulation.setCPUThrottlingRate`), 390 × 844, a "
            f"phone seated at the second player; {n} updates per game, each a step taken back "
            f"or given again from another phone (Undo, Redo), and {taps} taps of the slowed "
            f"phone itself. Medians (min–max). Bytes: what the update fetched, compressed, with "
            f"headers (CDP `encodedDataLength`). Main-thread time: the sum of CDP "
            f"`TaskDuration` from just before the tap to the paint of the new version. Other "
            f"work on the machine's cores (CPU pressure, PSI 60 s: {p0:.0%} before, {p1:.0%} "
            f"after) lengthens it; the thread's own CPU time (`threadTicks`) leaves that "
            f"out. Targets: ≤ 10 "
            f"KB and ≤ 100 ms per update, own result ≤ 300 ms, first feedback ≤ 100 ms "
            f"(`python -m bench phone`).", "", *rows(result), "",
            f"Targets {'**met**' if is_met(result) else '**not met**'}."]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench phone", description=__doc__)
    parser.add_argument("--updates", type=int, default=UPDATES)
    parser.add_argument("--taps", type=int, default=OWN_TAPS)
    parser.add_argument("--against", default="", help="a commit whose static/app.js is "
                        "measured too, in turn with today's")
    parser.add_argument("--games", default=",".join(FIRST_STEP), type=lambda s: s.split(","))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="companion-phone-") as tmp:
        result = measure(Path(tmp), updates=args.updates, taps=args.taps,
                         scripts=(TODAY, args.against) if args.against else (TODAY,),
                         slugs=tuple(args.games))
    print("\n".join(markdown(result)))
