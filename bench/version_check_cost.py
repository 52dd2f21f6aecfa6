"""In-process cost of the version check (GET /g/<token>/v), 304 and 200: the Flask test
client, N requests in 5 rounds, wall and CPU ms per check; then what the held checks' watcher
(companion/store/live.py) costs a process: one read of the versions of 50, 250 and 600 waited games,
done every LIVE_WATCH_SECONDS while someone waits (with SQLite, only when the database
changed). Run: .venv/bin/python -m
bench.version_check_cost 3000 (the machine is shared: read the rounds, not one number)."""
import statistics
import sys
import tempfile
import time

from companion import create_app, store
from companion.games import get_game
from tests.table_helpers import sample_setup

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
d = tempfile.mkdtemp()
app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{d}/m.db", "SECRET_KEY": "x",
                  "CREATE_TABLES": True})
with app.app_context():
    game = store.create_game(get_game("hadara"), sample_setup(get_game("hadara"), 5))
c = app.test_client()
url = f"/g/{game.play_token}/v"
v = c.get(url).get_json()["version"]
for label, headers in (("304", {"If-None-Match": f'"{v}"'}), ("200", {})):
    for _ in range(200):
        c.get(url, headers=headers)
    rounds = []
    for _ in range(5):
        t0, c0 = time.perf_counter(), time.process_time()
        for _ in range(N // 5):
            r = c.get(url, headers=headers)
        rounds.append(((time.perf_counter() - t0) / (N // 5) * 1000,
                       (time.process_time() - c0) / (N // 5) * 1000))
        assert r.status_code == int(label)
    print(label, "wall ms/check median of 5 rounds:",
          round(statistics.median(w for w, _ in rounds), 3),
          "cpu ms/check:", round(statistics.median(c for _, c in rounds), 3),
          "all rounds:", [(round(w, 3), round(c, 3)) for w, c in rounds])

with app.app_context():
    ids = [store.create_game(get_game("hadara"), sample_setup(get_game("hadara"), 3)).id
           for _ in range(600)]
versions = app.extensions["live"]._versions
for n in (50, 250, 600):
    c0 = time.process_time()
    for _ in range(200):
        assert len(versions(ids[:n])) == n
    cpu = (time.process_time() - c0) / 200 * 1000
    per_s = cpu / app.extensions["live"].watch_seconds
    print(f"watcher, {n} games waited on: {cpu:.3f} ms CPU per read, {per_s:.1f} ms per second "
          f"({per_s / 10:.1f}% of a core)")
