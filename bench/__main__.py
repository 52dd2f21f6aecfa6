"""`python -m bench`: build the database, serve the app and the bare route with gunicorn, measure
with wrk, and write BENCHMARKS.md (see bench/__init__.py)."""
from __future__ import annotations

import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable

from . import guessing, report
from .games import NAMES, build
from .run import ROOT, Gunicorn, get, lua_post, wrk

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
ASSETS = re.compile(r'<(?:link[^>]+href|script[^>]+src)="(/static/[^"]+)"')
COLD_RUNS = 3
GZIP = "gzip, deflate, br"  # what Chromium sends


def score_payload() -> str:
    players = [{"name": n, "coins": 17 + i, "tracks": {"income": 3, "military": 5 + i,
                                                       "culture": 4, "food": 6},
                "cards": {"red": {"count": 2, "points": 5}, "blue": {"count": 1, "points": 3},
                          "purple": {"count": 1, "points": 6}},
                "colonies": [5, 7], "statues": [4], "face_down_tiles": [2],
                "silver_medals": ["military"], "gold_medals": 1}
               for i, n in enumerate(NAMES)]
    return json.dumps({"players": players, "rulings": {"HAD-1": "remainder"}})


def page_weight(url: str) -> dict[str, int]:
    _, html, _, _ = get(url)
    _, packed, headers, _ = get(url, {"Accept-Encoding": "gzip"})
    assert headers.get("Content-Encoding") == "gzip"
    weight = {"html": len(html), "css": 0, "js": 0, "html_gzip": len(packed)}
    for asset in sorted(set(ASSETS.findall(html.decode()))):
        _, body, _, _ = get(url.split("/g/")[0] + asset)
        weight["css" if asset.endswith(".css") else "js"] += len(body)
    weight["total"] = weight["html"] + weight["css"] + weight["js"]
    return weight


def session_and_token(url: str) -> tuple[str, str]:
    """A phone's session cookie and CSRF token, taken from the game page like a browser."""
    _, html, headers, _ = get(url)
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    return cookie, CSRF.search(html.decode()).group(1)


def cold_loads(env: dict[str, str], games: dict) -> dict[str, float]:
    """Milliseconds of the first load of each game after a server start (median of runs)."""
    times: dict[str, list[float]] = {"small": [], "large": []}
    for run in range(COLD_RUNS):
        with Gunicorn("app:app", env) as url:
            for _ in range(20):  # both workers up, templates compiled, on a third game
                get(f"{url}/g/{games['epoch3']['token']}")
            order = ("small", "large") if run % 2 == 0 else ("large", "small")
            for name in order:
                times[name].append(get(f"{url}/g/{games[name]['token']}")[3] * 1000)
    return {k: statistics.median(v) for k, v in times.items()}


def machine() -> dict[str, str]:
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    mem = re.search(r"MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text())
    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout
    return {"cpu": cpu.group(1).strip() if cpu else platform.processor(),
            "cores": str(os.cpu_count()),
            "ram": f"{int(mem.group(1)) / 1024 / 1024:.1f} GiB" if mem else "?",
            "python": platform.python_version(), "os": platform.platform(),
            "wrk": (wrk_version.split("\n")[0] or "wrk").strip()}


ROUNDS = 3  # each ratio: a bare run and a target run back to back; the median of the rounds


def paired(bare_url: str, run: Callable[[], dict], floors: list[dict]) -> dict:
    """``run()`` measured against the bare route right before it, ROUNDS times: the round with
    the median ratio, its floor's req/s and every round's ratio. Other work on a shared machine
    comes and goes within seconds; a floor measured next to each run keeps it out of the
    ratio."""
    return against(lambda: wrk(bare_url + "/", duration="3s"), run, floors)


def against(base: Callable[[], dict], run: Callable[[], dict], bases: list[dict]) -> dict:
    """:func:`paired` with any ``base()`` measured before each run (kept in ``bases``)."""
    rounds = []
    for _ in range(ROUNDS):
        floor = base()
        got = run()
        bases.append(floor)
        rounds.append((got["rps"] / floor["rps"], got, floor))
    ratio, got, floor = sorted(rounds, key=lambda r: r[0])[ROUNDS // 2]
    return {**got, "bare_rps": floor["rps"], "base": floor, "ratios": [r[0] for r in rounds]}


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    db = f"sqlite:///{tmp / 'bench.sqlite'}"
    print("building the database (5-player game in epoch III, 10 and 5,000 actions)...")
    start = time.perf_counter()
    games = build(db)
    print(f"  done in {time.perf_counter() - start:.1f} s")
    served = {"DATABASE_URL": db, "FLASK_SECRET_KEY": "bench-secret-key-not-for-production"}
    # One address sends thousands of requests a second here: the rate limits would answer most
    # with 429. They are measured on their own (bench/guessing.py), as served.
    env = {**served, "FLASK_RATELIMIT_ENABLED": "false"}
    results: dict = {"games": {k: v["version"] for k, v in games.items()},
                     "load_before": os.getloadavg()}
    floors: list[dict] = []
    with Gunicorn("bench.bare:app", env) as bare_url, Gunicorn("app:app", env) as url:
        wrk(bare_url + "/", duration="1s")  # warm-up
        page = f"{url}/g/{games['epoch3']['token']}"
        for _ in range(10):
            get(page)
        print("(a) game page...")
        # As a phone at the table asks for it again: with the session cookie its first visit
        # got, and the Accept-Encoding every browser sends.
        cookie, _ = session_and_token(page)
        headers = (f"Cookie: {cookie}", f"Accept-Encoding: {GZIP}")
        results["page"] = paired(bare_url, lambda: wrk(page, headers=headers, duration="3s"),
                                 floors)
        print("(a\") game page for a first-time visitor without gzip...")
        results["page_plain"] = wrk(page, duration="3s")
        results["weight"] = page_weight(page)
        print("(b) action POST...")
        post_page = f"{url}/g/{games['posts']['token']}"
        cookie, token = session_and_token(post_page)
        script = lua_post(tmp / "post.lua", f"csrf_token={token}&player=0&value=coins&delta=1",
                          {"Content-Type": "application/x-www-form-urlencoded",
                           "Accept": "application/json", "Cookie": cookie,
                           "Referer": post_page})
        results["post"] = paired(bare_url, lambda: wrk(f"{post_page}/do/correct",
                                                       script=script, duration="3s"), floors)
        print("(c) live-update check of an idle phone...")
        version = json.loads(get(f"{page}/v")[1])["version"]
        results["live"] = paired(bare_url, lambda: wrk(
            f"{page}/v", headers=(f'If-None-Match: "{version}"',), duration="3s"), floors)
        print("(d) score API...")
        script_api = lua_post(tmp / "score.lua", score_payload(),
                              {"Content-Type": "application/json"})
        results["api"] = paired(bare_url, lambda: wrk(f"{url}/api/v1/hadara/score",
                                                      script=script_api, duration="3s"), floors)
        print("warm loads of the 10- and 5,000-action games...")
        # as a phone reloads each (its cookie, gzip): the long game against the short one
        # measured right before it, as the targets against the bare route
        reloads = {}
        for name in ("small", "large"):
            game_page = f"{url}/g/{games[name]['token']}"
            reload_headers = (f"Cookie: {session_and_token(game_page)[0]}",
                              f"Accept-Encoding: {GZIP}")
            reloads[name] = (lambda p=game_page, h=reload_headers:
                             wrk(p, headers=h, duration="3s"))
        large = against(reloads["small"], reloads["large"], [])
        results["warm"] = {"small": large["base"], "large": large,
                           "ratios": [1 / x for x in large["ratios"]]}
    print("cold loads (first load after a server start)...")
    with Gunicorn("app:app", {**env, "FLASK_PAGE_CACHE_SIZE": "0"}) as url:
        print("(a') game page drawn on every request (page cache off)...")
        page = f"{url}/g/{games['epoch3']['token']}"
        for _ in range(10):
            get(page)
        results["page_fresh"] = wrk(page)
    results["cold"] = cold_loads(env, games)
    print("guessing join codes (rate limits on)...")
    results["guessing"] = guessing.measure(served, session_and_token)
    results["bare_runs"] = [f["rps"] for f in floors]
    results["bare"] = sorted(floors, key=lambda f: f["rps"])[len(floors) // 2]  # the median
    results["load_after"] = os.getloadavg()
    results["machine"] = machine()
    (ROOT / "BENCHMARKS.md").write_text(report.markdown(results))
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "bench-results.json").write_text(json.dumps(results, indent=1))
    shutil.rmtree(tmp, ignore_errors=True)  # the database and wrk scripts of this run
    print(report.summary(results))
    print("wrote BENCHMARKS.md")


if __name__ == "__main__":
    main()
