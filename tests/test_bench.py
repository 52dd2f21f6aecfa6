"""The benchmark's own logic on fixed data (never its speed): percentiles, a step's verdict, the
largest passing number of tables, the page's outside URLs, and its HTTP client's reading."""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import math

from bench import ablation, history_page, measures, stats
from bench.http import Phone


def make_step(tables: int, check: float = 10, page: float = 20, tap: float = 30,
              errors: int = 0, lag: float = 1.0) -> stats.Step:
    latencies = {"check": [check] * 20, "page": [page] * 20, "tap": [tap] * 20}
    failed = {"check": ["HTTP 502"] * errors, "page": [], "tap": []}
    return stats.step(tables, latencies, failed, [lag] * 10, server_cpu=0.5, generator_cpu=0.1,
                      seconds=30)


def test_the_ablation_runs_everything_on_before_after_and_between_each_switch_off():
    switches = list(ablation.SWITCHES)
    runs = ablation.order(2, switches)
    assert runs[::2] == [ablation.ON] * (len(switches) * 2 + 1)
    assert runs[1::2] == [*switches, *reversed(switches)]


def ablation_runs(count: int, on_taps: list[float], off_taps: list[float],
                  name: str = "connections") -> list:
    """Runs in the ablation's order (on, off, on, off, on) with these taps' p95."""
    runs = [ablation.Run(ablation.ON, make_step(count, tap=on_taps[0]))]
    for off, on in zip(off_taps, on_taps[1:]):
        runs += [ablation.Run(name, make_step(count, tap=off)),
                 ablation.Run(ablation.ON, make_step(count, tap=on))]
    return runs


def test_a_mechanism_stays_only_where_200_tables_miss_a_limit_in_every_run_without_it():
    missed = ablation_runs(200, [40, 50, 45], [130, 140])
    assert ablation.verdict("connections", missed, [], 200).startswith("**stays**: without it 200 "
                                                                     "tables miss tap p95 ≤ 100")
    once = ablation_runs(200, [40, 50, 45], [130, 60])  # one run of two: the noise
    assert ablation.verdict("connections", once, [], 200).startswith("**goes**")
    both = ablation_runs(200, [140, 150, 145], [130, 140])  # missed with it on too
    assert ablation.verdict("connections", both, [], 200).startswith("**goes**")
    small = ablation_runs(50, [40, 50, 45], [130, 140])  # 50 tables do not decide
    assert ablation.verdict("connections", small + ablation_runs(200, [40, 50, 45], [60, 70]), [],
                            200).startswith("**goes**")


def test_a_mechanism_stays_where_the_cold_load_exceeds_its_limit_in_every_run_without_it():
    runs = ablation_runs(200, [40, 50, 45], [45, 50], name="gc")
    cold = [ablation.Cold(ablation.ON, 25, 1.0), ablation.Cold("gc", 110, 1.0),
            ablation.Cold(ablation.ON, 27, 1.0), ablation.Cold("gc", 95, 1.0)]
    assert "cold load exceeds 50 ms in every run" in ablation.verdict("gc", runs, cold, 200)
    cold[3] = ablation.Cold("gc", 45, 1.0)
    assert ablation.verdict("gc", runs, cold, 200).startswith("**goes**")


def test_the_ablation_table_has_a_row_a_mechanism_with_its_runs_beside_each_other():
    args = ablation.options(["--sizes", "50,200", "--switches", "connections"])
    runs = ablation_runs(50, [30, 31, 32], [60, 61]) + ablation_runs(200, [40, 41, 42], [130, 131])
    table = ablation.markdown(runs, [], args).splitlines()
    rows = [line for line in table if line.startswith("| the connection count")]
    assert len(rows) == 1
    assert "| 30 / 20 / 10; 31 / 20 / 10; 32 / 20 / 10 | 60 / 20 / 10; 61 / 20 / 10 |" in rows[0]
    assert rows[0].endswith("miss tap p95 ≤ 100 ms in every run |")


def test_percentile_is_the_nearest_rank_value():
    values = [float(v) for v in range(100, 0, -1)]  # 1..100, unordered
    assert stats.percentile(values, 50) == 50
    assert stats.percentile(values, 95) == 95
    assert stats.percentile(values, 100) == 100
    assert stats.percentile([7.0, 1.0, 3.0], 50) == 3
    assert stats.percentile([4.0], 95) == 4
    assert math.isnan(stats.percentile([], 95))


def test_kind_counts_latencies_and_names_the_commonest_errors():
    kind = stats.Kind.of([5.0, 1.0, 9.0, 3.0], ["HTTP 502", "TimeoutError", "HTTP 502"])
    assert (kind.count, kind.p50, kind.max, kind.errors) == (4, 3.0, 9.0, 3)
    assert kind.examples[0] == ("HTTP 502", 2)


def test_a_step_passes_only_under_every_target_without_errors_and_without_lag():
    assert make_step(50).passed
    assert make_step(50, check=50.0, page=150.0, tap=100.0).passed  # at the targets
    assert make_step(50, check=50.1).failures() == ["check p95 50.1 ms > 50 ms"]
    assert not make_step(50, page=151).passed
    assert not make_step(50, tap=101).passed
    assert make_step(50, errors=1).failures() == ["1 check errors"]
    lagged = make_step(50, lag=stats.LAG_LIMIT + 1)
    assert not lagged.kept_up and not lagged.passed


def test_a_step_with_no_requests_of_a_kind_does_not_pass():
    empty = stats.step(10, {"check": [1.0], "page": [], "tap": [1.0]},
                       {"check": [], "page": [], "tap": []}, [1.0], server_cpu=0,
                       generator_cpu=0, seconds=1)
    assert empty.failures() == ["no page measured"]


def test_largest_passing_is_the_last_step_passed_with_every_smaller_one():
    steps = [make_step(100), make_step(50), make_step(150, page=200), make_step(200)]
    assert stats.largest_passing(steps) == 100  # 200 passed, but only after 150 failed
    assert stats.largest_passing([make_step(50, tap=500)]) is None
    assert stats.largest_passing([make_step(50), make_step(300)]) == 300


def test_outside_urls_are_found_in_the_page_and_its_style_sheets():
    html = """<link rel="stylesheet" href="/static/app.css"><script src="/static/app.js"></script>
    <link rel="icon" href="https://cdn.example.org/i.png"><a href="https://example.org/rules">x</a>
    <img src="data:image/png;base64,AAAA" srcset="/a.png 1x, //img.example.net/b.png 2x">
    <div style="background: url('http://127.0.0.1:5000/ok.png')"></div>
    <style>@import "https://fonts.example.com/f.css";</style>"""
    parser = measures._Resources()
    parser.feed(html)
    outside = {u for u in parser.urls if measures.is_outside(u, "127.0.0.1:5000")}
    assert outside == {"https://cdn.example.org/i.png", "//img.example.net/b.png",
                       "https://fonts.example.com/f.css"}  # a link a reader follows is no fetch
    assert measures.css_urls("a{background:url(/x.svg)} b{src:url('https://f.example/y')}") == [
        "/x.svg", "https://f.example/y"]


def test_a_first_load_counts_one_icon_and_leaves_what_only_installing_fetches_apart():
    """Chromium's first load of the game page fetched the style sheet, the script and one icon,
    never the manifest, the second icon nor the touch icon (bench/measures.py)."""
    html = """<link rel="manifest" href="/manifest.webmanifest">
    <link rel="icon" href="/i.svg" type="image/svg+xml"><link rel="icon" href="/i-192.png">
    <link rel="apple-touch-icon" href="/i-180.png"><link rel="stylesheet" href="/app.css">
    <script src="/app.js" defer></script><img src="/i.svg" alt="">"""
    parser = measures._Resources()
    parser.feed(html)
    assert parser.urls == ["/i.svg", "/app.css", "/app.js", "/i.svg"]
    assert parser.install == ["/manifest.webmanifest", "/i-192.png", "/i-180.png"]


ANSWERS = [
    b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nSet-Cookie: session=abc; HttpOnly; Path=/\r\n"
    b"\r\nhello",
    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n",
    b"HTTP/1.1 304 Not Modified\r\nETag: \"3\"\r\nConnection: close\r\n\r\n",
    b"HTTP/1.1 200 OK\r\nSet-Cookie: session=old; Expires=Thu, 01 Jan 1970 00:00:00 GMT\r\n"
    b"Connection: close\r\n\r\nuntil the end",
]


def test_phone_reads_each_kind_of_answer_and_keeps_its_cookies():
    async def scenario() -> list:
        seen: list[bytes] = []
        answers = iter(ANSWERS)

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            while True:  # keep the connection until an answer says close
                head = await reader.readuntil(b"\r\n\r\n")
                seen.append(head)
                answer = next(answers)
                writer.write(answer)
                await writer.drain()
                if b"Connection: close" in answer:
                    break
            writer.close()
            await writer.wait_closed()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        phone = Phone("127.0.0.1", server.sockets[0].getsockname()[1])
        got = []
        for _ in ANSWERS:
            async with asyncio.timeout(5):  # a misread length would wait for bytes never sent
                resp = await phone.request("GET", "/g/x", {"If-None-Match": '"3"'})
            got.append((resp.status, resp.body, dict(phone.cookies)))
        phone.close()
        server.close()
        await server.wait_closed()
        return [got, seen]

    # (on a thread of its own: a browser test before it may leave an event loop running here)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        got, seen = pool.submit(asyncio.run, scenario()).result(60)
    assert got == [(200, b"hello", {"session": "abc"}), (200, b"abcdefg", {"session": "abc"}),
                   (304, b"", {"session": "abc"}), (200, b"until the end", {})]
    assert b"Cookie: session=abc" in seen[1] and b"Cookie" not in seen[0]
    assert all(b'If-None-Match: "3"' in head for head in seen)
    assert len(seen) == 4


def test_the_long_history_bench_file_imports_with_every_coin_back_where_it_started(app):
    from companion import store
    from companion.games import get_game
    from tests.table_helpers import sample_game
    game = sample_game(app, "hadara")
    with app.app_context():
        export = json.dumps(store.export_game(game)).encode()
        copy = store.import_game(json.loads(history_page.long_file(export, steps=60)))
        start = get_game("hadara").new_game(game.setup)
        assert copy.version == 60
        assert [p.coins for p in store.state_of(copy).players] == [p.coins for p in start.players]


def test_the_long_history_target_is_met_only_by_every_part_in_time_and_size():
    met = {"steps": 20_000, "times": {"a": [300.0, 900.0], "b": [100.0]},
           "sizes": {"a": 150_000, "b": 90_000}}
    assert history_page.is_met(met)
    assert not history_page.is_met({**met, "times": {"a": [300.0], "b": [1001.0]}})
    assert not history_page.is_met({**met, "sizes": {"a": 210 * 1024, "b": 1}})
    assert "not met" in history_page.target_row({**met, "sizes": {"a": 210 * 1024}})


def phone_game(slug: str, ms: float, script: str = "today", kb: float = 5.0,
               own: float = 250.0) -> object:
    from bench import phone
    update = phone.Update(bytes=int(kb * 1024), requests=2, main_ms=ms, cpu_ms=ms, wall_ms=ms,
                          parts=dict.fromkeys(phone.METRICS[1:], 1.0))
    return phone.Game(slug, script, [update] * 3, [(50.0, own)] * 3)


def test_the_slowed_phone_meets_its_targets_only_with_every_games_medians_within_each():
    from bench import phone
    met = [phone_game(slug, 90.0) for slug in phone.FIRST_STEP]
    assert phone.is_met({"games": met})
    assert not phone.is_met({"games": [*met[:2], phone_game("hexemonia", 101.0)]})
    assert not phone.is_met({"games": [*met[:2], phone_game("hexemonia", 90.0, kb=10.5)]})
    assert not phone.is_met({"games": [*met[:2], phone_game("hexemonia", 90.0, own=301.0)]})
    # the ablation's script is reported beside, never judged
    assert phone.is_met({"games": [*met, phone_game("hadara", 900.0, script="a601c0b")]})
    row = phone.target_row({"games": met})
    assert "Hadara 5.0 KB, 90 ms, own 50 / 250 ms" in row and row.endswith("**met** |")


def test_the_phones_trace_counts_each_events_own_time_once_on_the_page_thread_only():
    """bench/phone_trace.py: an event's own time is its time less its children's, nested at any
    depth; another thread's events are not counted."""
    from bench import phone_trace

    def x(name: str, start: float, ms: float, tid: int = 1) -> dict:
        return {"ph": "X", "name": name, "pid": 7, "tid": tid, "ts": start * 1000,
                "dur": ms * 1000}
    events = [x("RunTask", 0, 10), x("FunctionCall", 2, 3), x("Layout", 3, 1),
              x("Paint", 6, 2), x("RunTask", 12, 1), x("Paint", 0, 50, tid=2)]
    assert phone_trace.own_times(events, (7, 1)) == {"RunTask": 6.0, "FunctionCall": 2.0,
                                                     "Layout": 1.0, "Paint": 2.0}
