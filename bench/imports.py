"""Importing a long game file with take-backs (issue 36): a 20,000-step Hadara file (the most a
file may hold) of corrections with take-backs of recent steps, chains of take-backs of
take-backs, changes, undos and redos mixed in as a table fixes its mistakes, posted to
`POST /import` through the Flask test client (one process, the whole request: reading the JSON,
checking every entry as a tap, storing the game). Run alone: `.venv/bin/python -m bench.imports`."""
from __future__ import annotations

import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

from companion.games import get_game
from companion.games.core import AMEND, REDO, UNDO, VOID, RulesError
from companion.games.gamefile import FORMAT, Replay

from .guessing import CSRF

STEPS = 20_000
RUNS = 3
TARGET = 5.0  # s
VALUES = ("coins", "income", "military", "culture", "food")
AT = datetime(2026, 1, 1, 20, 0)


def setup() -> dict:
    return {"players": [{"name": n, "initiative": i + 1, "side": "A", "coins": 10,
                         "income": 3, "military": 3, "culture": 3, "food": 3}
                        for i, n in enumerate(("Ana", "Ben", "Cy", "Dee", "Eli"))]}


def _candidate(rnd: random.Random, replay: Replay) -> tuple[str, dict]:
    """The next step a table might take: mostly corrections, then fixes of recent steps."""
    ledger, roll = replay.ledger, rnd.random()
    recent = ledger.stack[-10:]
    if ledger.undone and rnd.random() < 0.4:  # the table undid one step too many
        return REDO, {"target": ledger.undone[-1][0]}
    if roll < 0.70 or not recent:
        return "correct", {"player": rnd.randrange(5), "value": rnd.choice(VALUES),
                           "delta": rnd.choice((-2, -1, 1, 1, 2, 3))}
    if roll < 0.82:
        return VOID, {"targets": sorted(rnd.sample(recent, min(len(recent),
                                                               rnd.choice((1, 1, 2)))))}
    if roll < 0.88 and ledger.log[-1].kind == VOID:  # a take-back of the take-back
        return VOID, {"targets": [ledger.log[-1].seq]}
    if roll < 0.93:
        seq = rnd.choice(recent)
        return AMEND, {"target": seq, "data": {"player": rnd.randrange(5),
                                               "value": rnd.choice(VALUES), "delta": 1}}
    return UNDO, {"target": ledger.stack[-1]}


def game_file(steps: int = STEPS, seed: int = 36) -> dict:
    """A valid game file of ``steps`` entries (each kept only once the file reader accepts it,
    as a tap would be)."""
    rules, made = get_game("hadara"), setup()
    replay = Replay(rules, rules.new_game(made), made)
    rnd, actions = random.Random(seed), []
    while len(actions) < steps:
        kind, data = _candidate(rnd, replay)
        try:
            done = replay._step(len(actions) + 1, kind, data, "", AT)
        except RulesError:
            continue
        replay.entries.append(done)
        actions.append({"seq": done.seq, "kind": kind, "data": done.data, "by": "",
                        "text": str(done.text)[:1000], "rule": done.rule,
                        "at": AT.isoformat()})
    return {"format": FORMAT, "game": "hadara", "title": "Long evening", "setup": made,
            "actions": actions}


# Text that keeps opening a JSON string: the nesting check skips strings, and a string pattern
# that could fail made such a file take minutes (tests/web/test_import_checks.py refuses them).
UNCLOSED = ('"' + '\\"' * 80_000, '["' + "\\" * 120_000)


def unclosed_refusals(client, token: str) -> list[float]:
    """Seconds to refuse each file of :data:`UNCLOSED` (422, nothing stored)."""
    seconds = []
    for body in UNCLOSED:
        data = {"csrf_token": token, "file": (io.BytesIO(body.encode()), "g.json")}
        start = time.perf_counter()
        resp = client.post("/import", data=data, content_type="multipart/form-data")
        seconds.append(time.perf_counter() - start)
        assert resp.status_code == 422, resp.get_data(as_text=True)[-1000:]
    return seconds


def measure(steps: int = STEPS, runs: int = RUNS) -> dict:
    """Seconds to import the file (median of ``runs``, each into a new database)."""
    from companion import create_app

    body = json.dumps(game_file(steps)).encode()
    actions = json.loads(body)["actions"]
    kinds = Counter(a["kind"] for a in actions)
    kinds["chained"] = sum(1 for a in actions if a["kind"] == VOID and any(
        actions[t - 1]["kind"] == VOID for t in a["data"]["targets"]))
    seconds, cpu = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app({"TESTING": True, "SECRET_KEY": "bench", "CREATE_TABLES": True,
                              "DATABASE_URL": f"sqlite:///{Path(tmp) / 'import.sqlite'}"})
            client = app.test_client()
            token = CSRF.search(client.get("/").get_data(as_text=True)).group(1)
            data = {"csrf_token": token, "file": (io.BytesIO(body), "g.json")}
            start, started = time.perf_counter(), time.process_time()
            resp = client.post("/import", data=data, content_type="multipart/form-data")
            seconds.append(time.perf_counter() - start)
            cpu.append(time.process_time() - started)
            assert resp.status_code == 303, resp.get_data(as_text=True)[-1000:]
            unclosed = unclosed_refusals(client, token)
    return {"seconds": statistics.median(seconds), "runs": seconds, "unclosed": unclosed,
            "cpu": statistics.median(cpu), "load": os.getloadavg()[0], "steps": steps,
            "bytes": len(body), "kinds": dict(kinds)}


def markdown(r: dict) -> str:
    k = r["kinds"]
    met = "met" if r["seconds"] < TARGET else "**not met**"
    return (f"A {r['steps']:,}-step Hadara game file ({r['bytes'] / 1e6:.1f} MB: "
            f"{k.get('correct', 0):,} corrections, {k.get(VOID, 0):,} take-backs ({k['chained']:,} "
            f"of them taking back a take-back), {k.get(AMEND, 0):,} changes, "
            f"{k.get(UNDO, 0):,} undos, {k.get(REDO, 0):,} redos) imported with `POST /import` "
            f"(Flask test client, one process, a new SQLite database each time): median "
            f"**{r['seconds']:.2f} s** of {len(r['runs'])} "
            f"({', '.join(f'{s:.2f}' for s in r['runs'])}), {r['cpu']:.2f} s of CPU (load "
            f"average {r['load']:.1f} after); target < {TARGET:.0f} s: {met}. A file whose "
            f"take-backs and changes would cost more to check is refused before any replay "
            f"(`gamefile.MAX_WALKED`, `MAX_REPLAYED`). Files of unclosed strings "
            f"({', '.join(f'{len(u) // 1000} KB' for u in UNCLOSED)}) refused in "
            f"{', '.join(f'{s:.3f}' for s in r.get('unclosed', ()))} s.\n")


if __name__ == "__main__":
    result = measure(int(sys.argv[1]) if len(sys.argv) > 1 else STEPS)
    print(markdown(result))
