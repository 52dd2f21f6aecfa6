"""`python -m bench.phone_trace`: where a live update's main-thread time goes on the slowed phone
(issue 46). The tables, server and phones of ``bench.phone``; the watching phone's live updates
recorded in a Chromium trace (its timeline and V8's sampling profiler), then per update the main
thread's own time (each event's time less its children's) summed by kind of work: the browser's
(parse, style, layout, paint...) by trace event, our script by function (idiomorph, static/app.js)
and the script's own calls into the page (``set innerHTML``, ``getBoundingClientRect``...).

A tool to read, not a measure kept in BENCHMARKS.md's tables: the totals differ from
``bench.phone``'s a little (the trace costs the phone some time of its own)."""
from __future__ import annotations

import argparse
import collections
import json
import tempfile
from pathlib import Path

from . import phone
from .server import Server

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute",
              "blink", "loading", "disabled-by-default-v8.cpu_profiler"]
#: trace events whose own time is the script's (split by function from the profile instead)
SCRIPT = {"FunctionCall", "EvaluateScript", "v8.callFunction", "V8.Execute", "TimerFire",
          "FireAnimationFrame", "EventDispatch", "RunMicrotasks", "v8.run", "ProfileCall",
          "XHRReadyStateChange", "v8.compile", "V8.ScriptCompiler"}


def _main_thread(events: list[dict]) -> tuple[int, int]:
    """The (pid, tid) of the watched page's main thread: the renderer's with the most work."""
    names = {(e["pid"], e["tid"]) for e in events
             if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    work = collections.Counter((e["pid"], e["tid"]) for e in events
                               if (e["pid"], e["tid"]) in names and e.get("ph") == "X")
    return work.most_common(1)[0][0]


def own_times(events: list[dict], at: tuple[int, int]) -> dict[str, float]:
    """Each trace event's own time on thread ``at`` (ms, its children's left out), by name."""
    spans = sorted(((e["ts"], e["ts"] + e.get("dur", 0), e["name"]) for e in events
                    if (e["pid"], e["tid"]) == at and e.get("ph") == "X" and e.get("dur")),
                   key=lambda s: (s[0], -s[1]))
    out: dict[str, float] = collections.defaultdict(float)
    stack: list[list] = []  # [start, end, name, children's time]

    def close(span: list) -> None:
        out[span[2]] += (span[1] - span[0] - span[3]) / 1000
        if stack:
            stack[-1][3] += span[1] - span[0]

    for start, end, name in spans:
        while stack and stack[-1][1] <= start:
            close(stack.pop())
        stack.append([start, min(end, stack[-1][1]) if stack else end, name, 0])
    while stack:
        close(stack.pop())
    return out


def script_times(events: list[dict], at: tuple[int, int]) -> dict[str, float]:
    """V8's samples on thread ``at`` (the trace's ProfileChunk events), their time by function:
    ``name (file)``, ms of self time."""
    nodes: dict[int, dict] = {}
    samples: list[int] = []
    deltas: list[int] = []
    for e in events:
        if e.get("name") != "ProfileChunk" or e["pid"] != at[0]:  # (sent from V8's own thread)
            continue
        data = e["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            nodes[node["id"]] = node["callFrame"]
        samples += data.get("cpuProfile", {}).get("samples", [])
        deltas += data.get("timeDeltas", [])
    out: dict[str, float] = collections.defaultdict(float)
    for node, delta in zip(samples[1:], deltas[1:]):  # (a sample's time: the delta to the next)
        frame = nodes.get(node, {})
        name = frame.get("functionName") or "(anonymous)"
        url = frame.get("url", "").rsplit("/", 1)[-1]
        if name in ("(idle)", "(program)", "(garbage collector)", "(root)"):
            continue
        out[f"{name} ({url})" if url else name] += delta / 1000
    return out


def trace_updates(browser, base: str, token: str, count: int, out: Path) -> dict:
    """``count`` live updates of the watching phone (as ``bench.phone``) in one trace."""
    url = f"{base}/g/{token}"
    watcher = phone.phone_context(browser, base, phone.TODAY)
    tapper = browser.new_context(base_url=base)
    try:
        watched, tap = phone.Watched(watcher, url, 1), phone._tapper(tapper, url)
        redo = phone.undone(watched)
        for n in range(count + 1):
            if n == 1:  # (the first warms the page, outside the trace)
                browser.start_tracing(page=watched.page, path=str(out), categories=CATEGORIES)
            watched.page.wait_for_timeout(400)
            watched.page.evaluate(phone.WATCH, watched.version() + 1)
            tap("undo" if (n + redo) % 2 == 0 else "redo")
            watched.page.evaluate(phone.SETTLED, phone.TIMEOUT_MS)
        watched.page.wait_for_timeout(200)
        browser.stop_tracing()
    finally:
        watcher.close()
        tapper.close()
    events = json.loads(out.read_text())["traceEvents"]
    at = _main_thread(events)
    return {"browser": own_times(events, at), "script": script_times(events, at)}


def report(slug: str, times: dict, count: int, top: int = 25) -> list[str]:
    browser = {k: v / count for k, v in times["browser"].items() if k not in SCRIPT}
    scripted = {k: v / count for k, v in times["script"].items()}
    lines = [f"## {phone.LABELS[slug]}: per update (mean of {count}), ms of the main thread, "
             f"CPU {phone.RATE}x",
             f"browser's work (trace events' own time): {sum(browser.values()):.1f} ms; "
             f"script (profile samples): {sum(scripted.values()):.1f} ms"]
    for name, ms in sorted({**browser, **{"js " + k: v for k, v in scripted.items()}}.items(),
                           key=lambda kv: -kv[1])[:top]:
        lines.append(f"  {ms:7.1f}  {name}")
    return lines


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright
    parser = argparse.ArgumentParser(prog="python -m bench.phone_trace", description=__doc__)
    parser.add_argument("--updates", type=int, default=6)
    parser.add_argument("--games", default=",".join(phone.FIRST_STEP),
                        type=lambda s: s.split(","))
    parser.add_argument("--rate", type=float, default=phone.RATE, help="the CPU slowdown: "
                        "1 gives the plainest split (the throttle's pauses fall into whatever "
                        "runs, mostly as V8.InvokeApiInterruptCallbacks and RunTask)")
    parser.add_argument("--keep", default="", help="a folder to keep the traces in")
    args = parser.parse_args(argv)
    phone.RATE = args.rate
    with tempfile.TemporaryDirectory(prefix="companion-trace-") as tmp:
        keep = Path(args.keep or tmp)
        srv = Server(f"sqlite:///{Path(tmp) / 'phone.sqlite'}", Path(tmp) / "phone.log",
                     FLASK_RATELIMIT_ENABLED="false").start()
        try:
            tokens = phone.build(srv)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=phone.CHROMIUM, args=phone.ARGS)
                try:
                    for slug in args.games:
                        times = trace_updates(browser, srv.base, tokens[slug], args.updates,
                                              keep / f"{slug}.json")
                        print("\n".join(report(slug, times, args.updates)), flush=True)
                finally:
                    browser.close()
        finally:
            srv.stop()


if __name__ == "__main__":
    main()
