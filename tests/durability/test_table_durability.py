"""Killing the server loses nothing: gunicorn (two workers) is SIGKILLed, process group and all, in
the middle of a scripted game, again and again; after a restart every acknowledged action is in
the log and every game loads. On SQLite (WAL) and on PostgreSQL."""
from __future__ import annotations

import http.client
import random
import threading
import time
import urllib.error

from companion import store
from companion.games import GAMES, get_game
from tests.table_helpers import Gunicorn, Phone, free_port, sample_setup

CYCLES = 5


def script_step(slug: str, n: int) -> tuple[str, dict, bool]:
    """The n-th action of the scripted game: ruling switches, and for Hadara +1 coin taps;
    every fifth step an undo, and every seventh a take-back of an older step (its number is
    filled in from the version). (kind, fields, needs the current version)"""
    if n % 5 == 4:
        return "undo", {}, True
    if n % 7 == 6:
        return "void", {}, True
    if slug == "hadara" and n % 2:
        return "correct", {"player": str(n % 3), "value": "coins", "delta": "1"}, False
    rid, r = next((rid, r) for rid, r in get_game(slug).rulings.items() if len(r.readings) > 1)
    readings = list(r.readings)
    return "ruling", {"ruling": rid, "reading": readings[n % len(readings)]}, True


def play_until_killed(base: str, games: dict, acked: list, stop: threading.Event) -> None:
    """Send the script round-robin over the games; remember each action the server confirmed."""
    phone = Phone(base)
    try:
        for game in games.values():
            phone.open_game(game.play_token)
        n = len(acked)
        while not stop.is_set():
            slug = sorted(games)[n % len(games)]
            token = games[slug].play_token
            kind, fields, versioned = script_step(slug, n)
            version = phone.version(token) if versioned else None
            path = f"/g/{token}/{kind}" if kind in ("undo", "void") else None
            if kind == "void":  # the step before the newest: refused if already taken back
                fields = {"targets": str(max(version - 1, 1))}
            status, body = phone.act(token, kind, fields, version=version, path=path)
            if status == 200 and body.get("ok"):
                acked.append((slug, body["version"], body["text"]))
            n += 1
    except (urllib.error.URLError, http.client.HTTPException, OSError, AssertionError,
            ValueError):
        return  # the server died under us: whatever was not confirmed may or may not be there


def test_sigkill_in_the_middle_loses_no_acknowledged_action(db_app, database_url):
    with db_app.app_context():
        games = {slug: store.create_game(get_game(slug), sample_setup(get_game(slug)))
                 for slug in sorted(GAMES)}
    acked: list[tuple[str, int, str]] = []
    rng = random.Random(1234)
    port = free_port()
    kills = 0
    for _ in range(CYCLES):
        # --preload: each restart imports the app once instead of once a worker (bounded time);
        # what matters here, the commit before the answer, is the same
        server = Gunicorn(database_url, workers=2, port=port, preload=True).start()
        stop = threading.Event()
        before = len(acked)
        player = threading.Thread(target=play_until_killed,
                                  args=(server.base, games, acked, stop))
        player.start()
        deadline = time.monotonic() + 10
        while len(acked) < before + 4 and time.monotonic() < deadline:
            time.sleep(0.02)  # let some actions through, then kill in the middle of more
        time.sleep(rng.uniform(0.05, 0.4))
        server.kill()
        kills += 1
        stop.set()
        player.join(30)
        assert not player.is_alive()
    assert kills == CYCLES and len(acked) >= CYCLES * 4

    with Gunicorn(database_url, workers=2, port=port) as server:
        phone = Phone(server.base)
        for game in games.values():
            assert phone.get(f"/g/{game.play_token}")[0] == 200
            assert phone.get(f"/g/{game.play_token}/history")[0] == 200
    with db_app.app_context():
        logs = {slug: {r.seq: r for r in store.rows_of(store.session(), g.id)}
                for slug, g in games.items()}
        for slug, game in games.items():
            fresh = store.session().get(type(game), game.id)
            assert sorted(logs[slug]) == list(range(1, fresh.version + 1))  # no gap, no loss
            store.state_of(fresh)  # the log still folds into a legal state
    for slug, version, text in acked:
        assert logs[slug][version].text == text, (slug, version)
